"""Hard's card play counts the most-tricks and sweep bonuses as the rules score them (docs/RULES.md, Scoring)."""

from __future__ import annotations

import random

import pytest
from bot_helpers import finish_hand_with_bots

from krook.bots.knowledge import play_rules, read_view
from krook.bots.playout import playout
from krook.bots.utility import trick_bonuses
from krook.rules import PRESETS, Match
from krook.rules.scoring import score_hand
from krook.rules.settings import from_overrides

BONUSES = {"most_tricks_bonus": 30, "sweep_bonus": 40, "last_trick_bonus": 0, "all_points_bonus": 0}


def _played_hands(preset: str, count: int) -> list[tuple[Match, int]]:
    """Hands played to their end by easy bots at ``preset`` with the bonuses above: (match, its seed)."""
    rules = from_overrides(PRESETS[preset].rules, BONUSES)
    out = []
    for seed in range(count):
        match = finish_hand_with_bots(Match(rules, seed=seed, preset=preset), "easy", seed)
        if match.hand.bidder is not None:
            out.append((match, seed))
    return out


@pytest.mark.parametrize("preset", ["kentucky-discard", "call-partner", "three-handed", "six-handed"])
def test_the_bonuses_are_the_referees(preset: str) -> None:
    """Over whole hands, the bonuses the search counts for each seat's side are the ones the scoring gives."""
    hands = _played_hands(preset, 30)
    assert len(hands) >= 10
    for match, seed in hands:
        hand = match.hand
        result = score_hand(hand)
        for seat in range(hand.n):
            k = read_view(match.view(seat))
            mates = k.teammates()
            if mates is None:  # the called partner's seat knows the pair; so does the referee
                mates = {hand.bidder, hand.partner} if seat in (hand.bidder, hand.partner) else None
            assert mates is not None, seed
            ours, theirs = trick_bonuses(k, mates, list(hand.won_tricks))
            # a fixed team's column is its seats' parity; otherwise a side's bonus is credited to its first seat
            fixed = hand.rules.partnership == "fixed"
            expected = result.bonuses[min(mates) % 2 if fixed else min(mates)]
            assert ours == expected, (preset, seed, seat)
            assert ours + theirs == sum(result.bonuses), (preset, seed, seat)


def test_a_sweep_and_a_tie() -> None:
    rules = from_overrides(PRESETS["kentucky-discard"].rules, BONUSES)
    k = read_view(Match(rules, seed=1).view(0))
    assert trick_bonuses(k, {0, 2}, [5, 0, 4, 0]) == (70, 0)  # every trick: most tricks and the sweep
    assert trick_bonuses(k, {0, 2}, [0, 5, 0, 4]) == (0, 70)
    assert trick_bonuses(k, {0, 2}, [1, 3, 1, 4]) == (0, 30)
    assert trick_bonuses(k, {0, 2}, [2, 2, 3, 2]) == (30, 0)
    three = from_overrides(PRESETS["three-handed"].rules, BONUSES)
    k3 = read_view(Match(three, seed=1).view(0))
    assert trick_bonuses(k3, {0}, [4, 4, 2]) == (0, 0)  # two seats share the most: nobody's bonus
    assert trick_bonuses(k3, {0}, [2, 5, 3]) == (0, 30)


def test_a_playout_counts_the_tricks_it_plays() -> None:
    rules = PRESETS["kentucky-discard"].rules
    match = Match(rules, seed=4)
    hand = match.hand
    hands = list(hand.hands)
    dealt = hands[0] | hands[1] | hands[2] | hands[3]
    play = play_rules(rules, 0)
    tricks = [0] * 4
    taken = playout(
        play,
        hands,
        0,
        [],
        0,
        [[s % 2 == t % 2 for t in range(4)] for s in range(4)],
        [True, False] * 2,
        0,
        random.Random(1),
        0.0,
        tricks,
    )
    assert sum(tricks) == dealt.bit_count() // 4
    assert sum(taken) == sum(play.points[c] for c in range(66) if dealt >> c & 1)
    assert all(tricks[s] > 0 for s in range(4) if taken[s] > 0)
