"""The fast play rules equal the referee's, and the solver equals a plain minimax through ``Hand.apply``."""

from __future__ import annotations

import random

import pytest
from bot_helpers import minimax, value_after
from hypothesis import given, settings
from hypothesis import strategies as st

from krook.bots.fast import PlayRules, bits
from krook.bots.positions import random_position
from krook.bots.solver import Solver
from krook.rules import PRESETS, Match, Phase
from krook.rules.cards import CARD_BY_NAME, CARD_NAMES

PRESET_NAMES = sorted(PRESETS)


def last_bonus(match: Match) -> int:
    hand = match.hand
    rules = hand.rules
    extra = rules.last_trick_bonus
    if rules.nest_to == "last_trick":
        nest = hand.buried if hand.bidder is not None and rules.nest_size else hand.nest
        extra += sum(rules.point_list[c] for c in range(66) if nest >> c & 1)
    return extra


def _mask(text: str) -> int:
    mask = 0
    for name in text.split():
        mask |= 1 << CARD_BY_NAME[name]
    return mask


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**9), st.integers(1, 2), st.integers(0, 5))
def test_solver_equals_plain_minimax(preset: str, seed: int, tricks: int, extra: int) -> None:
    match = random_position(preset, seed, tricks, extra)
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
        assert value == value_after(hand, f"play {CARD_NAMES[card]}", side, bonus), (card, values)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_fast_play_rules_equal_the_referee(preset: str) -> None:
    """Along random hands: the fast playable set and trick winner equal ``Hand``'s at every step."""
    rules = PRESETS[preset].rules
    rng = random.Random(preset)
    checked = 0
    for _ in range(12):
        match = random_position(preset, rng.randrange(1 << 30), rules.hand_size, 0)
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


def fast_minimax(
    play: PlayRules, side: list[bool], bonus: int, hands: list[int], leader: int, trick: list[int]
) -> int:
    """Plain minimax on the fast rules (proven equal to the referee above): no table, no pruning, no merging."""
    n = play.n
    if len(trick) == n:
        winner = (leader + play.winner_index(trick)) % n
        gained = sum(play.points[c] for c in trick)
        if not hands[winner]:
            return gained + bonus if side[winner] else 0
        return (gained if side[winner] else 0) + fast_minimax(play, side, bonus, hands, winner, [])
    seat = (leader + len(trick)) % n
    hand = hands[seat]
    values = []
    for card in bits(play.playable(hand, trick[0] if trick else -1)):
        hands[seat] = hand ^ (1 << card)
        values.append(fast_minimax(play, side, bonus, hands, leader, [*trick, card]))
        hands[seat] = hand
    return max(values) if side[seat] else min(values)


def three_trick_endgame(preset: str, seed: int, extra: int):
    """A random three-trick position with random sides, and its value by a plain minimax on the fast rules."""
    match = random_position(preset, seed, 3, extra)
    hand = match.hand
    rng = random.Random(seed)
    side = [rng.random() < 0.5 for _ in range(hand.rules.players)]
    bonus = last_bonus(match)
    play = PlayRules(hand.rules, hand.trump)
    leader = hand.trick[0][0] if hand.trick else hand.leader
    cards = [c for _, c in hand.trick]
    expected = fast_minimax(play, side, bonus, list(hand.hands), leader, cards)
    return hand, play, side, bonus, leader, cards, expected


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**9), st.integers(0, 3))
def test_solver_equals_plain_minimax_on_three_tricks(preset: str, seed: int, extra: int) -> None:
    """Three tricks are deep enough for the rank-equivalent table keys, the merged moves and the sure-trump bounds
    to cut: the value still equals a plain minimax's."""
    hand, play, side, bonus, leader, cards, expected = three_trick_endgame(preset, seed, extra)
    assert Solver(play, side, bonus).value(hand.hands, leader, cards) == expected


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_shared_table_gives_the_values_of_fresh_solves(preset: str) -> None:
    """Positions reached by different cards are keyed alike when the cards left rank alike: a table filled by one
    position's solve must give every later position of the deal the same value as a fresh solver."""
    rules = PRESETS[preset].rules
    rng = random.Random(preset)
    for _ in range(4):
        match = random_position(preset, rng.randrange(1 << 30), 5, 0)
        hand = match.hand
        side = [rng.random() < 0.5 for _ in range(rules.players)]
        bonus = last_bonus(match)
        play = PlayRules(rules, hand.trump)
        shared = Solver(play, side, bonus)
        shared.value(hand.hands, hand.leader)
        while hand.phase is Phase.PLAY:
            leader = hand.trick[0][0] if hand.trick else hand.leader
            cards = [c for _, c in hand.trick]
            assert shared.move_values(hand.hands, leader, cards) == Solver(play, side, bonus).move_values(
                hand.hands, leader, cards
            )
            legal = [c for c in range(66) if hand.playable_mask(hand.to_act) >> c & 1]
            match.apply(f"play {CARD_NAMES[rng.choice(legal)]}")


