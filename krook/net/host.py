"""The LAN host: a TCP server on its own thread that runs :class:`HostProtocol` over real sockets.

One thread owns the sockets (``selectors``); a second thread runs the bots. Everything that touches the
protocol object holds ``Host.lock``, so the host's own screen (a :class:`HostSession`) can play its human
seats from the pygame thread. Messages for that screen go through a ``queue.Queue``, never a socket.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import random
import selectors
import socket
import threading
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from krook import __version__ as APP_VERSION
from krook.bots import BotContext, make_bot
from krook.rules import (
    IllegalActionError,
    KrookError,
    Match,
    SeatView,
    action_text,
    get_preset,
    match_from_record,
)

from . import discovery
from .framing import FrameDecoder, FrameError, encode
from .protocol import BOT, HUMAN, LAN, PROTOCOL_VERSION, HostProtocol, Out, error, match_version, parse_seats

log = logging.getLogger("krook.net.host")

DEFAULT_PORT = 47470
SAVE_KIND, SAVE_VERSION = "krook-lan-game", 1
LOCAL = "local"  # the conn id of the host's own screen


@dataclass
class _Link:
    sock: socket.socket
    peer: str
    opened: float
    heard: float
    decoder: FrameDecoder = field(default_factory=FrameDecoder)
    outbuf: bytearray = field(default_factory=bytearray)
    joined: bool = False
    closing_at: float | None = None  # set once a fatal error is queued: close when flushed or at this time


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
        discovery_port: int | None = discovery.DISCOVERY_PORT,
        hello_timeout: float = 5.0,
        idle_timeout: float = 30.0,
        bot_delay: float = 0.4,
        bot_budget: float = 1.0,
        standin_bot: str = "medium",
    ) -> None:
        self.name = name
        self.bind, self.port = bind, port
        self.save_path = Path(save_path) if save_path else None
        self.discovery_port = discovery_port
        self.hello_timeout, self.idle_timeout = hello_timeout, idle_timeout
        self.bot_delay, self.bot_budget = bot_delay, bot_budget
        self.protocol = HostProtocol(
            match,
            parse_seats(seats),
            grace_s=grace_s,
            tokens=tokens,
            started=started,
            standin_bot=standin_bot,
        )
        self.lock = threading.RLock()
        self._links: dict[int, _Link] = {}
        self._next_id = 1
        self._sel: selectors.BaseSelector | None = None
        self._listener: socket.socket | None = None
        self._udp: socket.socket | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._bot_thread: threading.Thread | None = None
        self._bot_jobs: queue.Queue[tuple[int, int, SeatView, str] | None] = queue.Queue()
        self._bot_results: queue.Queue[tuple[int, int, str]] = queue.Queue()
        self._bot_pending: tuple[int, int] | None = None
        self._bots: dict[tuple[int, str], Any] = {}
        self._local_queue: queue.Queue[dict[str, Any]] | None = None
        self._running = False
        self._dirty = True
        self.sent_bytes: dict[Hashable, int] = {}
        self.on_send: Any = None  # test hook: called as on_send(conn_id, seats, frame_bytes) under the lock

    # -- building ---------------------------------------------------------------------------------------
    @classmethod
    def new_game(
        cls,
        seats: list[str] | str,
        *,
        preset: str = "kentucky-discard",
        seed: int | None = None,
        host_name: str = "Host",
        **kwargs: Any,
    ) -> Host:
        kinds = parse_seats(seats)
        rules = get_preset(preset).rules
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
        """Rebuild a host from its autosave: the same game, seats and tokens; players rejoin with tokens."""
        from krook import storage

        data = storage.load_json(Path(save_path), SAVE_KIND, SAVE_VERSION)
        match = match_from_record(data["record"])
        tokens = {int(k): str(v) for k, v in data["tokens"].items()}
        kwargs.setdefault("name", data.get("name", "Krook game"))
        kwargs.setdefault("grace_s", data.get("grace_s", 60.0))
        return cls(
            match, data["seats"], save_path=save_path, tokens=tokens, started=bool(data["started"]), **kwargs
        )

    # -- running ------------------------------------------------------------------------------------------
    @property
    def address(self) -> tuple[str, int]:
        assert self._listener is not None, "the host is not started"
        host, port = self._listener.getsockname()[:2]
        return host, port

    def start(self) -> Host:
        sel = selectors.DefaultSelector()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((self.bind, self.port))
            listener.listen(16)
            listener.setblocking(False)
        except OSError:
            listener.close()
            sel.close()
            raise
        self._sel, self._listener = sel, listener
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
        self._bot_thread = threading.Thread(target=self._bot_worker, name="krook-host-bots", daemon=True)
        self._bot_thread.start()
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
        if not self._running:
            return
        with self.lock:
            self._dispatch(self.protocol.shutdown())
            for link in self._links.values():
                with contextlib.suppress(OSError):
                    link.sock.setblocking(True)
                    link.sock.settimeout(0.5)
                    link.sock.sendall(bytes(link.outbuf))
                link.outbuf.clear()
            self._running = False
        self._wake()
        if self._thread is not None:
            self._thread.join(5)
        self._bot_jobs.put(None)
        if self._bot_thread is not None:
            self._bot_thread.join(5)
        self._save()
        log.info("host stopped")

    def __enter__(self) -> Host:
        return self.start() if not self._running else self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the host's own screen ----------------------------------------------------------------------------
    def local_session(self, name: str = "Host"):  # -> HostSession
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
            if self.protocol.seats[seat] != HUMAN:
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

    def public_view(self) -> SeatView:
        with self.lock:
            return self.protocol.match.view(None)

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
            }

    # -- the socket thread ----------------------------------------------------------------------------------
    def _wake(self) -> None:
        if self._wake_w is not None:
            with contextlib.suppress(OSError):
                self._wake_w.send(b"x")

    def _run(self) -> None:
        assert self._sel is not None
        try:
            while self._running:
                for key, mask in self._sel.select(timeout=self._next_timeout()):
                    if key.data == "listen":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            self._wake_r.recv(4096)  # type: ignore[union-attr]
                    elif key.data == "udp":
                        self._answer_discovery()
                    else:
                        self._service(key.data, mask)
                with self.lock:
                    if not self._running:
                        break
                    self._housekeeping()
        except Exception:  # the host thread must never die silently
            log.exception("host thread crashed")
            raise
        finally:
            self._close_all()

    def _next_timeout(self) -> float:
        return 0.25

    def _accept(self) -> None:
        assert self._listener is not None and self._sel is not None
        try:
            sock, addr = self._listener.accept()
        except OSError:
            return
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        now = time.monotonic()
        with self.lock:
            conn_id = self._next_id
            self._next_id += 1
            self._links[conn_id] = _Link(sock, f"{addr[0]}:{addr[1]}", now, now)
            self.protocol.connect(conn_id)
        self._sel.register(sock, selectors.EVENT_READ, conn_id)
        log.info("connection %s from %s", conn_id, addr[0])

    def _service(self, conn_id: int, mask: int) -> None:
        with self.lock:
            link = self._links.get(conn_id)
            if link is None:
                return
            if mask & selectors.EVENT_WRITE:
                self._flush(conn_id, link)
            if not mask & selectors.EVENT_READ or conn_id not in self._links:
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
            link.heard = time.monotonic()
            if link.closing_at is not None:
                return  # already on its way out: ignore what it says
            try:
                messages = link.decoder.feed(data)
            except FrameError as exc:
                log.info("connection %s: bad frame: %s", conn_id, exc)
                self._dispatch([(conn_id, error("frame", str(exc)))])
                return
            for message in messages:
                version = match_version(self.protocol.match)
                self._dispatch(self.protocol.handle(conn_id, message))
                if conn_id not in self._links or self._links[conn_id].closing_at is not None:
                    break
                if match_version(self.protocol.match) != version:
                    self._dirty = True
            link.joined = self.protocol.conns.get(conn_id) is not None and self.protocol.conns[conn_id].joined

    def _dispatch(self, outs: list[Out]) -> None:
        """Queue each message for its connection (or the local screen); flush what the kernel will take."""
        touched: set[int] = set()
        for conn_id, message in outs:
            if conn_id == LOCAL:
                if self._local_queue is not None:
                    self._local_queue.put(message)
                continue
            link = self._links.get(conn_id)  # type: ignore[call-overload]
            if link is None:
                continue
            if link.closing_at is not None and message.get("type") != "error":
                continue
            frame = encode(message)
            if self.on_send is not None:
                self.on_send(conn_id, message, frame)
            self.sent_bytes[conn_id] = self.sent_bytes.get(conn_id, 0) + len(frame)
            link.outbuf += frame
            if message.get("type") == "error" and message.get("fatal") and link.closing_at is None:
                link.closing_at = time.monotonic() + 2.0
                log.info("connection %s: closing: %s", conn_id, message.get("message"))
            touched.add(conn_id)  # type: ignore[arg-type]
        for conn_id in touched:
            link = self._links.get(conn_id)
            if link is not None:
                self._flush(conn_id, link)

    def _flush(self, conn_id: int, link: _Link) -> None:
        if link.outbuf:
            try:
                sent = link.sock.send(link.outbuf)
                del link.outbuf[:sent]
            except (BlockingIOError, InterruptedError):
                pass
            except OSError as exc:
                self._drop(conn_id, f"write failed: {exc}")
                return
        if not link.outbuf and link.closing_at is not None:
            self._drop(conn_id, "closed by the host")
            return
        if self._sel is not None:
            events = selectors.EVENT_READ | (selectors.EVENT_WRITE if link.outbuf else 0)
            with contextlib.suppress(KeyError, ValueError):
                if self._sel.get_key(link.sock).events != events:
                    self._sel.modify(link.sock, events, conn_id)

    def _drop(self, conn_id: int, why: str) -> None:
        link = self._links.pop(conn_id, None)
        if link is None:
            return
        if self._sel is not None:
            with contextlib.suppress(KeyError, ValueError):
                self._sel.unregister(link.sock)
        with contextlib.suppress(OSError):
            link.sock.close()
        log.info("connection %s (%s) dropped: %s", conn_id, link.peer, why)
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
                self._dispatch([(conn_id, error("timeout", f"nothing heard for {self.idle_timeout:g} s"))])
        self._dispatch(self.protocol.tick())
        while True:
            try:
                seat, version, text = self._bot_results.get_nowait()
            except queue.Empty:
                break
            self._bot_pending = None
            if match_version(self.protocol.match) != version or self.protocol.bot_to_move() != seat:
                continue
            try:
                self._dispatch(self.protocol.apply_action(seat, text))
                self._dirty = True
            except KrookError as exc:
                log.error(
                    "bot for seat %s chose %r, which is illegal (%s); playing a legal card", seat, text, exc
                )
                fallback = next(iter(self.protocol.match.legal_actions()))
                self._dispatch(self.protocol.apply_action(seat, fallback))
        seat = self.protocol.bot_to_move()
        version = match_version(self.protocol.match)
        if seat is not None and self._bot_pending != (seat, version):
            self._bot_pending = (seat, version)
            strength = self.protocol.bot_strength(seat) or "simple"
            self._bot_jobs.put((seat, version, self.protocol.match.view(seat), strength))
        if self._dirty:
            self._save()

    def _save(self) -> None:
        if self.save_path is None:
            return
        from krook import storage

        with self.lock:
            data = {
                "record": self.protocol.match.to_record(),
                "seats": self.protocol.seats,
                "tokens": {str(s): t for s, t in self.protocol.tokens.items()},
                "started": self.protocol.started,
                "name": self.name,
                "grace_s": self.protocol.grace_s,
            }
            self._dirty = False
        try:
            storage.save_json(self.save_path, SAVE_KIND, SAVE_VERSION, data)
        except storage.StorageError as exc:
            log.error("autosave failed: %s", exc)

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
                with contextlib.suppress(OSError):
                    link.sock.close()
        for sock in (self._listener, self._udp, self._wake_r, self._wake_w):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        if self._sel is not None:
            self._sel.close()

    # -- the bot thread --------------------------------------------------------------------------------------
    def _bot_worker(self) -> None:
        while True:
            job = self._bot_jobs.get()
            if job is None:
                return
            seat, version, view, strength = job
            started = time.monotonic()
            try:
                bot = self._bots.get((seat, strength))
                if bot is None:
                    try:
                        bot = make_bot(strength)
                    except ValueError:
                        bot = make_bot("simple")
                    self._bots[(seat, strength)] = bot
                rng = random.Random(f"{self.protocol.match.seed}/{seat}/{version}")
                text = action_text(bot.choose(view, BotContext(rng, self.bot_budget)))
            except Exception:
                log.exception("bot for seat %s failed; playing a legal action", seat)
                text = view.legal_actions().sample(random.Random(version))
            rest = self.bot_delay - (time.monotonic() - started)
            if rest > 0 and self._running:
                time.sleep(rest)
            self._bot_results.put((seat, version, text))
            self._wake()


__all__ = ["BOT", "DEFAULT_PORT", "Host"]
