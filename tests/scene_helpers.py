"""Input helpers for the scene tests: a headless app, and mouse and keyboard events injected into it."""

from __future__ import annotations

import dataclasses
import socket
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


def free_port(kind: int) -> int:
    """A port nobody listens on right now (bound to 127.0.0.1 and closed at once)."""
    with socket.socket(socket.AF_INET, kind) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def loopback_lan(**changes: Any) -> Any:
    """LAN options that keep every socket on this computer (the tests' rule): loopback binding and discovery, a
    free discovery port, quick timeouts, hosts whose bots do not wait."""
    from krook.scenes.lan.common import LanOptions

    options = LanOptions(
        port=0,
        bind="127.0.0.1",
        discovery_port=free_port(socket.SOCK_DGRAM),
        discovery_targets=("127.0.0.1",),
        discovery_timeout=0.3,
        refresh_s=0.5,
        connect_timeout=3.0,
        client_options={"reconnect_s": 1.0},
        host_options={"bot_delay": 0.0, "bot_budget": 0.05},
    )
    return dataclasses.replace(options, **changes)
