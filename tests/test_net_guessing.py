"""Room codes resist guessing (issue 26 item 5): codes set by hand are 6+ letters and digits; one address gets
a few free tries, then a doubling wait, then a lockout, so its guesses per second are single digits; a seat
token rejoins without a code and is never slowed down; relay seats proved their invite and need no code."""

from __future__ import annotations

import time

import pytest

from krook.net import Host
from krook.net.host import GUESSES_FREE
from krook.net.protocol import PROTOCOL_VERSION, room_code_problem
from krook.net.serve import main as serve_main
from krook.net.testing import Raw

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


def hello(password: str | None = None, token: str | None = None) -> dict:
    msg: dict = {"type": "hello", "protocol": PROTOCOL_VERSION, "app": "x", "name": "Eve"}
    if password is not None:
        msg["password"] = password
    if token is not None:
        msg["token"] = token
    return msg


def attempt(port: int, **kw) -> str:
    raw = Raw(port)
    try:
        raw.send(hello(**kw))
        frame = raw.read(lambda f: f.get("type") in ("welcome", "error"))
        return "closed" if frame is None else frame.get("code", "welcome")
    finally:
        raw.close()


def test_codes_set_by_hand_have_a_minimum_length_and_alphabet():
    for bad in ("A", "AB12", "abc-de", "ÄBCDEF", "ABCDE", "X" * 33):
        assert room_code_problem(bad) is not None, bad
    for good in ("AB12CD", "kitchen table 7", "ACDEFGHJKLMN"):
        assert room_code_problem(good) is None, good
    with pytest.raises(ValueError):
        Host.new_game("lan,bot,bot,bot", password="AB1", **FAST)
    assert serve_main(["--password", "a", "--port", "0", "--no-discovery"]) == 2


def test_one_address_gets_a_few_tries_then_waits_and_its_guesses_per_second_are_single_digits():
    host = Host.new_game("lan,lan,bot:random,bot:random", password="KITCHEN7", **FAST).start()
    port = host.address[1]
    try:
        answers = [attempt(port, password=f"WRONG{i}") for i in range(GUESSES_FREE)]
        assert answers == ["password"] * GUESSES_FREE
        started = time.monotonic()
        tested = refused = 0
        while time.monotonic() - started < 3.0:
            code = attempt(port, password=f"GUESS{tested + refused}")
            tested += code == "password"
            refused += code == "slow_down"
        rate = tested / (time.monotonic() - started)
        assert refused > 10 and tested <= 2 and rate < 10, (tested, refused)
        assert host.guesses_refused == refused
        # even the right code must wait its turn: a guesser cannot tell a refusal from a wrong code by racing.
        # The loop may end just as a wait runs out (the 2 s wait after its tested guess at about 1 s), so the
        # right code comes straight after a wrong one is tested, when the next wait (4 s) has just begun.
        give_up = time.monotonic() + 10.0
        while attempt(port, password="ONE MORE") != "password":
            assert time.monotonic() < give_up, "no wrong code was tested within 10 s"
        assert attempt(port, password="KITCHEN7") == "slow_down"
    finally:
        host.stop()


def test_a_seat_token_rejoins_without_a_code_and_is_never_slowed_down():
    host = Host.new_game("lan,lan,bot:random,bot:random", password="KITCHEN7", **FAST).start()
    port = host.address[1]
    try:
        raw = Raw(port)
        raw.send(hello(password="kitchen 7"))
        welcome = raw.read(lambda f: f.get("type") == "welcome")
        assert welcome is not None
        raw.close()
        for i in range(GUESSES_FREE + 3):
            attempt(port, password=f"NOPE{i}")
        assert attempt(port, token=welcome["token"]) == "welcome"
    finally:
        host.stop()
