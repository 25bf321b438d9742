"""The LAN host: runs :class:`HostProtocol` on its own thread over the links of a :class:`LinkServer`.

Three parts, each in its own module: the links (``krook.net.links``: sockets, buffers, limits), the
persistence (``krook.net.persistence``: journal and autosave, written by a saver thread) and the shared bot
runner (``krook.session.bot_runner``, a worker thread). This module seals each link and routes messages
between them and the protocol. Everything that touches the protocol object holds ``Host.lock``, so the host's own screen (a
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
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
from .framing import FrameError, encode
from .guessing import GUESSES_FREE, GuessLimiter
from .host_snapshot import HostSnapshot
from .journal import Replayed, journal_path, read_journal, replay_journal
from .links import HostLimits, Link, LinkServer
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
from .sealed import MAX_SEALED, SPAKE_BYTES, HostHandshake, SealError, resume_keys
from .sealed_lan import CONFIRM, SEAL, SEALED, b64, code_secret, sealed_frame, unb64
from .sealed_lan import context as lan_context
from .sealed_lan import opener as lan_opener
from .transport import Peer

log = logging.getLogger("krook.net.host")

DEFAULT_PORT = 47470
LOCAL = "local"  # the conn id of the host's own screen


@dataclass(frozen=True)
class HostBots:
    """How the host's bots play: pace, thinking budget, who stands in for a player gone, how bots are made."""

    delay: float = 0.4
    budget: float = 1.0
    standin: str = "medium"
    factory: Callable[[str], Bot] = make_bot


@dataclass(frozen=True)
class HostState:
    """Where a resumed game stands apart from its match: the seats' tokens, who took and readied a seat."""

    tokens: dict[int, str] = field(default_factory=dict)
    started: bool = False
    claimed: frozenset[int] = frozenset()
    ready: frozenset[int] = frozenset()
    journal_last: int = 0


_LIMIT_KEYS = ("hello_timeout", "idle_timeout", "max_outbuf", "max_per_address", "max_connections")
_BOT_KEYS = {"bot_delay": "delay", "bot_budget": "budget", "standin_bot": "standin", "bot_factory": "factory"}


