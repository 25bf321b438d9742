"""What the LAN screens share: network options, this computer's address, stored seat tokens, seat labels,
and a background job runner (the seat list they draw is in ``krook.scenes.common.seat_list``)."""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from krook.net import DEFAULT_PORT, DISCOVERY_PORT
from krook.scenes.base import Services
from krook.scenes.common.seat_list import STATUS_TEXT, draw_seat_list, status_text

__all__ = ["STATUS_TEXT", "draw_seat_list", "status_text"]


@dataclass
class LanOptions:
    """Where the LAN screens listen and look. Tests set ``services.lan`` to loopback-only options."""

    port: int = DEFAULT_PORT  # the host's TCP port (the next free one is tried when it is taken)
    bind: str = ""  # "" listens on every interface
    discovery_port: int | None = DISCOVERY_PORT
    discovery_targets: tuple[str, ...] | None = None  # None: every interface's broadcast address
    discovery_timeout: float = 1.0
    refresh_s: float = 4.0  # the Join screen looks for games again this often
    connect_timeout: float = 5.0
    client_options: dict[str, Any] | None = None  # extra RemoteSession.connect options (tests: reconnect_s)
    host_options: dict[str, Any] | None = None  # extra Host options (tests: bot_delay, bot_budget)


def lan_options(services: Services) -> LanOptions:
    options = getattr(services, "lan", None)
    return options if isinstance(options, LanOptions) else LanOptions()


def lan_ipv4() -> str:
    """This computer's address on the home network, found without sending anything.

    ``connect()`` on a UDP socket only picks the interface a packet would leave by; no packet is sent.
    Falls back to the address the host name resolves to, then to the host name itself.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with (
            contextlib.suppress(OSError),
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock,
        ):
            sock.connect((probe, 9))
            address = sock.getsockname()[0]
            if address and not address.startswith(("127.", "0.")):
                return str(address)
    name = socket.gethostname()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(name, None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    return name


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, an IPv6 address or ``[ipv6]:port`` -> (host, port); raises ValueError with a
    message for the player (what is typed goes to the resolver, whose own errors are not for people)."""
    text = text.strip()
    if not text:
        raise ValueError("Type the host's address, for example 192.168.1.20 (the host's screen shows it).")
    example = "Type it like 192.168.1.20 or 192.168.1.20:47470."
    if text.startswith("["):
        host, close, rest = text[1:].partition("]")
        if not close or (rest and not rest.startswith(":")):
            raise ValueError(f"That address is not complete. {example}")
        port_text = rest[1:]
        if rest and not port_text:
            raise ValueError(f"The address ends with a colon but no port. {example}")
        if not _is_ip(host, 6):
            raise ValueError(f"The address{_shown(host)} in brackets is not an IPv6 address. {example}")
    elif text.count(":") > 1:
        host, port_text = text, ""  # an IPv6 address on its own
        if not _is_ip(host, 6):
            raise ValueError(f"The address{_shown(text)} is not one Krook can use. {example}")
    else:
        host, sep, port_text = text.partition(":")
        if sep and not port_text:
            raise ValueError(f"The address ends with a colon but no port. {example}")
        if not _is_ip(host, 4) and not _HOST_NAME.fullmatch(host):
            raise ValueError(f"The address{_shown(host)} is not a computer's address or name. {example}")
        if not _is_ip(host, 4) and host.replace(".", "").isdigit():
            raise ValueError(
                f"The address{_shown(host)} is not valid: it is four numbers from 0 to 255 with dots between. {example}"
            )
    if not port_text:
        return host, default_port
    # ASCII digits only: str.isdigit also takes superscripts and other scripts' digits
    if not (port_text.isascii() and port_text.isdigit() and len(port_text) <= 5) or not (
        1 <= int(port_text) <= 65535
    ):
        raise ValueError(f"The port must be a number from 1 to 65535 (Krook uses {default_port}).")
    return host, int(port_text)


# a computer's name: labels of letters, digits and hyphens (and the underscore some home networks allow),
# at most 63 each and 253 in all (RFC 1123)
_HOST_NAME = re.compile(
    r"(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?",
    re.ASCII,
)


def _is_ip(text: str, version: int) -> bool:
    try:
        return ipaddress.ip_address(text).version == version
    except ValueError:
        return False


def _shown(text: str) -> str:
    """What was typed, for a message: a space and the text quoted, printable and short (or nothing)."""
    clean = "".join(ch for ch in text if ch.isprintable() and ch.isascii())
    return f" \u201c{clean[:40]}{'...' if len(clean) > 40 else ''}\u201d" if clean else ""


# -- seat tokens in the settings --------------------------------------------------------------------------
def seat_key(address: str, port: int) -> str:
    return f"{address}:{port}"


def stored_seat(services: Services, address: str, port: int) -> dict[str, Any] | None:
    seats = getattr(services.settings, "lan_seats", None) or {}
    entry = seats.get(seat_key(address, port))
    return entry if isinstance(entry, dict) and isinstance(entry.get("token"), str) else None


def remember_seat(services: Services, address: str, port: int, **entry: Any) -> None:
    seats = dict(getattr(services.settings, "lan_seats", None) or {})
    seats[seat_key(address, port)] = entry
    while len(seats) > 12:  # keep the newest few
        seats.pop(next(iter(seats)))
    services.settings.lan_seats = seats
    services.save_settings()


def forget_seat(services: Services, address: str, port: int) -> None:
    seats = dict(getattr(services.settings, "lan_seats", None) or {})
    if seats.pop(seat_key(address, port), None) is not None:
        services.settings.lan_seats = seats
        services.save_settings()


def player_name(services: Services) -> str:
    name = getattr(services.settings, "player_name", "") or ""
    if name:
        return name
    lobby = services.settings.last_lobby or {}
    for seat in lobby.get("seats", []):
        if isinstance(seat, dict) and seat.get("kind") == "human" and seat.get("name"):
            return str(seat["name"])[:16]
    return "Player"


# -- seat statuses --------------------------------------------------------------------------------------
class Job:
    """Runs ``fn`` on a daemon thread; the scene polls ``done`` each frame (never blocks a frame)."""

    def __init__(self, fn: Callable[[], Any], name: str = "krook-lan-job") -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._abandoned = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, args=(fn,), name=name, daemon=True)
        self._thread.start()

    def _run(self, fn: Callable[[], Any]) -> None:
        try:
            self.result = fn()
        except BaseException as exc:  # handed to the scene, which shows it
            self.error = exc
        with self._lock:
            self._done.set()
            abandoned = self._abandoned
        if abandoned:
            self._close_result()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def abandon(self) -> None:
        """The scene is leaving: close whatever the job makes (a session), now or when it finishes."""
        with self._lock:
            self._abandoned = True
            finished = self._done.is_set()
        if finished:
            self._close_result()

    def _close_result(self) -> None:
        result = self.result
        if isinstance(result, tuple):
            result = result[0]
        close = getattr(result, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()
        self.result = None
