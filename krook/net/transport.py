"""Transports: how the protocol's messages travel, kept apart from the protocol itself.

The host referees with one :class:`~krook.net.protocol.HostProtocol` whatever carries its messages, and a
client checks every message it receives the same way whatever brought it. Two interfaces:

- **Client side: a** :class:`Connection`, one link to a host made by a :data:`Dialer`. ``receive`` returns
  whole messages only (bytes trickling in are not a sign of life), ``interrupt`` makes the next ``receive``
  fail from any thread. :class:`TcpConnection` is today's LAN link; the relay's is
  :class:`krook.net.relay.RelayConnection`; :func:`memory_dialer` links to a host in the same process.
- **Host side: a** :class:`Peer`, one joined link that is not one of the host's own TCP sockets (a seat
  through the relay, or in memory). The transport calls :meth:`Host.add_peer <krook.net.host.Host.add_peer>`,
  ``peer_messages`` and ``peer_closed``; the host calls ``Peer.send`` with each checked message body and
  ``Peer.close`` when it drops the link. The TCP sockets stay in the host's own selector loop, where the
  LAN's limits and attack tests live.
"""

from __future__ import annotations

import contextlib
import queue
import select
import socket
import threading
from collections.abc import Callable
from typing import Any, Protocol

from .framing import FrameDecoder, FrameError, decode_body, encode
from .join_error import JoinError
from .sealed import SealedChannel
from .sealed_lan import WrongSecret, client_seal, sealed_frame


class ConnectionLost(ConnectionError):
    """The link is gone; ``reason`` in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Connection(Protocol):
    """One client link to a host."""

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message; False when the link cannot take it (lost). Thread-safe."""
        ...

    def receive(self, timeout: float) -> list[dict[str, Any]]:
        """The whole messages that arrive within ``timeout`` (maybe none), unchecked; raises ConnectionLost."""
        ...

    def interrupt(self) -> None:
        """From any thread: the current or next ``receive`` raises ConnectionLost."""
        ...

    def close(self) -> None: ...


Dialer = Callable[[float, str | None], Connection]
"""``dial(timeout, token)`` opens a fresh link within ``timeout`` seconds, or raises ``JoinError``
(``krook.net.client``). ``token`` is the seat token when the client holds one: the relay resumes the seat's
sealed channel with it; TCP ignores it (the token goes in the ``hello``, as ever)."""


class Peer(Protocol):
    """One link the host serves that is not one of its TCP sockets."""

    @property
    def address(self) -> str:
        """Where it comes from, for the host's log and its per-address limit."""
        ...

    def send(self, body: bytes) -> bool:
        """Queue one message body (checked JSON); False when the peer holds too much unsent (drop it)."""
        ...

    def close(self) -> None:
        """Close after what was queued is sent. Thread-safe; called once by the host."""
        ...


# -- TCP (the LAN) -------------------------------------------------------------------------------------------
class TcpConnection:
    """A client's TCP link: length-prefixed frames (``krook.net.framing``), sealed after the exchange of
    ``krook.net.sealed_lan`` when ``channel`` is given."""

    def __init__(
        self, sock: socket.socket, channel: SealedChannel | None = None, decoder: FrameDecoder | None = None
    ) -> None:
        self.sock = sock
        self.channel = channel
        self._decoder = decoder or FrameDecoder()
        self._lock = threading.Lock()
        self._interrupted: str | None = None

    def send(self, message: dict[str, Any]) -> bool:
        frame = encode(message)
        with self._lock:
            if self.channel is not None:  # sealed in the order sent
                frame = sealed_frame(self.channel, frame)
            try:
                self.sock.sendall(frame)
                return True
            except OSError:
                return False

    def receive(self, timeout: float) -> list[dict[str, Any]]:
        try:
            readable, _, _ = select.select([self.sock], [], [], timeout)
            if not readable:
                return []
            data = self.sock.recv(65536)
        except (OSError, ValueError) as exc:
            raise ConnectionLost(self._interrupted or f"connection lost: {exc}") from None
        if not data:
            raise ConnectionLost(self._interrupted or "the host closed the connection")
        try:
            return self._decoder.feed(data)
        except FrameError as exc:
            raise ConnectionLost(f"the host sent a bad frame: {exc}") from None

    def interrupt(self) -> None:
        self._interrupted = self._interrupted or "closed here"
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self.sock.close()


