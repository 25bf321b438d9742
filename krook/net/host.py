"""The LAN host: a TCP server on its own thread that runs :class:`HostProtocol` over real sockets.

One thread owns the sockets (``selectors``); a second thread runs the bots; a third writes the full
autosave. Everything that touches the protocol object holds ``Host.lock``, so the host's own screen (a
:class:`HostSession`) can play its human seats from the pygame thread. Messages for that screen go through a
``queue.Queue``, never a socket.

What one connection sends can at worst close that connection: every value is checked, output per
connection is capped, and an error while serving one connection drops that connection only. Every change
to the game is synced to the journal before any message about it is queued (docs/LAN.md: after a crash).
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from krook import __version__ as APP_VERSION
from krook.bots import Bot, make_bot
from krook.rules import (
    IllegalActionError,
    KrookError,
    Match,
    Phase,
    SeatView,
    get_preset,
    match_from_record,
)
from krook.session.bot_runner import BotRunner

from . import discovery
from .framing import FrameDecoder, FrameError, encode
from .journal import Replayed, journal_path, read_journal, replay_journal
from .persistence import SAVE_KIND, SAVE_VERSION, HostStore
from .protocol import (
    BOT,
    HUMAN,
    LAN,
    PROTOCOL_VERSION,
    HostProtocol,
    Out,
    clip,
    error,
    parse_seats,
    room_code_problem,
)
from .sealed import MAX_SEALED, SPAKE_BYTES, HostHandshake, SealedChannel, SealError, resume_keys
from .sealed_lan import CONFIRM, SEAL, SEALED, b64, code_secret, sealed_frame, unb64
from .sealed_lan import context as lan_context
from .sealed_lan import opener as lan_opener
from .transport import Peer

if TYPE_CHECKING:
    from .remote_session import HostSession

log = logging.getLogger("krook.net.host")

DEFAULT_PORT = 47470
LOCAL = "local"  # the conn id of the host's own screen

# Limits (docs/PROTOCOL.md, "Limits"): each bounds what one peer can make the host hold or do.
MAX_OUTBUF = 1024 * 1024  # bytes queued for one connection; a peer that does not read is dropped past it
SEND_BUFFER_BYTES = 256 * 1024  # the kernel's send buffer per connection (it would grow to megabytes)
MAX_PER_ADDRESS = 16  # open connections from one IP address
MAX_CONNECTIONS = 256  # open connections in all; past it the oldest one not yet joined is closed
ACCEPT_BATCH = 64  # connections accepted per wake-up: a burst is taken at once, not one per loop
BACKLOG = 128
CLOSE_GRACE_S = 2.0  # time a connection has to read its last (fatal) error before it is cut
# Room-code guessing (docs/PROTOCOL.md, "Limits"): per address, a few free tries, then a doubling wait, then
# a lockout. A hello that comes before its wait is over is refused without testing the code.
GUESSES_FREE = 3
GUESS_DELAY_S = 1.0
GUESS_DELAY_MAX_S = 30.0
LOCKOUT_AFTER = 10
LOCKOUT_S = 300.0
MAX_GUESSERS = 4096  # addresses remembered; the one heard from longest ago is forgotten first


@dataclass
class _Guesser:
    failed: int = 0
    next_try: float = 0.0
    last: float = 0.0


@dataclass
class _Link:
    sock: socket.socket | None  # None for a peer (relay, memory): ``conduit`` carries its messages
    peer: str
    address: str
    opened: float
    heard: float  # when the last complete frame arrived: bytes trickling in do not count
    decoder: FrameDecoder = field(default_factory=FrameDecoder)
    outbuf: bytearray = field(default_factory=bytearray)
    joined: bool = False
    closing_at: float | None = None  # set once a fatal error is queued: close when flushed or at this time
    conduit: Peer | None = None
    seal: tuple[HostHandshake, str] | None = None  # the exchange under way (its kind: code, resume, open)
    channel: SealedChannel | None = None  # once sealed: every frame both ways


@dataclass(frozen=True)
class HostSnapshot:
    """What the host's screens show, copied out under the lock: they never read the protocol object."""

    name: str
    port: int
    players: tuple[str, ...]
    statuses: tuple[str, ...]
    kinds: tuple[str, ...]
    started: bool
    grace_s: float
    password: str | None
    waiting_for_ready: tuple[int, ...]
    open_seats: int
    game_over: bool
    failed: str | None

    @property
    def human_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]


