"""LAN play through the screens, on loopback only: a host app and a client app in one process, each driven
by injected pygame events (dummy video). Every socket and thread is closed at the end of each test."""

from __future__ import annotations

import dataclasses
import socket
import threading
import time

import pygame
import pytest
from scene_helpers import button, free_port, loopback_lan

from krook.settings_store import Settings

SIZE = (1280, 720)


# -- helpers -----------------------------------------------------------------------------------------------
@pytest.fixture
def lan(home, simple_bots, monkeypatch):
    """Loopback-only LAN options, fast bots, and every app closed (with its sessions) at the end."""
    from krook.bots import make_bot

    monkeypatch.setattr("krook.net.host.make_bot", lambda strength: make_bot("simple"))
    options = loopback_lan()
    threads_before = set(threading.enumerate())
    apps: list = []

    def make_app():
        from krook.app import App

        s = Settings(anim_speed="instant", bot_speed="instant", window_size=SIZE)
        app = App(SIZE, fullscreen=False, settings=s)
        app.services.lan = options
        app.frame([], dt=0.0)
        apps.append(app)
        return app

    yield make_app
    for app in apps:
        for scene in app.stack.scenes:
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()
            connecting = getattr(scene, "connecting", None)
            if connecting is not None:
                connecting.abandon()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        extra = [
            t
            for t in threading.enumerate()
            if t not in threads_before and t.name.startswith("krook") and t.is_alive()
        ]
        if not extra:
            break
        time.sleep(0.05)
    assert not extra, f"threads left running: {[t.name for t in extra]}"


def frame(app, events=(), dt=0.02):
    app.frame(list(events), dt=dt)


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    frame(
        app,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def key(app, k, unicode=""):
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)])


def type_into(app, field, text):
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    frame(app, [pygame.event.Event(pygame.TEXTINPUT, text=text)])
    assert field.text == text


