"""In an individual game hard's defence weighs what the hand is worth at the table: where the defenders score
nothing they share one aim, the bidder's fall, and count as one side; where they score, each weighs its own points
against every other seat's, the bidder's made-or-set step among them (docs/RULES.md, Scoring)."""

from __future__ import annotations

import pytest
from bot_helpers import finish_hand_with_bots

from krook.bots import make_bot
from krook.bots.knowledge import read_view
from krook.bots.strengths import HardBot
from krook.bots.utility import seat_utility, trick_bonuses, utility
from krook.rules import PRESETS, Match
from krook.rules.settings import from_overrides

INDIVIDUAL = ["three-handed", "five-handed", "six-handed"]
BONUSES = {"most_tricks_bonus": 20, "sweep_bonus": 30, "all_points_bonus": 0}


def _finished(preset: str, overrides: dict[str, object], count: int) -> list[Match]:
    rules = from_overrides(PRESETS[preset].rules, overrides)
    out = []
    for seed in range(count):
        match = finish_hand_with_bots(Match(rules, seed=seed, preset=preset), "easy", seed)
        if match.hand.bidder is not None:
            out.append(match)
    return out


@pytest.mark.parametrize("preset", INDIVIDUAL)
def test_where_the_defenders_score_nothing_a_defender_plays_for_all_of_them(preset: str) -> None:
    hard = make_bot("hard")
    assert isinstance(hard, HardBot)
    for scoring in (False, True):
        for match in _finished(preset, {"defenders_score": scoring, **BONUSES}, 6):
            hand = match.hand
            bidder, n = hand.bidder, hand.n
            for seat in range(n):
                k = read_view(match.view(seat))
                mates = hard._sample_mates(k, list(hand.hands))
                if seat == bidder or scoring:
                    assert mates == {seat}
                else:
                    assert mates == set(range(n)) - {bidder}
                    # of the bonuses only the bidder's count against the defenders, as the referee gives them
                    ours, theirs = trick_bonuses(k, mates, list(hand.won_tricks))
                    result = match.results[-1]
                    assert theirs == result.bonuses[bidder]
                    assert ours + theirs == sum(result.bonuses)


def test_a_defenders_worth_is_the_bidders_step_where_the_defenders_score_nothing() -> None:
    rules = from_overrides(PRESETS["five-handed"].rules, {"defenders_score": False})
    match = _finished("five-handed", {"defenders_score": False}, 4)[0]
    k = read_view(match.view((match.hand.bidder + 1) % rules.players))
    assert k.bid is not None
    # far from the game's end, the hand's worth alone (near it the game counts too: tests/test_bots_game_point.py)
    k.scores = [-rules.target] * rules.players
    total = 120
    made = total - k.bid  # the defenders take this much: the bidder makes its bid exactly
    assert utility(k, made, total, False) == -k.bid
    assert utility(k, made + 1, total, False) == k.bid  # one point more and the bidder is set
    # points a defender takes beyond the set are worth nothing to it: no one scores them
    assert utility(k, made + 30, total, False) == utility(k, made + 1, total, False)


@pytest.mark.parametrize("preset", INDIVIDUAL)
def test_a_defenders_worth_seat_by_seat_is_the_referees_standing(preset: str) -> None:
    """At the end of a hand, a defender's worth is its score change less the mean of the others' (the bidder's
    contract made or set), exactly as the scoring gives them, bonuses included."""
    checked = 0
    for match in _finished(preset, BONUSES, 12):
        hand = match.hand
        result = match.results[-1]
        n = hand.n
        for seat in range(n):
            if seat == hand.bidder:
                continue
            k = read_view(match.view(seat))
            # far from the game's end (the view's scores are after this hand; with these bonuses even 0 to 0 can
            # end a five-handed game in one hand), so the hand's worth alone
            k.scores = [-hand.rules.target] * n
            # what a playout adds past the view's tricks: the last trick's bonus, and the nest's points where
            # they ride on it
            last = [0] * n
            last[hand.tricks[-1].winner] = hand.rules.last_trick_bonus
            if hand.rules.nest_to == "last_trick":
                last[hand.tricks[-1].winner] += result.nest_points
            value = seat_utility(k, last, hand.buried or hand.nest, list(hand.won_tricks))
            others = sum(result.deltas[s] for s in range(n) if s != seat) / (n - 1)
            assert value == pytest.approx(result.deltas[seat] - others), (preset, seat)
            checked += 1
    assert checked >= 10


def test_setting_the_bidder_is_worth_more_than_points_alone() -> None:
    """Where the defenders score, the same points for me are worth more when the bidder is set."""
    match = _finished("three-handed", {}, 4)[0]
    hand = match.hand
    seat = (hand.bidder + 1) % 3
    k = read_view(match.view(seat))
    assert k.bid is not None
    k.points_taken = [0, 0, 0]
    bid = k.bid
    made = [0, 0, 0]
    made[hand.bidder], made[seat] = bid, 10
    short = list(made)
    short[hand.bidder] = bid - 5
    nothing = 0  # no nest points to the bidder in this check
    # the bidder's change goes from +bid to -bid, shared over my two rivals
    assert seat_utility(k, short, nothing, None) - seat_utility(k, made, nothing, None) == bid
