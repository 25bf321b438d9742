"""H then Enter takes the hint's advice: the hint puts the keyboard focus on the advised bid, burial, trump or
card (docs/PLAYING.md, "Keys"), so a keyboard player never has to find the advised control by hand."""

from __future__ import annotations

import time

import pygame
import pytest
from scene_helpers import key, make_app


@pytest.fixture
def advice(monkeypatch):
    """Every action the real hint advises, in order."""
    from krook.bots import hints

    seen: list = []
    real = hints.suggest

    def recording(*args, **kwargs):
        action, reason = real(*args, **kwargs)
        seen.append(action)
        return action, reason

    monkeypatch.setattr(hints, "suggest", recording)
    return seen


def hint(app, table) -> None:
    key(app, pygame.K_h, "h")
    deadline = time.monotonic() + 60
    while table.hinter.thinking and time.monotonic() < deadline:
        app.frame([], dt=0.02)
        time.sleep(0.002)
    assert not table.hinter.thinking, "the hint never came back"
    app.frame([], dt=0.02)  # the table hands the advice to the decision


def table_at(app, phase, bid_to=None):
    from krook.devtools.gallery import advance, build_session
    from krook.rules import Phase
    from krook.scenes.table.scene import TableScene

    session = build_session(seed=4)
    if bid_to is None:
        advance(session, lambda m: m.phase is Phase(phase) and m.to_act == 0)
    else:
        advance(session, lambda m: m.phase is Phase(phase), bid_to=bid_to)
    session.bot_delay = 1e9  # nothing moves on while the test looks
    table = TableScene(app.services, session)
    app.stack.push(table)
    for _ in range(30):
        app.frame([], dt=0.1)
    assert table.my_turn and table.panel_kind == phase, (table.view.phase, table.panel_kind)
    return table


def test_h_then_enter_makes_the_advised_bid(home, advice):
    app = make_app()
    table = table_at(app, "bidding")
    for _ in range(3):  # move the amount off where it starts, so Enter alone would bid something else
        key(app, pygame.K_UP)
    hint(app, table)
    assert advice, "the hint was asked"
    key(app, pygame.K_RETURN)
    app.frame([], dt=0.05)
    mine = [text for seat, text in table.view.bids if seat == 0]
    assert mine[-1] == advice[-1], (mine, advice[-1])


def test_h_then_enter_buries_the_advised_cards_and_names_the_advised_trump(home, advice):
    from krook.rules import card_name

    app = make_app()
    table = table_at(app, "discard", bid_to=100)
    hint(app, table)
    advised = {card_name(c) for c in advice[-1].cards}
    assert table.state.selected == advised
    key(app, pygame.K_RETURN)  # the focus is on Bury now, not on a hand card
    for _ in range(10):
        app.frame([], dt=0.1)
    assert set(table.view.buried) == advised, table.view.buried
    assert table.panel_kind == "trump", table.panel_kind
    hint(app, table)
    key(app, pygame.K_RETURN)
    app.frame([], dt=0.05)
    assert table.view.trump == advice[-1].color.letter, (table.view.trump, advice[-1])
