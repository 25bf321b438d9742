"""The client side of a LAN game: one connection to a host, run on its own thread.

Messages from the host are put on ``Client.inbox`` (a ``queue.Queue``, never pygame's event queue) in
order. The thread also pings the host, notices silence, and reconnects with the seat token when the link
drops; it reports the link itself with ``{"type": "_link", "state": "lost" | "back" | "gone", "reason"}``
messages on the same queue.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any

from .checks import HostMessageError, check_host_message
from .framing import FrameError
from .join_error import FINAL_CODES, JoinError
from .protocol import ERROR, PING, PONG, WELCOME, hello
from .transport import Connection, ConnectionLost, Dialer, tcp_dialer

log = logging.getLogger("krook.net.client")


# Fatal errors after which reconnecting cannot help.
def handshake(
    conn: Connection, name: str, token: str | None, timeout: float, password: str | None = None
) -> list[dict[str, Any]]:
    """Say hello on a fresh link and read up to the welcome; return the frames read (each checked by
    :func:`check_host_message`). Closes the link and raises JoinError when refused or lost."""
    try:
        if not conn.send(hello(name, token, password)):
            raise JoinError("unreachable", "the link closed before the hello")
        frames: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while True:
            for msg in frames:
                if msg.get("type") == WELCOME:
                    return frames
                if msg.get("type") == ERROR:
                    raise JoinError(str(msg.get("code")), str(msg.get("message")))
            left = deadline - time.monotonic()
            if left <= 0:
                raise JoinError("timeout", f"the host did not answer the hello in {timeout:g} s")
            frames += _checked(conn.receive(left))
    except JoinError:  # a ConnectionError, so it comes before OSError
        conn.close()
        raise
    except ConnectionLost as exc:
        # The link ended with no word from the host: it went down (killed, restarting), so trying again may
        # find it back. Not "closed", the final refusal a host sends when it ends the game for good.
        conn.close()
        raise JoinError("lost", f"the host closed the connection during the hello ({exc.reason})") from None
    except (OSError, FrameError, HostMessageError) as exc:
        conn.close()
        raise JoinError("unreachable", f"lost the host during the hello: {exc}") from None


def _checked(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames Krook knows, checked; raises HostMessageError for one it cannot use."""
    out = []
    for frame in frames:
        msg = check_host_message(frame)
        if msg is not None:
            out.append(msg)
    return out


class Client:
    """A connection to a LAN host; ``connect()`` joins (blocking), then a thread reads into ``inbox``."""

    def __init__(
        self,
        address: str,
        port: int,
        name: str,
        token: str | None = None,
        *,
        timeout: float = 5.0,
        ping_interval: float = 5.0,
        host_timeout: float = 20.0,
        reconnect_s: float = 180.0,
        retry_s: float = 1.0,
        password: str | None = None,
        dialer: Dialer | None = None,
    ) -> None:
        self.address, self.port, self.name, self.token = address, port, name, token
        self.dialer: Dialer = dialer or tcp_dialer(address, port, password)
        self.password = password
        self.timeout, self.ping_interval, self.host_timeout = timeout, ping_interval, host_timeout
        self.reconnect_s, self.retry_s = reconnect_s, retry_s
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seat: int | None = None
        self.connected = False
        self._conn: Connection | None = None
        self._send_lock = threading.Lock()
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_fatal: str | None = None
        self._drop_reason: str | None = None
        self.welcome: dict[str, Any] = {}
        self.last_lost: str | None = None  # why the link was last lost (None while it never was)

    def connect(self) -> dict[str, Any]:
        """Join the host; returns the welcome. Raises JoinError when refused or unreachable."""
        self._open()
        self._thread = threading.Thread(target=self._run, name="krook-client", daemon=True)
        self._thread.start()
        return self.welcome

    def _open(self) -> None:
        conn = self.dialer(self.timeout, self.token)
        frames = handshake(conn, self.name, self.token, self.timeout, self.password)
        welcome = next(m for m in frames if m.get("type") == WELCOME)
        self.welcome = welcome
        self.token = welcome.get("token") or self.token
        self.seat = welcome.get("seat")
        with self._send_lock:
            self._conn = conn
        self.connected = True
        self._last_fatal = None
        for msg in frames:
            self.inbox.put(msg)

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message; False when there is no connection right now."""
        with self._send_lock:
            conn = self._conn
        return conn is not None and conn.send(message)

    def drop(self, reason: str) -> None:
        """Close the link now (the screen found a message it cannot use); the thread reconnects."""
        log.warning("dropping the link to %s:%s: %s", self.address, self.port, reason)
        self._drop_reason = reason
        with self._send_lock:
            conn = self._conn
        if conn is not None:
            conn.interrupt()

    def close(self) -> None:
        self._closed.set()
        with self._send_lock:
            conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)
        self.connected = False

    # -- the thread ---------------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._closed.is_set():
            reason = self._read_until_lost()
            if self._closed.is_set():
                return
            self._disconnect()
            self.last_lost = reason
            if self._last_fatal in FINAL_CODES:
                self.inbox.put({"type": "_link", "state": "gone", "reason": reason})
                return
            self.inbox.put({"type": "_link", "state": "lost", "reason": reason})
            if not self._reconnect():
                return

    def _disconnect(self) -> None:
        self.connected = False
        with self._send_lock:
            conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()

    def _read_until_lost(self) -> str:
        """Read until the link is lost; silence is counted in whole messages, not bytes (a host that trickles
        one byte every few seconds is silent)."""
        heard = last_ping = time.monotonic()
        while not self._closed.is_set():
            conn = self._conn
            if conn is None:
                return "closed"
            now = time.monotonic()
            if now - last_ping >= self.ping_interval:
                self.send({"type": PING, "t": round(now, 3)})
                last_ping = now
            if now - heard > self.host_timeout:
                return f"the host said nothing for {self.host_timeout:g} s"
            try:
                frames = conn.receive(min(0.5, self.ping_interval))
                if frames:
                    heard = time.monotonic()
                messages = _checked(frames)
            except ConnectionLost as exc:
                if self._drop_reason is not None:
                    reason, self._drop_reason = self._drop_reason, None
                    return reason
                return exc.reason
            except FrameError as exc:
                return f"the host sent a bad frame: {exc}"
            except HostMessageError as exc:
                return f"the host sent something Krook cannot use ({exc})"
            for msg in messages:
                if msg.get("type") == PONG:
                    continue
                if msg.get("type") == ERROR and msg.get("fatal"):
                    self._last_fatal = str(msg.get("code"))
                self.inbox.put(msg)
        return "closed"

    def _reconnect(self) -> bool:
        deadline = time.monotonic() + self.reconnect_s
        last = "the host did not come back"
        while not self._closed.is_set() and time.monotonic() < deadline:
            try:
                self._open()
            except JoinError as exc:
                last = exc.message
                if exc.code in FINAL_CODES:
                    self.inbox.put({"type": ERROR, "code": exc.code, "message": exc.message, "fatal": True})
                    break
                self._closed.wait(min(self.retry_s, max(0.0, deadline - time.monotonic())))
                continue
            log.info("rejoined %s:%s as seat %s", self.address, self.port, self.seat)
            self.inbox.put({"type": "_link", "state": "back", "reason": "rejoined"})
            return True
        if not self._closed.is_set():
            self.inbox.put({"type": "_link", "state": "gone", "reason": last})
        return False
