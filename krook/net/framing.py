"""Frames on a TCP stream: a 4-byte big-endian length, then that many bytes of UTF-8 JSON holding one object.

The length is checked before the body is read, so a peer cannot make us buffer more than ``MAX_FRAME``
bytes. Every problem is a :class:`FrameError`, which is fatal for that connection: after a bad frame the
stream cannot be trusted to be in step any more.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from typing import Any

MAX_FRAME = 64 * 1024  # bytes of JSON in one frame, the length prefix not counted
_HEADER = struct.Struct(">I")


class FrameError(ValueError):
    """A frame that breaks the framing rules; the connection must be closed."""


def encode(message: dict[str, Any]) -> bytes:
    """One frame for ``message``; raises FrameError if it is not an object or is too large."""
    if not isinstance(message, dict):
        raise FrameError(f"a frame holds a JSON object, not {type(message).__name__}")
    try:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        body = text.encode("utf-8")
    except (ValueError, TypeError, RecursionError) as exc:
        # NaN or Infinity, a lone surrogate that has no UTF-8 form, a value JSON cannot hold
        raise FrameError(f"message cannot be sent as JSON: {str(exc)[:120]}") from None
    if len(body) > MAX_FRAME:
        raise FrameError(f"frame of {len(body)} bytes is over the {MAX_FRAME}-byte limit")
    return _HEADER.pack(len(body)) + body


def _refuse_constant(name: str) -> Any:
    raise FrameError(f"frame holds {name}: JSON numbers must be finite")


def decode_body(body: bytes) -> dict[str, Any]:
    """The object in one frame's body; FrameError for anything but UTF-8 JSON holding an object."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FrameError(f"frame is not UTF-8: {exc.reason} at byte {exc.start}") from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise FrameError(f"frame is not JSON: {exc.msg} at character {exc.pos}") from None
    except RecursionError:
        raise FrameError("frame JSON is nested too deeply") from None
    except FrameError:
        raise
    except ValueError as exc:  # an integer longer than Python will convert (4,300 digits)
        raise FrameError(f"frame holds a number Krook will not read: {str(exc)[:80]}") from None
    if not isinstance(value, dict):
        raise FrameError(f"a frame holds a JSON object, not {type(value).__name__}")
    return value


class FrameDecoder:
    """Incremental decoder: ``feed`` any slice of the byte stream, get back the complete frames in it.

    After a FrameError the decoder is broken and raises again on every call (the connection must close).
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buf = bytearray()
        self._error: FrameError | None = None
        # a sealed connection's bodies go through this (krook.net.sealed): it opens and decodes one body,
        # raising FrameError for one it refuses
        self.opener: Callable[[bytes], dict[str, Any]] | None = None

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a complete frame."""
        return len(self._buf)

    def feed(self, data: bytes, stop: Callable[[dict[str, Any]], bool] | None = None) -> list[dict[str, Any]]:
        """The complete frames in what came so far. With ``stop``, decoding pauses after a frame for which
        ``stop(frame)`` is true (the rest stays buffered: ``feed(b"")`` goes on), so the caller can switch to
        a sealed channel between two frames that came together."""
        if self._error is not None:
            raise self._error
        self._buf += data
        frames: list[dict[str, Any]] = []
        try:
            while len(self._buf) >= 4:
                (length,) = _HEADER.unpack_from(self._buf)
                if length == 0:
                    raise FrameError("frame length 0: a frame holds a JSON object")
                if length > self.max_frame:
                    raise FrameError(f"frame length {length} is over the {self.max_frame}-byte limit")
                if len(self._buf) < 4 + length:
                    break
                body = bytes(self._buf[4 : 4 + length])
                del self._buf[: 4 + length]
                frames.append((self.opener or decode_body)(body))
                if stop is not None and stop(frames[-1]):
                    break
        except FrameError as exc:
            self._error = exc
            self._buf.clear()
            raise
        return frames
