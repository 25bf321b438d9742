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
from krook.rules import Match, Phase, action_text, get_preset
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
        # rules no table has: the screens read them from every view (the hand's order, the score sheet)
        (lambda v: v["view"]["rules"].__setitem__("krook_rank", "sideways"), "krook_rank"),
        (lambda v: v["view"]["rules"].__setitem__("players", 7), "players"),
        (lambda v: v["view"]["rules"].__setitem__("target", 10**9), "target"),
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


def history_host(hands: int = 1) -> tuple[HostProtocol, list[dict[str, Any]]]:
    """A host whose seat-0 player played ``hands`` hands and joins again (connection "c", with its token)
    as after a restart; what "c" received on joining."""
    from krook.bots import BotContext, make_bot

    match = Match(get_preset("kentucky-discard").rules, seed=21)
    proto = HostProtocol(match, parse_seats("lan,bot:simple,bot:simple,bot:simple"))
    proto.connect("first")
    (welcome,) = [m for c, m in proto.handle("first", hello("Ann")) if m["type"] == "welcome"]
    proto.start()
    bot, rng = make_bot("simple"), random.Random(21)
    while len(match.hands) <= hands and not match.is_over:
        if match.phase is Phase.HAND_OVER:
            proto.mark_ready([0], "first")
            continue
        seat = match.to_act
        proto.apply_action(seat, action_text(bot.choose(match.view(seat), BotContext(rng))))
    proto.connect("c")
    out = proto.handle("c", hello("Ann", welcome["token"]))
    return proto, [json.loads(json.dumps(m)) for c, m in out if c == "c"]


def history_pages(proto: HostProtocol) -> list[dict[str, Any]]:
    pages: list[dict[str, Any]] = []
    start = 0
    while True:
        ((conn, page),) = proto.handle("c", {"type": "history", "from": start})
        assert conn == "c" and page["type"] == "history" and page["from"] == start
        assert len(json.dumps(page)) < 64 * 1024  # a frame
        pages.append(json.loads(json.dumps(page)))
        start += len(page["views"])
        if start >= page["total"]:
            return pages


def test_the_host_resends_a_seat_only_its_own_views_page_by_page():
    from krook.session.lan_games import seat_record_of

    proto, _ = history_host(2)
    pages = history_pages(proto)
    assert len(pages) >= 2
    views = [v for p in pages for v in p["views"]]
    assert views == json.loads(json.dumps(seat_record_of(proto.match.to_record(), 0)["views"]))
    deals = proto.match.to_record()["hands"]
    for view in views:
        assert view["seat"] == 0
        deal = deals[view["hand_number"] - 1]["deal"]
        own = set(deal["hands"][0]) | (set(deal["nest"]) if view["bidder"] == 0 else set())
        assert set(view["hand"]) <= own  # its own cards (and a nest it took up), never another seat's
    for bad in (-1, "0", 1.0, True, None, len(views) + 1):
        ((_, err),) = proto.handle("c", {"type": "history", "from": bad})
        assert err["type"] == "error" and err["code"] == "bad_message" and not err["fatal"]


def test_a_late_client_asks_for_its_history_and_keeps_it():
    proto, messages = history_host(1)
    pages = history_pages(proto)
    assert messages[0]["type"] == "welcome" and messages[0]["started"] is True
    session, client = session_with(messages)
    session.update()
    session.keep_finished_game()
    assert client.sent == [{"type": "history", "from": 0}]
    for page in pages:
        client.inbox.put(page)
        session.update()
    # one page at a time, each asked for when the one before it came
    assert [m["from"] for m in client.sent] == [p["from"] for p in pages]
    assert session.keeper is not None
    past = session.keeper.recorder.past
    assert len(past) == pages[0]["total"] and not client.dropped


def test_a_history_page_with_another_seat_or_junk_only_drops_the_link():
    proto, messages = history_host(1)
    (page, *_) = history_pages(proto)
    other = copy.deepcopy(page)
    other["views"][0]["seat"] = 2  # another seat's view: never kept
    for bad in (other, dict(page, total=page["from"]), dict(page, views={}), dict(page, views=[None])):
        session, client = session_with(messages)
        session.update()
        session.keep_finished_game()
        client.inbox.put(bad)
        session.update()
        assert client.dropped and "cannot use" in client.dropped[0]
        assert session.keeper is not None and not session.keeper.recorder.past
    rng = random.Random(77)
    dropped = 0
    for _ in range(300):
        try:
            check_host_message(mutate(page, rng))
        except HostMessageError:  # the only way a page may fail
            dropped += 1
    assert dropped > 50


# a host's view with one field wrong in a way its type allows: each must be refused or drawn without a fault
WRONG_BUT_TYPED = {
    "trump": ["purple", "K", "", "RR"],
    "called": ["X1", "R99", "", "K3"],
    "preset": ["no-such", "", "x" * 500],
    "hand_sizes": [[], [99] * 4, [-1] * 4, [1]],
    "passed": [[99], [-1]],
    "points_taken": [[], [1]],
    "tricks_won": [[], [1]],
    "scores": [[], [1], [10**12, 0]],
    "columns": [[], ["a"], ["x"] * 9],
    "high_bid": [-5, 10**9],
    "bid": [-5, 10**9],
    "trick_leader": [99, -1],
    "dealer": [99, -1],
    "hand_number": [-1, 0, 10**9],
    "rules": [{}, {"players": 3}, {"players": 6}, {"krook_rank": "low"}],
    "trick": [[[0, "R5"], [0, "R5"]], [[9, "R5"]]],
    "partner": [99, -1],
    "nest": [["R5"] * 40],
    "results": [[{"x": 1}], [{}]],
}


def test_a_view_the_check_lets_through_never_breaks_the_table():
    import pygame

    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    pygame.init()
    messages = host_messages(1)
    views = [i for i, m in enumerate(messages) if m["type"] == "view"]
    services = Services(Settings(), Theme(False), CardPainter(), SilentSound(), SceneStack())
    surface = pygame.Surface((1280, 720))
    faults = []
    for at in (views[3], views[-1]):  # the bidding, and the next hand's after a whole hand
        for key, values in WRONG_BUT_TYPED.items():
            for value in values:
                bad = copy.deepcopy(messages[at])
                bad["view"][key] = copy.deepcopy(value)
                session, client = session_with([*messages[:at], bad])
                session.update()
                if client.dropped:
                    continue  # refused with a reason: the player sees a reconnect, not a broken table
                try:
                    table = TableScene(services, session)
                    table.state.deal.t = -1.0
                    table.shown.dealt = True
                    for _ in range(3):
                        table.update(0.05)
                        table.draw(surface)
                except Exception as exc:  # any fault here is what the test looks for
                    faults.append(f"{key}={value!r:.40}: {type(exc).__name__} {exc}")
    assert not faults, faults
