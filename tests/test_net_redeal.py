"""The out-of-turn redeal over LAN (``redeal_any_time``): a seat holding no counters calls it while another
seat is to bid; the rules core's per-seat view is what decides (docs/PROTOCOL.md, docs/RULES.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from krook.net import Host, RemoteSession
from krook.net.protocol import PROTOCOL_VERSION
from krook.net.testing import Raw, wait_for
from krook.rules import Match, Phase, get_preset
from krook.session.base import ErrorEvent
from tests.rules_helpers import scripted_deal

NO_COUNTERS = ["R6", "R7", "R8", "R9", "R11", "R12", "R13", "Y6", "Y7"]
FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


def _host(any_time: bool = True) -> Host:
    rules = get_preset("kentucky-discard").rules.replace(no_counter_redeal=True, redeal_any_time=any_time)
    match = Match(rules, ["A", "B", "C", "D"], first_dealer=0, deal=scripted_deal(rules, {2: NO_COUNTERS}))
    return Host.for_match(match, "lan,lan,lan,lan", **FAST).start()


def _table(any_time: bool) -> Iterator[tuple[Host, dict[int, RemoteSession]]]:
    host = _host(any_time)
    port = host.address[1]
    sessions = [RemoteSession.connect("127.0.0.1", port, name) for name in "ABCD"]
    try:
        yield host, {s.seat: s for s in sessions if s.seat is not None}
    finally:
        for s in sessions:
            s.close()
        host.stop()


@pytest.fixture
def table() -> Iterator[tuple[Host, dict[int, RemoteSession]]]:
    yield from _table(any_time=True)


@pytest.fixture
def strict_table() -> Iterator[tuple[Host, dict[int, RemoteSession]]]:
    yield from _table(any_time=False)


def _sync(sessions: dict[int, RemoteSession], version: int) -> None:
    """Wait until every client holds its view at ``version`` (the host moved there)."""

    def synced() -> bool:
        for s in sessions.values():
            s.update()
        return all(s.view(seat).version == version for seat, s in sessions.items())

    assert wait_for(synced), f"every client holds the view at version {version}"


def _errors(session: RemoteSession) -> list[str]:
    errors: list[str] = []
    assert wait_for(
        lambda: (
            bool(errors.extend(e.message for e in session.update() if isinstance(e, ErrorEvent)))
            or bool(errors)
        )
    ), "the host answered with an error"
    return errors


def test_a_seat_without_counters_calls_a_redeal_out_of_turn(table) -> None:
    host, by_seat = table
    start = host.protocol.version
    assert by_seat[1].submit(1, "pass") is None
    _sync(by_seat, start + 1)
    assert by_seat[2].submit(2, "pass") is None  # passing does not end the right to call a redeal
    _sync(by_seat, start + 2)
    caller = by_seat[2]
    view = caller.view(2)
    assert not view.my_turn and view.legal_actions().can_redeal, "the view offers the redeal out of turn"
    assert by_seat[0].view(0).legal == [], "a seat holding counters is offered nothing out of turn"
    assert by_seat[0].submit(0, "redeal") == "It is not your turn."
    assert caller.submit(2, "redeal") is None
    _sync(by_seat, start + 3)
    first = host.protocol.match.hands[0]
    assert first.actions == ["pass", "pass", "redeal 2"] and first.thrown_in
    assert all(s.view(seat).phase is Phase.HAND_OVER for seat, s in by_seat.items())
    for s in by_seat.values():
        s.next_hand()  # every player has seen the thrown-in hand
    _sync(by_seat, start + 4)
    assert len(host.protocol.match.hands) == 2
    assert host.protocol.match.hands[1].dealer == 0, "a called redeal keeps the dealer"


def test_out_of_turn_redeals_the_rules_do_not_allow_are_refused(table) -> None:
    host, by_seat = table
    version = host.protocol.version
    # past the screen's own check: the host refuses a seat holding counters, and a redeal naming another seat
    for text in ("redeal", "redeal 0", "redeal 2"):
        by_seat[0].client.send({"type": "action", "seat": 0, "text": text})
        assert any("turn" in m for m in _errors(by_seat[0])), text
    assert host.protocol.version == version and host.protocol.match.to_act == 1


def test_without_the_setting_a_redeal_waits_for_the_callers_turn(strict_table) -> None:
    host, by_seat = strict_table
    caller = by_seat[2]
    assert caller.view(2).legal == [] and caller.submit(2, "redeal") == "It is not your turn."
    version = host.protocol.version
    caller.client.send({"type": "action", "seat": 2, "text": "redeal"})
    assert any("turn" in m for m in _errors(caller))
    assert host.protocol.version == version and host.protocol.match.to_act == 1


def test_a_raw_client_gets_not_your_turn_for_a_refused_redeal(table) -> None:
    host, _ = table
    raw = Raw(host.address[1])
    try:
        raw.send(
            {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "A", "token": host.protocol.tokens[0]}
        )
        assert raw.read(lambda f: f.get("type") == "view")
        raw.send({"type": "action", "text": "redeal"})
        err = raw.error()
        assert err is not None and err["code"] == "not_your_turn" and not err["fatal"]
    finally:
        raw.close()
