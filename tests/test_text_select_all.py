"""Ctrl+A selects all of a text field, as in every text box: typing then replaces the text (it appended:
"AdMum"), Backspace clears it, an arrow keeps it. Through the lobby's seat name field."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import click, make_app
from test_scenes_game import open_lobby


@pytest.fixture(autouse=True)
def _home(home):
    return home


def down(app, k, unicode="", mod=0):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)], dt=0.02)


def type_text(app, text):
    for ch in text:
        shift = pygame.KMOD_SHIFT if ch.isupper() else 0
        if shift:
            down(app, pygame.K_LSHIFT, "", shift)
        app.frame(
            [
                pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=shift, unicode=ch, scancode=0),
                pygame.event.Event(pygame.TEXTINPUT, text=ch),
            ],
            dt=0.02,
        )


def test_ctrl_a_then_typing_replaces_the_name():
    app = make_app()
    lobby = open_lobby(app)
    field = lobby.seat_rows[0][0]
    click(app, field.rect.center)
    assert lobby.focus.focused is field and field.editing
    start = field.text
    assert start
    down(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    assert field.text == start and field.all_selected
    lobby.draw(app.screen)  # the selection is shown
    type_text(app, "Mum")
    assert field.text == "Mum"
    assert lobby.lobby.seats[0].name == "Mum"
    # Select all, then Backspace: empty. Select all, then an arrow: the text stays and typing appends.
    down(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    down(app, pygame.K_BACKSPACE)
    assert field.text == ""
    type_text(app, "Ada")
    down(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    down(app, pygame.K_RIGHT)
    type_text(app, "m")
    assert field.text == "Adam"


def test_tab_away_ends_editing_so_typing_does_not_reach_a_field_out_of_focus():
    # Typing after Tab went into the name field left behind (it kept its gold "editing" edge), unseen, while the
    # focus ring was on the seat's kind.
    app = make_app()
    lobby = open_lobby(app)
    field = lobby.seat_rows[0][0]
    click(app, field.rect.center)
    down(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    type_text(app, "Mum")
    down(app, pygame.K_TAB)
    assert lobby.focus.focused is not field
    assert not field.editing
    type_text(app, "xy")
    assert field.text == "Mum" and lobby.lobby.seats[0].name == "Mum"
    # Back with Shift+Tab, the field takes letters again (typing starts editing, as it does on first focus).
    down(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert lobby.focus.focused is field
    type_text(app, "s")
    assert field.text == "Mums"
