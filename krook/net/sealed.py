"""Sealed channels: a password-authenticated key exchange, then authenticated, padded, counted frames.

Used between the host and each seat over the relay (docs/INTERNET.md) and on the LAN (docs/PROTOCOL.md,
*Sealed channel*). Nothing here is home-made cryptography: the exchange is SPAKE2 (the ``spake2`` package,
Ed25519 group), keys come from HKDF-SHA256 and frames are ChaCha20-Poly1305 (both from ``cryptography``).

The exchange, three messages, each side holding the same short secret (the secret part of an invite code,
a LAN room code, or a seat's resume secret):

1. guest -> host: ``start`` (the guest's SPAKE2 message, 33 bytes);
2. host -> guest: the host's SPAKE2 message and the host's confirmation tag;
3. guest -> host: the guest's confirmation tag. The guest checked the host's tag first.

Both tags are HMAC-SHA256 over the transcript with keys from the shared secret: a side that holds another
secret fails the confirmation, and each wrong guess costs the guesser a whole exchange (SPAKE2 gives an
eavesdropper nothing to test guesses against offline). The ``context`` (which game, which session) is bound
into the exchange and the transcript, so messages of one exchange are worth nothing in another.

A frame is ``counter (8 bytes, big-endian) || ChaCha20-Poly1305(padded plaintext)`` with a key per direction,
the counter as nonce and the direction and counter as associated data. The plaintext is a 4-byte length,
the message and zeros up to the next size bucket (:data:`BUCKETS`), so the size says only the bucket. A
frame whose size is no bucket's is refused before any decryption; a frame that fails to open, or whose
counter is not higher than the last one opened (replayed, reordered), is refused. A counter that skips
ahead opens, and the gap is reported (``SealedChannel.gaps``): the relay delivers at most once, and the
caller mends a gap with a resync.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]

from .framing import MAX_FRAME, FrameError, decode_body, encode

# Padded plaintext sizes; the last holds the largest frame (MAX_FRAME bytes of JSON and its 4-byte length).
BUCKETS = (256, 1024, 4096, 16384, MAX_FRAME + 4)
COUNTER_BYTES = 8
TAG_BYTES = 16
OVERHEAD = COUNTER_BYTES + TAG_BYTES
FRAME_SIZES = frozenset(b + OVERHEAD for b in BUCKETS)
MAX_SEALED = max(FRAME_SIZES)
SPAKE_BYTES = 33  # one SPAKE2 message (Ed25519 group)
CONFIRM_BYTES = 32  # one confirmation tag (HMAC-SHA256)
_LEN = struct.Struct(">I")
_CTR = struct.Struct(">Q")
_GUEST_ID, _HOST_ID = b"krook-guest", b"krook-host"
_TO_GUEST, _TO_HOST = b"krook host->guest", b"krook guest->host"


class SealError(ValueError):
    """A frame or handshake message refused. ``kind`` says why: ``size``, ``tamper``, ``replay``,
    ``handshake`` (a malformed exchange message) or ``confirm`` (the other side holds another secret)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def bucket_for(length: int) -> int:
    """The padded size for ``length`` bytes of plaintext (its 4-byte length included)."""
    for size in BUCKETS:
        if length <= size:
            return size
    raise FrameError(f"a message of {length} bytes is over the largest sealed frame")


class SealedChannel:
    """One side's keys after a confirmed exchange: ``seal`` what it sends, ``open`` what it receives."""

    def __init__(self, send_key: bytes, recv_key: bytes, send_label: bytes, recv_label: bytes) -> None:
        self._send = ChaCha20Poly1305(send_key)
        self._recv = ChaCha20Poly1305(recv_key)
        self._send_label, self._recv_label = send_label, recv_label
        self._next_out = 0
        self._next_in = 0  # the lowest counter still acceptable
        self.gaps = 0  # frames the other side sent that never arrived (counted by the counter's jumps)
        self.refused = 0  # frames refused by ``open``

    # -- bytes -------------------------------------------------------------------------------------------
    def seal(self, body: bytes) -> bytes:
        """A frame holding ``body``, padded to its bucket."""
        size = bucket_for(len(body) + _LEN.size)
        plain = _LEN.pack(len(body)) + body + bytes(size - len(body) - _LEN.size)
        counter = self._next_out
        self._next_out += 1
        header = _CTR.pack(counter)
        return header + self._send.encrypt(_nonce(counter), plain, self._send_label + header)

    def open(self, frame: bytes) -> bytes:
        """The body in ``frame``; raises :class:`SealError` (and counts it) for a frame that is refused."""
        try:
            return self._open(frame)
        except SealError:
            self.refused += 1
            raise

    def _open(self, frame: bytes) -> bytes:
        if len(frame) not in FRAME_SIZES:
            raise SealError("size", f"a sealed frame of {len(frame)} bytes fits no size bucket")
        (counter,) = _CTR.unpack_from(frame)
        if counter < self._next_in:
            raise SealError(
                "replay", f"frame {counter} came again or out of order (expected {self._next_in})"
            )
        header = frame[:COUNTER_BYTES]
        try:
            plain = self._recv.decrypt(_nonce(counter), frame[COUNTER_BYTES:], self._recv_label + header)
        except InvalidTag:
            raise SealError("tamper", f"frame {counter} failed its authentication") from None
        (length,) = _LEN.unpack_from(plain)
        if length > len(plain) - _LEN.size:
            raise SealError("tamper", "a sealed frame's length is past its end")
        self.gaps += counter - self._next_in
        self._next_in = counter + 1
        return plain[_LEN.size : _LEN.size + length]

    # -- messages ------------------------------------------------------------------------------------------
    def seal_message(self, message: dict[str, Any]) -> bytes:
        """``message`` as JSON (checked as a LAN frame is: FrameError if it cannot be sent), sealed."""
        return self.seal(encode(message)[4:])

    def open_message(self, frame: bytes) -> dict[str, Any]:
        """The message in a sealed frame: SealError if the frame is refused, FrameError if its JSON is bad."""
        return decode_body(self.open(frame))

    @property
    def sent(self) -> int:
        return self._next_out