class Host:
    """A LAN game host. ``start()`` binds and runs it on a thread; ``stop()`` ends it and closes every socket.

    ``seats`` is one entry per seat: ``"lan"`` (a player on another computer), ``"human"`` (a player at
    this computer, through :meth:`local_session`) or ``"bot:STRENGTH"``.
    """

    def __init__(
        self,
        match: Match,
        seats: list[str] | str,
        *,
        name: str = "Krook game",
        bind: str = "",
        port: int = DEFAULT_PORT,
        grace_s: float = 60.0,
        save_path: str | Path | None = None,
        tokens: dict[int, str] | None = None,
        started: bool = False,
        claimed: set[int] | None = None,
        ready: set[int] | None = None,
        journal_last: int = 0,
        password: str | None = None,
        discovery_port: int | None = discovery.DISCOVERY_PORT,
        hello_timeout: float = 5.0,
        idle_timeout: float = 30.0,
        bot_delay: float = 0.4,
        bot_budget: float = 1.0,
        standin_bot: str = "medium",
        max_outbuf: int = MAX_OUTBUF,
        max_per_address: int = MAX_PER_ADDRESS,
        max_connections: int = MAX_CONNECTIONS,
        bot_factory: Callable[[str], Bot] = make_bot,
    ) -> None:
        parse_seats([f"bot:{standin_bot}"])  # an unknown strength is an error now, not a silent fallback
        self.name = name
        self.bind, self.port = bind, port
        self.save_path = Path(save_path) if save_path else None
        self.discovery_port = discovery_port
        self.hello_timeout, self.idle_timeout = hello_timeout, idle_timeout
        self.bot_delay, self.bot_budget = bot_delay, bot_budget
        self.max_outbuf, self.max_per_address = max_outbuf, max_per_address
        self.max_connections = max_connections
        self.protocol = HostProtocol(
            match,
            parse_seats(seats),
            grace_s=grace_s,
            tokens=tokens,
            started=started,
            claimed=claimed,
            ready=ready,
            password=password,
            standin_bot=standin_bot,
        )
        # each LAN seat's resume id -> its resume secret: a seat coming back seals with its token
        self._lan_resume = dict(resume_keys(t) for t in self.protocol.tokens.values())
        self.lock = threading.RLock()
        self._links: dict[int, _Link] = {}
        self._per_address: dict[str, int] = {}
        self._guessers: dict[str, _Guesser] = {}
        self.guesses_refused = 0  # hellos refused unread because their address must wait
        self._next_id = 1
        self._sel: selectors.BaseSelector | None = None
        self._listener: socket.socket | None = None
        self._udp: socket.socket | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self.bot_factory = bot_factory
        self._bots: BotRunner | None = None  # started with the host: the shared bot runner
        self._local_queue: queue.Queue[dict[str, Any]] | None = None
        self._running = False
        self._dirty = True
        # the journal and the autosave (krook.net.persistence), when the game is saved
        self.store = HostStore(self.save_path, self.lock, journal_last) if self.save_path else None
        self._snapshot: HostSnapshot | None = None
        self.failed: str | None = None  # why the host thread stopped, when it did not stop by itself
        self.sent_total = 0  # bytes queued to every connection so far
        self.largest_frame = 0  # the largest frame sent, in bytes
        self.on_send: Callable[[Hashable, dict[str, Any], bytes], None] | None = None  # test hook

    # -- building ---------------------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        seats: list[str] | str,
        *,
        preset: str = "kentucky-discard",
        seed: int | None = None,
        host_name: str = "Host",
        target: int | None = None,
        **kwargs: Any,
    ) -> Host:
        from krook.rules.settings import from_overrides

        kinds = parse_seats(seats)
        password = kwargs.get("password")
        if password is not None and room_code_problem(password) is not None:
            raise ValueError(
                room_code_problem(password)
            )  # a new game's code set by hand must resist guessing
        rules = get_preset(preset).rules
        if target is not None:
            rules = from_overrides(rules, {"target": target})  # RulesError (a ValueError) when out of range
        players = []
        for i, kind in enumerate(kinds):
            if kind == LAN:
                players.append(f"Open seat {i + 1}")
            elif kind == HUMAN:
                players.append(host_name if kinds.count(HUMAN) == 1 else f"{host_name} {i + 1}")
            else:
                players.append(f"Bot {i + 1} ({kind.partition(':')[2]})")
        match = Match(rules, players, seed=seed, preset=preset)
        return cls(match, kinds, **kwargs)

    @classmethod
    def resume(cls, save_path: str | Path, **kwargs: Any) -> Host:
        """Rebuild a host from its autosave and journal: the same game up to its last confirmed change, the
        same seats, tokens, name, grace period, port and room code; players rejoin with their tokens."""
        from krook import storage

        save_path = Path(save_path)
        data = storage.load_json(save_path, SAVE_KIND, SAVE_VERSION)
        try:
            match = match_from_record(data["record"])
            tokens = {int(k): str(v) for k, v in data["tokens"].items()}
            seats = parse_seats(data["seats"])
            started = bool(data["started"])
            claimed = {int(s) for s in data.get("claimed", tokens if started else ())}
            ready = {int(s) for s in data.get("ready", ())}
        except (KrookError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise storage.CorruptFileError(
                f"the hosted game cannot be rebuilt: {exc}", save_path, None
            ) from exc
        last = data.get("journal", 0)
        state = replay_journal(
            match,
            read_journal(journal_path(save_path)),
            Replayed(started, claimed, ready, last=last if type(last) is int and last >= 0 else 0),
        )
        if state.applied:
            log.info("replayed %d changes from the journal", state.applied)
        for key, default in (
            ("name", "Krook game"),
            ("grace_s", 60.0),
            ("port", DEFAULT_PORT),
            ("password", None),
        ):
            if kwargs.get(key) is None:
                kwargs[key] = data.get(key, default)
        return cls(
            match,
            seats,
            save_path=save_path,
            tokens=tokens,
            started=state.started,
            claimed=state.claimed,
            ready=state.ready,
            journal_last=state.last,
            **kwargs,
        )

    # -- running ------------------------------------------------------------------------------------------
    @property
    def address(self) -> tuple[str, int]:
        assert self._listener is not None, "the host is not started"
        host, port = self._listener.getsockname()[:2]
        return host, port

    @property
    def running(self) -> bool:
        return self._running

    def start(self) -> Host:
        sel = selectors.DefaultSelector()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((self.bind, self.port))
            listener.listen(BACKLOG)
            listener.setblocking(False)
        except OSError:
            listener.close()
            sel.close()
            raise
        self._sel, self._listener = sel, listener
        self.port = self.address[1]  # a port of 0 picked one: a restart listens on the same
        if self.store is not None:
            try:
                # The tokens must be on disk before anyone is welcomed with one; then the journal starts.
                self.store.open(self._save_data())
            except OSError:
                listener.close()
                sel.close()
                raise
            self.protocol.journal = self._journal_change
        sel.register(listener, selectors.EVENT_READ, "listen")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        if self.discovery_port is not None:
            try:
                self._udp = discovery.responder_socket(self.discovery_port)
                sel.register(self._udp, selectors.EVENT_READ, "udp")
            except OSError as exc:
                log.warning("discovery is off: cannot listen on UDP port %s (%s)", self.discovery_port, exc)
                self._udp = None
        self._running = True
        self._bots = BotRunner(
            self.protocol.match.seed,
            budget=self.bot_budget,
            delay=self.bot_delay,
            factory=self.bot_factory,
            on_done=self._wake,
        )
        self._thread = threading.Thread(target=self._run, name="krook-host", daemon=True)
        self._thread.start()
        log.info(
            "hosting %r on port %s (protocol %s); seats: %s",
            self.name,
            self.address[1],
            PROTOCOL_VERSION,
            ", ".join(self.protocol.seats),
        )
        return self

    def stop(self) -> None:
        """Tell every client the host is stopping, save, and close every socket; safe to call twice."""
        with self.lock:
            if self._thread is None:
                return
            self._dispatch(self.protocol.shutdown())  # nothing is dealt from here on
            for link in self._links.values():
                if link.sock is None:
                    continue
                with contextlib.suppress(OSError):
                    link.sock.setblocking(True)
                    link.sock.settimeout(0.5)
                    link.sock.sendall(bytes(link.outbuf))
                link.outbuf.clear()
            self._running = False
        self._wake()
        thread, self._thread = self._thread, None
        if thread is not threading.current_thread():
            thread.join(5)
        if self._bots is not None:
            self._bots.close()
        if self.store is not None:
            with self.lock:
                data = self._save_data()
            self.store.close(data)
        log.info("host stopped")

    def __enter__(self) -> Host:
        return self.start() if not self._running else self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the host's own screen ----------------------------------------------------------------------------
    def local_session(self, name: str = "Host") -> HostSession:
        from .remote_session import HostSession

        self._local_queue = queue.Queue()
        session = HostSession(self, self._local_queue)
        with self.lock:
            self._dispatch(self.protocol.attach_local(LOCAL, name))
        session._pump()
        return session

    def submit_local(self, seat: int, text: str) -> str | None:
        """Apply an action for one of the host's human seats; returns the reason it is illegal, or None."""
        with self.lock:
            if not 0 <= seat < len(self.protocol.seats) or self.protocol.seats[seat] != HUMAN:
                return f"seat {seat} is not played at this computer"
            try:
                self._dispatch(self.protocol.apply_action(seat, text))
            except IllegalActionError as exc:
                return exc.reason
            except KrookError as exc:
                return str(exc)
            self._dirty = True
        self._wake()
        return None

    def local_ready(self) -> None:
        with self.lock:
            seats = [s for s, k in enumerate(self.protocol.seats) if k == HUMAN]
            self._dispatch(self.protocol.mark_ready(seats))
            self._dirty = True
        self._wake()

    def start_now(self) -> None:
        """Start before every LAN seat is taken; bots keep the open seats until players join."""
        with self.lock:
            players = self.protocol.match.players
            for seat in self.protocol.open_seats():
                if players[seat].startswith("Open seat"):
                    players[seat] = f"Bot {seat + 1}"  # until a player takes the seat (and names it)
            self._dispatch(self.protocol.start())
            self._dirty = True
        self._wake()

    def finished_game(self) -> tuple[Match, list[int]] | None:
        """A copy of the game once it is over, with the seats played at this computer; None before the end."""
        with self.lock:
            match = self.protocol.match
            if not match.is_over:
                return None
            humans = [s for s, k in enumerate(self.protocol.seats) if k == HUMAN]
            return match_from_record(match.to_record()), humans

    def public_view(self) -> SeatView:
        with self.lock:
            return self.protocol.match.view(None)

    def snapshot(self) -> HostSnapshot:
        """The seat table and who is waiting, for the screens. Never waits on the network thread: while it
        holds the lock (a journal write), the last snapshot is returned."""
        if not self.lock.acquire(blocking=self._snapshot is None):
            assert self._snapshot is not None
            return self._snapshot
        try:
            p = self.protocol
            self._snapshot = HostSnapshot(
                name=self.name,
                port=self.port,
                players=tuple(p.match.players),
                statuses=tuple(p.statuses()),
                kinds=tuple(p.seats),
                started=p.started,
                grace_s=p.grace_s,
                password=p.password,
                waiting_for_ready=tuple(p.waiting_for_ready()),
                open_seats=len(p.open_seats()),
                game_over=p.match.is_over,
                failed=self.failed,
            )
            return self._snapshot
        finally:
            self.lock.release()

    def game_info(self) -> dict[str, Any]:
        with self.lock:
            return {
                "type": "krook-game",
                "name": self.name,
                "port": self.address[1],
                "protocol": PROTOCOL_VERSION,
                "app": APP_VERSION,
                "open_seats": len(self.protocol.open_seats()),
                "seats": len(self.protocol.seats),
                "started": self.protocol.started,
                "password": self.protocol.password is not None,
            }

    # -- peers: links through another transport (the relay, memory) ------------------------------------------
    def add_peer(self, peer: Peer, *, vouched: bool = False) -> int:
        """A new link from another transport; returns its connection id. Thread-safe. It is held to the same
        hello and silence limits as a TCP connection, and to the per-address limit of ``peer.address``.
        ``vouched``: the transport proved the player was invited (the relay's exchange on the invite code),
        so a game's LAN room code is not asked of it."""
        with self.lock:
            now = time.monotonic()
            conn_id = self._next_id
            self._next_id += 1
            address = peer.address
            if self._per_address.get(address, 0) >= self.max_per_address:
                peer.send(encode(error("too_many", f"too many connections from {address}"))[4:])
                peer.close()
                return conn_id
            self._links[conn_id] = _Link(None, address, address, now, now, conduit=peer)
            self._per_address[address] = self._per_address.get(address, 0) + 1
            self.protocol.connect(conn_id)
            self.protocol.conns[conn_id].vouched = vouched
        log.debug("connection %s through %s", conn_id, address)
        self._wake()
        return conn_id

    def peer_messages(self, conn_id: int, messages: list[dict[str, Any]]) -> None:
        """Whole messages a peer received (each already a JSON object). Thread-safe."""
        try:
            with self.lock:
                link = self._links.get(conn_id)
                if link is None or link.closing_at is not None:
                    return
                if messages:
                    link.heard = time.monotonic()
                self._handle_all(conn_id, link, messages)
        except Exception:
            log.exception("connection %s: error while serving it; closing it", conn_id)
            with self.lock:
                self._drop(conn_id, "the host could not handle what it sent")
        self._wake()

    def peer_frame_error(self, conn_id: int, why: str) -> None:
        """A peer's frame could not be read (bad JSON inside a sealed frame): fatal ``frame``, as on TCP."""
        with self.lock:
            self._dispatch([(conn_id, error("frame", why))])
        self._wake()

    def peer_closed(self, conn_id: int, why: str) -> None:
        """The transport lost a peer. Thread-safe."""
        with self.lock:
            self._drop(conn_id, why, close=False)
        self._wake()

    # -- the socket thread ----------------------------------------------------------------------------------
    def _wake(self) -> None:
        if self._wake_w is not None:
            with contextlib.suppress(OSError):
                self._wake_w.send(b"x")

    def _run(self) -> None:
        assert self._sel is not None
        try:
            while self._running:
                for key, mask in self._sel.select(timeout=0.25):
                    if key.data == "listen":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            assert self._wake_r is not None
                            self._wake_r.recv(4096)
                    elif key.data == "udp":
                        self._answer_discovery()
                    else:
                        self._serve_one(key.data, mask)
                with self.lock:
                    if not self._running:
                        break
                    self._housekeeping()
        except Exception as exc:  # not one connection's fault: the game cannot go on, so say so loudly
            log.exception("host thread crashed")
            self.failed = f"the host stopped working: {type(exc).__name__}: {exc}"
            self._running = False
            if self._local_queue is not None:
                self._local_queue.put(error("internal", self.failed))
        finally:
            self._close_all()

    def _serve_one(self, conn_id: int, mask: int) -> None:
        """Serve one connection; whatever goes wrong there closes that connection and nothing else."""
        try:
            self._service(conn_id, mask)
        except Exception:
            log.exception("connection %s: error while serving it; closing it", conn_id)
            with self.lock:
                self._drop(conn_id, "the host could not handle what it sent")

    def _accept(self) -> None:
        assert self._listener is not None and self._sel is not None
        for _ in range(ACCEPT_BATCH):
            try:
                sock, addr = self._listener.accept()
            except OSError:  # BlockingIOError: nothing more pending; others (EMFILE...): try next wake-up
                return
            address = str(addr[0])
            with self.lock:
                refuse = None
                if self._per_address.get(address, 0) >= self.max_per_address:
                    refuse = f"too many connections from {address}"
                elif len(self._links) >= self.max_connections and not self._evict_one():
                    refuse = "the host has too many connections open"
                if refuse is not None:
                    with contextlib.suppress(OSError):
                        sock.setblocking(False)
                        sock.send(encode(error("too_many", refuse)))
                    sock.close()
                    continue
                sock.setblocking(False)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                # A client that never reads must meet the outbuf cap soon: left alone, the kernel grows a
                # socket's send buffer to megabytes (tcp_wmem), all of it held for a reader who never comes.
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
                now = time.monotonic()
                conn_id = self._next_id
                self._next_id += 1
                self._links[conn_id] = _Link(sock, f"{address}:{addr[1]}", address, now, now)
                self._per_address[address] = self._per_address.get(address, 0) + 1
                self.protocol.connect(conn_id)
                self._sel.register(sock, selectors.EVENT_READ, conn_id)
            log.debug("connection %s from %s", conn_id, address)

    def _evict_one(self) -> bool:
        """Make room under a flood: close the oldest connection that has not joined; False if all have."""
        idle = [(link.opened, conn_id) for conn_id, link in self._links.items() if not link.joined]
        if not idle:
            return False
        self._drop(min(idle)[1], "closed to make room: the host is flooded with connections")
        return True

    def _service(self, conn_id: int, mask: int) -> None:
        with self.lock:
            link = self._links.get(conn_id)
            if link is None:
                return
            if mask & selectors.EVENT_WRITE:
                self._flush(conn_id, link)
            if not mask & selectors.EVENT_READ or conn_id not in self._links or link.sock is None:
                return
            try:
                data = link.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self._drop(conn_id, f"read failed: {exc}")
                return
            if not data:
                self._drop(conn_id, "closed by the client")
                return
            if link.closing_at is not None:
                return  # already on its way out: ignore what it says
            while True:
                try:
                    # until the channel is sealed, one clear frame at a time: the frames after the exchange's
                    # last one are sealed, even when they came in the same read
                    messages = link.decoder.feed(data, stop=lambda f: link.channel is None)
                except FrameError as exc:
                    # strangers' junk is logged at debug level: a flood must not become a flood of log lines
                    (log.info if link.joined else log.debug)("connection %s: bad frame: %s", conn_id, exc)
                    self._dispatch([(conn_id, error("frame", str(exc)))])
                    return
                data = b""
                if messages:
                    link.heard = time.monotonic()  # whole frames only: bytes trickling in are no sign of life
                if not messages or link.channel is not None:
                    break
                self._seal_step(conn_id, link, messages[0])
                if conn_id not in self._links or link.closing_at is not None:
                    return
            self._handle_all(conn_id, link, messages)

    def _seal_step(self, conn_id: int, link: _Link, message: dict[str, Any]) -> None:
        """One clear frame of the exchange that seals a TCP connection (krook.net.sealed_lan)."""
        kind = message.get("type")
        if kind == "hello":  # a client of an older protocol: the protocol's version error, in the clear
            version = message.get("protocol")
            if version != PROTOCOL_VERSION or type(version) is not int:
                self._dispatch(self.protocol.handle(conn_id, message))
            else:
                self._dispatch([(conn_id, error("bad_hello", "seal the connection first (protocol 4)"))])
            return
        if kind == SEAL and link.seal is None:
            version = message.get("protocol")
            if type(version) is not int or version != PROTOCOL_VERSION:
                self._dispatch(self.protocol.handle(conn_id, {**message, "type": "hello"}))
                return
            spake = unb64(message.get("spake"), SPAKE_BYTES)
            rid = message.get("resume")
            if spake is None or (rid is not None and not isinstance(rid, str)):
                self._dispatch([(conn_id, error("bad_hello", "a malformed exchange"))])
                return
            password = self.protocol.password
            if rid is not None:
                known = self._lan_resume.get(rid)
                if known is None:
                    self._dispatch([(conn_id, error("bad_token", "this host holds no seat for that token"))])
                    return
                secret, how = known, "resume"
            elif password is None:
                if message.get("code") is True:
                    self._dispatch([(conn_id, error("no_code", "this game has no room code"))])
                    return
                secret, how = b"", "open"
            else:
                if message.get("code") is not True:
                    why = "this game has a room code: type the code shown on the host's screen"
                    self._dispatch([(conn_id, error("password", why))])
                    return
                wait = self._guess_wait(link.address)
                if wait > 0:
                    self.guesses_refused += 1
                    why = f"too many wrong room codes from your address: wait {wait:.0f} s and try again"
                    self._dispatch([(conn_id, error("slow_down", why))])
                    return
                secret, how = code_secret(password), "code"
            handshake = HostHandshake(secret, lan_context(rid))
            try:
                host_msg, tag = handshake.answer(spake)
            except SealError:
                self._dispatch([(conn_id, error("bad_hello", "a malformed exchange"))])
                return
            link.seal = (handshake, how)
            self._dispatch([(conn_id, {"type": SEALED, "spake": b64(host_msg), "tag": b64(tag)})])
            return
        if kind == CONFIRM and link.seal is not None:
            handshake, how = link.seal
            confirm = unb64(message.get("tag"), 32) or b""
            try:
                channel = handshake.confirm(confirm)
            except SealError:
                if how == "code":
                    self._guess_result(link.address, True)
                    self._dispatch([(conn_id, error("password", "that room code is not this game's"))])
                else:
                    self._dispatch([(conn_id, error("bad_token", "this host holds no seat for that token"))])
                return
            link.channel = channel
            link.decoder.opener = lan_opener(channel)
            link.decoder.max_frame = MAX_SEALED
            return
        self._dispatch([(conn_id, error("bad_hello", f"seal the connection first (got {clip(kind)})"))])

    def _handle_all(self, conn_id: int, link: _Link, messages: list[dict[str, Any]]) -> None:
        """Hand one link's messages to the protocol (under the lock), with the room-code guessing limit."""
        for message in messages:
            conn = self.protocol.conns.get(conn_id)
            guess = (
                not link.joined
                and self.protocol.password is not None
                and message.get("type") == "hello"
                and not message.get("token")
                and not (conn is not None and conn.vouched)
            )
            if guess:
                wait = self._guess_wait(link.address)
                if wait > 0:
                    self.guesses_refused += 1
                    why = f"too many wrong room codes from your address: wait {wait:.0f} s and try again"
                    self._dispatch([(conn_id, error("slow_down", why))])
                    break
            outs = self.protocol.handle(conn_id, message)
            if guess:
                wrong = any(c == conn_id and m.get("code") == "password" for c, m in outs)
                self._guess_result(link.address, wrong)
            self._dispatch(outs)
            if conn_id not in self._links or self._links[conn_id].closing_at is not None:
                break
        conn = self.protocol.conns.get(conn_id)
        link.joined = conn is not None and conn.joined

    def _guess_wait(self, address: str) -> float:
        guesser = self._guessers.get(address)
        return 0.0 if guesser is None else max(0.0, guesser.next_try - time.monotonic())

    def _guess_result(self, address: str, wrong: bool) -> None:
        now = time.monotonic()
        if not wrong:
            self._guessers.pop(address, None)  # a right code: the mistyped ones before it are forgiven
            return
        guesser = self._guessers.pop(address, None) or _Guesser()
        guesser.failed += 1
        guesser.last = now
        if guesser.failed >= LOCKOUT_AFTER:
            guesser.next_try = now + LOCKOUT_S
        elif guesser.failed >= GUESSES_FREE:
            delay = GUESS_DELAY_S * 2 ** (guesser.failed - GUESSES_FREE)
            guesser.next_try = now + min(GUESS_DELAY_MAX_S, delay)
        self._guessers[address] = guesser  # last in the dict: heard from most recently
        while len(self._guessers) > MAX_GUESSERS:
            del self._guessers[next(iter(self._guessers))]

    def _dispatch(self, outs: list[Out]) -> None:
        """Queue each message for its connection (or the local screen); flush what the kernel will take."""
        touched: set[int] = set()
        for conn_id, message in outs:
            if conn_id == LOCAL:
                if self._local_queue is not None:
                    self._local_queue.put(message)
                continue
            if not isinstance(conn_id, int):
                continue
            link = self._links.get(conn_id)
            if link is None:
                continue
            if link.closing_at is not None and message.get("type") != "error":
                continue
            try:
                frame = encode(message)
            except FrameError as exc:  # checked before it goes out: a message we cannot send closes the link
                log.error("connection %s: cannot send a %s message: %s", conn_id, message.get("type"), exc)
                message = error("internal", "the host could not send you the game; rejoin")
                frame = encode(message)
            if self.on_send is not None:
                self.on_send(conn_id, message, frame)
            self.sent_total += len(frame)
            self.largest_frame = max(self.largest_frame, len(frame))
            if link.channel is not None:
                frame = sealed_frame(link.channel, frame)
            if link.conduit is not None:
                fatal = message.get("type") == "error" and message.get("fatal")
                if not link.conduit.send(frame[4:]):
                    self._drop(conn_id, "not reading: too much waiting to be sent")
                elif fatal:
                    self._drop(conn_id, f"closing: {message.get('message')}")
                continue
            link.outbuf += frame
            if message.get("type") == "error" and message.get("fatal") and link.closing_at is None:
                link.closing_at = time.monotonic() + CLOSE_GRACE_S
                (log.info if link.joined else log.debug)(
                    "connection %s: closing: %s", conn_id, message.get("message")
                )
            touched.add(conn_id)
        for conn_id in touched:
            link = self._links.get(conn_id)
            if link is not None:
                self._flush(conn_id, link)

    def _flush(self, conn_id: int, link: _Link) -> None:
        if link.sock is None:
            return
        if link.outbuf:
            try:
                sent = link.sock.send(link.outbuf)
                del link.outbuf[:sent]
            except (BlockingIOError, InterruptedError):
                pass
            except OSError as exc:
                self._drop(conn_id, f"write failed: {exc}")
                return
        if len(link.outbuf) > self.max_outbuf:
            self._drop(conn_id, f"not reading: over {self.max_outbuf} bytes waiting to be sent")
            return
        if not link.outbuf and link.closing_at is not None:
            self._drop(conn_id, "closed by the host")
            return
        if self._sel is not None:
            events = selectors.EVENT_READ | (selectors.EVENT_WRITE if link.outbuf else 0)
            with contextlib.suppress(KeyError, ValueError):
                if self._sel.get_key(link.sock).events != events:
                    self._sel.modify(link.sock, events, conn_id)

    def _drop(self, conn_id: int, why: str, *, close: bool = True) -> None:
        link = self._links.pop(conn_id, None)
        if link is None:
            return
        left = self._per_address.get(link.address, 1) - 1
        if left > 0:
            self._per_address[link.address] = left
        else:
            self._per_address.pop(link.address, None)
        if link.conduit is not None:
            if close:
                link.conduit.close()
        else:
            assert link.sock is not None
            if self._sel is not None:
                with contextlib.suppress(KeyError, ValueError):
                    self._sel.unregister(link.sock)
            with contextlib.suppress(OSError):
                link.sock.close()
        (log.info if link.joined else log.debug)("connection %s (%s) dropped: %s", conn_id, link.peer, why)
        self._dispatch(self.protocol.disconnect(conn_id))

    def _housekeeping(self) -> None:
        now = time.monotonic()
        for conn_id, link in list(self._links.items()):
            if link.closing_at is not None:
                if now >= link.closing_at:
                    self._drop(conn_id, "did not read its last message")
            elif not link.joined and now - link.opened > self.hello_timeout:
                self._dispatch([(conn_id, error("timeout", f"no hello within {self.hello_timeout:g} s"))])
            elif link.joined and now - link.heard > self.idle_timeout:
                self._dispatch([(conn_id, error("timeout", f"no message for {self.idle_timeout:g} s"))])
        self._dispatch(self.protocol.tick())
        self._play_bots()
        if self._dirty:
            self._save_soon()

    def _play_bots(self) -> None:
        """Apply the bots' answers that still fit the game, and ask the bot whose turn it is now."""
        bots = self._bots
        if bots is None:
            return
        for move in bots.results():
            seat, text = move.seat, move.text
            if self.protocol.match.version != move.version or self.protocol.bot_to_move() != seat:
                continue  # the game moved on while it thought (a player came back, a redeal)
            try:
                self._dispatch(self.protocol.apply_action(seat, text))
            except KrookError as exc:
                log.error(
                    "bot for seat %s chose %r, which is illegal (%s); playing a legal card", seat, text, exc
                )
                fallback = next(iter(self.protocol.match.legal_actions()))
                self._dispatch(self.protocol.apply_action(seat, fallback))
            self._dirty = True
        to_move = self.protocol.bot_to_move()
        version = self.protocol.match.version
        if to_move is not None and bots.pending != (to_move, version):
            strength = self.protocol.bot_strength(to_move)
            assert strength is not None
            bots.ask(to_move, version, self.protocol.match.view(to_move), strength)

    # -- saving ----------------------------------------------------------------------------------------------
    def _journal_change(self, change: dict[str, Any]) -> None:
        """Called by the protocol under the lock, before any message about the change is queued."""
        self._dirty = True
        if self.store is not None:
            self.store.record(change)

    @property
    def save_error(self) -> str | None:
        """Why saving failed, if it did (the game goes on; the screen says so)."""
        return self.store.save_error if self.store is not None else None

    @property
    def compactions(self) -> int:
        """Times the journal was compacted into the autosave."""
        return self.store.compactions if self.store is not None else 0

    def _save_data(self) -> dict[str, Any]:
        p = self.protocol
        return {
            "record": p.match.to_record(),
            "version": p.match.version,
            "seats": list(p.seats),
            "tokens": {str(s): t for s, t in p.tokens.items()},
            "started": p.started,
            "claimed": sorted(p.claimed),
            "ready": sorted(p.ready),
            "name": self.name,
            "grace_s": p.grace_s,
            "port": self.port,
            "password": p.password,
            "journal": self.store.last if self.store is not None else 0,
        }

    def _save_soon(self) -> None:
        """Hand the saver thread the game as it is now (under the lock); it writes it outside the lock."""
        if self.store is None:
            return
        data = self._save_data()
        self._dirty = False
        # After a hand (or a long stretch) the journal lines this save holds are dropped once it is on disk.
        match = self.protocol.match
        finished = len(match.hands) - (match.phase not in (Phase.HAND_OVER, Phase.GAME_OVER))
        self.store.save_soon(data, finished)

    def _answer_discovery(self) -> None:
        assert self._udp is not None
        try:
            data, addr = self._udp.recvfrom(2048)
        except OSError:
            return
        if not discovery.is_query(data):
            return
        with contextlib.suppress(OSError):
            self._udp.sendto(json.dumps(self.game_info()).encode("utf-8"), addr)

    def _close_all(self) -> None:
        with self.lock:
            for conn_id in list(self._links):
                link = self._links.pop(conn_id)
                if link.conduit is not None:
                    link.conduit.close()
                    continue
                with contextlib.suppress(OSError):
                    if link.sock is not None:
                        link.sock.close()
            self._per_address.clear()
        for sock in (self._listener, self._udp, self._wake_r, self._wake_w):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        if self._sel is not None:
            self._sel.close()


__all__ = ["BOT", "DEFAULT_PORT", "SAVE_KIND", "SAVE_VERSION", "Host", "HostSnapshot"]
