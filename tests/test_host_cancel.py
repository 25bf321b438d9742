"""A host that cancels its game says so: every seat hears "The host closed the game" at once and stops
waiting, on the LAN and through the relay (issue 28: every failure in plain words). A host that only stops
(its window closed, a crash) is still waited for, since it may resume."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from krook.net import RemoteSession, internet
from krook.net.hosted import HostedGame
from krook.net.relay_testing import LocalRelay
from krook.session.base import ErrorEvent
from krook.session.local import Lobby, SeatConfig

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


def lobby() -> Lobby:
    """Two open seats: one seat joining does not start the game (a full table starts by itself)."""
    seats = [SeatConfig("Hostess", "human"), SeatConfig("", "open"), SeatConfig("Ada", "bot", "easy")]
    return Lobby([*seats, SeatConfig("", "open")])


def errors_within(session: RemoteSession, seconds: float) -> list[ErrorEvent]:
    """The error events the seat shows within ``seconds`` (stops early at a fatal one)."""
    seen: list[ErrorEvent] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not any(e.fatal for e in seen):
        seen += [e for e in session.update(0.05) if isinstance(e, ErrorEvent)]
        time.sleep(0.05)
    return seen


@pytest.fixture(scope="module")
def relay() -> Iterator[LocalRelay]:
    with LocalRelay() as server:
        yield server


def test_cancel_on_the_lan_tells_the_seat_at_once_and_leaves_no_game_to_resume(tmp_path: Path) -> None:
    save = tmp_path / "lan-host.json"
    game = HostedGame.new(lobby(), name="Kitchen", grace_s=30, save_path=save, **FAST)
    seat = RemoteSession.connect("127.0.0.1", game.port, "Ann")
    try:
        assert save.exists() and not game.snapshot().started
        game.cancel()
        # Well inside the seat's 20 s of patience with a silent host: it was told, not left to wait.
        seen = errors_within(seat, 5.0)
        assert seen and seen[-1].fatal, [e.message for e in seen]
        assert "The host closed the game." in [e.message for e in seen]
        assert not save.exists(), "a game that never started is not offered as Resume hosting"
    finally:
        seat.close()


def test_a_host_that_only_stops_is_waited_for(tmp_path: Path) -> None:
    game = HostedGame.new(lobby(), name="Kitchen", grace_s=30, save_path=tmp_path / "h.json", **FAST)
    seat = RemoteSession.connect("127.0.0.1", game.port, "Ann")
    try:
        game.close()  # the window closed: the host may come back with Resume hosting
        seen = errors_within(seat, 2.0)
        assert not any(e.fatal for e in seen), [e.message for e in seen]
        assert (tmp_path / "h.json").exists()
    finally:
        seat.close()


def test_cancel_through_the_relay_tells_the_seat_at_once(relay: LocalRelay, tmp_path: Path) -> None:
    game = HostedGame.new(
        lobby(), name="Kitchen", grace_s=30, save_path=tmp_path / "h.json", relay=relay.url, **FAST
    )
    assert game.invite_code is not None
    seat = internet.join(relay.url, game.invite_code, "Ann", retry_s=0.2)
    try:
        game.cancel()
        seen = errors_within(seat, 5.0)
        assert seen and seen[-1].fatal, [e.message for e in seen]
        assert "The host closed the game." in [e.message for e in seen]
    finally:
        seat.close()
