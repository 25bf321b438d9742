"""A seat's choice says what it means: the bot strengths' lines were written for players and never shown, so a
family choosing between Bot · hard and Bot · expert had nothing to go by. The lobby shows the choice's meaning
while the pointer is on it, or the keyboard's focus (Tab) is."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import click, make_app, record_text
from test_scenes_game import open_lobby

from krook.bots import OFFERED_STRENGTHS
from krook.scenes.internet.lobby import InternetLobbyScene


@pytest.fixture(autouse=True)
def _home(home):
    return home


def _drawn(app, scene) -> str:
    drawn = record_text(scene.theme)
    try:
        scene.draw(app.screen)
    finally:
        del scene.theme.text
    return " ".join(drawn)


def _hover(app, widget) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0))])


def test_pointing_at_a_seat_choice_says_what_it_means():
    app = make_app()
    lobby = open_lobby(app)
    kind = lobby.seat_rows[1][1]
    assert str(kind.value).startswith("Bot · ")
    _hover(app, kind)
    strength = str(kind.value).removeprefix("Bot · ")
    line = dict(OFFERED_STRENGTHS)[strength]
    assert " ".join(line.split()[:3]).lower() in _drawn(app, lobby).lower()
    # another strength, another line (the expert's)
    for _ in range(len(OFFERED_STRENGTHS) + 3):
        if kind.value == "Bot · expert":
            break
        click(app, (kind.rect.right - 5, kind.rect.centery))
        kind = lobby.seat_rows[1][1]
    assert kind.value == "Bot · expert"
    _hover(app, kind)
    text = _drawn(app, lobby)
    assert "four times as many" in text and "searches each decision" not in text
    # Human here: the curtain
    _hover(app, lobby.seat_rows[0][1])
    assert "curtain" in _drawn(app, lobby)


def test_the_keyboard_focus_on_a_seat_choice_shows_it_too():
    app = make_app()
    lobby = open_lobby(app)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    assert "A computer player" not in _drawn(app, lobby)
    for _ in range(12):
        if lobby.focus.focused is lobby.seat_rows[1][1]:
            break
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
    assert lobby.focus.focused is lobby.seat_rows[1][1]
    assert "A computer player" in _drawn(app, lobby)


def test_an_open_seat_over_the_internet_is_taken_by_the_invite_code():
    app = make_app()
    scene = InternetLobbyScene(app.services)
    app.stack.push(scene)
    app.frame([], dt=0.02)
    kind = scene.seat_rows[1][1]
    for _ in range(len(OFFERED_STRENGTHS) + 3):
        if kind.value == "Open for LAN":
            break
        click(app, (kind.rect.right - 5, kind.rect.centery))
        kind = scene.seat_rows[1][1]
    _hover(app, kind)
    assert "invite code" in _drawn(app, scene)
