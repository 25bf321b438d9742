"""Secrecy: every frame the host sends to a client is recorded with the cards that seat may know at that
moment, computed from the host's own match; no other card may appear in it.

What a seat may know during a hand: its own cards now, every card played to a trick, the called card, the
nest and the buried cards if it is the bidder after the pick-up, and the nest and buried cards once the hand
is scored. In the call phase the bidder's legal list names every card of the deck but its buried ones,
which gives nothing away; it is checked to be exactly that. ``results`` messages (the score sheet of finished hands) are checked to be exactly the host's own results,
which are public once those hands are scored, and are then left out of the token scan; a view carries none.
Frames are copied on the host's thread and checked on the test's own.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest

from krook.net import Host, RemoteSession
from krook.net.protocol import RESULTS_PER_FRAME
from krook.net.testing import ClientBot, drive
from krook.rules import Phase
from krook.rules.cards import CARD_NAMES, names

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[RYGB](?:1[0-4]|[1-9])|K2?)(?![A-Za-z0-9])")


def knowable(match, seat: int | None) -> set[str]:
    hand = match.hand
    known: set[str] = set()
    if seat is not None:
        known |= set(names(hand.hands[seat]))
    for trick in hand.tricks:
        known |= {CARD_NAMES[c] for _, c in trick.cards}
    known |= {CARD_NAMES[c] for _, c in hand.trick}
    if hand.called is not None:
        known.add(CARD_NAMES[hand.called])
    scored = match.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    bidder_after_pickup = seat is not None and seat == hand.bidder and match.rules.nest_size > 0
    if scored or bidder_after_pickup:
        known |= set(names(hand.nest)) | set(names(hand.buried))
    return known


# random base64 in a message: the seat token and the sealed channel's handshake key and tag
RANDOM_FIELDS = frozenset({"token", "spake", "tag"})


def strings(value):
    """Every text in a message but its random fields: random base64 can read like a card ('K-Eb…', 'K+/S…')."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            if k not in RANDOM_FIELDS:
                yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def test_a_token_that_reads_like_a_card_is_not_a_leak_but_a_card_beside_it_is():
    message = {"type": "welcome", "token": "K-Eb-80jHkrfMseHTbHdwA", "note": "play R14"}
    found = [t for text in strings(message) for t in CARD_TOKEN.findall(text)]
    assert found == ["R14"]
    # the sealed handshake's key (seen on a fresh clone: 'K+/SDZfw…' was reported as the Krook leaking)
    handshake = {"type": "sealed", "spake": "K+/SDZfwmWGebznxEoTynL5vucBm4Ezw5+SiW+zPAHU=", "tag": "R1/Qa+"}
    assert [t for text in strings(handshake) for t in CARD_TOKEN.findall(text)] == []


@dataclass(frozen=True)
class Sent:
    """One frame as it went out, with what its seat could know at that moment (copied on the host's thread)."""

    seat: int | None
    frame: bytes
    allowed: frozenset[str]
    results: list
    bidder: int | None
    call_deck: frozenset[str]


class Recorder:
    """Copies every frame and the host's facts under the host lock; the test's own thread checks them."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.sent: list[Sent] = []
        host.on_send = self.on_send

    def on_send(self, conn_id, message, frame: bytes) -> None:  # on the host thread: record, never assert
        protocol = self.host.protocol
        match = protocol.match
        conn = protocol.conns.get(conn_id)
        seat = conn.seats[0] if conn is not None and conn.seats else None
        deck = frozenset(names(match.rules.deck_mask)) - frozenset(names(match.hand.buried))
        results = json.loads(json.dumps([r.to_dict() for r in match.results]))
        self.sent.append(
            Sent(seat, bytes(frame), frozenset(knowable(match, seat)), results, match.hand.bidder, deck)
        )

    def check(self) -> tuple[list[str], int]:
        """The leaks found and the number of card names seen, over every recorded frame."""
        leaks: list[str] = []
        seen = 0
        for sent in self.sent:
            data = json.loads(sent.frame[4:].decode("utf-8"))  # exactly the bytes on the wire
            if data.get("type") == "view":
                view = data["view"]
                assert view["seat"] == sent.seat, "a client got another seat's view"
                assert view.pop("results") == [] and data["results_count"] == len(sent.results)
                if view["phase"] == "call" and view["legal"]:
                    # the bidder's options name every card of the (public) deck but the ones it buried itself
                    assert sent.seat == sent.bidder
                    assert {t.split()[1] for t in view.pop("legal")} == sent.call_deck
            if data.get("type") == "results":
                start = data["from"]
                assert data.pop("results") == sent.results[start : start + RESULTS_PER_FRAME]
            for text in strings(data):
                for token in CARD_TOKEN.findall(text):
                    seen += 1
                    if token not in sent.allowed:
                        leaks.append(
                            f"seat {sent.seat} got {token} in {data.get('type')} frame: {text[:80]!r}"
                        )
        return leaks, seen


@pytest.mark.parametrize(
    "preset, seats, seed",
    [
        ("kentucky-discard", "lan,lan,lan,lan", 1),
        ("call-partner", "lan,bot:random,lan,lan", 2),
        ("kentucky-discard", "lan,lan,bot:random,lan", 3),
        ("three-handed", "lan,lan,lan", 4),
    ],
)
def test_no_hidden_card_leaves_the_host(preset, seats, seed):
    host = Host.new_game(
        seats, preset=preset, seed=seed, bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0
    )
    recorder = Recorder(host)
    host.start()
    sessions: list[RemoteSession] = []
    try:
        lan = seats.split(",").count("lan")
        sessions = [RemoteSession.connect("127.0.0.1", host.address[1], f"P{i}") for i in range(lan)]
        bots = [ClientBot(s, seed=seed * 10 + i) for i, s in enumerate(sessions)]
        match = host.protocol.match
        # a bound on the wait, not a speed test: the game is played to its seventh hand however slowly
        assert drive(bots, lambda: match.is_over or len(match.hands) > 6, timeout=180)
    finally:
        for s in sessions:
            s.close()
        host.stop()
    leaks, seen = recorder.check()
    assert len(recorder.sent) > 100 and seen > 100
    assert not leaks, leaks[:5]


def test_the_checker_catches_a_leak():
    host = Host.new_game("lan,lan,lan,lan", seed=5, bind="127.0.0.1", port=0, discovery_port=None)
    recorder = Recorder(host)
    host.protocol.connect(1)
    host.protocol.conns[1].seats = [0]
    other = names(host.protocol.match.hand.hands[1])[0]
    frame = json.dumps({"type": "status", "note": f"psst, seat 1 holds {other}"}).encode()
    recorder.on_send(1, {}, b"\0\0\0\0" + frame)
    leaks, _ = recorder.check()
    assert leaks and other in leaks[0]
