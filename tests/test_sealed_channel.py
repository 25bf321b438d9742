"""The sealed channel on its own: the exchange, wrong secrets, and frames tampered, replayed, reordered,
truncated or padded wrong."""

from __future__ import annotations

import pytest

from krook.net.sealed import (
    BUCKETS,
    FRAME_SIZES,
    GuestHandshake,
    HostHandshake,
    SealError,
    pair,
)


def test_the_exchange_gives_both_sides_the_same_keys_and_messages_go_both_ways():
    guest, host = pair(b"482916", b"relay|K7QM|abc")
    frame = guest.seal_message({"type": "hello", "name": "Ann"})
    assert host.open_message(frame) == {"type": "hello", "name": "Ann"}
    back = host.seal_message({"type": "welcome", "seat": 2})
    assert guest.open_message(back) == {"type": "welcome", "seat": 2}
    assert b"Ann" not in frame and b"welcome" not in back


def test_a_wrong_secret_fails_the_confirmation_on_both_sides():
    guest, host = GuestHandshake(b"482916", b"ctx"), HostHandshake(b"482917", b"ctx")
    host_msg, host_tag = host.answer(guest.start())
    with pytest.raises(SealError) as exc:
        guest.finish(host_msg, host_tag)
    assert exc.value.kind == "confirm"
    with pytest.raises(SealError) as exc:
        host.confirm(bytes(32))
    assert exc.value.kind == "confirm"


def test_another_context_is_another_exchange():
    guest, host = GuestHandshake(b"482916", b"game A"), HostHandshake(b"482916", b"game B")
    host_msg, host_tag = host.answer(guest.start())
    with pytest.raises(SealError):
        guest.finish(host_msg, host_tag)


def test_malformed_exchange_messages_are_refused_not_raised_through():
    host = HostHandshake(b"1", b"c")
    for junk in (b"", bytes(33), b"\xff" * 33, b"x" * 40):
        with pytest.raises(SealError):
            HostHandshake(b"1", b"c").answer(junk)
    with pytest.raises(SealError):
        host.confirm(bytes(32))  # before any exchange
    guest = GuestHandshake(b"1", b"c")
    guest.start()
    with pytest.raises(SealError):
        guest.finish(b"\x00" * 33, bytes(32))


def test_tampered_replayed_reordered_and_truncated_frames_are_refused_and_counted():
    guest, host = pair()
    frames = [guest.seal_message({"type": "ping", "t": i}) for i in range(4)]
    flipped = bytearray(frames[0])
    flipped[20] ^= 1
    with pytest.raises(SealError) as exc:
        host.open(bytes(flipped))
    assert exc.value.kind == "tamper"
    with pytest.raises(SealError) as exc:
        host.open(frames[0][:-1])  # truncated: no bucket's size, refused before decryption
    assert exc.value.kind == "size"
    counter_changed = bytearray(frames[0])
    counter_changed[7] = 9
    with pytest.raises(SealError) as exc:
        host.open(bytes(counter_changed))  # the counter is authenticated too
    assert exc.value.kind == "tamper"
    assert host.open_message(frames[1])["t"] == 1  # frame 0 never arrived: a gap
    assert host.gaps == 1
    for old in (frames[0], frames[1]):  # reordered, replayed
        with pytest.raises(SealError) as exc:
            host.open(old)
        assert exc.value.kind == "replay"
    assert host.open_message(frames[2])["t"] == 2
    assert host.refused == 5 and host.gaps == 1
    with pytest.raises(SealError):  # a frame of one direction does not open in the other
        guest.open(frames[3])


def test_sizes_are_the_buckets_only():
    guest, host = pair()
    for n in (0, 10, 250, 251, 1000, 5000, 20000, 65000):
        frame = guest.seal_message({"p": "x" * n})
        assert len(frame) in FRAME_SIZES
        assert host.open_message(frame) == {"p": "x" * n}
    assert len(guest.seal_message({"a": 1})) == BUCKETS[0] + 24