def tcp_dialer(address: str, port: int, password: str | None = None) -> Dialer:
    """Dial a LAN host and seal the connection: with the seat's resume secret when the client holds a token,
    else with the room code ``password`` (empty without one). A code given to a game that has none is
    dropped (the exchange is run again without it), as the host ignores it."""

    def dial(timeout: float, token: str | None = None) -> Connection:
        secrets: list[str | None] = [password, None] if password and not token else [password]
        for secret in secrets:
            try:
                sock = socket.create_connection((address, port), timeout=timeout)
            except OSError as exc:
                raise JoinError(
                    "unreachable", f"cannot reach {address}:{port}: {exc.strerror or exc}"
                ) from None
            except ValueError:  # a name the resolver will not encode (UnicodeError), a NUL in it
                raise JoinError("unreachable", f"{address!r} is not a name a computer can have") from None
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                channel, decoder, frames = client_seal(sock, secret, token, timeout)
            except WrongSecret:
                sock.close()
                if token:
                    raise JoinError("bad_token", "this host holds no seat for that token") from None
                raise JoinError("password", "that room code is not this game's") from None
            except (OSError, FrameError) as exc:
                sock.close()
                raise JoinError("unreachable", f"lost {address}:{port} during the exchange: {exc}") from None
            if channel is None:
                sock.close()
                first = frames[0] if frames else {}
                if first.get("code") == "no_code" and secret:
                    continue  # a code typed for a game without one: it is not needed
                raise JoinError(str(first.get("code", "closed")), str(first.get("message", "refused")))
            return TcpConnection(sock, channel, decoder)
        raise JoinError("closed", f"{address}:{port} refused the exchange")

    return dial


# -- in memory (tests) ---------------------------------------------------------------------------------------
class _MemoryPeer:
    def __init__(self, to_client: queue.Queue[bytes | None], name: str) -> None:
        self._to_client = to_client
        self._name = name

    @property
    def address(self) -> str:
        return self._name

    def send(self, body: bytes) -> bool:
        self._to_client.put(body)
        return True

    def close(self) -> None:
        self._to_client.put(None)


class PeerHost(Protocol):
    """What a transport needs of the host it feeds: take a peer in, hand on its messages, hear it close."""

    def add_peer(self, peer: Peer, *, vouched: bool = False) -> int: ...

    def peer_messages(self, conn_id: int, messages: list[dict[str, Any]]) -> None: ...

    def peer_closed(self, conn_id: int, why: str) -> None: ...


class MemoryConnection:
    """A client linked to a host in the same process: no sockets, the same checks."""

    def __init__(self, host: PeerHost, name: str) -> None:
        self._inbox: queue.Queue[bytes | None] = queue.Queue()
        self._host = host
        self._closed: str | None = None
        self.conn_id = host.add_peer(_MemoryPeer(self._inbox, name))

    def send(self, message: dict[str, Any]) -> bool:
        if self._closed is not None:
            return False
        body = encode(message)[4:]
        self._host.peer_messages(self.conn_id, [decode_body(body)])
        return True

    def receive(self, timeout: float) -> list[dict[str, Any]]:
        if self._closed is not None:
            raise ConnectionLost(self._closed)
        try:
            body = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return []
        if body is None:
            self._closed = self._closed or "the host closed the connection"
            raise ConnectionLost(self._closed)
        return [decode_body(body)]

    def interrupt(self) -> None:
        self._closed = self._closed or "closed here"
        self._inbox.put(None)

    def close(self) -> None:
        if self._closed is None:
            self._closed = "closed here"
            self._host.peer_closed(self.conn_id, "closed by the client")
        self._inbox.put(None)


def memory_dialer(host: PeerHost, name: str = "memory") -> Dialer:
    def dial(timeout: float, token: str | None = None) -> Connection:
        return MemoryConnection(host, name)

    return dial


__all__ = [
    "Connection",
    "ConnectionLost",
    "Dialer",
    "MemoryConnection",
    "Peer",
    "PeerHost",
    "TcpConnection",
    "memory_dialer",
    "tcp_dialer",
]
