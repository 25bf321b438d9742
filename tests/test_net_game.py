"""Whole LAN games on loopback: four clients with bots behind them, a client killed and rejoining, the host
restarted mid-game, the grace period handing a dropped seat to a bot, discovery, the host's own screen."""

from __future__ import annotations

import json
import socket

import pytest

from krook.net import Host, JoinError, RemoteSession, find_games, local_session
from krook.net.discovery import GameInfo, parse_answer
from krook.net.testing import ClientBot, drive, wait_for
from krook.session.base import ActionEvent, ErrorEvent, GameOverEvent, StatusEvent

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


def start_host(seats="lan,lan,lan,lan", seed=11, **kw):
    options = {**FAST, **kw}
    return Host.new_game(seats, seed=seed, **options).start()


def join_all(host, names, **kw):
    port = host.address[1]
    return [RemoteSession.connect("127.0.0.1", port, name, **kw) for name in names]


@pytest.fixture
def cleanup():
    things = []
    yield things
    for thing in reversed(things):
        thing.close() if hasattr(thing, "close") else thing.stop()


def test_four_clients_play_a_whole_game(cleanup):
    host = start_host()
    cleanup.append(host)
    sessions = join_all(host, ["Ann", "Bob", "Cy", "Di"])
    cleanup.extend(sessions)
    assert sorted(s.seat for s in sessions) == [0, 1, 2, 3]
    assert all(s.token for s in sessions)
    bots = [ClientBot(s, "simple", seed=i) for i, s in enumerate(sessions)]
    assert drive(bots, lambda: all(b.game_over for b in bots), timeout=120)
    match = host.protocol.match
    assert match.is_over
    for bot in bots:
        view = bot.session.view(bot.session.seat)
        assert view.winner == match.winner and view.scores == match.scores
        actions = [e for e in bot.events if isinstance(e, ActionEvent)]
        assert actions and actions[-1].version == view.version
        assert [e.version for e in actions] == sorted(e.version for e in actions)
        assert any(isinstance(e, GameOverEvent) for e in bot.events)
        assert not bot.errors, bot.errors
    assert sessions[0].players == ["Ann", "Bob", "Cy", "Di"]


def test_client_killed_mid_hand_rejoins_with_its_token(cleanup):
    host = start_host("lan,bot:random,lan,bot:simple")
    cleanup.append(host)
    a, b = join_all(host, ["Ann", "Bob"], reconnect_s=0)
    cleanup.extend([a, b])
    bots = [ClientBot(a, "simple"), ClientBot(b, "simple", seed=1)]
    assert drive(bots, lambda: host.protocol.match.hand.phase.value == "play", timeout=20)
    seat, token = b.seat, b.token
    b.close()  # killed: the host sees the connection end
    assert wait_for(lambda: host.protocol.seat_status(seat) == "disconnected")
    assert wait_for(
        lambda: any(isinstance(e, StatusEvent) and e.status == "disconnected" for e in a.update())
    )
    b2 = RemoteSession.connect("127.0.0.1", host.address[1], "Bob", token)
    cleanup.append(b2)
    assert b2.seat == seat and b2.token == token
    with host.lock:
        assert b2.view(seat).hand == host.protocol.match.view(seat).hand
        assert b2.view(seat).version == host.protocol.match.view(seat).version
    bots = [bots[0], ClientBot(b2, "simple", seed=2)]
    assert drive(bots, lambda: host.protocol.match.is_over, timeout=120)


def test_host_restarted_mid_game_everyone_rejoins(cleanup, tmp_path):
    save = tmp_path / "lan.json"
    host = start_host("lan,bot:random,lan,bot:simple", save_path=save)
    port = host.address[1]
    sessions = join_all(host, ["Ann", "Bob"], reconnect_s=30, host_timeout=5)
    cleanup.extend(sessions)
    bots = [ClientBot(s, seed=i) for i, s in enumerate(sessions)]
    assert drive(bots, lambda: len(host.protocol.match.hands) >= 2, timeout=30)
    assert drive(bots, lambda: host.protocol.match.hand.phase.value == "play", timeout=20)
    host.stop()
    # read after the stop: until the host thread has ended, an action already on its way (a client's, a
    # bot's) may still be applied, and the saved game would be ahead of a copy taken before
    version = host.protocol.match.view(None).version
    record = host.protocol.match.to_record()
    events = []
    assert wait_for(
        lambda: (
            events.extend(sessions[0].update())
            or any(isinstance(e, StatusEvent) and e.status == "reconnecting" for e in events)
        )
    )
    host2 = Host.resume(save, **{**FAST, "port": port})
    assert host2.protocol.match.to_record() == record
    host2.start()
    cleanup.append(host2)
    assert wait_for(lambda: all(host2.protocol.seat_status(s.seat) == "remote" for s in sessions), timeout=30)
    for s in sessions:
        assert s.view(s.seat).version >= version or wait_for(
            lambda s=s: s.update() is not None and s.view(s.seat).version >= version
        )
    hands = len(host2.protocol.match.hands)
    assert drive(
        bots, lambda: host2.protocol.match.is_over or len(host2.protocol.match.hands) > hands + 1, timeout=120
    )
    assert not [e for b in bots for e in b.errors if e.fatal]


