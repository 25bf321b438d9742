"""A local game's bots go through the shared bot runner: seeded as saved games always were, the same game
threaded or inline, and a bot that fails is replaced by a legal action the table is told about."""

from __future__ import annotations

import random

from krook.bots import make_bot
from krook.rules import match_from_record
from krook.session.base import ErrorEvent
from krook.session.local import Lobby, LocalSession, SeatConfig


def bots_only(seed: int, strength: str = "simple") -> Lobby:
    lobby = Lobby([SeatConfig(f"B{i}", "bot", strength) for i in range(4)], seed=seed)
    lobby.overrides = {"target": 100}
    return lobby


def play_hands(session: LocalSession, hands: int = 2, threaded: bool = False) -> None:
    for _ in range(5000):
        m = session.match
        if m.is_over or len(m.hands) > hands:
            return
        if m.phase.value == "hand_over":
            session.next_hand()
        session.update(0.0)
        if threaded:
            assert session.settle_bots(10)
    raise AssertionError("the bots did not finish their hands")


def test_threaded_and_inline_bots_play_the_same_game_and_its_record_replays_it():
    inline = LocalSession.new(bots_only(11), autosave=False, threaded=False)
    threaded = LocalSession.new(bots_only(11), autosave=False, threaded=True)
    try:
        play_hands(inline)
        play_hands(threaded, threaded=True)
        record = inline.match.to_record()
        assert record["hands"] == threaded.match.to_record()["hands"]
        assert match_from_record(record).to_record() == record  # the seed and the actions give the game
    finally:
        inline.close()
        threaded.close()


def test_a_local_bot_is_seeded_by_seed_version_and_seat_with_at_least_0_3_s():
    seen: list[tuple[int, int, float, float]] = []

    class Recorder:
        name = "recorder"

        def choose(self, view, ctx):
            seen.append((view.version, view.seat, ctx.rng.random(), ctx.budget_s))
            return make_bot("simple").choose(view, ctx)

    session = LocalSession.new(
        bots_only(5), autosave=False, threaded=False, bot_factory=lambda strength: Recorder()
    )
    try:
        for _ in range(6):
            session.update(0.0)
    finally:
        session.close()
    assert len(seen) == 6
    for version, seat, draw, budget in seen:
        assert draw == random.Random(f"5/{version}/{seat}").random()  # saved games replay as before
        assert budget == 0.3


def test_a_failing_local_bot_plays_a_legal_action_and_the_table_is_told():
    class Broken:
        name = "broken"

        def choose(self, view, ctx):
            raise RuntimeError("bug in the bot")

    session = LocalSession.new(
        bots_only(3), autosave=False, threaded=True, bot_factory=lambda strength: Broken()
    )
    try:
        version = session.version
        session.update(0.0)
        assert session.settle_bots(10)
        events = session.update(0.0)
        assert session.version == version + 1
        errors = [e.message for e in events if isinstance(e, ErrorEvent)]
        assert errors == [
            "B1's bot made a mistake (RuntimeError: bug in the bot); it played a legal card instead"
        ]
    finally:
        session.close()
