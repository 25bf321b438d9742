"""Internet play through the screens, headless, with a real ``nats-server`` on 127.0.0.1 as the player's own
relay: host from the title, join by code in a second app, play to a small target; the status line follows the
relay's death and return; wrong code, full game and no relay each show their plain message and the window
keeps running. PNGs of each screen go to ``KROOK_SHOTS`` when it is set."""

from __future__ import annotations

import dataclasses
import os

import pygame
import pytest
from scene_helpers import button, make_app, record_text
from test_scenes_lan import TableDriver, click, frame, is_scene, key, lan, pump, type_into  # noqa: F401

from krook.net import internet
from krook.net.relay_testing import LocalRelay, free_port
from krook.settings_store import Settings

SIZE = (1280, 720)


def shot(app, name):
    folder = os.environ.get("KROOK_SHOTS")
    if folder:
        frame(app, dt=0.0)
        pygame.image.save(app.screen, os.path.join(folder, f"{name}.png"))


@pytest.fixture
def relay():
    from krook.net.relay import _Loop

    _Loop.get()  # the process's one relay loop thread lives on by design: started before threads are counted
    server = LocalRelay().start()
    yield server
    server.stop()


@pytest.fixture
def net(relay, lan):  # noqa: F811 - the LAN tests' fixture, imported above
    """Apps whose own relay is the local nats-server (``relay_url=`` another address: no relay there)."""

    def make_app(relay_url=None, reconnect_s=30.0):
        app = lan()
        app.settings.relay_url = relay.url if relay_url is None else relay_url
        # a seat keeps trying for the relay's restart (the LAN tests' one second is shorter than a restart)
        app.services.lan = dataclasses.replace(app.services.lan, client_options={"reconnect_s": reconnect_s})
        return app

    return make_app


def set_target(app, lobby, target=50):
    widget = next(w for spec, w in lobby.rule_rows if spec.name == "target")
    lobby.focus.focus(widget)
    for _ in range(60):
        if lobby.lobby.overrides.get("target") == target:
            break
        key(app, pygame.K_LEFT)
    assert lobby.lobby.overrides.get("target") == target


def set_seat(app, lobby, seat, value):
    stepper = lobby.seat_rows[seat][1]
    x = stepper.rect.x + 5 if value == "Human here" else stepper.rect.right - 5  # the first kind, the last
    for _ in range(len(stepper.values) + 1):
        if stepper.value == value:
            return
        click(app, (x, stepper.rect.centery))
    assert stepper.value == value


def internet_menu(app):
    click(app, button(app.stack.top, "Play over the internet").rect.center)
    assert is_scene(app, "InternetScene"), type(app.stack.top).__name__
    return app.stack.top


def host_from_title(app, open_seats=(1,), humans=(), target=50):
    """Title -> Play over the internet -> Host a game; seats set; Host game: the waiting room with the code."""
    click(app, button(internet_menu(app), "Host a game").rect.center)
    lobby = app.stack.top
    assert type(lobby).__name__ == "InternetLobbyScene"
    for seat in open_seats:
        set_seat(app, lobby, seat, "Open for LAN")
    for seat in humans:
        set_seat(app, lobby, seat, "Human here")
    set_target(app, lobby, target)
    click(app, lobby.start_btn.rect.center)
    return app.stack.top


def join_screen(app):
    click(app, button(internet_menu(app), "Join with a code").rect.center)
    assert is_scene(app, "InternetJoinScene"), type(app.stack.top).__name__
    return app.stack.top


def join_by_code(apps, app, code, name="Bob"):
    join = join_screen(app)
    type_into(app, join.name_field, name)
    type_into(app, join.code_field, code)
    click(app, join.join_btn.rect.center)
    pump(apps, lambda: join.connecting is None, timeout=20, what="the join")
    return join


def as_read_out(code):
    """The code as a person types it after hearing it: small letters, spaces for the dashes."""
    return code.lower().replace("-", " ")


def play_game(drivers, timeout=150.0):
    """Both screens play until the game is over on each; each finished hand's sheet is passed with Enter."""
    import time

    over = [False] * len(drivers)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not all(over):
        for i, d in enumerate(drivers):
            if over[i]:
                frame(d.app, dt=0.05)
                continue
            if d.step() == "sheet":
                table = d.app.stack.scenes[-2]
                if table.session.view(table.viewer).phase == "game_over":
                    over[i] = True
                else:
                    key(d.app, pygame.K_RETURN)
        time.sleep(0.002)
    from krook.scenes.table.scene import TableScene

    tables = [d.app.stack.find(TableScene) for d in drivers]
    assert all(over), [
        (type(d.app.stack.top).__name__, t.view.phase, t.view.hand_number, t.view.to_act, t.viewer, t.idle)
        for d, t in zip(drivers, tables, strict=True)
    ]


