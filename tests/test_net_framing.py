"""Frames: 4-byte big-endian length + UTF-8 JSON object, 64 KiB cap, every problem a FrameError."""

from __future__ import annotations

import json
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krook.net.framing import MAX_FRAME, FrameDecoder, FrameError, encode


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def test_round_trip_in_any_slices():
    messages = [
        {"type": "hello", "name": "Zoë"},
        {"type": "action", "text": "play R14"},
        {"n": list(range(50))},
    ]
    stream = b"".join(encode(m) for m in messages)
    for step in (1, 2, 3, 7, len(stream)):
        decoder = FrameDecoder()
        got = []
        for i in range(0, len(stream), step):
            got += decoder.feed(stream[i : i + step])
        assert got == messages
        assert decoder.pending == 0


@pytest.mark.parametrize(
    "data, words",
    [
        (struct.pack(">I", MAX_FRAME + 1), "limit"),
        (b"\xff\xff\xff\xff", "limit"),
        (b"GET / HTTP/1.1\r\n\r\n", "limit"),
        (struct.pack(">I", 0), "length 0"),
        (frame(b"\xff\xfe{}"), "UTF-8"),
        (frame(b"{not json"), "JSON"),
        (frame(b"[1, 2]"), "object"),
        (frame(b"42"), "object"),
        (frame(b"[" * 5000 + b"]" * 5000), "object|deeply"),
    ],
    ids=["over-limit", "max-length", "http-junk", "zero", "utf8", "json", "array", "number", "deep"],
)
def test_bad_frames(data, words):
    decoder = FrameDecoder()
    with pytest.raises(FrameError, match=words):
        decoder.feed(data)
    with pytest.raises(FrameError):  # the decoder stays broken: the connection must close
        decoder.feed(encode({"type": "ping"}))


def test_size_limit_is_checked_before_the_body_arrives():
    decoder = FrameDecoder()
    with pytest.raises(FrameError):
        decoder.feed(struct.pack(">I", 10 * MAX_FRAME) + b"{")
    assert decoder.pending == 0


def test_encode_refuses_oversize_and_non_objects():
    with pytest.raises(FrameError):
        encode({"x": "a" * MAX_FRAME})
    with pytest.raises(FrameError):
        encode([1, 2])  # type: ignore[arg-type]
    assert len(encode({"x": "a" * (MAX_FRAME - 20)})) <= MAX_FRAME + 4


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.integers(min_value=1, max_value=64))
def test_random_bytes_never_crash(data, step):
    decoder = FrameDecoder()
    try:
        for i in range(0, len(data), step):
            for msg in decoder.feed(data[i : i + step]):
                assert isinstance(msg, dict)
    except FrameError:
        pass


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=8), json_values, max_size=5), max_size=5), st.data())
def test_truncated_streams_give_a_prefix_of_the_frames(messages, data):
    stream = b"".join(encode(m) for m in messages)
    cut = data.draw(st.integers(min_value=0, max_value=len(stream)))
    decoder = FrameDecoder()
    got = decoder.feed(stream[:cut])
    assert got == [json.loads(json.dumps(m)) for m in messages[: len(got)]]
    assert got + decoder.feed(stream[cut:]) == messages


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.dictionaries(st.text(max_size=6), st.integers(), max_size=3), min_size=1, max_size=4),
    st.data(),
)
def test_corrupted_streams_raise_frame_error_or_decode_objects(messages, data):
    stream = bytearray(b"".join(encode(m) for m in messages))
    index = data.draw(st.integers(min_value=0, max_value=len(stream) - 1))
    stream[index] = data.draw(st.integers(min_value=0, max_value=255))
    decoder = FrameDecoder()
    try:
        for msg in decoder.feed(bytes(stream)):
            assert isinstance(msg, dict)
    except FrameError:
        pass
