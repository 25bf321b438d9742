"""Games across houses: the host and each seat reach a NATS relay outbound and talk through sealed channels.

The relay carries opaque payloads between subjects and is not trusted with anything: it sees a routing part,
random session ids, and sealed frames of a few fixed sizes (docs/INTERNET.md, *What the relay sees*).

Subjects (``P`` = ``krook.1``)::

    P.h.<ROUTE>.<sid>   guest -> host, a new seat: the invite code's routing part and the guest's session id
    P.r.<rid>.<sid>     guest -> host, a seat coming back: its resume id (from its seat token)
    P.g.<sid>           host -> guest

Payloads are one kind byte and its body: ``JOIN`` (SPAKE2 message), ``RESUME`` (SPAKE2 message),
``REPLY`` (host's SPAKE2 message and confirmation tag), ``CONFIRM`` (guest's tag), ``DATA`` (one sealed
frame, krook.net.sealed). The exchange uses the secret part of the invite code for a new seat, and a resume
secret derived from the seat token (which the guest got inside the sealed ``welcome``) for a seat coming
back, so a seat rejoins after a lost relay or a host restart without the code being typed again.

The host side is :class:`RelayHost` (it serves a running :class:`~krook.net.host.Host` through
``Host.add_peer``); the guest side is :func:`relay_dialer` (a ``Dialer`` for ``krook.net.client.Client``).
Everything runs on one asyncio loop thread per process (nats-py is asyncio), bounded everywhere: payload
sizes are checked before decryption, frames that fail to open are dropped and counted, each subscription's
queue and each peer's unsent frames are capped, and at most a few exchanges are pending at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import nats
from nats.aio.client import Client as Nats
from nats.aio.msg import Msg

from .framing import FrameError
from .join_error import JoinError
from .protocol import error
from .sealed import (
    CONFIRM_BYTES,
    MAX_SEALED,
    SPAKE_BYTES,
    GuestHandshake,
    HostHandshake,
    SealedChannel,
    SealError,
    resume_keys,
)
from .transport import Connection, ConnectionLost, Dialer

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("krook.net.relay")

PREFIX = "krook.1"
JOIN, RESUME, REPLY, CONFIRM, DATA = 1, 2, 3, 4, 5
MAX_PAYLOAD = 1 + MAX_SEALED  # the largest payload Krook sends; anything larger is dropped unread
ROUTE_LETTERS = "ACDEFGHJKLMNPQRTUVWXY34679"  # no look-alikes (as the LAN room code)
ROUTE_LENGTH, SECRET_DIGITS = 4, 6
MAX_FAILED = 3  # wrong guesses of one invite code before the host shows a new one
MAX_PENDING = 16  # exchanges waiting for their confirmation, at most (the oldest is dropped)
PENDING_S = 10.0  # an exchange not confirmed in this time is dropped (and, for a JOIN, counts as wrong)
JOINS_PER_S = 5.0  # exchanges for new seats answered per second, at most (each costs the host SPAKE2 work)
MAX_SESSIONS = 32  # sealed sessions open at once; past it the oldest that has not joined is closed
MAX_UNSENT = 512  # frames queued for one peer and not yet handed to the relay; past it the peer is dropped
SUB_PENDING_MSGS = 1024  # a subscription's queue in nats-py: past it the relay's messages are dropped
SUB_PENDING_BYTES = 8 * 1024 * 1024
GUEST_INBOX = 1024  # sealed frames a guest holds unread; past it the link is reset (and resynced)
_SID = re.compile(r"[0-9a-f]{32}")
_RID = re.compile(r"[0-9a-f]{32}")

T = TypeVar("T")


class RelayError(ConnectionError):
    """The relay cannot be used: ``code`` is ``no_relay`` (not reachable) or ``bad_code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# -- invite codes ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class InviteCode:
    """``K7QM-482-916``: ``route`` (the relay sees it) and ``secret`` (it never leaves the apps)."""

    route: str
    secret: str

    def __str__(self) -> str:
        return f"{self.route}-{self.secret[:3]}-{self.secret[3:]}"

    @classmethod
    def new(cls) -> InviteCode:
        route = "".join(secrets.choice(ROUTE_LETTERS) for _ in range(ROUTE_LENGTH))
        secret = "".join(secrets.choice("0123456789") for _ in range(SECRET_DIGITS))
        return cls(route, secret)

    @classmethod
    def parse(cls, text: str) -> InviteCode:
        """The code as typed: case, spaces and dashes do not matter; ``RelayError("bad_code")`` if malformed."""
        clean = "".join(ch for ch in str(text)[:64].upper() if ch not in " -\t")
        route, secret = clean[:ROUTE_LENGTH], clean[ROUTE_LENGTH:]
        if (
            len(route) != ROUTE_LENGTH
            or any(ch not in ROUTE_LETTERS for ch in route)
            or len(secret) != SECRET_DIGITS
            or not secret.isdigit()
            or not secret.isascii()
        ):
            raise RelayError("bad_code", "an invite code looks like K7QM-482-916: four letters, six digits")
        return cls(route, secret)