def status_words(scene):
    status = scene.services.games.internet_status(scene.session)
    return status[0] if status else None


# -- tests -------------------------------------------------------------------------------------------------
def test_host_from_the_title_join_by_code_and_play_a_whole_game(net, relay, tmp_path):
    host_app = net()
    room = host_from_title(host_app, open_seats=(1, 3))  # a bot takes seat 3 at Start now
    assert type(room).__name__ == "InternetWaitingRoom", getattr(room, "error", "")
    code = room.code
    assert internet.parse_code(code)  # a real invite code, shown in large type
    pump([host_app], lambda: status_words(room) == "Connected", what="the host on the relay")
    # Copy: headless there is no clipboard to reach, so the screen says to copy it by hand (never a crash).
    click(host_app, room.copy_btn.rect.center)
    assert room.copied.startswith(("Copied", "Copy it by hand"))
    shot(host_app, "host-waiting-room")

    client_app = net()
    join = join_by_code([host_app, client_app], client_app, as_read_out(code))
    assert not join.error, join.error
    assert is_scene(client_app, "JoinedWaitScene"), type(client_app.stack.top).__name__
    pump([host_app, client_app], lambda: room.statuses()[1][1] == "remote", what="Bob's seat on the host")
    assert room.statuses()[0][1] == "Bob"
    assert status_words(client_app.stack.top) == "Connected"
    shot(client_app, "joined-waiting")
    # Bob's seat token is kept under the code's routing part: no code needed to come back.
    assert client_app.settings.internet_seats[code[:4]]["seat"] == 1

    click(host_app, button(room, "Start now").rect.center)
    pump(
        [host_app, client_app],
        lambda: is_scene(host_app, "TableScene") and is_scene(client_app, "TableScene"),
    )
    host_table, client_table = host_app.stack.top, client_app.stack.top
    assert host_table.humans == [0] and client_table.humans == [1]
    assert host_table.lan.link_text() == "Internet: Connected"
    assert client_table.lan.link_text() == "Internet: Connected"

    drivers = [TableDriver(host_app), TableDriver(client_app)]
    play_game(drivers)
    host_view = host_table.session.view(None)
    assert host_view.winner is not None
    assert client_table.session.view(1).scores == host_view.scores


def test_status_line_follows_the_relay_dying_and_coming_back(net, relay):
    host_app = net()
    room = host_from_title(host_app)
    client_app = net()
    apps = [host_app, client_app]
    join_by_code(apps, client_app, room.code)  # the only open seat: the game starts
    pump(apps, lambda: is_scene(host_app, "TableScene") and is_scene(client_app, "TableScene"))
    host_table, client_table = host_app.stack.top, client_app.stack.top

    relay.kill()
    pump(apps, lambda: host_table.lan.link_text() == "Internet: Relay lost — retrying", 15, "the host's line")
    pump(
        apps,
        lambda: client_table.lan.internet() is not None and not client_table.lan.internet()[1],
        15,
        "the seat's line",
    )
    assert client_table.lan.internet()[0] in ("Relay lost — retrying", "Host gone — waiting")
    shot(client_app, "table-relay-lost")
    shot(host_app, "host-table-relay-lost")
    relay.start()
    pump(apps, lambda: host_table.lan.link_text() == "Internet: Connected", 30, "the host back on the relay")
    pump(apps, lambda: client_table.lan.link_text() == "Internet: Connected", 30, "the seat back")
    shot(client_app, "table-connected")


def test_wrong_code_and_full_game_are_said_and_the_window_keeps_running(net, relay):
    host_app = net()
    room = host_from_title(host_app)  # one open seat
    code = room.code
    other = net()
    apps = [host_app, other]

    # Not a code at all: said at once, nothing sent.
    join = join_screen(other)
    type_into(other, join.code_field, "hello")
    click(other, join.join_btn.rect.center)
    assert join.connecting is None and join.error == internet.MESSAGES[internet.Failure.BAD_CODE]
    shot(other, "join-bad-code")

    # The right routing part with a wrong secret: the exchange fails, the code is said to be wrong.
    digits = code[5:].replace("-", "")
    wrong = f"{code[:4]}-{(int(digits) + 1) % 10**6:06d}"
    type_into(other, join.code_field, wrong)
    click(other, join.join_btn.rect.center)
    pump(apps, lambda: join.connecting is None, 25, "the wrong code refused")
    assert join.error == internet.MESSAGES[internet.Failure.WRONG_CODE], join.error
    assert is_scene(other, "InternetJoinScene")
    shot(other, "join-wrong-code")

    # Bob takes the only open seat (the game starts); the other player is told the game is full.
    bob = net()
    apps.append(bob)
    join_by_code(apps, bob, room.code)
    pump(apps, lambda: is_scene(bob, "TableScene"), what="Bob at the table")
    type_into(other, join.code_field, room.code)
    click(other, join.join_btn.rect.center)
    pump(apps, lambda: join.connecting is None, 25, "the full game refused")
    assert join.error == internet.MESSAGES[internet.Failure.FULL], join.error
    shot(other, "join-full")
    frame(other)
    assert is_scene(other, "InternetJoinScene")


