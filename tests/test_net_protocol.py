"""The host referee without sockets: handshake, turns, errors, drops, grace, ready, public events."""

from __future__ import annotations

import pytest

from krook.net.protocol import (
    PROTOCOL_VERSION,
    HostProtocol,
    hello,
    parse_seats,
    public_action_text,
)
from krook.rules import Match, get_preset


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(seats="lan,bot:simple,lan,bot:simple", clock=None, **kw):
    match = Match(get_preset("kentucky-discard").rules, seed=7)
    return HostProtocol(match, parse_seats(seats), clock=clock or Clock(), **kw)


def types(out, conn=None):
    return [m["type"] for c, m in out if conn is None or c == conn]


def join(proto, conn, name="Ann", token=None):
    proto.connect(conn)
    out = proto.handle(conn, hello(name, token))
    welcome = next(m for c, m in out if c == conn and m["type"] == "welcome")
    return welcome, out


def test_parse_seats():
    assert parse_seats("lan, bot:hard ,human,bot") == ["lan", "bot:hard", "human", "bot:simple"]
    with pytest.raises(ValueError, match="unknown seat"):
        parse_seats("lan,robot")


def test_public_action_text_hides_discards():
    assert public_action_text("discard R5 R6 R7 Y8 Y9") == "discard 5 cards"
    assert public_action_text("play R14") == "play R14"


def test_handshake_version_and_order():
    proto = make()
    proto.connect("a")
    ((_, err),) = proto.handle("a", {"type": "action", "text": "pass"})
    assert err["code"] == "bad_hello" and err["fatal"]
    proto.connect("b")
    ((_, err),) = proto.handle("b", {"type": "hello", "protocol": PROTOCOL_VERSION + 1, "name": "x"})
    assert err["code"] == "version" and err["fatal"] and "protocol" in err["message"]
    proto.connect("c")
    ((_, err),) = proto.handle("c", {"type": "hello", "protocol": True, "name": "x"})
    assert err["code"] == "version"
    proto.connect("d")
    ((_, err),) = proto.handle("d", {"type": "hello", "protocol": PROTOCOL_VERSION, "name": 5})
    assert err["code"] == "bad_hello"


def test_join_start_and_views_only_for_own_seat():
    proto = make()
    w1, out1 = join(proto, "a", "Ann")
    assert w1["seat"] == 0 and w1["token"] and not w1["started"]
    assert [m["view"]["seat"] for c, m in out1 if m["type"] == "view"] == [0]
    w2, out2 = join(proto, "b", "Bob")
    assert w2["seat"] == 2 and proto.started
    for conn, seat in (("a", 0), ("b", 2)):
        views = [m["view"] for c, m in out2 if c == conn and m["type"] == "view"]
        assert views and all(v["seat"] == seat for v in views)
    assert proto.match.players[0] == "Ann" and proto.match.players[2] == "Bob"
    proto.connect("c")
    ((_, err),) = proto.handle("c", hello("Cy"))
    assert err["code"] == "full"


def test_turns_errors_leave_the_game_unchanged():
    proto = make("lan,lan,lan,lan")
    for _i, name in enumerate("abcd"):
        join(proto, name, name.upper())
    seat = proto.match.to_act
    conn = "abcd"[seat]
    other = "abcd"[(seat + 1) % 4]
    before = proto.match.version
    ((_, err),) = proto.handle(other, {"type": "action", "text": "pass"})
    assert err["code"] == "not_your_turn" and not err["fatal"]
    ((_, err),) = proto.handle(conn, {"type": "action", "text": "bid 3"})
    assert err["code"] == "illegal" and not err["fatal"]
    ((_, err),) = proto.handle(conn, {"type": "action", "text": "fly away"})
    assert err["code"] == "illegal"
    ((_, err),) = proto.handle(conn, {"type": "action"})
    assert err["code"] == "bad_message"
    ((_, err),) = proto.handle(conn, {"type": "ready"})
    assert err["code"] == "wrong_state"
    ((_, err),) = proto.handle(conn, {"type": "launch"})
    assert err["code"] == "unknown_type"
    ((_, err),) = proto.handle(conn, hello("again"))
    assert err["code"] == "already_joined"
    assert proto.handle(conn, {"type": "ping", "t": 1}) == [(conn, {"type": "pong", "t": 1})]
    assert proto.match.version == before
    out = proto.handle(conn, {"type": "action", "text": "bid 70"})
    assert proto.match.version == before + 1
    events = [m for c, m in out if m["type"] == "event"]
    assert {c for c, m in out if m["type"] == "event"} == set("abcd")
    assert events[0] == {
        "type": "event",
        "kind": "action",
        "seat": seat,
        "text": "bid 70",
        "version": before + 1,
    }


def test_drop_hold_grace_standin_and_return():
    clock = Clock()
    proto = make("lan,bot:simple,lan,bot:simple", clock=clock, grace_s=60)
    w, _ = join(proto, "a")
    join(proto, "b")
    out = proto.disconnect("a")
    assert proto.seat_status(0) == "disconnected"
    assert ("b", {"type": "status", "seat": 0, "status": "disconnected"}) in out
    clock.now += 59
    assert proto.tick() == [] and proto.bot_strength(0) is None
    clock.now += 2
    out = proto.tick()
    assert proto.seat_status(0) == "standin" and proto.bot_strength(0) == "medium"
    assert ("b", {"type": "status", "seat": 0, "status": "standin"}) in out
    proto.connect("a2")
    ((_, err),) = proto.handle("a2", hello("Ann", "not-a-token"))
    assert err["code"] == "bad_token" and err["fatal"]
    w2, out = join(proto, "a3", "Ann", w["token"])
    assert w2["seat"] == 0 and proto.seat_status(0) == "remote" and proto.bot_strength(0) is None
    assert any(c == "a3" and m["type"] == "view" and m["view"]["seat"] == 0 for c, m in out)


def test_rejoin_replaces_a_half_open_connection():
    proto = make()
    w, _ = join(proto, "a")
    join(proto, "b")
    _, out = join(proto, "a-again", "Ann", w["token"])
    assert (
        "a",
        {
            "type": "error",
            "code": "replaced",
            "message": "seat 0 joined again from another connection",
            "fatal": True,
        },
    ) in out
    assert proto.seat_conn[0] == "a-again"


def test_hand_over_waits_for_ready_of_connected_humans():
    proto = make("lan,bot:simple,lan,bot:simple")
    join(proto, "a")
    join(proto, "b")
    match = proto.match
    # play the hand out directly through apply_action, as the host does for bots
    while match.phase.value != "hand_over":
        proto.apply_action(match.to_act, next(iter(match.legal_actions())))
    assert len(match.hands) == 1
    proto.handle("a", {"type": "ready"})
    assert len(match.hands) == 1
    out = proto.handle("b", {"type": "ready"})
    assert len(match.hands) == 2
    assert any(m.get("kind") == "new_hand" for _, m in out)
