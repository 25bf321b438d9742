"""A key held down acts only on what it was pressed on. Enter held for a moment to pass the hot-seat curtain
repeated (``pygame.key.set_repeat``) into the table behind it and bid for the next player before they had
seen their hand; now its repeats are dropped until it is let go."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import make_app
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
    from krook.scenes.table.curtain import CurtainScene

    app = make_app()
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    for _ in range(400):  # the deal, then the first human's curtain
        if isinstance(app.stack.top, CurtainScene):
            break
        app.frame([], dt=0.05)
    assert isinstance(app.stack.top, CurtainScene)
    for _ in range(5):  # past the curtain's first moment, when it takes no key
        app.frame([], dt=0.1)
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
