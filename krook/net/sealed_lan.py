"""The sealed channel on the LAN (protocol 4): the exchange of krook.net.sealed at the start of every TCP
connection, in three clear frames, then every frame sealed (docs/PROTOCOL.md, *Sealed channel*).

    client -> host  {"type": "seal", "protocol": 4, "app": "…", "spake": B64, "code": BOOL, "resume": RID}
    host -> client  {"type": "sealed", "spake": B64, "tag": B64}
    client -> host  {"type": "confirm", "tag": B64}

The secret is the room code (as typed: case and spaces do not matter) for a new player, the seat's resume
secret (from its token, ``resume`` naming it) for a player coming back, and empty for a game without a room
code: such a game is sealed against listeners but not authenticated (a machine in the middle could run the
exchange with both sides). After the confirmation the length-prefixed frames hold sealed bytes
(``SealedChannel.seal`` of the JSON), at most :data:`MAX_SEALED` bytes each.
"""

from __future__ import annotations

import base64
import binascii
import socket
import struct
import time
from collections.abc import Callable
from typing import Any

from krook import __version__ as APP_VERSION

from .framing import FrameDecoder, FrameError, decode_body, encode
from .protocol import PROTOCOL_VERSION, normalise_password
from .sealed import MAX_SEALED, GuestHandshake, SealedChannel, SealError, resume_keys

SEAL, SEALED, CONFIRM = "seal", "sealed", "confirm"
_HEADER = struct.Struct(">I")


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(value: object, size: int) -> bytes | None:
    """``value`` as base64 of exactly ``size`` bytes, or None."""
    if not isinstance(value, str) or len(value) > 4 * size:
        return None
    try:
        data = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None
    return data if len(data) == size else None


def context(rid: str | None) -> bytes:
    return b"lan|" + (rid or "code").encode("ascii")


def code_secret(password: str | None) -> bytes:
    """The exchange's secret for a new player: the room code as the host holds it, or empty."""
    if not password:
        return b""
    return normalise_password(password).encode("utf-8", "surrogatepass")


def opener(channel: SealedChannel) -> Callable[[bytes], dict[str, Any]]:
    """A FrameDecoder opener: one sealed body to its message; FrameError for one refused."""

    def open_body(body: bytes) -> dict[str, Any]:
        try:
            plain = channel.open(body)
        except SealError as exc:
            raise FrameError(f"a sealed frame was refused ({exc.kind}): {exc}") from None
        return decode_body(plain)

    return open_body


def sealed_frame(channel: SealedChannel, frame: bytes) -> bytes:
    """A clear frame (length + JSON) as a sealed one (length + sealed bytes)."""
    sealed = channel.seal(frame[4:])
    return _HEADER.pack(len(sealed)) + sealed


class WrongSecret(ValueError):
    """The host holds another secret (a wrong room code); the host was told (a failing confirmation)."""


def client_seal(
    sock: socket.socket, password: str | None, token: str | None, timeout: float
) -> tuple[SealedChannel | None, FrameDecoder, list[dict[str, Any]]]:
    """Run the exchange on a fresh socket. Returns the channel and a decoder that opens sealed frames; or None
    and the clear frames the host sent instead (an error: version, bad_token, slow_down, ...). Raises
    WrongSecret, or FrameError / OSError when the link breaks."""
    rid, secret = resume_keys(token) if token else (None, code_secret(password))
    handshake = GuestHandshake(secret, context(rid))
    hello: dict[str, Any] = {
        "type": SEAL,
        "protocol": PROTOCOL_VERSION,
        "app": APP_VERSION,
        "spake": b64(handshake.start()),
        "code": bool(secret) and not rid,  # the secret is a room code (a host without one says no_code)
    }
    if rid:
        hello["resume"] = rid
    sock.sendall(encode(hello))
    decoder = FrameDecoder()
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the host did not answer the exchange")
        sock.settimeout(left)
        data = sock.recv(65536)
        if not data:
            raise ConnectionResetError("the host closed the connection during the exchange")
        frames = decoder.feed(data, stop=lambda f: f.get("type") == SEALED)
        for i, frame in enumerate(frames):
            if frame.get("type") != SEALED:
                return None, decoder, frames[i:]  # an error (version, bad_token, slow_down, ...)
            host_msg, tag = unb64(frame.get("spake"), 33), unb64(frame.get("tag"), 32)
            if host_msg is None or tag is None:
                raise FrameError("the host's exchange message is malformed")
            try:
                channel, mine = handshake.finish(host_msg, tag)
            except SealError as exc:
                if exc.kind == "confirm":
                    sock.sendall(encode({"type": CONFIRM, "tag": b64(bytes(32))}))  # the host counts it
                    raise WrongSecret(str(exc)) from None
                raise FrameError(str(exc)) from None
            sock.sendall(encode({"type": CONFIRM, "tag": b64(mine)}))
            decoder.opener = opener(channel)
            decoder.max_frame = MAX_SEALED
            return channel, decoder, []


__all__ = [
    "CONFIRM",
    "SEAL",
    "SEALED",
    "WrongSecret",
    "client_seal",
    "code_secret",
    "context",
    "opener",
    "sealed_frame",
    "unb64",
]
