"""The Hint button: the hard bot's move for the player's own view, shown with its reason, never blocking."""

from __future__ import annotations

import random
import time

import pygame


def make_table(home):
    from krook.app import App
    from krook.devtools.gallery import build_session
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings(anim_speed="instant", bot_speed="instant"))
    session = build_session(humans=(0,))
    session.bot_delay = 0.0
    table = TableScene(app.services, session)
    app.stack.scenes = [table]
    return app, table


def wait_for_my_turn(app, table, phase: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        app.frame([], dt=0.05)
        view = table.view
        if view.phase == phase and view.to_act == table.viewer and table.idle and table.panel_kind == phase:
            return
        if view.to_act == table.viewer and table.idle and view.phase != phase:
            # get past the other decisions quickly: pass when allowed, else any legal action
            table.submit("pass" if "pass" in view.legal else view.legal_actions().sample(random.Random(1)))
        time.sleep(0.001)
    raise AssertionError(f"never reached the {phase} phase")


def ask_and_wait(app, table) -> None:
    table.state.messages.end_hand()
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)], dt=0.02)
    # asked: still thinking, or (a quick decision, e.g. a bid from the learned model) already answered
    message = table.message
    assert table.hinter.thinking or (message and not message.text.startswith("No hint")), message
    deadline = time.monotonic() + 30
    while table.hinter.thinking and time.monotonic() < deadline:
        app.frame([], dt=0.02)  # the window keeps drawing while the hint is thought out
        time.sleep(0.005)
    assert not table.hinter.thinking


def test_hint_in_the_bidding_and_the_play(home):
    app, table = make_table(home)
    wait_for_my_turn(app, table, "bidding")
    ask_and_wait(app, table)
    text = table.message.text
    assert text.startswith(("Pass", "Bid")), text
    wait_for_my_turn(app, table, "play")
    ask_and_wait(app, table)
    reason = table.message.text
    assert reason and not reason.startswith("No hint")
    focused = table.hand_codes()[table.state.focus_card]
    assert f"play {focused}" in table.view.legal, "the hint puts the focus on a card it may play"
    table.session.close()


def test_hint_ignored_when_it_is_not_my_turn(home):
    app, table = make_table(home)
    table.session.bot_delay = 1e9  # the bots think for ever: once the player has acted it stays their turn
    app.frame([], dt=0.05)
    if table.view.to_act == table.viewer:
        view = table.view
        table.submit("pass" if "pass" in view.legal else view.legal_actions().sample(random.Random(1)))
        app.frame([], dt=0.05)
    assert table.view.to_act != table.viewer, "the test needs a bot to be on turn"
    table.ask_hint()
    assert not table.hinter.thinking and table.hinter._executor is None, "no worker is started off turn"
    table.session.close()


def test_leaving_the_table_stops_the_hint_worker(home):
    app, table = make_table(home)
    wait_for_my_turn(app, table, "bidding")
    ask_and_wait(app, table)
    assert table.hinter._executor is not None, "a hint started a worker"
    table.stack.reset(type(table)(app.services, table.session))
    table.stack.apply()
    assert table.hinter._executor is None, "on_exit closed the hinter"
