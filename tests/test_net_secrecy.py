"""Secrecy: every frame the host sends to a client is recorded with the cards that seat may know at that
moment, computed from the host's own match; no other card may appear in it.

What a seat may know during a hand: its own cards now, every card played to a trick, the called card, the
nest and the buried cards if it is the bidder after the pick-up, and the nest and buried cards once the hand
is scored. In the call phase the bidder's legal list names every card of the deck but its buried ones,
which gives nothing away; it is checked to be exactly that. ``results`` (the score sheet of finished hands) is checked to be exactly the host's own results,
which are public once those hands are scored, and is then left out of the token scan.
"""

from __future__ import annotations

import json
import re

import pytest

from krook.net import Host, RemoteSession
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


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


class Recorder:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.frames = 0
        self.bytes = 0
        self.leaks: list[str] = []
        self.card_tokens_seen = 0
        host.on_send = self.on_send

    def on_send(self, conn_id, message, frame: bytes) -> None:  # called under the host lock, as it is sent
        protocol = self.host.protocol
        match = protocol.match
        conn = protocol.conns.get(conn_id)
        seats = conn.seats if conn is not None else []
        seat = seats[0] if seats else None
        self.frames += 1
        self.bytes += len(frame)
        data = json.loads(frame[4:].decode("utf-8"))  # exactly the bytes on the wire
        if data.get("type") == "view":
            view = data["view"]
            assert view["seat"] == seat, "a client got another seat's view"
            public_results = json.loads(json.dumps([r.to_dict() for r in match.results]))
            assert view.pop("results") == public_results
            if view["phase"] == "call" and view["legal"]:
                # the bidder's options name every card of the (public) deck but the ones it buried itself
                assert seat == match.hand.bidder
                deck = set(names(match.rules.deck_mask)) - set(names(match.hand.buried))
                assert {t.split()[1] for t in view.pop("legal")} == deck
        allowed = knowable(match, seat)
        for text in strings(data):
            for token in CARD_TOKEN.findall(text):
                self.card_tokens_seen += 1
                if token not in allowed:
                    self.leaks.append(f"seat {seat} got {token} in {data.get('type')} frame: {text[:80]!r}")


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
        assert drive(bots, lambda: match.is_over or len(match.hands) > 6, timeout=25)
    finally:
        for s in sessions:
            s.close()
        host.stop()
    assert recorder.frames > 100 and recorder.card_tokens_seen > 100
    assert not recorder.leaks, recorder.leaks[:5]


def test_the_checker_catches_a_leak():
    host = Host.new_game("lan,lan,lan,lan", seed=5, bind="127.0.0.1", port=0, discovery_port=None)
    recorder = Recorder(host)
    host.protocol.connect(1)
    host.protocol.conns[1].seats = [0]
    other = names(host.protocol.match.hand.hands[1])[0]
    frame = json.dumps({"type": "status", "note": f"psst, seat 1 holds {other}"}).encode()
    recorder.on_send(1, {}, b"\0\0\0\0" + frame)
    assert recorder.leaks