# -- the loop thread ----------------------------------------------------------------------------------------
class _Loop:
    """One asyncio loop on a daemon thread for every relay link of this process."""

    _instance: _Loop | None = None
    _lock = threading.Lock()

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="krook-relay", daemon=True)
        self.thread.start()

    @classmethod
    def get(cls) -> _Loop:
        with cls._lock:
            if cls._instance is None:
                cls._instance = _Loop()
            return cls._instance

    def run(self, coro: Coroutine[Any, Any, T], timeout: float) -> T:
        """Run ``coro`` on the loop and wait for it (from another thread)."""
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            return future.result(timeout)
        except TimeoutError:
            future.cancel()
            raise

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the process is ending
            self.loop.call_soon_threadsafe(fn, *args)


async def _connect(url: str, timeout: float, *, reconnect: bool, **callbacks: Any) -> Nats:
    async def on_error(exc: Exception) -> None:
        log.debug("relay %s: %s", url, exc)

    try:
        return await nats.connect(
            servers=[url],
            name="krook",
            connect_timeout=max(0.5, timeout),
            allow_reconnect=reconnect,
            max_reconnect_attempts=-1 if reconnect else 0,
            reconnect_time_wait=0.5,
            ping_interval=10,
            max_outstanding_pings=3,
            error_cb=on_error,
            **callbacks,
        )
    except Exception as exc:
        raise RelayError(
            "no_relay", f"cannot reach the relay at {url}: {exc or type(exc).__name__}"
        ) from None


def _sid_of(subject: str) -> tuple[str, str] | None:
    """(routing part or resume id, session id) from ``P.h.ROUTE.sid`` / ``P.r.rid.sid``; None if malformed."""
    parts = subject.split(".")
    if len(parts) != 5 or not _SID.fullmatch(parts[4]):
        return None
    return parts[3], parts[4]


# -- the host side ----------------------------------------------------------------------------------------------
@dataclass
class _Pending:
    handshake: HostHandshake
    kind: int
    created: float
    in_subject: str


@dataclass
class _Session:
    channel: SealedChannel
    out_subject: str
    conn_id: int = -1
    created: float = field(default_factory=time.monotonic)
    unsent: int = 0
    closed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class _RelayPeer:
    """One sealed session as the host sees it (``transport.Peer``)."""

    def __init__(self, relay: RelayHost, sid: str, session: _Session) -> None:
        self._relay, self._sid, self._session = relay, sid, session

    @property
    def address(self) -> str:
        return f"relay:{self._sid[:8]}"

    def send(self, body: bytes) -> bool:
        return self._relay._send(self._session, body)

    def close(self) -> None:
        self._relay._close_session(self._sid, self._session)


@dataclass
class RelayStats:
    """What the relay endpoint has seen; the screens and tests read it."""

    refused: int = 0  # payloads dropped: too large, malformed, failing to open, of an unknown session
    wrong_codes: int = 0  # exchanges for a new seat that were not confirmed (a wrong code, or abandoned)
    rotations: int = 0  # times the invite code was replaced after MAX_FAILED wrong guesses
    gaps: int = 0  # sessions reset because frames were lost on the relay
    sessions: int = 0  # sealed sessions confirmed


