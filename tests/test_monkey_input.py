"""Everyday input thrown at the window at random (a monkey test, seeded): clicks on whatever is on the screen,
keys from the keys list, the wheel, the window resized, for a hot-seat game of two people and two bots. No screen
may fail (no error contained, nothing logged as an error), and the game at the end is a legal one that goes on.

The screens that reach the network (join, host, internet) are replaced for this test by a notice: tests talk
to loopback only, and those screens have their own tests.
"""

from __future__ import annotations

import logging
import os
import random
import socket

import pygame
import pytest
from scene_helpers import free_port, loopback_lan, make_app

from krook.rules.record import match_from_record

SEEDS = [int(x) for x in os.environ.get("KROOK_MONKEY_SEEDS", "1,2").split(",")]
STEPS = int(os.environ.get("KROOK_MONKEY_STEPS", "1500"))  # more, and more seeds, to hunt

KEYS = [
    (pygame.K_TAB, ""),
    (pygame.K_RETURN, "\r"),
    (pygame.K_SPACE, " "),
    (pygame.K_LEFT, ""),
    (pygame.K_RIGHT, ""),
    (pygame.K_UP, ""),
    (pygame.K_DOWN, ""),
    (pygame.K_ESCAPE, ""),
    (pygame.K_BACKSPACE, ""),
    (pygame.K_F1, ""),
    (pygame.K_F11, ""),
    *[(getattr(pygame, f"K_{c}"), c) for c in "phlucrygb1234"],
    (pygame.K_PLUS, "+"),
    (pygame.K_MINUS, "-"),
    (pygame.K_SLASH, "?"),
]
TEXTS = ["a", "Z", "7", "\u00e9", "\u00b2", "\u0663", " ", "-", ":", "\u202e", "\U0001f600", "x" * 30]


@pytest.fixture
def offline(monkeypatch):
    """Every way to the network leads to a notice instead."""
    from krook.scenes.games import GameMaker
    from krook.scenes.menus.notice import NoticeScene
    from krook.scenes.navigator import Navigator

    def notice(self, *args, **kwargs):
        return NoticeScene(self.services, "Not in this test", "The network screens have their own tests.")

    for name in ("join", "internet", "relay_setting", "waiting_room", "host_gone", "review"):
        monkeypatch.setattr(Navigator, name, notice)

    def no_network(self, *args, **kwargs):
        raise OSError("no network in this test")

    for name in ("host", "resume_host", "host_internet"):
        monkeypatch.setattr(GameMaker, name, no_network)


def _targets(scene) -> list[pygame.Rect]:
    """The rects of the widgets a player could click on this screen (buttons, steppers, cards' area)."""
    widgets = list(getattr(getattr(scene, "focus", None), "widgets", []))
    widgets += list(getattr(scene, "buttons", []))
    widgets += list(getattr(getattr(scene, "panel", None), "widgets", []))
    return [w.rect for w in widgets if getattr(w, "visible", False) and w.rect.w > 0]


def _random_events(rng: random.Random, app) -> list[pygame.event.Event]:
    w, h = app.screen.get_size()
    roll = rng.random()
    if roll < 0.5:
        targets = _targets(app.stack.top)
        if targets and rng.random() < 0.6:
            rect = rng.choice(targets)
            pos = (
                rng.randint(rect.left, max(rect.left, rect.right - 1)),
                rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        elif rng.random() < 0.5:
            pos = (rng.randrange(w), rng.randrange(h * 2 // 3, h))  # where the hand lies
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        button = 1 if rng.random() < 0.9 else 3
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if roll < 0.9:
        key, text = rng.choice(KEYS)
        mod = pygame.KMOD_SHIFT if key == pygame.K_TAB and rng.random() < 0.3 else 0
        events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)]
        if text.strip():
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        return events
    if roll < 0.96:
        pos = (rng.randrange(w), rng.randrange(h))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False),
        ]
    size = rng.choice(((1280, 720), (960, 540), (1920, 1080), (800, 480), (700, 400), (1366, 768)))
    pygame.display.set_mode(size, pygame.RESIZABLE)
    return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]


def _odd_events(rng: random.Random) -> list[pygame.event.Event]:
    """Now and then, from a stream of its own (the main one stays as it was): text from other keyboards and
    scripts (², an Arabic-Indic digit, a right-to-left mark, an emoji), a middle click, a press whose release
    the window never sees, the window losing and regaining focus."""
    roll = rng.random()
    if roll < 0.04:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
    if roll < 0.06:
        return [pygame.event.Event(pygame.WINDOWFOCUSLOST), pygame.event.Event(pygame.WINDOWFOCUSGAINED)]
    if roll < 0.07:
        pos = (rng.randrange(1280), rng.randrange(720))
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 2)))]
    return []


