"""Finding games on the local network: a UDP broadcast query on a fixed port, answered by every host.

The query is a small JSON object ``{"type": "krook?", "protocol": N}``; each host answers the sender with
``{"type": "krook-game", "name", "port", "open_seats", "seats", "protocol", "app", "started"}``. The address
of a game is where its answer came from. A game of another protocol version is listed, marked incompatible.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import socket
import struct
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass

from krook.text_gate import outside_text

from .protocol import PROTOCOL_VERSION

log = logging.getLogger("krook.net.discovery")

DISCOVERY_PORT = 47471
QUERY = json.dumps({"type": "krook?", "protocol": PROTOCOL_VERSION}).encode("utf-8")
MAX_QUERY = 512  # a query is about 40 bytes; anything far longer is not one


@dataclass(frozen=True)
class GameInfo:
    name: str
    address: str
    port: int
    open_seats: int
    seats: int
    protocol: int
    app_version: str
    started: bool = False
    password: bool = False  # a new player needs the room code shown on the host's screen

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION

    def label(self) -> str:
        if not self.compatible:
            return f"{self.name} ({self.address}) - another version of Krook ({self.app_version}), can't join"
        seats = (
            "full" if self.open_seats == 0 else f"{self.open_seats} open seat{'s' * (self.open_seats != 1)}"
        )
        return f"{self.name} ({self.address}) - {seats}"


def is_query(data: bytes) -> bool:
    """Whether a datagram is a discovery query. Anyone on the network can send one, so whatever it holds
    (deep nesting, huge numbers, bad UTF-8) is at worst not a query: it must never stop the host."""
    if len(data) > MAX_QUERY:
        return False
    try:
        msg = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError, JSONDecodeError and long ints are ValueErrors
        return False
    return isinstance(msg, dict) and msg.get("type") == "krook?"


def responder_socket(port: int = DISCOVERY_PORT) -> socket.socket:
    """The host's UDP socket, listening for queries on every interface (several hosts may share a machine)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(("", port))
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


MAX_ANSWER = 4096  # bytes of one answer read; a longer one is cut, fails to parse and is dropped
MAX_GAMES = 32  # games listed at most, whatever the network sends
MAX_PER_ADDRESS = 4  # games listed from one address (several hosts may share a machine)
MAX_SEATS = 8


def _count(value: object, low: int, high: int) -> int:
    """A JSON whole number in ``low..high``; raises ValueError otherwise (``true``, ``1.0``, ``1e999``)."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a count in {low}..{high}")
    return value


def parse_answer(data: bytes, address: str) -> GameInfo | None:
    """The game a discovery answer describes, or None for anything else: a malformed answer drops that
    answer alone, never raises (NUL or lone surrogates in the name, ``1e999``, deep nesting, wrong types).

    Text is passed through the gate (``krook.text_gate``) so the name shown is clean and bounded.
    """
    try:
        if len(data) > MAX_ANSWER:
            return None
        msg = json.loads(data.decode("utf-8"))
        if not isinstance(msg, dict) or msg.get("type") != "krook-game":
            return None
        seats = _count(msg.get("seats", 0), 0, MAX_SEATS)
        name = msg.get("name", "Krook game")
        app = msg.get("app", "?")
        if not isinstance(name, str) or not isinstance(app, str):
            return None
        started = msg.get("started", False)
        if not isinstance(started, bool):
            return None
        return GameInfo(
            name=outside_text(name, 60) or "Krook game",
            address=address,
            port=_count(msg.get("port"), 1, 65535),
            open_seats=_count(msg.get("open_seats", 0), 0, MAX_SEATS),
            seats=seats,
            protocol=_count(msg.get("protocol", -1), -1, 10**6),
            app_version=outside_text(app, 20) or "?",
            started=started,
            password=msg.get("password") is True,
        )
    except Exception:  # whatever an answer holds, only that answer is dropped
        return None


def add_answer(found: dict[tuple[str, int], GameInfo], info: GameInfo) -> bool:
    """Keep ``info`` in ``found`` (games by address and port): a newer answer for a game replaces the
    older; a new game is kept only while its address has fewer than MAX_PER_ADDRESS games and the list
    fewer than MAX_GAMES. Returns whether it was kept."""
    key = (info.address, info.port)
    if key not in found:
        if len(found) >= MAX_GAMES:
            return False
        if sum(1 for address, _ in found if address == info.address) >= MAX_PER_ADDRESS:
            return False
    found[key] = info
    return True


LIMITED_BROADCAST = "255.255.255.255"


def broadcast_targets(interfaces: Iterable[tuple[str, str | None]]) -> tuple[str, ...]:
    """Where a query goes: each interface's broadcast address, then 255.255.255.255.

    ``interfaces`` are ``(IPv4 address, netmask or None)`` pairs; a missing netmask is taken as /24, the
    home-router default. Loopback, link-local and single-host (/31, /32) interfaces are left out: the
    limited broadcast still goes out of the default interface, and a VPN or Docker adapter gets its own.
    """
    targets: list[str] = []
    for address, netmask in interfaces:
        try:
            net = ipaddress.IPv4Network(f"{address}/{netmask or 24}", strict=False)
            ip = ipaddress.IPv4Address(address)
        except ValueError as exc:
            # an adapter the OS reports oddly must not stop discovery on the others; the log says which
            log.debug("interface %r/%r has no broadcast address: %s", address, netmask, exc)
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast or net.prefixlen > 30:
            continue
        target = str(net.broadcast_address)
        if target not in targets:
            targets.append(target)
    return (*targets, LIMITED_BROADCAST)


def local_interfaces() -> list[tuple[str, str | None]]:
    """This computer's IPv4 addresses with their netmasks where the system says (Linux), else without."""
    found: list[tuple[str, str | None]] = []
    if sys.platform.startswith("linux"):
        import fcntl

        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _, name in socket.if_nameindex():
                packed = struct.pack("256s", name.encode()[:15])
                with contextlib.suppress(OSError):
                    address = socket.inet_ntoa(
                        fcntl.ioctl(sock.fileno(), 0x8915, packed)[20:24]
                    )  # SIOCGIFADDR
                    netmask = socket.inet_ntoa(
                        fcntl.ioctl(sock.fileno(), 0x891B, packed)[20:24]
                    )  # SIOCGIFNETMASK
                    found.append((address, netmask))
        return found
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append((str(info[4][0]), None))
    return found


def find_games(
    timeout: float = 1.0,
    *,
    port: int = DISCOVERY_PORT,
    targets: tuple[str, ...] | None = None,
) -> list[GameInfo]:
    """Broadcast a query and collect the answers for ``timeout`` seconds; sorted by name, one per game.

    ``targets`` are the addresses the query goes to: by default every interface's broadcast address and
    255.255.255.255 (:func:`broadcast_targets`); tests pass ``("127.0.0.1",)``. Never raises for network
    trouble: a machine with no network finds no games.
    """
    if targets is None:
        targets = broadcast_targets(local_interfaces())
    found: dict[tuple[str, int], GameInfo] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for target in targets:
            with contextlib.suppress(OSError):
                sock.sendto(QUERY, (target, port))
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, addr = sock.recvfrom(MAX_ANSWER + 1)
            except TimeoutError:
                break
            except OSError:
                break
            info = parse_answer(data, str(addr[0]))
            if info is not None:
                add_answer(found, info)
    return sorted(found.values(), key=lambda g: (not g.compatible, g.name.lower(), g.address, g.port))
