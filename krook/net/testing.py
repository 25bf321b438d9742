"""Loopback helpers shared by the tests, the benchmark and the selftest: bots sitting behind LAN clients."""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any

from krook.bots import BotContext, make_bot
from krook.session.base import ErrorEvent, GameOverEvent, SessionEvent, StatusEvent

from .framing import FrameDecoder, encode
from .remote_session import HostSession, RemoteSession


class ClientBot:
    """Plays one seat of a ``RemoteSession`` (or of the host's own ``HostSession``) with a bot: acts once per
    view version, says ready after each hand."""

    def __init__(self, session: RemoteSession | HostSession, strength: str = "random", seed: int = 0) -> None:
        self.session = session
        self.bot = make_bot(strength)
        self.rng = random.Random(seed)
        self.acted_version = -1
        self.ready_for = 0
        self.events: list[SessionEvent] = []
        self.errors: list[ErrorEvent] = []
        self.game_over = False

    @property
    def seat(self) -> int | None:
        """The seat played: a client's is the host's to give; the host's own screen plays its first human seat."""
        session = self.session
        if isinstance(session, RemoteSession):
            return session.seat
        return session.local_seats[0] if session.local_seats else None

    def step(self) -> None:
        events = self.session.update()
        self.events += events
        for event in events:
            if isinstance(event, ErrorEvent):
                self.errors.append(event)
                self.acted_version = -1  # an action may have been refused or lost with the link: try again
            if isinstance(event, StatusEvent) and event.seat == self.seat:
                self.acted_version = -1
            if isinstance(event, GameOverEvent):
                self.game_over = True
        seat = self.seat
        if seat is None or seat not in self.session.local_seats:
            return
        try:
            view = self.session.view(seat)
        except ValueError:
            return
        if view.winner is not None:
            self.game_over = True
            return
        if view.phase == "hand_over" and self.ready_for != view.hand_number:
            self.ready_for = view.hand_number
            self.session.next_hand()
        elif view.my_turn and view.version != self.acted_version:
            text = self.bot.choose(view, BotContext(self.rng, 0.2))
            if self.session.submit(seat, text) is None:
                self.acted_version = view.version


def drive(
    bots: Sequence[ClientBot], until: Callable[[], bool], timeout: float = 30.0, pause: float = 0.001
) -> bool:
    """Step every bot until ``until()`` is true; False if ``timeout`` ran out first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for bot in bots:
            bot.step()
        if until():
            return True
        time.sleep(pause)
    return False


def wait_for(cond: Callable[[], Any], timeout: float = 5.0, pause: float = 0.01) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(pause)
    return bool(cond())


class Raw:
    """A hand-driven client: send bytes, read frames, see whether the host closed the connection."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=3)
        self.decoder = FrameDecoder()
        self.frames: list[dict[str, Any]] = []
        self.closed = False

    def send(self, data: bytes | dict[str, Any]) -> None:
        self.sock.sendall(encode(data) if isinstance(data, dict) else data)

    def read(self, until: Callable[[dict[str, Any]], bool], timeout: float = 3.0) -> dict[str, Any] | None:
        """Read frames until one satisfies ``until``; None if the host closed first or time ran out."""
        deadline = time.monotonic() + timeout
        while True:
            for i, frame in enumerate(self.frames):
                if until(frame):
                    del self.frames[: i + 1]
                    return frame
            if self.closed or time.monotonic() > deadline:
                return None
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                data = b""
            if not data:
                self.closed = True
            else:
                self.frames += self.decoder.feed(data)

    def error(self, timeout: float = 3.0) -> dict[str, Any] | None:
        return self.read(lambda f: f.get("type") == "error", timeout)

    def wait_closed(self, timeout: float = 3.0) -> bool:
        self.read(lambda f: False, timeout)
        return self.closed

    def close(self) -> None:
        self.sock.close()
