"""A text field's caret blinks for a while after the last key or click, then stays lit, so a window left at
a name field sleeps like any other idle screen (issue 26: idle ≈ 0)."""

from __future__ import annotations

import pygame
import pytest

from krook.ui import widgets
from krook.ui.widgets import CARET_BLINK_FOR_MS, FocusGroup, TextField


@pytest.fixture
def ticks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    now = [50_000]
    monkeypatch.setattr(widgets.pygame.time, "get_ticks", lambda: now[0])
    return now


def test_the_caret_stops_blinking_after_a_while_and_starts_again_on_a_key(ticks: list[int]) -> None:
    field = TextField("Mum", lambda text: None)
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="s"))
    assert field.text == "Mum" and not field.editing  # not editing yet: typing starts with a key or a click
    field.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0))
    assert field.editing and field.caret_blinking()
    ticks[0] += CARET_BLINK_FOR_MS - 1
    assert field.caret_blinking()
    ticks[0] += 2
    assert not field.caret_blinking(), "left alone, the caret stays lit"
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="s"))
    assert field.text == "Mums" and field.caret_blinking()


def test_the_loop_sleeps_the_idle_tick_once_the_caret_is_still(ticks: list[int], home) -> None:
    from krook.app import IDLE_WAIT_MS, App
    from krook.scenes.base import Scene

    app = App((960, 540), fullscreen=False)
    field = TextField("", lambda text: None)
    field.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0))
    scene = Scene(app.services)
    scene.focus = FocusGroup([field])  # type: ignore[attr-defined]
    app.stack.scenes = [scene]
    assert app._idle_wait_s() <= 0.5, "a blinking caret wakes the loop to draw it"
    ticks[0] += CARET_BLINK_FOR_MS + 1
    assert app._idle_wait_s() == IDLE_WAIT_MS / 1000
