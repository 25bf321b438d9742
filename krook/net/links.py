"""The host's connections: the TCP listener, each link's buffers, the per-address and total limits, the
discovery socket and the wake-up pipe. No game here: :class:`krook.net.host.Host` reads what the links
say and decides what to send.

What one connection sends can at worst close that connection: output per link is capped, a link that does
not read is dropped, and a flood of connections evicts the oldest one that has not joined.
"""

from __future__ import annotations

import contextlib
import logging
import selectors
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from . import discovery
from .framing import FrameDecoder
from .sealed import HostHandshake, SealedChannel
from .transport import Peer

log = logging.getLogger("krook.net.host")

# Limits (docs/PROTOCOL.md, "Limits"): each bounds what one peer can make the host hold or do.
MAX_OUTBUF = 1024 * 1024  # bytes queued for one connection; a peer that does not read is dropped past it
SEND_BUFFER_BYTES = 256 * 1024  # the kernel's send buffer per connection (it would grow to megabytes)
MAX_PER_ADDRESS = 16  # open connections from one IP address
MAX_CONNECTIONS = 256  # open connections in all; past it the oldest one not yet joined is closed
ACCEPT_BATCH = 64  # connections accepted per wake-up: a burst is taken at once, not one per loop
BACKLOG = 128
CLOSE_GRACE_S = 2.0  # time a connection has to read its last (fatal) error before it is cut


@dataclass(frozen=True)
class HostLimits:
    """What one connection may cost the host: time to say hello, silence allowed, bytes queued, links."""

    hello_timeout: float = 5.0
    idle_timeout: float = 30.0
    max_outbuf: int = MAX_OUTBUF
    max_per_address: int = MAX_PER_ADDRESS
    max_connections: int = MAX_CONNECTIONS


@dataclass
class Link:
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


