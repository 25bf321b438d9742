"""Hostile or broken clients get errors or are disconnected; the host keeps running, the game is unchanged,
and another client can still join."""

from __future__ import annotations

import json
import struct
import time

import pytest

from krook.net import Host, RemoteSession
from krook.net.framing import FrameDecoder, FrameError
from krook.net.protocol import PROTOCOL_VERSION, hello
from krook.net.testing import Raw, wait_for


@pytest.fixture
def host():
    h = Host.new_game(
        "lan,lan,lan,bot:random",
        bind="127.0.0.1",
        port=0,
        discovery_port=None,
        bot_delay=0.0,
        seed=3,
        hello_timeout=0.5,
    ).start()
    yield h
    h.stop()


@pytest.fixture
def raw(host):
    opened: list[Raw] = []

    def make() -> Raw:
        r = Raw(host.address[1])
        opened.append(r)
        return r

    yield make
    for r in opened:
        r.close()


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


@pytest.mark.parametrize(
    "junk, code",
    [
        (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", "frame"),
        (b"\xff\xff\xff\xff", "frame"),
        (struct.pack(">I", 65 * 1024) + b"{" * 100, "frame"),
        (frame(b"{this is not json"), "frame"),
        (frame(b"\xc3\x28{}"), "frame"),
        (frame(b"[1,2,3]"), "frame"),
        (frame(json.dumps({"type": "action", "text": "pass"}).encode()), "bad_hello"),
        (frame(json.dumps({"type": "hello", "protocol": 0, "name": "old"}).encode()), "version"),
        (frame(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}).encode()), "bad_hello"),
        (
            frame(
                json.dumps(
                    {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "x", "token": "forged"}
                ).encode()
            ),
            "bad_token",
        ),
    ],
    ids=[
        "http",
        "huge-length",
        "over-limit",
        "bad-json",
        "bad-utf8",
        "not-object",
        "no-hello",
        "old-version",
        "no-name",
        "wrong-token",
    ],
)
def test_fatal_junk_before_joining(host, raw, junk, code):
    before = host.protocol.match.to_record()
    r = raw()
    r.send(junk)
    err = r.error()
    assert err is not None and err["code"] == code and err["fatal"], err
    assert r.wait_closed()
    assert host.protocol.match.to_record() == before
    assert host._thread is not None and host._thread.is_alive()
    second = RemoteSession.connect("127.0.0.1", host.address[1], "Second")
    try:
        assert second.seat == 0
    finally:
        second.close()


def test_silent_connection_is_dropped_after_the_hello_timeout(host, raw):
    r = raw()
    err = r.error(timeout=3)
    assert err is not None and err["code"] == "timeout"
    assert r.wait_closed()


def test_joined_client_sending_nonsense_gets_errors_and_stays(host, raw):
    r = raw()
    r.send(hello("Mallory"))
    welcome = r.read(lambda f: f["type"] == "welcome")
    assert welcome is not None and welcome["seat"] == 0
    seat = welcome["seat"]
    before = host.protocol.match.to_record()
    for message, code in [
        ({"type": "teleport"}, "unknown_type"),
        ({"no": "type"}, "unknown_type"),
        ({"type": "action"}, "bad_message"),
        ({"type": "action", "text": 42}, "bad_message"),
        ({"type": "action", "text": "x" * 5000}, "bad_message"),
        ({"type": "action", "text": "pass", "seat": 2}, "bad_message"),
        ({"type": "action", "text": "pass"}, "not_started"),
        ({"type": "ready"}, "wrong_state"),
        (hello("Mallory again"), "already_joined"),
    ]:
        r.send(message)
        err = r.error()
        assert err is not None, message
        assert err["code"] == code, (message, err)
        assert not err["fatal"]
    r.send({"type": "ping", "t": 5})
    assert r.read(lambda f: f["type"] == "pong")["t"] == 5
    assert not r.closed
    # fill the table; then out-of-turn and illegal actions
    others = [RemoteSession.connect("127.0.0.1", host.address[1], n) for n in ("Bob", "Cy")]
    try:
        assert wait_for(lambda: host.protocol.started)
        with host.lock:
            to_act = host.protocol.match.to_act
        if to_act == seat:  # let the table move on until it is someone else's turn
            r.send({"type": "action", "text": "bid 70"})
            assert wait_for(lambda: host.protocol.match.to_act != seat)
        before = host.protocol.match.to_record()
        r.send({"type": "action", "text": "pass"})
        err = r.error()
        assert err["code"] == "not_your_turn" and not err["fatal"]
        assert host.protocol.match.to_record() == before
        # wait for our turn (the other clients do nothing, so push them along directly)
        deadline = time.monotonic() + 5
        while host.protocol.match.to_act != seat and time.monotonic() < deadline:
            with host.lock:
                s = host.protocol.match.to_act
                if s is not None and host.protocol.bot_strength(s) is None and s != seat:
                    host._dispatch(
                        host.protocol.apply_action(
                            s,
                            "pass"
                            if "pass" in host.protocol.match.legal_actions()
                            else next(iter(host.protocol.match.legal_actions())),
                        )
                    )
            time.sleep(0.02)
        assert host.protocol.match.to_act == seat
        before = host.protocol.match.to_record()
        for text in ("bid 3", "play Z99", "trump Q", "discard"):
            r.send({"type": "action", "text": text})
            err = r.error()
            assert err is not None and err["code"] == "illegal" and not err["fatal"], (text, err)
        # Only ASCII words reach the rules parser: "²" is a digit to str.isdigit but not to int().
        for text in ("", "bid ²", "play R²", "call R²", "discard R² R3", "bid  70", "bid\t70", "x" * 201):
            r.send({"type": "action", "text": text})
            err = r.error()
            assert err is not None and err["code"] == "bad_message" and not err["fatal"], (text, err)
        # A seat is a JSON integer: true and 1.0 are not seat 1 (nor 1.0 seat 1), even on this seat's turn.
        legal = next(iter(host.protocol.match.legal_actions()))
        for fake in (float(seat), seat == 1, str(seat)):
            r.send({"type": "action", "text": str(legal), "seat": fake})
            err = r.error()
            assert err is not None and err["code"] == "bad_message", (fake, err)
        assert host.protocol.match.to_record() == before
        assert not r.closed
    finally:
        for o in others:
            o.close()


def test_idle_joined_client_is_dropped_and_its_seat_held(raw):
    h = Host.new_game(
        "lan,bot:random,bot:random,bot:random",
        bind="127.0.0.1",
        port=0,
        discovery_port=None,
        idle_timeout=0.5,
    ).start()
    try:
        r = Raw(h.address[1])
        r.send(hello("Sleepy"))
        assert r.read(lambda f: f["type"] == "welcome")
        err = r.error(timeout=3)
        assert err is not None and err["code"] == "timeout"
        assert r.wait_closed()
        assert wait_for(lambda: h.protocol.seat_status(0) == "disconnected")
        r.close()
    finally:
        h.stop()


def test_decoder_error_type():
    with pytest.raises(FrameError):
        FrameDecoder().feed(b"\x00\x00\x00\x00")
