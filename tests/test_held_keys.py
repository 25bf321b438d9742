"""Input meant for one screen does not act on the next. Enter held for a moment to pass the hot-seat curtain
repeated (``pygame.key.set_repeat``) into the table behind it and bid for the next player before they had
seen their hand; now its repeats are dropped until it is let go. The second click of a double-click on the
curtain ("click when ready") landed on the table the same way; now the table waits a moment, then for a
fresh press."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import button, make_app
from test_scenes_game import start_game

from krook.ui.held_keys import HeldKeys


class Keyboard:
    """What ``pygame.key.get_pressed`` reports: the keys a test holds down."""

    def __init__(self) -> None:
        self.held: set[int] = set()

    def __getitem__(self, key: int) -> bool:
        return key in self.held


@pytest.fixture
def keyboard(monkeypatch) -> Keyboard:
    board = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: board)
    return board


def down(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r", scancode=0)


def up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def test_enter_held_through_the_curtain_does_not_bid_for_the_next_player(home, simple_bots, keyboard):
    app = make_app()
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    to_the_curtain(app, table)
    seat = table.session.view(None).to_act
    bids = len(table.session.view(None).bids)

    keyboard.held.add(pygame.K_RETURN)
    app.frame([down(pygame.K_RETURN)], dt=0.02)  # the press that passes the curtain
    assert app.stack.top is table
    for _ in range(30):  # held for a second and a half: the repeats come every 45 ms
        app.frame([down(pygame.K_RETURN)], dt=0.05)
    view = table.session.view(None)
    assert len(view.bids) == bids and view.to_act == seat, f"the held key made a move: {view.bids[bids:]}"
    assert table.state.panel_kind == "bidding", "the player sees their bidding panel, untouched"

    keyboard.held.discard(pygame.K_RETURN)
    app.frame([up(pygame.K_RETURN)], dt=0.02)
    keyboard.held.add(pygame.K_RETURN)
    app.frame([down(pygame.K_RETURN)], dt=0.02)  # pressed anew, on purpose: it bids
    assert len(table.session.view(None).bids) == bids + 1
    app.frame([up(pygame.K_RETURN)], dt=0.02)


def to_the_curtain(app, table) -> None:
    from krook.scenes.table.curtain import CurtainScene

    for _ in range(400):  # the deal, then the first human's curtain
        if isinstance(app.stack.top, CurtainScene):
            break
        app.frame([], dt=0.05)
    assert isinstance(app.stack.top, CurtainScene)
    for _ in range(5):  # past the curtain's first moment, when it takes no input
        app.frame([], dt=0.1)


def press(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def release(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_a_double_click_on_the_curtain_does_not_bid_for_the_next_player(home, simple_bots):
    app = make_app()
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    to_the_curtain(app, table)
    bids = len(table.session.view(None).bids)
    app.frame([], dt=0.0)
    app.frame([press((640, 400)), release((640, 400))], dt=0.05)  # the first click lifts the curtain
    assert app.stack.top is table
    app.frame([], dt=0.05)
    where = button(table, "Bid").rect.center  # the bidding panel is up for the next player
    app.frame([press(where), release(where)], dt=0.05)  # the double-click's second click, on "Bid"
    assert len(table.session.view(None).bids) == bids, "the second click of a double-click made a bid"
    for _ in range(6):
        app.frame([], dt=0.1)
    app.frame([release(where)], dt=0.02)  # the release of a press made while it waited: nothing
    assert len(table.session.view(None).bids) == bids
    app.frame([press(where), release(where)], dt=0.02)  # a click of its own, on purpose: it bids
    assert len(table.session.view(None).bids) == bids + 1


def test_lifted_by_a_key_the_curtain_leaves_the_mouse_free(home, simple_bots):
    app = make_app()
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    to_the_curtain(app, table)
    bids = len(table.session.view(None).bids)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.frame([space], dt=0.02)
    assert app.stack.top is table
    app.frame([], dt=0.02)
    where = button(table, "Bid").rect.center
    app.frame([press(where), release(where)], dt=0.02)  # no double-click to fear: the click bids
    assert len(table.session.view(None).bids) == bids + 1


def test_a_held_key_repeats_where_it_was_pressed(keyboard):
    held = HeldKeys()
    keyboard.held.add(pygame.K_LEFT)
    assert all(held.lets_through(down(pygame.K_LEFT)) for _ in range(5)), "Left held walks the cards"
    held.settle()  # the screen changed under the held key
    assert not held.lets_through(down(pygame.K_LEFT))
    assert held.lets_through(down(pygame.K_RIGHT)), "another key is a new press"
    keyboard.held.discard(pygame.K_LEFT)
    assert held.lets_through(up(pygame.K_LEFT))
    keyboard.held.add(pygame.K_LEFT)
    assert held.lets_through(down(pygame.K_LEFT)), "let go and pressed again, it acts"


def test_a_release_the_window_missed_does_not_leave_a_key_stuck(keyboard):
    held = HeldKeys()
    keyboard.held.add(pygame.K_RETURN)
    held.lets_through(down(pygame.K_RETURN))
    held.settle()
    keyboard.held.clear()  # let go while another window had the keyboard: no KEYUP came
    assert held.lets_through(down(pygame.K_RETURN)), "the keyboard says it is up: this is a new press"
    keyboard.held.add(pygame.K_RETURN)
    held.lets_through(down(pygame.K_RETURN))
    held.settle()
    held.lets_through(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert held.lets_through(down(pygame.K_RETURN)), "losing the focus forgets what was held"