def test_the_host_closing_the_game_is_said(net):
    host_app = net()
    room = host_from_title(host_app, open_seats=(1, 3))
    bob = net()
    apps = [host_app, bob]
    join_by_code(apps, bob, room.code)
    assert is_scene(bob, "JoinedWaitScene")
    click(host_app, room.cancel_btn.rect.center)
    assert type(host_app.stack.top).__name__ == "InternetLobbyScene"
    # Told at once (a fatal "closed"), well before the 20 s after which a silent host counts as gone.
    pump(apps, lambda: is_scene(bob, "HostGoneScene"), 10, "Bob told the host closed the game")
    assert bob.stack.top.detail == "The host closed the game."
    shot(bob, "joined-host-closed")
    click(bob, button(bob.stack.top, "Back to title").rect.center)
    frame(bob)
    assert not is_scene(bob, "JoinedWaitScene") and not is_scene(bob, "HostGoneScene")


def test_the_internet_lobby_speaks_of_the_internet_not_the_lan(net):
    app = net()
    lobby = app.services.go.lobby(internet=True)
    assert (lobby.heading, lobby.name_label) == ("Host a game over the internet", "Game name")
    plain = app.services.go.lobby()
    assert (plain.heading, plain.name_label) == ("New game", "LAN game")


def test_no_relay_is_said_when_joining_and_when_hosting(net):
    dead = f"nats://127.0.0.1:{free_port()}"
    app = net(relay_url=dead)
    join = join_screen(app)
    type_into(app, join.code_field, "K7QM 482 916")
    click(app, join.join_btn.rect.center)
    pump([app], lambda: join.connecting is None, 25, "the join to fail")
    # a relay address on this computer (as Krook's default is): said as missing here, not as the internet's fault
    assert join.error.startswith(f"No relay is running on this computer ({dead})."), join.error
    shot(app, "join-no-relay")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert is_scene(app, "TitleScene")
    notice = host_from_title(app)
    assert type(notice).__name__ == "NoticeScene"
    assert notice.body.startswith(f"No relay is running on this computer ({dead})."), notice.body
    shot(app, "host-no-relay")
    click(app, button(notice, "OK").rect.center)
    assert type(app.stack.top).__name__ == "InternetLobbyScene"
    # Nothing was left to resume: the game never got on the relay.
    assert not app.settings.hosted_relay


def test_a_lobby_with_no_open_seat_says_so(net):
    app = net()
    notice = host_from_title(app, open_seats=())
    assert type(notice).__name__ == "NoticeScene" and "Open" in notice.body
    shot(app, "host-no-open-seat")


def test_hot_seat_humans_at_an_internet_table_keep_the_curtain(net):
    host_app = net()
    room = host_from_title(host_app, open_seats=(1,), humans=(2,))
    client_app = net()
    apps = [host_app, client_app]
    join_by_code(apps, client_app, room.code)  # the only open seat: the game starts
    pump(apps, lambda: not is_scene(host_app, "InternetWaitingRoom") and is_scene(client_app, "TableScene"))
    from krook.scenes.table.scene import TableScene

    table = host_app.stack.find(TableScene)
    assert table.hotseat and table.humans == [0, 2]
    seats_drawn: set[int] = set()
    table.state.watchers.append(lambda seat, what: seats_drawn.add(seat))
    drivers = [TableDriver(host_app), TableDriver(client_app)]
    curtains = 0
    import time

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not table.session.view(None).results:
        for d in drivers:
            if is_scene(d.app, "CurtainScene"):
                curtains += d.app is host_app
            if d.step() == "sheet":
                break
        time.sleep(0.002)
    assert table.session.view(None).results, "the hand finished"
    assert curtains >= 2
    assert seats_drawn <= {0, 2} and seats_drawn, seats_drawn


def test_relay_setting_is_checked_and_saved(home):
    from krook.settings_store import relay_problem

    assert relay_problem("tls://relay.example.org:4222") is None
    assert relay_problem("wss://relay.example.org") is None
    assert "nats://" in (relay_problem("relay.example.org") or "")
    assert "http" in (relay_problem("http://relay.example.org") or "")
    assert "port" in (relay_problem("nats://relay.example.org:99999") or "")
    assert relay_problem("nats://relay example.org") is not None
    settings, bad = Settings.from_dict({"relay_url": "ftp://x", "hosted_relay": "nats://127.0.0.1:4222"})
    assert (
        settings.relay_url == "" and "relay_url" in bad and settings.hosted_relay == "nats://127.0.0.1:4222"
    )


