"""Everyday input at random, as a child at the keyboard would give it: clicks (most on a visible button or card),
keys, typed text, the wheel, resizes and focus changes, through the real App from the title screen or from a
table. No screen may fail: any error the scene stack contains (it keeps the window open and logs a report) is a
bug, named with the seed and the step that found it.

Loopback only: the LAN screens use loopback options, the internet screens a relay address nobody listens on,
and the desktop's file manager is never started.
"""

from __future__ import annotations

import dataclasses
import random
import socket
import traceback

import pygame
import pytest
from scene_helpers import SIZE, make_app
from test_scenes_game import start_game

from krook.rules import PRESETS

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_F1,
    *(getattr(pygame, f"K_{c}") for c in "hprygbulcae0123456789"),
]
TEXTS = ["a", "Z", "7", "\u00e9", "\u00b2", "\u0663", " ", "-", ":", "\u202e", "\U0001f600", "x" * 30]


def _free_port(kind: int) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def loopback(home, simple_bots, inline_bots, monkeypatch):
    """Apps whose every network screen stays on this computer, with quick bots thinking on the test's thread."""
    from krook.bots import make_bot
    from krook.scenes.lan.common import LanOptions

    monkeypatch.setattr("krook.net.host.make_bot", lambda strength: make_bot("simple"))
    monkeypatch.setattr("krook.desktop.open_folder", lambda folder: None)
    options = LanOptions(
        port=0,
        bind="127.0.0.1",
        discovery_port=_free_port(socket.SOCK_DGRAM),
        discovery_targets=("127.0.0.1",),
        discovery_timeout=0.1,
        refresh_s=0.5,
        connect_timeout=0.5,
        client_options={"reconnect_s": 0.5},
        host_options={"bot_delay": 0.0, "bot_budget": 0.02},
    )
    dead_relay = f"nats://127.0.0.1:{_free_port(socket.SOCK_STREAM)}"
    apps: list = []

    def new_app(**settings):
        app = make_app(relay_url=dead_relay, **settings)
        app.services.lan = dataclasses.replace(options)
        apps.append(app)
        return app

    yield new_app
    for app in apps:
        app.close()


def _targets(scene) -> list[pygame.Rect]:
    """The rects of the widgets a player can see on ``scene``: where most clicks go."""
    rects = []
    holders = (
        scene,
        getattr(scene, "focus", None),
        getattr(scene, "panel", None),
        getattr(getattr(scene, "state", None), "panel", None),
    )
    for holder in holders:
        for w in [*(getattr(holder, "widgets", None) or []), *(getattr(holder, "buttons", None) or [])]:
            rect = getattr(w, "rect", None)
            if isinstance(rect, pygame.Rect) and rect.w > 0 and rect.h > 0 and getattr(w, "visible", True):
                rects.append(rect)
    return rects


def _events(rng: random.Random, scene, size: tuple[int, int]) -> tuple[list, tuple[int, int]]:
    r = rng.random()
    if r < 0.45:
        rects = _targets(scene)
        if rects and rng.random() < 0.8:
            rect = rng.choice(rects)
            pos = (rng.randrange(rect.left, rect.right), rng.randrange(rect.top, rect.bottom))
        else:
            pos = (rng.randrange(size[0]), rng.randrange(size[1]))
        button = rng.choice([1, 1, 1, 2, 3])
        events = [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        ]
        if rng.random() < 0.9:  # now and then a press whose release the window never sees
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        return events, size
    if r < 0.85:
        key = rng.choice(KEYS)
        name = pygame.key.name(key)
        text = name if len(name) == 1 else ""
        events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)]
        if text:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
        return events, size
    if r < 0.92:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))], size
    if r < 0.96:
        wheel = pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0, precise_y=0.0
        )
        return [wheel], size
    if r < 0.98:
        size = (rng.randint(500, 1920), rng.randint(400, 1080))
        return [
            pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size),
            pygame.event.Event(pygame.WINDOWRESIZED, x=size[0], y=size[1]),
        ], size
    return [pygame.event.Event(pygame.WINDOWFOCUSLOST), pygame.event.Event(pygame.WINDOWFOCUSGAINED)], size


def _monkey(new_app, seed: int, steps: int, at_table: bool) -> list[str]:
    rng = random.Random(f"monkey/{seed}")
    app = new_app(anim_speed=rng.choice(["instant", "fast"]), large_text=rng.random() < 0.3)
    if at_table:
        preset = rng.choice(list(PRESETS))
        players = PRESETS[preset].rules.players
        humans = (0, *rng.sample(range(1, players), rng.choice([0, 1, 2])))
        start_game(app, preset, humans=humans, deal_number=seed)
    found: list[str] = []
    size = SIZE
    for step in range(steps):
        if not app.running or not app.stack.scenes:  # Quit was chosen: a new window, as a player would open
            app, size = new_app(), SIZE
        scene = app.stack.top
        events, size = _events(rng, scene, size)
        try:
            app.frame(events, dt=rng.choice([0.0, 0.016, 0.05, 0.3]))
            for _ in range(rng.randint(0, 2)):
                app.frame([], dt=0.1)
        except Exception:
            found.append(f"step {step}, {type(scene).__name__}, not contained:\n{traceback.format_exc()}")
            app, size = new_app(), SIZE
            continue
        while app.stack.errors:
            name, where, exc = app.stack.errors.pop(0)
            report = "".join(traceback.format_exception(exc))
            found.append(f"step {step}, {name} failed while {where}:\n{report}")
    return found


@pytest.mark.parametrize(("seed", "at_table"), [(0, False), (1, False), (2, True), (3, True)])
def test_random_everyday_input_breaks_no_screen(loopback, seed: int, at_table: bool) -> None:
    found = _monkey(loopback, seed, 250, at_table)
    assert not found, f"seed {seed}: " + "\n".join(found[:3])