class RelayHost:
    """Serves a running :class:`Host`'s ``lan`` seats through a relay. ``start()`` connects (raising
    :class:`RelayError` when the relay cannot be reached) and makes the first invite code; ``code`` is the code
    to show now and ``on_code`` is called (on the relay thread) with each new one. ``connected`` says whether
    the relay is reachable right now (nats-py reconnects by itself)."""

    def __init__(
        self,
        host: Host,
        url: str,
        *,
        on_code: Callable[[InviteCode], None] | None = None,
        code: InviteCode | None = None,
        joins_per_s: float = JOINS_PER_S,
    ) -> None:
        self.host, self.url = host, url
        self.on_code = on_code
        self.stats = RelayStats()
        self._code = code or InviteCode.new()
        self._attempts_left = MAX_FAILED
        self._joins_per_s = joins_per_s
        self._allowance = joins_per_s
        self._allowance_at = time.monotonic()
        self._pending: dict[str, _Pending] = {}
        self._sessions: dict[str, _Session] = {}
        self._resume: dict[str, tuple[int, bytes]] = {}
        self._loop = _Loop.get()
        self._nc: Nats | None = None
        self._route_sub: Any = None
        self._out: asyncio.Queue[tuple[str, bytes | None, str]] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.connected = False
        self._lock = threading.Lock()  # guards _code for readers on other threads

    @property
    def code(self) -> InviteCode:
        with self._lock:
            return self._code

    def start(self, timeout: float = 5.0) -> RelayHost:
        self._loop.run(self._start(timeout), timeout + 1)
        return self

    def stop(self) -> None:
        if self._nc is not None:
            with contextlib.suppress(Exception):
                self._loop.run(self._stop(), 5)
        self.connected = False

    # -- on the loop ------------------------------------------------------------------------------------------
    async def _start(self, timeout: float) -> None:
        async def down() -> None:
            self.connected = False
            log.info("relay %s lost; retrying", self.url)

        async def up() -> None:
            self.connected = True
            log.info("relay %s back", self.url)

        self._nc = await _connect(self.url, timeout, reconnect=True, disconnected_cb=down, reconnected_cb=up)
        self.connected = True
        self._out = asyncio.Queue()
        self._tasks = [
            asyncio.ensure_future(self._writer()),
            asyncio.ensure_future(self._sweeper()),
        ]
        with self.host.lock:
            tokens = dict(self.host.protocol.tokens)
        for seat, token in tokens.items():
            rid, secret = resume_keys(token)
            self._resume[rid] = (seat, secret)
            await self._nc.subscribe(
                f"{PREFIX}.r.{rid}.*",
                cb=self._on_message,
                pending_msgs_limit=SUB_PENDING_MSGS,
                pending_bytes_limit=SUB_PENDING_BYTES,
            )
        await self._subscribe_route()
        await self._nc.flush()
        if self.on_code is not None:
            self.on_code(self._code)

    async def _subscribe_route(self) -> None:
        assert self._nc is not None
        if self._route_sub is not None:
            with contextlib.suppress(Exception):
                await self._route_sub.unsubscribe()
        self._route_sub = await self._nc.subscribe(
            f"{PREFIX}.h.{self._code.route}.*",
            cb=self._on_message,
            pending_msgs_limit=SUB_PENDING_MSGS,
            pending_bytes_limit=SUB_PENDING_BYTES,
        )

    async def _stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._out is not None:
            while not self._out.empty():  # what the host said last (its "shutdown") still goes out
                subject, payload, _ = self._out.get_nowait()
                if payload is not None and self._nc is not None:
                    with contextlib.suppress(Exception):
                        await self._nc.publish(subject, payload)
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.flush(timeout=2)
            with contextlib.suppress(Exception):
                await self._nc.close()

    async def _writer(self) -> None:
        assert self._out is not None and self._nc is not None
        while True:
            subject, payload, sid = await self._out.get()
            if payload is None:  # a closed session: everything before it has gone out
                self._sessions.pop(sid, None)
                continue
            session = self._sessions.get(sid)
            if session is not None:
                session.unsent -= 1
            try:
                await self._nc.publish(subject, payload)
            except Exception as exc:  # the relay is down: nats-py buffers or refuses; the seat resyncs
                log.debug("relay publish failed: %s", exc)

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self._expire(time.monotonic())

    def _expire(self, now: float) -> None:
        for sid, pending in list(self._pending.items()):
            if now - pending.created > PENDING_S:
                del self._pending[sid]
                if pending.kind == JOIN:
                    self._failed()

    def _failed(self) -> None:
        """One exchange for a new seat ended without a confirmation: a wrong guess (or an abandoned one)."""
        self.stats.wrong_codes += 1
        if self._attempts_left <= 0 and not any(p.kind == JOIN for p in self._pending.values()):
            self._rotate()

    def _rotate(self) -> None:
        with self._lock:
            self._code = InviteCode.new()
        self._attempts_left = MAX_FAILED
        self.stats.rotations += 1
        log.warning("the invite code was guessed wrong %d times: it is now a new one", MAX_FAILED)
        self._tasks.append(asyncio.ensure_future(self._subscribe_route()))
        if self.on_code is not None:
            self.on_code(self._code)

    def _publish(self, subject: str, payload: bytes, sid: str = "") -> None:
        assert self._out is not None
        self._out.put_nowait((subject, payload, sid))

    async def _on_message(self, msg: Msg) -> None:
        try:
            self._handle(msg.subject, msg.data)
        except Exception:  # whatever the relay sends can at worst be dropped
            log.exception("relay message on %s could not be handled; dropped", msg.subject)
            self.stats.refused += 1

    def _handle(self, subject: str, data: bytes) -> None:
        ids = _sid_of(subject)
        if ids is None or not data or len(data) > MAX_PAYLOAD:
            self.stats.refused += 1
            return
        key, sid = ids
        kind, body = data[0], data[1:]
        is_route = subject.startswith(f"{PREFIX}.h.")
        if kind == DATA:
            self._data(sid, body)
        elif kind == JOIN and is_route:
            self._join(key, sid, body, subject)
        elif kind == RESUME and not is_route:
            self._resume_start(key, sid, body, subject)
        elif kind == CONFIRM:
            self._confirm(sid, body, subject)
        else:
            self.stats.refused += 1

    def _room_for_pending(self) -> None:
        while len(self._pending) >= MAX_PENDING:
            oldest = min(self._pending, key=lambda s: self._pending[s].created)
            dropped = self._pending.pop(oldest)
            if dropped.kind == JOIN:
                self._failed()

    def _join(self, route: str, sid: str, body: bytes, subject: str) -> None:
        now = time.monotonic()
        self._allowance = min(
            self._joins_per_s, self._allowance + (now - self._allowance_at) * self._joins_per_s
        )
        self._allowance_at = now
        if (
            route != self._code.route
            or sid in self._pending
            or sid in self._sessions
            or self._attempts_left <= 0
            or self._allowance < 1.0
            or len(body) != SPAKE_BYTES
        ):
            self.stats.refused += 1
            return
        self._allowance -= 1.0
        self._room_for_pending()
        handshake = HostHandshake(self._code.secret.encode("ascii"), f"relay|{route}|{sid}".encode())
        try:
            host_msg, tag = handshake.answer(body)
        except SealError:
            self.stats.refused += 1
            return
        self._attempts_left -= 1  # a guess, until it is confirmed
        self._pending[sid] = _Pending(handshake, JOIN, now, subject)
        self._publish(f"{PREFIX}.g.{sid}", bytes([REPLY]) + host_msg + tag)

    def _resume_start(self, rid: str, sid: str, body: bytes, subject: str) -> None:
        entry = self._resume.get(rid) if _RID.fullmatch(rid) else None
        if entry is None or sid in self._pending or sid in self._sessions or len(body) != SPAKE_BYTES:
            self.stats.refused += 1
            return
        if sum(1 for p in self._pending.values() if p.in_subject.split(".")[3] == rid) >= 2:
            self.stats.refused += 1
            return
        self._room_for_pending()
        handshake = HostHandshake(entry[1], f"relay|{rid}|{sid}".encode())
        try:
            host_msg, tag = handshake.answer(body)
        except SealError:
            self.stats.refused += 1
            return
        self._pending[sid] = _Pending(handshake, RESUME, time.monotonic(), subject)
        self._publish(f"{PREFIX}.g.{sid}", bytes([REPLY]) + host_msg + tag)

    def _confirm(self, sid: str, body: bytes, subject: str) -> None:
        pending = self._pending.get(sid)
        if pending is None or pending.in_subject != subject or len(body) != CONFIRM_BYTES:
            self.stats.refused += 1
            return
        del self._pending[sid]
        try:
            channel = pending.handshake.confirm(body)
        except SealError:
            self.stats.refused += 1
            if pending.kind == JOIN:
                self._failed()
            return
        if pending.kind == JOIN:
            self._attempts_left += 1  # not a wrong guess after all
        if len(self._sessions) >= MAX_SESSIONS:
            self._evict_session()
        session = _Session(channel, f"{PREFIX}.g.{sid}")
        self._sessions[sid] = session
        self.stats.sessions += 1
        session.conn_id = self.host.add_peer(_RelayPeer(self, sid, session), vouched=True)

    def _evict_session(self) -> None:
        with self.host.lock:
            joined = {c for c, conn in self.host.protocol.conns.items() if conn.joined}
        idle = [(s.created, sid) for sid, s in self._sessions.items() if s.conn_id not in joined]
        victim = min(idle)[1] if idle else min((s.created, sid) for sid, s in self._sessions.items())[1]
        session = self._sessions.pop(victim)
        session.closed = True
        self.host.peer_closed(session.conn_id, "closed to make room: too many relay sessions")

    def _data(self, sid: str, body: bytes) -> None:
        session = self._sessions.get(sid)
        if session is None or session.closed:
            self.stats.refused += 1
            return
        gaps = session.channel.gaps
        try:
            message = session.channel.open_message(body)
        except SealError:
            self.stats.refused += 1
            return
        except FrameError as exc:
            self.host.peer_frame_error(session.conn_id, str(exc))
            return
        if session.channel.gaps != gaps:
            # frames from the seat were lost on the relay: reset the seat, which rejoins and is resynced
            self.stats.gaps += 1
            self._send(session, _encode(error("timeout", "frames were lost on the relay: rejoin")))
            self.host.peer_closed(session.conn_id, "frames lost on the relay")
            self._close_session(sid, session)
            return
        if message.get("type") == "_close":
            self.host.peer_closed(session.conn_id, "closed by the client")
            self._close_session(sid, session)
            return
        self.host.peer_messages(session.conn_id, [message])

    # -- from the host's threads -----------------------------------------------------------------------------
    def _send(self, session: _Session, body: bytes) -> bool:
        with session.lock:
            if session.closed:
                return True  # gone already: the host drops it on its own
            if session.unsent >= MAX_UNSENT:
                return False
            session.unsent += 1
            try:
                frame = bytes([DATA]) + session.channel.seal(body)
            except FrameError:
                session.unsent -= 1
                return False
            sid = session.out_subject.rsplit(".", 1)[1]
            self._loop.call(self._publish, session.out_subject, frame, sid)  # FIFO: counters stay in order
        return True

    def _close_session(self, sid: str, session: _Session) -> None:
        with session.lock:
            if session.closed:
                return
            session.closed = True
        self._loop.call(self._enqueue_close, sid)

    def _enqueue_close(self, sid: str) -> None:
        if self._out is not None:
            self._out.put_nowait(("", None, sid))