def _nonce(counter: int) -> bytes:
    return bytes(4) + _CTR.pack(counter)


def _keys(secret_key: bytes, transcript: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    okm = HKDF(algorithm=hashes.SHA256(), length=128, salt=transcript, info=b"krook sealed v1").derive(
        secret_key
    )
    return okm[:32], okm[32:64], okm[64:96], okm[96:]


def _transcript(context: bytes, guest_msg: bytes, host_msg: bytes) -> bytes:
    h = hashlib.sha256()
    for part in (context, guest_msg, host_msg):
        h.update(_LEN.pack(len(part)) + part)
    return h.digest()


def _tag(key: bytes, who: bytes, transcript: bytes) -> bytes:
    return hmac.new(key, who + transcript, hashlib.sha256).digest()


class GuestHandshake:
    """The joining side: ``start()``, then ``finish(host_msg, host_tag)`` -> (channel, the guest's tag)."""

    def __init__(self, secret: bytes, context: bytes) -> None:
        self.context = context
        self._spake = SPAKE2_A(secret, idA=_GUEST_ID + b"|" + context, idB=_HOST_ID + b"|" + context)
        self._msg = b""

    def start(self) -> bytes:
        self._msg = bytes(self._spake.start())
        return self._msg

    def finish(self, host_msg: bytes, host_tag: bytes) -> tuple[SealedChannel, bytes]:
        """Raises SealError ``confirm`` when the host holds another secret (a wrong code)."""
        if len(host_msg) != SPAKE_BYTES or len(host_tag) != CONFIRM_BYTES:
            raise SealError("handshake", "the host's exchange message has the wrong size")
        try:
            key = bytes(self._spake.finish(host_msg))
        except Exception as exc:  # the package raises several kinds for a malformed element
            raise SealError(
                "handshake", f"the host's exchange message is malformed ({type(exc).__name__})"
            ) from None
        transcript = _transcript(self.context, self._msg, host_msg)
        to_guest, to_host, c_host, c_guest = _keys(key, transcript)
        if not hmac.compare_digest(_tag(c_host, b"host", transcript), host_tag):
            raise SealError("confirm", "the host holds another secret: the code is wrong")
        channel = SealedChannel(to_host, to_guest, _TO_HOST, _TO_GUEST)
        return channel, _tag(c_guest, b"guest", transcript)


class HostHandshake:
    """The host's side: ``answer(guest_msg)`` -> (host_msg, host_tag), then ``confirm(guest_tag)`` -> channel."""

    def __init__(self, secret: bytes, context: bytes) -> None:
        self.context = context
        self._spake = SPAKE2_B(secret, idA=_GUEST_ID + b"|" + context, idB=_HOST_ID + b"|" + context)
        self._keys: tuple[bytes, bytes, bytes, bytes] | None = None
        self._transcript = b""

    def answer(self, guest_msg: bytes) -> tuple[bytes, bytes]:
        if len(guest_msg) != SPAKE_BYTES:
            raise SealError("handshake", "the guest's exchange message has the wrong size")
        host_msg = bytes(self._spake.start())
        try:
            key = bytes(self._spake.finish(guest_msg))
        except Exception as exc:
            raise SealError(
                "handshake", f"the guest's exchange message is malformed ({type(exc).__name__})"
            ) from None
        self._transcript = _transcript(self.context, guest_msg, host_msg)
        self._keys = _keys(key, self._transcript)
        return host_msg, _tag(self._keys[2], b"host", self._transcript)

    def confirm(self, guest_tag: bytes) -> SealedChannel:
        """Raises SealError ``confirm`` when the guest holds another secret (a wrong guess)."""
        if self._keys is None:
            raise SealError("handshake", "a confirmation before the exchange")
        to_guest, to_host, _, c_guest = self._keys
        if len(guest_tag) != CONFIRM_BYTES or not hmac.compare_digest(
            _tag(c_guest, b"guest", self._transcript), guest_tag
        ):
            raise SealError("confirm", "the guest holds another secret: a wrong code")
        return SealedChannel(to_guest, to_host, _TO_GUEST, _TO_HOST)


def resume_keys(token: str) -> tuple[str, bytes]:
    """A seat's resume id (may be seen on the wire) and resume secret (never sent), both from its seat token:
    a seat comes back through the same exchange, with its token as the secret."""
    okm = HKDF(algorithm=hashes.SHA256(), length=48, salt=b"krook resume", info=b"krook resume v1").derive(
        token.encode("utf-8", "surrogatepass")
    )
    return okm[:16].hex(), okm[16:]


def pair(secret: bytes = b"test", context: bytes = b"test") -> tuple[SealedChannel, SealedChannel]:
    """A confirmed (guest, host) pair of channels, for tests and benchmarks."""
    guest, host = GuestHandshake(secret, context), HostHandshake(secret, context)
    host_msg, host_tag = host.answer(guest.start())
    guest_channel, guest_tag = guest.finish(host_msg, host_tag)
    return guest_channel, host.confirm(guest_tag)


__all__ = [
    "BUCKETS",
    "FRAME_SIZES",
    "MAX_SEALED",
    "GuestHandshake",
    "HostHandshake",
    "SealError",
    "SealedChannel",
    "bucket_for",
    "pair",
    "resume_keys",
]
