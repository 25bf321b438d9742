"""The client checks the host: every frame is validated, unknown keys are ignored, and a bad value becomes
an error and a reconnect, never an exception in the player's window. Fuzzed like the host side."""

from __future__ import annotations

import copy
import json
import math
import queue
import random
from typing import Any

import pytest

from krook.net.checks import HostMessageError, check_host_message
from krook.net.protocol import HostProtocol, hello, parse_seats
from krook.net.remote_session import RemoteSession
from krook.rules import Match, Phase, get_preset
from krook.session.base import ErrorEvent


class FakeClient:
    """What RemoteSession needs of a Client: an inbox, send, drop (which the real one turns into a reconnect)."""

    def __init__(self, seat: int) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seat = seat
        self.token = "t"
        self.connected = True
        self.dropped: list[str] = []
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return True

    def drop(self, reason: str) -> None:
        self.dropped.append(reason)

    def close(self) -> None:
        pass


def host_messages(hands: int = 2) -> list[dict[str, Any]]:
    """Every message seat 0 received in a real (socket-free) game of a few hands, as JSON on the wire."""
    match = Match(get_preset("kentucky-discard").rules, seed=21)
    proto = HostProtocol(match, parse_seats("lan,bot:simple,bot:simple,bot:simple"))
    proto.connect("c")
    out = proto.handle("c", hello("Ann"))
    proto.start()
    while len(match.hands) <= hands and not match.is_over:
        if match.phase is Phase.HAND_OVER:
            out += proto.mark_ready([0], "c")
            continue
        out += proto.apply_action(match.to_act, next(iter(match.legal_actions())))
    return [json.loads(json.dumps(m)) for c, m in out if c == "c"]


def session_with(messages: list[dict[str, Any]]) -> tuple[RemoteSession, FakeClient]:
    client = FakeClient(0)
    session = RemoteSession(client)  # type: ignore[arg-type]
    for m in messages:
        client.inbox.put(m)
    return session, client


def test_a_clean_stream_is_taken_whole_and_extra_keys_are_ignored():
    messages = host_messages()
    for m in messages:
        m["from_a_newer_host"] = {"x": 1}
        if m["type"] == "view":
            m["view"]["newer_field"] = [1, 2, 3]
    session, client = session_with(messages)
    session.update()
    assert client.dropped == []
    view = session.view(0)
    assert view.seat == 0 and view.hand_number == 3 and len(view.results) == 2
    sent = [r for m in messages if m["type"] == "results" for r in m["results"]]
    assert [r["deltas"] for r in view.results] == [r["deltas"] for r in sent] and len(sent) == 2


@pytest.mark.parametrize(
    "break_it, why",
    [
        (lambda v: v["view"].__setitem__("format", "krook-view/99"), "format"),
        (lambda v: v["view"].__setitem__("seat", True), "seat"),
        (lambda v: v["view"].__setitem__("seat", 3), "seat 3"),
        (lambda v: v["view"].__setitem__("to_act", 99), "table"),
        (lambda v: v["view"].__setitem__("hand", ["Z99"]), "hold together"),
        (lambda v: v["view"].__setitem__("players", "Ann"), "list"),
        (lambda v: v["view"].__setitem__("scores", [math.inf, 0]), "whole number"),
        (lambda v: v["view"].pop("phase"), "phase"),
        (lambda v: v.__setitem__("results_count", 50), "50 score-sheet rows"),
    ],
)
def test_a_bad_view_drops_the_link_with_a_reason(break_it, why):
    messages = host_messages(0)
    view = next(m for m in reversed(messages) if m["type"] == "view")
    bad = copy.deepcopy(view)
    break_it(bad)
    session, client = session_with([*messages, bad])
    session.update()
    assert len(client.dropped) == 1 and why in client.dropped[0], client.dropped
    assert session.view(0).version == view["view"]["version"], "the bad view replaced the good one"


def test_a_welcome_after_a_restart_replaces_newer_cached_views():
    messages = host_messages(1)
    session, client = session_with(messages)
    session.update()
    newest = session.view(0).version
    early = [m for m in messages[:12]]  # the host came back older: its welcome and first view
    for m in early:
        client.inbox.put(m)
    session.update()
    assert session.view(0).version < newest, "the client kept its own newer view over the host's"


def mutate(value: Any, rng: random.Random) -> Any:
    """One random change somewhere inside a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.3:
            out[key] = rng.choice([None, True, -1, 10**20, 1.5, "x" * 500, [], {}, "\u0080", [None]])
        else:
            out[key] = mutate(value[key], rng)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        out_list[i] = mutate(out_list[i], rng)
        return out_list
    return rng.choice([None, True, 0, -5, 2**40, 3.25, "", "R14", "Z", [], {}, [1, "a"], {"a": 1}])


def test_fuzzed_host_messages_never_raise_anything_but_the_check():
    messages = host_messages(1)
    rng = random.Random(1313)
    dropped = 0
    for _ in range(3000):
        m = mutate(rng.choice(messages), rng)
        try:
            check_host_message(m)
        except HostMessageError:
            dropped += 1
        # and through the session, behind a valid stream: only drops and error events, never an exception
    for trial in range(150):
        # the frame decoder hands over JSON objects only: a mutation that is not one is not a frame
        stream = [mutate(m, rng) if rng.random() < 0.1 else m for m in messages]
        stream = [m for m in stream if isinstance(m, dict)]
        session, client = session_with(stream)
        events = session.update()
        assert all(not isinstance(e, ErrorEvent) or e.message for e in events)
        if client.dropped:
            assert all("cannot use" in d for d in client.dropped), trial
    assert dropped > 500