def _press(scene, label: str) -> list[pygame.event.Event]:
    """A click on the button of ``scene`` called ``label``, if it is there to press."""
    button = next((b for b in scene.focus.widgets if getattr(b, "label", "") == label), None)
    if button is None or not button.enabled or not button.visible:
        return []
    pos = button.rect.center
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_everyday_input_breaks_no_screen_and_keeps_a_legal_game(
    seed, home, simple_bots, inline_bots, offline, caplog
):
    from krook.scenes.containment import TroubleScene
    from krook.scenes.menus.title import TitleScene
    from krook.scenes.table.scene import TableScene
    from krook.session.local import Lobby, SeatConfig

    caplog.set_level(logging.ERROR)
    app = make_app()
    quits = 0

    def quit_counted() -> None:
        nonlocal quits
        quits += 1

    app.services.quit = quit_counted
    lobby = Lobby(
        [
            SeatConfig("Ann", "human"),
            SeatConfig("Bob", "bot", "simple"),
            SeatConfig("Cy", "human"),
            SeatConfig("Di", "bot", "simple"),
        ]
    )
    lobby.seed = seed
    session = app.services.games.new_local(lobby)
    app.stack.push(app.services.go.table(session))
    app.frame([], dt=0.05)
    rng = random.Random(seed)
    odd = random.Random(f"odd/{seed}")
    scenes_seen: set[str] = set()
    moves: dict[int, int] = {}  # actions in each game the monkey sat at (Continue loads it afresh)
    for step in range(STEPS):
        events = _random_events(rng, app) + _odd_events(odd)
        if isinstance(app.stack.top, TitleScene) and rng.random() < 0.5:
            # a player back at the title goes back to the game
            events = _press(app.stack.top, "Continue") or events
        app.frame(events, dt=rng.choice((0.0, 0.016, 0.05, 0.1)))
        top = app.stack.top
        assert not isinstance(top, TroubleScene), f"step {step}: a screen failed ({top.body if top else ''})"
        assert app.stack.scenes, f"step {step}: the window has no screen"
        scenes_seen.add(type(top).__name__)
        table = app.stack.find(TableScene)
        if table is not None:
            moves[id(table.session)] = sum(len(h.actions) for h in table.session.match.hands)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors[:3]
    assert len(scenes_seen) >= 4, scenes_seen  # the monkey got around: the table, menus, the title, ...
    assert max(moves.values(), default=0) >= 30, moves  # the game went on under the monkey
    # The game left on the table is a legal one: its record replays in the rules core, move for move.
    table = app.stack.find(TableScene)
    match = (table.session if table is not None else session).match
    record = match.to_record()
    assert match_from_record(record).to_record() == record


@pytest.mark.parametrize("seed", SEEDS)
def test_from_the_title_random_input_sets_up_any_table_and_plays_it(
    seed, home, simple_bots, inline_bots, offline, caplog
):
    """From the title with nothing saved: the monkey, nudged towards *New game* and *Start game*, changes seats
    and house rules at random in the lobby and plays what it set up; no screen fails."""
    from krook.scenes.containment import TroubleScene
    from krook.scenes.menus.lobby import LobbyScene
    from krook.scenes.menus.title import TitleScene
    from krook.scenes.table.scene import TableScene

    caplog.set_level(logging.ERROR)
    app = make_app()
    app.services.quit = lambda: None
    rng = random.Random(seed)
    odd = random.Random(f"odd/{seed}")
    started: dict[int, int] = {}  # each game's actions, by session
    tables: set[str] = set()
    for step in range(STEPS):
        top = app.stack.top
        events = _random_events(rng, app) + _odd_events(odd)
        if isinstance(top, TitleScene) and rng.random() < 0.3:
            events = _press(top, "New game") or events
        elif isinstance(top, LobbyScene) and rng.random() < 0.04:
            events = _press(top, "Start game") or events
        app.frame(events, dt=rng.choice((0.0, 0.016, 0.05, 0.1)))
        top = app.stack.top
        assert not isinstance(top, TroubleScene), f"step {step}: a screen failed ({top.body if top else ''})"
        assert app.stack.scenes, f"step {step}: the window has no screen"
        table = app.stack.find(TableScene)
        if table is not None and not type(table).__name__.startswith("Tutorial"):
            match = table.session.match
            started[id(table.session)] = sum(len(h.actions) for h in match.hands)
            tables.add(str(match.rules.to_dict()))
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors[:3]
    assert started and max(started.values()) >= 10, started  # a game it set up was played


@pytest.fixture
def loopback(monkeypatch):
    """The network screens for real, kept on this computer: LAN options on loopback, a relay address nobody
    listens on, hosts with quick bots, and no file manager started by the Settings screen."""
    from krook.bots import make_bot

    monkeypatch.setattr("krook.net.host.make_bot", lambda strength: make_bot("simple"))
    monkeypatch.setattr("krook.desktop.open_folder", lambda folder: None)
    return loopback_lan(), f"nats://127.0.0.1:{free_port(socket.SOCK_STREAM)}"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_network_screens_take_random_input_on_loopback(
    seed, home, simple_bots, inline_bots, loopback, caplog
):
    """The join, host, waiting-room and internet screens under the same monkey, nudged towards them from the
    title: typed addresses and codes in any script, hosts started and cancelled, a relay that is not there."""
    from krook.scenes.containment import TroubleScene
    from krook.scenes.menus.title import TitleScene

    options, dead_relay = loopback
    caplog.set_level(logging.ERROR)
    app = make_app(relay_url=dead_relay)
    app.services.lan = options
    app.services.quit = lambda: None
    rng = random.Random(f"network/{seed}")
    odd = random.Random(f"odd/{seed}")
    scenes_seen: set[str] = set()
    for step in range(STEPS // 3):
        top = app.stack.top
        events = _random_events(rng, app) + _odd_events(odd)
        if isinstance(top, TitleScene) and rng.random() < 0.5:
            events = (
                _press(top, rng.choice(["Join LAN game", "Play over the internet", "New game"])) or events
            )
        app.frame(events, dt=rng.choice((0.0, 0.016, 0.05, 0.1)))
        top = app.stack.top
        assert not isinstance(top, TroubleScene), f"step {step}: a screen failed ({top.body if top else ''})"
        assert app.stack.scenes, f"step {step}: the window has no screen"
        scenes_seen.add(type(top).__name__)
    app.close()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors[:3]
    assert {"JoinScene", "InternetScene"} <= scenes_seen, scenes_seen