def _grouped(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The builders' flat options (``idle_timeout=``, ``bot_delay=``...) gathered into limits and bots."""
    limits = {k: kwargs.pop(k) for k in _LIMIT_KEYS if k in kwargs}
    bots = {v: kwargs.pop(k) for k, v in _BOT_KEYS.items() if k in kwargs}
    if limits:
        kwargs["limits"] = HostLimits(**limits)
    if bots:
        kwargs["bots"] = HostBots(**bots)
    return kwargs


class Host:
    """A LAN game host. ``start()`` binds and runs it on a thread; ``stop()`` ends it and closes every socket.

    ``seats`` is one entry per seat: ``"lan"`` (a player on another computer), ``"human"`` (a player at
    this computer, through ``remote_session.local_session``) or ``"bot:STRENGTH"``.
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
        password: str | None = None,
        discovery_port: int | None = discovery.DISCOVERY_PORT,
        save_path: str | Path | None = None,
        state: HostState | None = None,
        limits: HostLimits | None = None,
        bots: HostBots | None = None,
    ) -> None:
        state = state or HostState()
        self.bots = bots or HostBots()
        parse_seats(
            [f"bot:{self.bots.standin}"]
        )  # an unknown strength is an error now, not a silent fallback
        self.name = name
        self.bind, self.port = bind, port
        self.save_path = Path(save_path) if save_path else None
        self.discovery_port = discovery_port
        self.protocol = HostProtocol(
            match,
            parse_seats(seats),
            grace_s=grace_s,
            tokens=dict(state.tokens) or None,
            started=state.started,
            claimed=set(state.claimed) or None,
            ready=set(state.ready) or None,
            password=password,
            standin_bot=self.bots.standin,
        )
        # each LAN seat's resume id -> its resume secret: a seat coming back seals with its token
        self._lan_resume = dict(resume_keys(t) for t in self.protocol.tokens.values())
        self.lock = threading.RLock()
        self.links = LinkServer(
            limits or HostLimits(),
            on_open=self.protocol.connect,
            on_drop=lambda conn_id: self._dispatch(self.protocol.disconnect(conn_id)),
            refusal=lambda why: encode(error("too_many", why)),
        )
        self.guesses = GuessLimiter()
        self._thread: threading.Thread | None = None
        self._bots: BotRunner | None = None  # started with the host: the shared bot runner
        self._local_queue: queue.Queue[dict[str, Any]] | None = None
        self._running = False
        self._dirty = True
        # the journal and the autosave (krook.net.persistence), when the game is saved
        self.store = HostStore(self.save_path, self.lock, state.journal_last) if self.save_path else None
        self._snapshot: HostSnapshot | None = None
        self.failed: str | None = None  # why the host thread stopped, when it did not stop by itself
        self.sent_total = 0  # bytes queued to every connection so far
        self.largest_frame = 0  # the largest frame sent, in bytes
        self.on_send: Callable[[Hashable, dict[str, Any], bytes], None] | None = None  # test hook

    @property
    def guesses_refused(self) -> int:
        """Room-code tries refused unread because their address had to wait."""
        return self.guesses.refused

    # -- building ---------------------------------------------------------------------------------------
    @classmethod
    def for_match(cls, match: Match, seats: list[str] | str, **options: Any) -> Host:
        """A host for ``match`` taking the flat options too (``bot_delay=``, ``idle_timeout=``...)."""
        return cls(match, seats, **_grouped(options))

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
        return cls(match, kinds, **_grouped(kwargs))

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
        resumed = HostState(
            tokens, state.started, frozenset(state.claimed), frozenset(state.ready), state.last
        )
        return cls(match, seats, save_path=save_path, state=resumed, **_grouped(kwargs))

    # -- running ------------------------------------------------------------------------------------------
    @property
    def address(self) -> tuple[str, int]:
        listener = self.links.listener
        assert listener is not None, "the host is not started"
        host, port = listener.getsockname()[:2]
        return host, port

    @property
    def running(self) -> bool:
        return self._running

    def start(self) -> Host:
        self.port = self.links.open(
            self.bind, self.port, self.discovery_port
        )  # a restart listens on the same
        if self.store is not None:
            try:
                # The tokens must be on disk before anyone is welcomed with one; then the journal starts.
                self.store.open(self._save_data())
            except OSError:
                self.links.close()
                raise
            self.protocol.journal = self._journal_change
        self._running = True
        self._bots = BotRunner(
            self.protocol.match.seed,
            budget=self.bots.budget,
            delay=self.bots.delay,
            factory=self.bots.factory,
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

    def stop(self, final: bool = False) -> None:
        """Tell every client the host is stopping (``final``: the game is over for good, nobody should wait
        for it), save, and close every socket; safe to call twice."""
        with self.lock:
            if self._thread is None:
                return
            self._dispatch(self.protocol.shutdown(final))  # nothing is dealt from here on
            self.links.send_now()
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
    def attach_local(self, name: str) -> queue.Queue[dict[str, Any]]:
        """Seat the host's own screen (``remote_session.local_session`` builds it): the queue its messages come by."""
        inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._local_queue = inbox
        with self.lock:
            self._dispatch(self.protocol.attach_local(LOCAL, name))
        return inbox

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
            conn_id = self.links.add_peer(peer)
            if conn_id is None:
                return -1  # refused at the door: nothing of it is kept
            self.protocol.conns[conn_id].vouched = vouched
        self._wake()
        return conn_id

    def peer_messages(self, conn_id: int, messages: list[dict[str, Any]]) -> None:
        """Whole messages a peer received (each already a JSON object). Thread-safe."""
        try:
            with self.lock:
                link = self.links.links.get(conn_id)
                if link is None or link.closing_at is not None:
                    return
                if messages:
                    link.heard = time.monotonic()
                self._handle_all(conn_id, link, messages)
        except Exception:
            log.exception("connection %s: error while serving it; closing it", conn_id)
            with self.lock:
                self.links.drop(conn_id, "the host could not handle what it sent")
        self._wake()

    def peer_frame_error(self, conn_id: int, why: str) -> None:
        """A peer's frame could not be read (bad JSON inside a sealed frame): fatal ``frame``, as on TCP."""
        with self.lock:
            self._dispatch([(conn_id, error("frame", why))])
        self._wake()

    def peer_closed(self, conn_id: int, why: str) -> None:
        """The transport lost a peer. Thread-safe."""
        with self.lock:
            self.links.drop(conn_id, why, close=False)
        self._wake()

    # -- the socket thread ----------------------------------------------------------------------------------
    def _wake(self) -> None:
        self.links.wake()

    def _run(self) -> None:
        try:
            while self._running:
                for what, mask in self.links.wait(0.25):
                    if what == "listen":
                        with self.lock:
                            self.links.accept()
                    elif what == "udp":
                        self._answer_discovery()
                    else:
                        assert isinstance(what, int)
                        self._serve_one(what, mask)
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
            with self.lock:
                self.links.close()

    def _serve_one(self, conn_id: int, mask: int) -> None:
        """Serve one connection; whatever goes wrong there closes that connection and nothing else."""
        try:
            self._service(conn_id, mask)
        except Exception:
            log.exception("connection %s: error while serving it; closing it", conn_id)
            with self.lock:
                self.links.drop(conn_id, "the host could not handle what it sent")

    def _service(self, conn_id: int, mask: int) -> None:
        with self.lock:
            if mask & selectors.EVENT_WRITE:
                self.links.flush(conn_id)
            link = self.links.links.get(conn_id)
            if link is None or not mask & selectors.EVENT_READ:
                return
            data = self.links.receive(conn_id)
            if data is None:
                return
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
                if conn_id not in self.links.links or link.closing_at is not None:
                    return
            self._handle_all(conn_id, link, messages)

    def _seal_step(self, conn_id: int, link: Link, message: dict[str, Any]) -> None:
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
                wait = self.guesses.wait(link.address)
                if wait > 0:
                    self._dispatch([(conn_id, error("slow_down", self.guesses.refuse(wait)))])
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
                    self.guesses.result(link.address, True)
                    self._dispatch([(conn_id, error("password", "that room code is not this game's"))])
                else:
                    self._dispatch([(conn_id, error("bad_token", "this host holds no seat for that token"))])
                return
            link.channel = channel
            link.decoder.opener = lan_opener(channel)
            link.decoder.max_frame = MAX_SEALED
            return
        self._dispatch([(conn_id, error("bad_hello", f"seal the connection first (got {clip(kind)})"))])

    def _handle_all(self, conn_id: int, link: Link, messages: list[dict[str, Any]]) -> None:
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
                wait = self.guesses.wait(link.address)
                if wait > 0:
                    self._dispatch([(conn_id, error("slow_down", self.guesses.refuse(wait)))])
                    break
            outs = self.protocol.handle(conn_id, message)
            if guess:
                wrong = any(c == conn_id and m.get("code") == "password" for c, m in outs)
                self.guesses.result(link.address, wrong)
            self._dispatch(outs)
            if conn_id not in self.links.links or self.links.links[conn_id].closing_at is not None:
                break
        conn = self.protocol.conns.get(conn_id)
        link.joined = conn is not None and conn.joined

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
            link = self.links.links.get(conn_id)
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
            fatal = message.get("type") == "error" and bool(message.get("fatal"))
            if self.links.send(conn_id, frame, str(message.get("message")) if fatal else None):
                touched.add(conn_id)
        for conn_id in touched:
            self.links.flush(conn_id)

    def _housekeeping(self) -> None:
        for conn_id, why in self.links.overdue():
            if why is not None:
                self._dispatch([(conn_id, error("timeout", why))])
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
        udp = self.links.udp
        assert udp is not None
        try:
            data, addr = udp.recvfrom(2048)
        except OSError:
            return
        if not discovery.is_query(data):
            return
        with contextlib.suppress(OSError):
            udp.sendto(json.dumps(self.game_info()).encode("utf-8"), addr)


__all__ = [
    "BOT",
    "DEFAULT_PORT",
    "GUESSES_FREE",
    "SAVE_KIND",
    "SAVE_VERSION",
    "Host",
    "HostBots",
    "HostLimits",
    "HostState",
]