def _encode(message: dict[str, Any]) -> bytes:
    from .framing import encode

    return encode(message)[4:]


# -- the guest side ----------------------------------------------------------------------------------------------
class RelayConnection:
    """A client's sealed link through the relay (``transport.Connection``)."""

    def __init__(self, loop: _Loop, nc: Nats, inbox: queue.Queue[bytes | None], out_subject: str) -> None:
        self._loop, self._nc, self._inbox = loop, nc, inbox
        self._out_subject = out_subject
        self.channel: SealedChannel | None = None
        self._lock = threading.Lock()
        self._lost: str | None = None
        self.refused = 0

    def lose(self, reason: str) -> None:
        self._lost = self._lost or reason
        with contextlib.suppress(queue.Full):
            self._inbox.put_nowait(None)

    def publish(self, payload: bytes) -> None:
        async def go() -> None:
            with contextlib.suppress(Exception):
                await self._nc.publish(self._out_subject, payload)

        self._loop.call(asyncio.ensure_future, go())

    def send(self, message: dict[str, Any]) -> bool:
        if self._lost is not None or self.channel is None:
            return False
        with self._lock:  # sealed and handed to the loop in one order
            try:
                frame = bytes([DATA]) + self.channel.seal_message(message)
            except FrameError:
                return False
            self.publish(frame)
        return True

    def receive(self, timeout: float) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        assert self.channel is not None
        while True:
            if self._lost is not None:
                raise ConnectionLost(self._lost)
            try:
                data = self._inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return []
            if data is None:
                continue
            if len(data) > MAX_PAYLOAD or data[:1] != bytes([DATA]):
                self.refused += 1
                continue
            gaps = self.channel.gaps
            try:
                message = self.channel.open_message(data[1:])
            except SealError:
                self.refused += 1
                continue
            except FrameError as exc:
                raise ConnectionLost(f"the host sent a bad frame: {exc}") from None
            if self.channel.gaps != gaps:
                # the relay lost frames from the host: rejoin, and the host's welcome resyncs this seat
                self.lose("frames were lost on the relay; resyncing")
                raise ConnectionLost(self._lost or "")
            return [message]

    def interrupt(self) -> None:
        self.lose("closed here")

    def close(self) -> None:
        if self.channel is not None and self._lost is None:
            self.send({"type": "_close"})
        self.lose("closed here")
        nc = self._nc

        async def shut() -> None:
            with contextlib.suppress(Exception):
                await nc.flush(timeout=1)
            with contextlib.suppress(Exception):
                await nc.close()

        with contextlib.suppress(Exception):
            self._loop.run(shut(), 3)


