"""Loopback helpers shared by the tests, the benchmark and the selftest: bots sitting behind LAN clients."""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any

from krook.bots import BotContext, make_bot
from krook.session.base import ErrorEvent, GameOverEvent, SessionEvent, StatusEvent

from .framing import MAX_FRAME, FrameDecoder, FrameError, encode
from .remote_session import HostSession, RemoteSession
from .sealed import SealedChannel
from .sealed_lan import WrongSecret, client_seal, sealed_frame


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
    """A hand-driven client: send bytes, read frames, see whether the host closed the connection.

    It seals the connection (protocol 4, ``krook.net.sealed_lan``) before the first thing it sends, with the
    token or room code of the hello it sends (or none), so what a test sends reaches the host inside the
    sealed channel: a message is sealed, and bytes that hold whole frames have each frame sealed (any other
    bytes, junk or a part of a frame, go as they are). ``seal=False`` talks in the clear, as an old client.
    """

    def __init__(self, port: int, *, seal: bool = True) -> None:
        self.port = port
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=3)
        self.decoder = FrameDecoder()
        self.frames: list[dict[str, Any]] = []
        self.closed = False
        self.seal = seal
        self.channel: SealedChannel | None = None

    def _sealed(self, hello: dict[str, Any]) -> None:
        if not self.seal or self.channel is not None:
            return
        self.seal = False  # one exchange per connection, whatever comes of it
        token = hello.get("token") if hello.get("type") == "hello" else None
        password = hello.get("password") if hello.get("type") == "hello" else None
        token = token if isinstance(token, str) and token else None
        password = password if isinstance(password, str) and password else None
        try:
            channel, decoder, frames = client_seal(self.sock, password, token, 3.0)
        except WrongSecret:
            return  # the host's answer (a wrong code) comes in the clear: read() finds it
        except (OSError, FrameError):
            self.closed = True
            return
        if channel is None and frames and frames[0].get("code") == "no_code":
            self.sock.close()
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=3)
            channel, decoder, frames = client_seal(self.sock, None, token, 3.0)
        if channel is None:
            self.frames += frames
            return
        self.channel, self.decoder = channel, decoder

    def send(self, data: bytes | dict[str, Any]) -> None:
        if isinstance(data, dict):
            self._sealed(data)
            frame = encode(data)
            self.sock.sendall(sealed_frame(self.channel, frame) if self.channel is not None else frame)
            return
        if not self.seal and self.channel is None:
            self.sock.sendall(data)
            return
        frames: list[bytes] = []
        rest = data
        while len(rest) >= 4:
            length = int.from_bytes(rest[:4], "big")
            if not 0 < length <= MAX_FRAME or len(rest) < 4 + length:
                break
            frames.append(rest[: 4 + length])
            rest = rest[4 + length :]
        first: dict[str, Any] = {}
        if frames:
            try:
                first = json.loads(frames[0][4:].decode("utf-8", "surrogatepass"))
            except ValueError:
                first = {}
        self._sealed(first if isinstance(first, dict) else {})
        out = b"".join(sealed_frame(self.channel, f) if self.channel is not None else f for f in frames)
        self.sock.sendall(out + rest)

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