def test_rank_equivalent_positions_share_one_table_entry() -> None:
    """Two positions that differ only in which low cards are gone are one table entry, and a solver reused
    with another deal's hands starts afresh."""
    rules = PRESETS["kentucky-discard"].rules
    play = PlayRules(rules, 0)  # red trump
    deal_a = [_mask("Y14 Y6"), _mask("Y13 Y7"), _mask("G14 G13"), _mask("B14 B13")]
    deal_b = [_mask("Y14 Y8"), _mask("Y13 Y9"), _mask("G14 G13"), _mask("B14 B13")]
    side = [True, False, True, False]
    solver = Solver(play, side, 0)
    va = solver.value(deal_a, 0)
    entries = len(solver.table)
    # deal_b holds Y8 and Y9 (no points, like Y6 and Y7) where deal_a held Y6 and Y7: the yellow cards rank
    # alike among themselves. Owners stay consistent (Y8 and Y9 were nobody's), so the table is kept and the
    # equivalent position is answered from it without a new entry.
    assert solver.value(deal_b, 0) == va == Solver(play, side, 0).value(deal_b, 0)
    assert len(solver.table) == entries
    # another deal: Y14 changes hands, so the table is cleared, and the answer is a fresh solver's
    deal_c = [_mask("Y13 Y6"), _mask("Y14 Y7"), _mask("G14 G13"), _mask("B14 B13")]
    assert solver.value(deal_c, 0) == Solver(play, side, 0).value(deal_c, 0)


def test_sure_top_trumps_bound_the_search() -> None:
    """The side holding the top trumps takes their points whatever happens: a null window below them is
    answered from the bound at once, without searching."""
    rules = PRESETS["kentucky-discard"].rules
    play = PlayRules(rules, 0)  # red trump: the Krook, R14 and R10 are 40 points
    hands = [_mask("K R14 G5"), _mask("Y5 Y6 Y7"), _mask("R10 G6 G7"), _mask("B5 B6 B7")]
    side = [True, False, True, False]
    solver = Solver(play, side, 0)
    assert solver.value(hands, 0) >= 50
    fresh = Solver(play, side, 0)
    fresh._sync(hands, 0, ())
    # a fail-high at the root: the bound answers it
    assert fresh._boundary(0, 39, 40, fresh._in_play(())) >= 40
    assert fresh.nodes == 0


@pytest.mark.parametrize("preset", ["kentucky-discard", "keith", "three-handed"])
def test_enhanced_transposition_cutoffs_keep_the_value(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A trick's last card ends the search when a position one trick on already has a bound that cuts. On
    five-trick positions (tables that hold such bounds) the values and the root moves' values equal a solver's
    without the cut-offs, and the cut-offs do happen."""
    from krook.bots import solver as solver_module

    rules = PRESETS[preset].rules
    rng = random.Random(preset)
    cuts = 0
    for _ in range(8):
        match = random_position(preset, rng.randrange(1 << 30), 5, rng.randrange(2))
        hand = match.hand
        side = [rng.random() < 0.5 for _ in range(rules.players)]
        bonus = last_bonus(match)
        play = PlayRules(rules, hand.trump)
        leader = hand.trick[0][0] if hand.trick else hand.leader
        cards = [c for _, c in hand.trick]
        results = {}
        for etc in (True, False):
            monkeypatch.setattr(solver_module, "ETC_MIN_CARDS", 3 if etc else 0)
            solver = Solver(play, side, bonus)
            results[etc] = (
                solver.value(hand.hands, leader, cards),
                solver.move_values(hand.hands, leader, cards),
            )
            if etc:
                cuts += solver.etc_cuts
            else:
                assert solver.etc_cuts == 0
        assert results[True] == results[False]
    assert cuts > 0


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**9), st.integers(0, 3), st.integers(-1, 400))
def test_any_first_guess_gives_the_value(preset: str, seed: int, extra: int, guess: int) -> None:
    """MTD(f)'s first guess (a playout's value on big positions) only changes the way to the value: whatever it
    is (in range, above the points in play, or none), the value equals a plain minimax's; and the playout guess
    itself, used on small positions too, gives the same value."""

    class Guessing(Solver):
        def _guess(self, leader: int, trick: tuple[int, ...]) -> int:
            return guess

    hand, play, side, bonus, leader, cards, expected = three_trick_endgame(preset, seed, extra)
    assert Guessing(play, side, bonus).value(hand.hands, leader, cards) == expected
    solver = Solver(play, side, bonus)
    solver.guess_min_cards = 0
    solver._sync(hand.hands, leader, cards)
    assert solver._guess(leader, tuple(cards)) >= 0
    assert solver.value(hand.hands, leader, cards) == expected
