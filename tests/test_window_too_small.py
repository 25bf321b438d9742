"""A window forced below the minimum size (a window manager that ignores the size hint) shows a clear card
asking for a larger window instead of an overlapped screen, and takes no blind clicks or keys."""

from __future__ import annotations

import os

import pygame
import pytest
from scene_helpers import button, click, make_app

from krook.app import MIN_SIZE


@pytest.fixture(autouse=True)
def _home(home):
    return home


def shrink(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], dt=0.02)


@pytest.mark.parametrize("screen", ["title", "lobby", "table"])
def test_below_the_minimum_the_window_asks_to_be_larger(screen, tmp_path, monkeypatch):
    app = make_app()
    if screen != "title":
        from test_scenes_game import open_lobby, start_game

        if screen == "lobby":
            open_lobby(app)
        else:
            start_game(app, "kentucky-discard")
    top = app.stack.top
    drawn = []
    monkeypatch.setattr(type(top), "draw", lambda self, surface: drawn.append(self))
    from krook.ui import too_small

    cards = []
    real = too_small.draw_too_small
    monkeypatch.setattr(too_small, "draw_too_small", lambda *a: cards.append(real(*a)) or cards[-1])
    shrink(app, (800, 450))
    app.frame([], dt=0.02)
    assert not drawn, "the screen was drawn overlapped below the minimum"
    card = cards[-1]
    surface = pygame.display.get_surface()
    assert surface.get_rect().contains(card) and card.w > 200
    out = os.environ.get("KROOK_PNG_DIR", str(tmp_path))
    pygame.image.save(surface, os.path.join(out, f"too_small_{screen}.png"))
    # A click or a key does nothing while nothing is shown to act on.
    stack = list(app.stack.scenes)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    click(app, (400, 225))
    assert list(app.stack.scenes) == stack
    # Back at the minimum, the screen is drawn again.
    shrink(app, MIN_SIZE)
    app.frame([], dt=0.02)
    assert drawn


def test_the_title_still_works_after_the_window_grows_back(monkeypatch):
    app = make_app()
    shrink(app, (700, 700))  # narrow but tall: still below the minimum width
    shrink(app, (1280, 720))
    click(app, button(app.stack.top, "Learn to play").rect.center)
    assert type(app.stack.top).__name__ == "TutorialTable"
    app.stack.top.session.close()
