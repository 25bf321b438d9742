"""Finding games on the local network: a UDP broadcast query on a fixed port, answered by every host.

The query is a small JSON object ``{"type": "krook?", "protocol": N}``; each host answers the sender with
``{"type": "krook-game", "name", "port", "open_seats", "seats", "protocol", "app", "started"}``. The address
of a game is where its answer came from. A game of another protocol version is listed, marked incompatible.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import socket
import struct
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass

from .protocol import PROTOCOL_VERSION

DISCOVERY_PORT = 47471
QUERY = json.dumps({"type": "krook?", "protocol": PROTOCOL_VERSION}).encode("utf-8")


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
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
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


def parse_answer(data: bytes, address: str) -> GameInfo | None:
    try:
        msg = json.loads(data.decode("utf-8"))
        if not isinstance(msg, dict) or msg.get("type") != "krook-game":
            return None
        return GameInfo(
            name=str(msg.get("name", "Krook game"))[:60],
            address=address,
            port=int(msg["port"]),
            open_seats=int(msg.get("open_seats", 0)),
            seats=int(msg.get("seats", 0)),
            protocol=int(msg.get("protocol", -1)),
            app_version=str(msg.get("app", "?"))[:20],
            started=bool(msg.get("started", False)),
            password=msg.get("password") is True,
        )
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


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
        except ValueError:
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
                data, addr = sock.recvfrom(4096)
            except TimeoutError:
                break
            except OSError:
                break
            info = parse_answer(data, addr[0])
            if info is not None:
                found[(info.address, info.port)] = info
    return sorted(found.values(), key=lambda g: (not g.compatible, g.name.lower(), g.address, g.port))
