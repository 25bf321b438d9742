"""The fast play rules equal the referee's, and the solver equals a plain minimax through ``Hand.apply``."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krook.bots.fast import PlayRules
from krook.bots.solver import Solver
from krook.rules import PRESETS, Match, Phase
from krook.rules.cards import CARD_NAMES

PRESET_NAMES = sorted(PRESETS)


def play_to(preset: str, seed: int, tricks_left: int, extra: int) -> Match:
    """A random position of ``preset``: random bidding and play until ``tricks_left`` tricks remain,
    then ``extra`` cards into the current trick."""
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    while True:
        match = Match(rules, seed=rng.randrange(1 << 30), first_dealer=rng.randrange(rules.players))
        while match.phase not in (Phase.PLAY, Phase.HAND_OVER):
            match.apply(match.legal_actions().sample(rng))
        if match.phase is Phase.PLAY:
            break
    hand = match.hand
    while True:
        left = hand.hands[hand.to_act].bit_count() if hand.to_act is not None else 0
        if left <= tricks_left and len(hand.trick) == min(extra, rules.players - 1):
            return match
        match.apply(match.legal_actions().sample(rng))


def last_bonus(match: Match) -> int:
    hand = match.hand
    rules = hand.rules
    extra = rules.last_trick_bonus
    if rules.nest_to == "last_trick":
        nest = hand.buried if hand.bidder is not None and rules.nest_size else hand.nest
        extra += sum(rules.point_list[c] for c in range(66) if nest >> c & 1)
    return extra


def minimax(hand, side: list[bool], bonus: int) -> int:  # type: ignore[no-untyped-def]
    """Plain minimax through the referee: points side A takes from here on."""
    if hand.phase is not Phase.PLAY:
        return 0
    seat = hand.to_act
    values = []
    for text in hand.legal_actions():
        child = copy.deepcopy(hand)
        before = len(child.tricks)
        child.apply(text)
        gained = 0
        if len(child.tricks) > before:
            trick = child.tricks[-1]
            gained = trick.points + (bonus if child.phase is not Phase.PLAY else 0)
            gained = gained if side[trick.winner] else 0
        values.append(gained + minimax(child, side, bonus))
    return max(values) if side[seat] else min(values)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**9), st.integers(1, 2), st.integers(0, 5))
def test_solver_equals_plain_minimax(preset: str, seed: int, tricks: int, extra: int) -> None:
    match = play_to(preset, seed, tricks, extra)
    hand = match.hand
    rules = hand.rules
    rng = random.Random(seed)
    side = [rng.random() < 0.5 for _ in range(rules.players)]
    bonus = last_bonus(match)
    solver = Solver(PlayRules(rules, hand.trump), side, bonus)
    cards = [c for _, c in hand.trick]
    expected = minimax(hand, side, bonus)
    assert solver.value(hand.hands, hand.trick[0][0] if hand.trick else hand.leader, cards) == expected
    # and every root move's value equals the minimax of the position after it
    values = solver.move_values(hand.hands, hand.trick[0][0] if hand.trick else hand.leader, cards)
    for card, value in values.items():
        child = copy.deepcopy(hand)
        before = len(child.tricks)
        child.apply(f"play {CARD_NAMES[card]}")
        gained = 0
        if len(child.tricks) > before:
            trick = child.tricks[-1]
            gained = trick.points + (bonus if child.phase is not Phase.PLAY else 0)
            gained = gained if side[trick.winner] else 0
        assert value == gained + minimax(child, side, bonus), (card, values)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_fast_play_rules_equal_the_referee(preset: str) -> None:
    """Along random hands: the fast playable set and trick winner equal ``Hand``'s at every step."""
    rules = PRESETS[preset].rules
    rng = random.Random(preset)
    checked = 0
    for _ in range(12):
        match = play_to(preset, rng.randrange(1 << 30), rules.hand_size, 0)
        hand = match.hand
        play = PlayRules(rules, hand.trump)
        while hand.phase is Phase.PLAY:
            for seat in range(rules.players):
                # every seat's playable set, not only the seat to act: the rule depends on the led card only
                lead = hand.trick[0][1] if hand.trick else -1
                assert play.playable(hand.hands[seat], lead) == hand.playable_mask(seat)
            before = len(hand.tricks)
            cards = [c for _, c in hand.trick]
            card = rng.choice([c for c in range(66) if hand.playable_mask(hand.to_act) >> c & 1])
            match.apply(f"play {CARD_NAMES[card]}")
            if len(hand.tricks) > before:
                trick = hand.tricks[-1]
                full = [*cards, card]
                assert (trick.leader + play.winner_index(full)) % rules.players == trick.winner
                checked += 1
    assert checked > 50