def test_grace_period_hands_a_dropped_seat_to_a_bot_until_the_human_returns(cleanup):
    host = start_host("lan,lan,bot:random,bot:simple", grace_s=0.3, standin_bot="random")
    cleanup.append(host)
    a, b = join_all(host, ["Ann", "Bob"], reconnect_s=0)
    cleanup.append(a)
    bot_a = ClientBot(a)
    token = b.token
    b.close()
    assert wait_for(lambda: host.protocol.seat_status(1) == "standin", timeout=3)
    start = host.protocol.match.view(None).version
    # the seat keeps playing without its human
    assert drive([bot_a], lambda: host.protocol.match.view(None).version > start + 12, timeout=20)
    statuses = [e.status for e in bot_a.events if isinstance(e, StatusEvent) and e.seat == 1]
    assert "disconnected" in statuses and "standin" in statuses
    b2 = RemoteSession.connect("127.0.0.1", host.address[1], "Bob", token)
    cleanup.append(b2)
    assert host.protocol.seat_status(1) == "remote" and host.protocol.bot_strength(1) is None
    assert wait_for(lambda: b2.update() is not None and b2.view(1).version == host.public_view().version)
    hands = len(host.protocol.match.hands)
    assert drive([bot_a, ClientBot(b2)], lambda: len(host.protocol.match.hands) > hands + 1, timeout=20)


def test_host_screen_plays_human_seats_with_a_host_session(cleanup):
    host = start_host("human,lan,bot:simple,bot:simple")
    cleanup.append(host)
    local = local_session(host, "Hostess")
    (remote,) = join_all(host, ["Ann"])
    cleanup.append(remote)
    assert local.local_seats == [0] and remote.seat == 1
    assert local.view(None).hand == []
    events = local.update()
    assert any(isinstance(e, StatusEvent) for e in events)

    class LocalBot(ClientBot):
        pass

    lb = LocalBot(remote)
    # the host's human plays through its session: submit returns None or a reason
    assert drive([lb], lambda: host.protocol.match.to_act == 0 or host.protocol.match.is_over, timeout=10)
    view = local.view(0)
    assert local.submit(0, "bid 5") is not None
    assert local.submit(1, "pass") is not None
    assert local.submit(0, view.legal_actions().sample(__import__("random").Random(1))) is None
    assert remote.seat_status(0) == "human"


def test_find_games_on_loopback(cleanup):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        udp_port = probe.getsockname()[1]
    host = Host.new_game(
        "lan,bot:random,lan,bot:simple", name="Kitchen table", **{**FAST, "discovery_port": udp_port}
    )
    host.start()
    cleanup.append(host)
    games = find_games(0.5, port=udp_port, targets=("127.0.0.1",))
    assert len(games) == 1
    game = games[0]
    assert (game.name, game.address, game.port, game.open_seats) == (
        "Kitchen table",
        "127.0.0.1",
        host.address[1],
        2,
    )
    assert game.compatible
    session = RemoteSession.connect(game.address, game.port, "Ann")
    cleanup.append(session)
    assert find_games(0.5, port=udp_port, targets=("127.0.0.1",))[0].open_seats == 1


def test_other_protocol_versions_are_listed_as_incompatible():
    answer = json.dumps(
        {"type": "krook-game", "name": "Old", "port": 5, "protocol": 99, "app": "9.9"}
    ).encode()
    info = parse_answer(answer, "127.0.0.1")
    assert isinstance(info, GameInfo) and not info.compatible and "another version" in info.label()
    assert parse_answer(b"junk", "127.0.0.1") is None


def test_join_errors_are_for_people(cleanup):
    host = start_host("lan,bot:simple,bot:simple,bot:simple")
    cleanup.append(host)
    (a,) = join_all(host, ["Ann"])
    cleanup.append(a)
    from krook.net import JoinError

    with pytest.raises(JoinError) as full:
        RemoteSession.connect("127.0.0.1", host.address[1], "Bob")
    assert full.value.code == "full"
    with pytest.raises(JoinError) as bad:
        RemoteSession.connect("127.0.0.1", host.address[1], "Bob", token="nope")
    assert bad.value.code == "bad_token"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead_port = s.getsockname()[1]
    with pytest.raises(JoinError) as gone:
        RemoteSession.connect("127.0.0.1", dead_port, "Bob", timeout=1)
    assert gone.value.code == "unreachable"
    assert not any(isinstance(e, ErrorEvent) and e.fatal for e in a.update())


def test_a_wrong_room_code_is_told_apart_from_a_missing_one(cleanup):
    host = start_host("lan,lan,bot:random,bot:random", password="AB12CD")
    cleanup.append(host)
    port = host.address[1]
    with pytest.raises(JoinError) as missing:
        RemoteSession.connect("127.0.0.1", port, "Ann")
    with pytest.raises(JoinError) as wrong:
        RemoteSession.connect("127.0.0.1", port, "Ann", password="ZZ99YY")
    assert missing.value.code == wrong.value.code == "password"
    assert "has a room code" in str(missing.value)
    assert "not this game's" in str(wrong.value)
    session = RemoteSession.connect("127.0.0.1", port, "Ann", password="ab 12 cd")  # case and spaces
    cleanup.append(session)
    assert session.seat == 0
    # read out in two halves and typed as an invite code is (before: "not this game's")
    second = RemoteSession.connect("127.0.0.1", port, "Bob", password="ab1-2cd")
    cleanup.append(second)
    assert second.seat == 1