class LinkServer:
    """The sockets of one host. Not thread-safe by itself: the host calls it under its lock.

    ``on_open(conn_id)`` and ``on_drop(conn_id)`` tell the host a link came and went; ``refusal(why)`` makes
    the frame sent to a connection refused at the door (a ``too_many`` error, in the clear).
    """

    def __init__(
        self,
        limits: HostLimits,
        on_open: Callable[[int], None],
        on_drop: Callable[[int], None],
        refusal: Callable[[str], bytes],
    ) -> None:
        self.limits = limits
        self.max_per_address = limits.max_per_address  # a test may loosen it on a running host
        self._on_open, self._on_drop, self._refusal = on_open, on_drop, refusal
        self.links: dict[int, Link] = {}
        self.per_address: dict[str, int] = {}
        self._next_id = 1
        self._sel: selectors.BaseSelector | None = None
        self.listener: socket.socket | None = None
        self.udp: socket.socket | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None

    # -- opening and closing ---------------------------------------------------------------------------------
    def open(self, bind: str, port: int, discovery_port: int | None) -> int:
        """Listen on ``(bind, port)`` (and answer discovery on ``discovery_port``); returns the port taken."""
        sel = selectors.DefaultSelector()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((bind, port))
            listener.listen(BACKLOG)
            listener.setblocking(False)
        except OSError:
            listener.close()
            sel.close()
            raise
        self._sel, self.listener = sel, listener
        sel.register(listener, selectors.EVENT_READ, "listen")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        if discovery_port is not None:
            try:
                self.udp = discovery.responder_socket(discovery_port)
                sel.register(self.udp, selectors.EVENT_READ, "udp")
            except OSError as exc:
                log.warning("discovery is off: cannot listen on UDP port %s (%s)", discovery_port, exc)
                self.udp = None
        return int(listener.getsockname()[1])

    def close(self) -> None:
        """Close every link and socket; the host's game is not told (it is stopping)."""
        for conn_id in list(self.links):
            link = self.links.pop(conn_id)
            if link.conduit is not None:
                link.conduit.close()
                continue
            with contextlib.suppress(OSError):
                if link.sock is not None:
                    link.sock.close()
        self.per_address.clear()
        for sock in (self.listener, self.udp, self._wake_r, self._wake_w):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        if self._sel is not None:
            self._sel.close()

    def wake(self) -> None:
        """Interrupt :meth:`wait` from any thread."""
        if self._wake_w is not None:
            with contextlib.suppress(OSError):
                self._wake_w.send(b"x")

    def wait(self, timeout: float) -> list[tuple[object, int]]:
        """Block until a socket is ready or :meth:`wake`; returns ``(what, mask)`` pairs, ``what`` being
        ``"listen"``, ``"udp"`` or a connection id (wake-ups are taken here)."""
        assert self._sel is not None
        ready: list[tuple[object, int]] = []
        for key, mask in self._sel.select(timeout=timeout):
            if key.data == "wake":
                with contextlib.suppress(OSError):
                    assert self._wake_r is not None
                    self._wake_r.recv(4096)
            else:
                ready.append((key.data, mask))
        return ready

    # -- links ------------------------------------------------------------------------------------------------
    def _new_link(self, link: Link) -> int:
        conn_id = self._next_id
        self._next_id += 1
        self.links[conn_id] = link
        self.per_address[link.address] = self.per_address.get(link.address, 0) + 1
        return conn_id

    def add_peer(self, peer: Peer) -> int | None:
        """A link from another transport (relay, memory), held to the same limits; None when refused."""
        address = peer.address
        if self.per_address.get(address, 0) >= self.max_per_address:
            peer.send(self._refusal(f"too many connections from {address}")[4:])
            peer.close()
            return None
        now = time.monotonic()
        conn_id = self._new_link(Link(None, address, address, now, now, conduit=peer))
        self._on_open(conn_id)
        log.debug("connection %s through %s", conn_id, address)
        return conn_id

    def accept(self) -> None:
        assert self.listener is not None and self._sel is not None
        for _ in range(ACCEPT_BATCH):
            try:
                sock, addr = self.listener.accept()
            except OSError:  # BlockingIOError: nothing more pending; others (EMFILE...): try next wake-up
                return
            address = str(addr[0])
            refuse = None
            if self.per_address.get(address, 0) >= self.max_per_address:
                refuse = f"too many connections from {address}"
            elif len(self.links) >= self.limits.max_connections and not self._evict_one():
                refuse = "the host has too many connections open"
            if refuse is not None:
                with contextlib.suppress(OSError):
                    sock.setblocking(False)
                    sock.send(self._refusal(refuse))
                sock.close()
                continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            # A client that never reads must meet the outbuf cap soon: left alone, the kernel grows a
            # socket's send buffer to megabytes (tcp_wmem), all of it held for a reader who never comes.
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
            now = time.monotonic()
            conn_id = self._new_link(Link(sock, f"{address}:{addr[1]}", address, now, now))
            self._on_open(conn_id)
            self._sel.register(sock, selectors.EVENT_READ, conn_id)
            log.debug("connection %s from %s", conn_id, address)

    def _evict_one(self) -> bool:
        """Make room under a flood: close the oldest connection that has not joined; False if all have."""
        idle = [(link.opened, conn_id) for conn_id, link in self.links.items() if not link.joined]
        if not idle:
            return False
        self.drop(min(idle)[1], "closed to make room: the host is flooded with connections")
        return True

    def receive(self, conn_id: int) -> bytes | None:
        """What a TCP link has to read now; None when there is nothing (or the link is gone or going)."""
        link = self.links.get(conn_id)
        if link is None or link.sock is None:
            return None
        try:
            data = link.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError as exc:
            self.drop(conn_id, f"read failed: {exc}")
            return None
        if not data:
            self.drop(conn_id, "closed by the client")
            return None
        return None if link.closing_at is not None else data  # on its way out: what it says is ignored

    def send(self, conn_id: int, frame: bytes, fatal: str | None) -> bool:
        """Queue one frame (already sealed if the link is); ``fatal`` (the reason) closes the link once it is
        read. Returns True when the frame waits in the link's buffer for :meth:`flush`."""
        link = self.links[conn_id]
        if link.conduit is not None:
            if not link.conduit.send(frame[4:]):
                self.drop(conn_id, "not reading: too much waiting to be sent")
            elif fatal is not None:
                self.drop(conn_id, f"closing: {fatal}")
            return False
        link.outbuf += frame
        if fatal is not None and link.closing_at is None:
            link.closing_at = time.monotonic() + CLOSE_GRACE_S
            (log.info if link.joined else log.debug)("connection %s: closing: %s", conn_id, fatal)
        return True

    def flush(self, conn_id: int) -> None:
        link = self.links.get(conn_id)
        if link is None or link.sock is None:
            return
        if link.outbuf:
            try:
                sent = link.sock.send(link.outbuf)
                del link.outbuf[:sent]
            except (BlockingIOError, InterruptedError):
                pass  # the socket's buffer is full: the rest goes out when it is writable again
            except OSError as exc:
                self.drop(conn_id, f"write failed: {exc}")
                return
        if len(link.outbuf) > self.limits.max_outbuf:
            self.drop(conn_id, f"not reading: over {self.limits.max_outbuf} bytes waiting to be sent")
            return
        if not link.outbuf and link.closing_at is not None:
            self.drop(conn_id, "closed by the host")
            return
        if self._sel is not None:
            events = selectors.EVENT_READ | (selectors.EVENT_WRITE if link.outbuf else 0)
            with contextlib.suppress(KeyError, ValueError):
                if self._sel.get_key(link.sock).events != events:
                    self._sel.modify(link.sock, events, conn_id)

    def send_now(self) -> None:
        """Push every buffered byte out, blocking briefly: the host is stopping and will not flush again."""
        for link in self.links.values():
            if link.sock is None:
                continue
            with contextlib.suppress(OSError):
                link.sock.setblocking(True)
                link.sock.settimeout(0.5)
                link.sock.sendall(bytes(link.outbuf))
            link.outbuf.clear()

    def drop(self, conn_id: int, why: str, *, close: bool = True) -> None:
        """Forget a link (closing its socket, or its conduit when ``close``) and tell the host."""
        link = self.links.pop(conn_id, None)
        if link is None:
            return
        left = self.per_address.get(link.address, 1) - 1
        if left > 0:
            self.per_address[link.address] = left
        else:
            self.per_address.pop(link.address, None)
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
        self._on_drop(conn_id)

    def overdue(self) -> list[tuple[int, str | None]]:
        """Links past a time limit: ``(conn_id, why)`` to tell them (a timeout), or ``(conn_id, None)`` for a
        closing link that did not read its last message (dropped here)."""
        now = time.monotonic()
        out: list[tuple[int, str | None]] = []
        limits = self.limits
        for conn_id, link in list(self.links.items()):
            if link.closing_at is not None:
                if now >= link.closing_at:
                    self.drop(conn_id, "did not read its last message")
                    out.append((conn_id, None))
            elif not link.joined and now - link.opened > limits.hello_timeout:
                out.append((conn_id, f"no hello within {limits.hello_timeout:g} s"))
            elif link.joined and now - link.heard > limits.idle_timeout:
                out.append((conn_id, f"no message for {limits.idle_timeout:g} s"))
        return out