def test_relay_screen_explains_a_bad_address_and_saves_a_good_one(net, home):
    from krook.settings_store import load_settings

    app = net(relay_url="")
    menu = internet_menu(app)
    click(app, button(menu, "Relay").rect.center)
    scene = app.stack.top
    assert type(scene).__name__ == "RelaySettingScene" and not scene.own
    click(app, (scene.choice.rect.right - 5, scene.choice.rect.centery))
    assert scene.own
    frame(app)
    type_into(app, scene.field, "relay.example.org")
    click(app, scene.save_btn.rect.center)
    assert "starts with nats://" in scene.error and app.settings.relay_url == ""
    shot(app, "relay-setting-bad")
    type_into(app, scene.field, "tls://relay.example.org:4222")
    key(app, pygame.K_RETURN)
    assert not scene.error and app.settings.relay_url == "tls://relay.example.org:4222"
    assert load_settings()[0].relay_url == "tls://relay.example.org:4222"
    shot(app, "relay-setting-saved")
    # Back to Krook's default: the field is hidden and the setting is emptied.
    click(app, (scene.choice.rect.right - 5, scene.choice.rect.centery))
    click(app, scene.save_btn.rect.center)
    assert app.settings.relay_url == "" and load_settings()[0].relay_url == ""
    key(app, pygame.K_ESCAPE)
    assert is_scene(app, "InternetScene")


def test_copy_without_a_clipboard_says_copy_it_by_hand(net, monkeypatch):
    host_app = net()
    room = host_from_title(host_app, open_seats=(1, 3))

    def no_clipboard(text):
        raise pygame.error("no clipboard on this display")

    put_text = pygame.scrap.put_text
    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    click(host_app, room.copy_btn.rect.center)
    assert room.copied.startswith("Copy it by hand")
    shot(host_app, "host-copy-by-hand")
    frame(host_app)
    assert is_scene(host_app, "InternetWaitingRoom")
    monkeypatch.setattr(pygame.scrap, "put_text", put_text)
    host_app.frame(
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_CTRL, unicode="", scancode=0)]
    )
    assert room.copied.startswith("Copied") and pygame.scrap.get_text() == room.code  # Ctrl+C copies too


def test_settings_has_the_relay_too(net, home):
    from krook.scenes.menus.settings import SettingsScene

    app = net(relay_url="")
    click(app, button(app.stack.top, "Settings").rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    row = dict(settings.rows)["Internet relay"]
    assert row.label == "Krook's default"
    shot(app, "settings-relay-row")
    click(app, row.rect.center)
    scene = app.stack.top
    assert type(scene).__name__ == "RelaySettingScene"
    click(app, (scene.choice.rect.right - 5, scene.choice.rect.centery))
    frame(app)
    type_into(app, scene.field, "wss://relay.example.org")
    click(app, scene.save_btn.rect.center)
    assert app.settings.relay_url == "wss://relay.example.org"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is settings and row.label == "Your own"


def test_a_relay_out_of_reach_elsewhere_is_said_as_the_connection_or_the_address(home):
    """Only a relay on this computer is said to be missing here; one elsewhere that does not answer points to the
    connection and the setting (no network is touched: the failure is made up)."""
    from krook.net import internet
    from krook.scenes.internet.common import failure_words

    app = make_app()
    app.settings.relay_url = "tls://relay.example.org:4222"
    failure = internet.InternetError(internet.Failure.NO_RELAY, "refused")
    assert failure_words(app.services, failure).startswith(
        "Krook could not reach the relay at tls://relay.example.org:4222. Check the internet connection"
    )
    app.settings.relay_url = ""  # Krook's default: a relay on this computer until a public one exists
    assert failure_words(app.services, failure).startswith("No relay is running on this computer")


def test_the_internet_menu_warns_when_its_relay_is_on_this_computer(home):
    from krook.net.internet import relay_on_this_computer
    from krook.scenes.internet.menu import InternetScene

    assert relay_on_this_computer("nats://127.0.0.1:4222") and relay_on_this_computer("wss://localhost")
    assert relay_on_this_computer("nats://[::1]:4222") and not relay_on_this_computer(
        "tls://relay.example.org"
    )
    assert not relay_on_this_computer("nats://[broken")
    app = make_app()
    drawn = record_text(app.services.theme)
    app.stack.push(InternetScene(app.services))
    for relay, warned in (("", True), ("tls://relay.example.org:4222", False)):
        app.settings.relay_url = relay
        drawn.clear()
        app.frame([], dt=0.0)
        assert any("on this computer only" in w for w in drawn) is warned, (relay, drawn)