def pump(apps, cond, timeout=15.0, what="the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for app in apps:
            frame(app, dt=0.05)
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


def is_scene(app, name):
    return type(app.stack.top).__name__ == name


def host_lobby(app, open_seats=(1, 3)):
    """Title -> New game; seats: you (human), Open for LAN at ``open_seats``; Host game."""
    from krook.scenes.menus.lobby import LobbyScene

    click(app, button(app.stack.top, "New game").rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    for seat in open_seats:
        stepper = lobby.seat_rows[seat][1]
        for _ in range(8):
            if stepper.value == "Open for LAN":
                break
            click(app, (stepper.rect.right - 5, stepper.rect.centery))
        assert stepper.value == "Open for LAN"
    assert lobby.start_btn.label == "Host game"
    assert lobby.name_field.visible and lobby.grace_stepper.value == 60
    type_into(app, lobby.name_field, "Kitchen table")
    click(app, lobby.start_btn.rect.center)
    assert is_scene(app, "WaitingRoomScene"), type(app.stack.top).__name__
    return app.stack.top


def open_join(app):
    click(app, button(app.stack.top, "Join LAN game").rect.center)
    assert is_scene(app, "JoinScene"), type(app.stack.top).__name__
    return app.stack.top


class TableDriver:
    """Plays the human seat of one app through its table, one small step per call."""

    def __init__(self, app):
        self.app = app
        self.sheets = 0
        self.plays = 0
        self.phases: set[str] = set()

    def step(self) -> str | None:
        app = self.app
        top = app.stack.top
        name = type(top).__name__
        if name == "ScoreSheetScene":
            return "sheet"
        if name == "CurtainScene":
            frame(app, dt=0.3)
            key(app, pygame.K_SPACE, " ")
            return None
        if name != "TableScene":
            raise AssertionError(f"unexpected scene {name}")
        table = top
        if not table.idle or table.view.to_act != table.viewer or not table.revealed or not table.panel_kind:
            frame(app, dt=0.05)
            return None
        view = table.view
        self.phases.add(view.phase)
        if view.phase == "bidding":
            if view.high_bid is not None and "pass" in view.legal:
                key(app, pygame.K_p, "p")
            else:
                key(app, pygame.K_RETURN)
        elif view.phase == "discard":
            rule = view.discard
            chosen = list(rule["required"])
            chosen += [c for c in rule["allowed"] if c not in chosen][: rule["count"] - len(chosen)]
            for code in chosen:
                rect = dict(table.card_rects)[code]
                click(app, (rect.x + 4, rect.centery))
            click(app, button(table, "Bury").rect.center)
        elif view.phase == "trump":
            key(app, pygame.K_g, "g")
        elif view.phase == "call":
            click(app, table.call_rects[0][1].center)
        elif view.phase == "play":
            legal = [a.split()[1] for a in view.legal]
            rect = dict(table.card_rects)[legal[0]]
            click(app, (rect.x + 4, rect.centery))
            self.plays += 1
        return None


def play_hand(drivers, timeout=40.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = [d.step() == "sheet" for d in drivers]
        if all(done):
            return
        time.sleep(0.002)
    raise AssertionError("the hand did not finish on every screen")


# -- tests -------------------------------------------------------------------------------------------------
def test_host_and_client_play_a_hand_through_the_screens(lan):
    from krook.net import HostSession, RemoteSession

    host_app = lan()
    room = host_lobby(host_app)
    port = room.port
    assert room.address and port

    client_app = lan()
    join = open_join(client_app)
    type_into(client_app, join.name_field, "Bob")
    # The game is found on the network (loopback discovery) and listed.
    pump(
        [host_app, client_app],
        lambda: any(r.info.port == port for r in join.rows),
        what="the game in the list",
    )
    row = next(r for r in join.rows if r.info.port == port)
    assert row.info.name == "Kitchen table" and row.info.open_seats == 2 and row.info.password
    # Join by address: without the room code shown on the host's screen the seat is refused, with it taken.
    type_into(client_app, join.address_field, f"127.0.0.1:{port}")
    click(client_app, join.join_btn.rect.center)
    pump([host_app, client_app], lambda: "room code" in join.error, what="the room code refusal")
    code = room.game.snapshot().password
    assert code and len(code) == 6
    type_into(client_app, join.code_field, code.lower())
    click(client_app, join.join_btn.rect.center)
    pump([host_app, client_app], lambda: is_scene(client_app, "JoinedWaitScene"), what="the join")
    # The host's waiting room shows Bob in seat 1; the client's seat token is kept in its settings.
    pump([host_app], lambda: room.statuses()[1][1] == "remote", what="Bob's seat on the host")
    assert room.statuses()[0][1] == "Bob"
    entry = client_app.settings.lan_seats[f"127.0.0.1:{port}"]
    assert entry["seat"] == 1 and entry["token"] and entry["game"] == "Kitchen table"
    # Start now: a bot fills seat 3; both screens go to the table.
    click(host_app, button(room, "Start now").rect.center)
    pump(
        [host_app, client_app],
        lambda: is_scene(host_app, "TableScene") and is_scene(client_app, "TableScene"),
    )
    host_table, client_table = host_app.stack.top, client_app.stack.top
    assert isinstance(host_table.session, HostSession) and host_table.humans == [0]
    assert isinstance(client_table.session, RemoteSession) and client_table.humans == [1]
    assert client_table.session.players[1] == "Bob"

    drivers = [TableDriver(host_app), TableDriver(client_app)]
    play_hand(drivers)
    assert all(d.plays for d in drivers), "both people played cards"
    host_view = host_table.session.view(None)
    assert host_view.phase in ("hand_over", "game_over") and len(host_view.results) == 1
    assert client_table.session.view(1).scores == host_view.scores
    # Next hand on both screens: the client's table waits for the host's, then both deal hand 2.
    key(client_app, pygame.K_RETURN)
    assert is_scene(client_app, "TableScene")
    key(host_app, pygame.K_RETURN)
    pump(
        [host_app, client_app],
        lambda: (
            host_table.view.hand_number == 2
            and client_table.view.hand_number == 2
            and client_table.shown.hand_number == 2
        ),
        what="hand 2 on both screens",
    )


def test_join_errors_are_shown_not_raised(lan):
    app = lan()
    join = open_join(app)
    closed = free_port(socket.SOCK_STREAM)
    type_into(app, join.address_field, f"127.0.0.1:{closed}")
    click(app, join.join_btn.rect.center)
    pump([app], lambda: join.connecting is None and join.error, what="the join error")
    assert is_scene(app, "JoinScene")
    assert join.error.startswith(f"Could not join 127.0.0.1:{closed}")
    # A malformed address is explained too, without a connection attempt.
    type_into(app, join.address_field, "127.0.0.1:99999")
    click(app, join.join_btn.rect.center)
    assert "port" in join.error and join.connecting is None
    # Help opens from the Join screen and closes with Esc.
    click(app, button(join, "Help").rect.center)
    assert is_scene(app, "LanHelpScene")
    key(app, pygame.K_ESCAPE)
    assert is_scene(app, "JoinScene")


def test_host_gone_shows_a_dialog_and_rejoin_uses_the_stored_token(lan):
    from krook.net import Host

    host = Host.new_game(
        "lan,bot:simple,bot:simple,bot:simple", bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.05
    ).start()
    try:
        port = host.address[1]
        app = lan()
        join = open_join(app)
        type_into(app, join.address_field, f"127.0.0.1:{port}")
        click(app, join.join_btn.rect.center)
        pump([app], lambda: is_scene(app, "TableScene"), what="the table (the game started when Bob sat)")
        token = app.settings.lan_seats[f"127.0.0.1:{port}"]["token"]
        table = app.stack.top
        assert table.session.token == token
        # The app "restarts": a new window with the same settings joins the same game and gets its seat back.
        table.session.close()
        pump([], lambda: host.protocol.seat_status(0) == "disconnected", what="the host to see the drop")
        # What the restarted app reads back from disk: the seat token and the address, filled in for it.
        from krook.settings_store import load_settings

        saved, problem = load_settings(app.services.settings_file)
        assert problem is None and saved.last_join_address == f"127.0.0.1:{port}"
        app2 = lan()
        app2.settings.lan_seats = dict(saved.lan_seats)
        app2.settings.last_join_address = saved.last_join_address
        join2 = open_join(app2)
        assert join2.address_field.text == f"127.0.0.1:{port}"
        click(app2, join2.join_btn.rect.center)
        pump([app2], lambda: is_scene(app2, "TableScene"), what="the rejoin")
        assert app2.stack.top.session.seat == 0 and app2.stack.top.session.token == token
        assert host.protocol.seat_status(0) == "remote"
        table = app2.stack.top
    finally:
        host.stop()
    # The host is gone: after the client's reconnect window, a dialog offers Back to title.
    pump([app2], lambda: is_scene(app2, "HostGoneScene"), timeout=10, what="the host-gone dialog")
    click(app2, button(app2.stack.top, "Back to title").rect.center)
    assert is_scene(app2, "TitleScene")
    assert not table.session.connected


def test_host_restart_resumes_from_the_title_and_the_client_rejoins(lan):
    host_app = lan()
    room = host_lobby(host_app, open_seats=(1,))
    client_app = lan()
    client_app.services.lan = dataclasses.replace(
        client_app.services.lan, client_options={"reconnect_s": 8.0}
    )
    room_port = room.port
    join = open_join(client_app)
    type_into(client_app, join.address_field, f"127.0.0.1:{room_port}")
    type_into(client_app, join.code_field, room.game.snapshot().password)
    click(client_app, join.join_btn.rect.center)
    # Every open seat is taken: the game starts by itself on both screens.
    pump(
        [host_app, client_app],
        lambda: is_scene(host_app, "TableScene") and is_scene(client_app, "TableScene"),
    )
    client_table = client_app.stack.top
    # The host's app closes (the game is autosaved). A new one offers it from the lobby, and Continue on the
    # title (where a player looks first; there is no game of its own) resumes it on the same port.
    host_app.stack.top.session.close()
    host_app2 = lan()
    host_app2.services.lan = dataclasses.replace(host_app2.services.lan, port=room_port)
    click(host_app2, button(host_app2.stack.top, "New game").rect.center)
    lobby = host_app2.stack.top
    assert lobby.resume_btn.visible and "Kitchen table" in lobby.resume_btn.label
    key(host_app2, pygame.K_ESCAPE)
    assert is_scene(host_app2, "TitleScene")
    continue_btn = button(host_app2.stack.top, "Continue")
    assert continue_btn.enabled
    click(host_app2, continue_btn.rect.center)
    pump([host_app2, client_app], lambda: is_scene(host_app2, "TableScene"), what="the resumed host table")
    host = host_app2.stack.top.session.host
    pump(
        [host_app2, client_app],
        lambda: host.snapshot().statuses[1] == "remote" and client_table.session.connected,
        what="the client to rejoin the resumed host",
    )
    assert is_scene(client_app, "TableScene")
    drivers = [TableDriver(host_app2), TableDriver(client_app)]
    play_hand(drivers)


def test_a_host_lost_during_the_hello_is_explained(lan, monkeypatch):
    """A link that ends during the hello is "lost" (the host went down, it may be back): the player reads why
    and what to do, not only the link's words."""
    app = lan()
    join = open_join(app)

    from krook.net import JoinError

    def lost(*args, **kwargs):
        raise JoinError("lost", "the host closed the connection during the hello (end of stream)")

    monkeypatch.setattr(join.services.games, "join", lost)
    type_into(app, join.address_field, "127.0.0.1:47470")
    click(app, join.join_btn.rect.center)
    pump([app], lambda: join.connecting is None and join.error, what="the join error")
    assert join.error.startswith(
        "Could not join 127.0.0.1:47470. The host closed the connection during the hello"
    )
    assert "try once more in a moment" in join.error