def relay_dialer(url: str, code: InviteCode | str) -> Dialer:
    """A ``Dialer`` that joins through the relay: with the invite code for a new seat, and with the seat's
    resume secret (from its token) when the client holds a token."""
    invite = code if isinstance(code, InviteCode) else InviteCode.parse(code)

    def dial(timeout: float, token: str | None = None) -> Connection:
        return _dial(url, invite, token, timeout)

    return dial


def _dial(url: str, invite: InviteCode, token: str | None, timeout: float) -> Connection:
    loop = _Loop.get()
    deadline = time.monotonic() + timeout
    inbox: queue.Queue[bytes | None] = queue.Queue(maxsize=GUEST_INBOX)
    holder: list[RelayConnection] = []

    async def on_message(msg: Msg) -> None:
        try:
            inbox.put_nowait(msg.data)
        except queue.Full:  # a flood: the link is reset rather than grown
            if holder:
                holder[0].lose("too much arrived from the relay at once")

    async def on_closed() -> None:
        if holder:
            holder[0].lose("the relay connection closed")

    async def on_down() -> None:
        if holder:
            holder[0].lose("lost the relay")

    sid = secrets.token_hex(16)
    if token:
        rid, secret = resume_keys(token)
        out_subject, kind, context = f"{PREFIX}.r.{rid}.{sid}", RESUME, f"relay|{rid}|{sid}"
    else:
        secret = invite.secret.encode("ascii")
        out_subject, kind = f"{PREFIX}.h.{invite.route}.{sid}", JOIN
        context = f"relay|{invite.route}|{sid}"
    handshake = GuestHandshake(secret, context.encode())

    async def open_link() -> Nats:
        nc = await _connect(url, timeout, reconnect=False, closed_cb=on_closed, disconnected_cb=on_down)
        await nc.subscribe(
            f"{PREFIX}.g.{sid}",
            cb=on_message,
            pending_msgs_limit=SUB_PENDING_MSGS,
            pending_bytes_limit=SUB_PENDING_BYTES,
        )
        await nc.flush()
        await nc.publish(out_subject, bytes([kind]) + handshake.start())
        await nc.flush()
        return nc

    try:
        nc = loop.run(open_link(), timeout + 1)
    except RelayError as exc:
        raise JoinError("unreachable", exc.message) from None
    except Exception as exc:
        raise JoinError("unreachable", f"cannot reach the relay at {url}: {exc}") from None
    conn = RelayConnection(loop, nc, inbox, out_subject)
    holder.append(conn)
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or conn._lost is not None:
                what = "the game" if not token else "your seat's host"
                raise JoinError(
                    "no_host" if conn._lost is None else "unreachable",
                    f"no answer from {what} through the relay"
                    if conn._lost is None
                    else f"lost the relay during the exchange ({conn._lost})",
                )
            try:
                data = inbox.get(timeout=left)
            except queue.Empty:
                continue
            if data is None or len(data) != 1 + SPAKE_BYTES + CONFIRM_BYTES or data[0] != REPLY:
                continue
            try:
                channel, tag = handshake.finish(data[1 : 1 + SPAKE_BYTES], data[1 + SPAKE_BYTES :])
            except SealError as exc:
                if exc.kind == "confirm":
                    # an honest guest says so at once (a failing tag), so the host counts the wrong code now;
                    # a guesser who stays silent is counted when the exchange expires
                    conn.publish(bytes([CONFIRM]) + bytes(CONFIRM_BYTES))
                    raise JoinError("wrong_code", "that invite code is not this game's") from None
                continue
            conn.channel = channel
            conn.publish(bytes([CONFIRM]) + tag)
            return conn
    except JoinError:
        conn.close()
        raise


def run_async(coro: Awaitable[T], timeout: float) -> T:  # for tests: run a coroutine on the relay loop
    async def wrap() -> T:
        return await coro

    return _Loop.get().run(wrap(), timeout)


__all__ = [
    "InviteCode",
    "RelayConnection",
    "RelayError",
    "RelayHost",
    "RelayStats",
    "relay_dialer",
    "resume_keys",
]
