"""Input helpers for the scene tests: a headless app, and mouse and keyboard events injected into it."""

from __future__ import annotations

from typing import Any

import pygame

from krook.settings_store import Settings

SIZE = (1280, 720)


def make_app(**settings: Any) -> Any:
    from krook.app import App

    chosen: dict[str, Any] = {
        "anim_speed": "instant",
        "bot_speed": "instant",
        "window_size": SIZE,
        **settings,
    }
    s = Settings(**chosen)
    app = App(s.window_size, fullscreen=False, settings=s)
    app.frame([], dt=0.0)
    return app


def click(app: Any, pos: tuple[float, float], button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ],
        dt=0.02,
    )


def key(app: Any, k: int, unicode: str = "") -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)], dt=0.02)


def button(scene: Any, label: str) -> Any:
    """The visible button of ``scene`` whose label starts with ``label``."""
    from krook.ui import Button

    widgets = list(getattr(getattr(scene, "focus", None), "widgets", []))
    widgets += list(getattr(scene, "buttons", []))
    widgets += list(getattr(getattr(scene, "panel", None), "widgets", []))
    widgets += list(getattr(getattr(getattr(scene, "state", None), "panel", None), "widgets", []))
    for w in widgets:
        if isinstance(w, Button) and w.label.startswith(label) and w.visible:
            return w
    raise AssertionError(f"no button {label!r} on {type(scene).__name__}")


def record_text(theme) -> list[str]:
    """Every string the theme draws from now on, in order (the theme's ``text`` wrapped)."""
    drawn: list[str] = []
    text = theme.text

    def spy(surface, words, *args, **kw):
        drawn.append(words)
        return text(surface, words, *args, **kw)

    theme.text = spy
    return drawn
