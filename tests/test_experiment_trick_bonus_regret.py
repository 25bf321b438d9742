"""The trick-bonus device (benchmarks/experiments/trick_bonus_regret.py) counts what the solver counts, and the bonuses."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import pytest

from krook.bots.fast import PlayRules
from krook.bots.positions import random_position
from krook.bots.solver import Solver

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "experiments" / "trick_bonus_regret.py"
DEVICE = runpy.run_path(str(SCRIPT), run_name="trick_bonus_regret")
Bonuses = DEVICE["Bonuses"]
bonus_move_values = DEVICE["bonus_move_values"]


@pytest.mark.parametrize("preset", ["kentucky-discard", "classic-full-deck", "call-partner"])
def test_without_bonuses_the_device_values_every_card_as_the_solver_does(preset: str) -> None:
    for seed in range(15):
        match = random_position(preset, seed, 2 + seed % 2, seed % 3)
        hand = match.hand
        rng = random.Random(seed)
        side = [rng.random() < 0.5 for _ in range(hand.rules.players)]
        play = PlayRules(hand.rules, hand.trump)
        leader = hand.trick[0][0] if hand.trick else hand.leader
        trick = [c for _, c in hand.trick]
        points = Solver(play, side, 10).move_values(list(hand.hands), leader, trick)
        counted = bonus_move_values(play, hand.hands, leader, trick, side, 10, Bonuses(0, 0, 3, 4))
        assert counted == points, (preset, seed)


def test_an_open_most_tricks_bonus_moves_every_value_by_it_and_changes_some_cards() -> None:
    """Three tricks each after six, three to play: one side takes the 20 for most tricks whatever is played."""
    changed = 0
    for seed in range(120):
        match = random_position("kentucky-discard", seed, 3, 0)
        hand = match.hand
        assert len(hand.tricks) == 6
        side = [s % 2 == 0 for s in range(4)]
        play = PlayRules(hand.rules, hand.trump)
        points = Solver(play, side, 0).move_values(list(hand.hands), hand.leader, [])
        counted = bonus_move_values(play, hand.hands, hand.leader, [], side, 0, Bonuses(20, 0, 3, 3))
        # every line ends with one side holding the 20, so a card's value moves by at most that
        assert all(-20 <= counted[c] - points[c] <= 20 for c in points)
        sign = 1 if side[hand.leader] else -1
        if max(points, key=lambda c: (sign * points[c], -c)) != max(
            counted, key=lambda c: (sign * counted[c], -c)
        ):
            changed += 1
    assert changed >= 1, "an open bonus never changed the best card: the device does not count it"


def test_the_bonuses_of_a_finished_hand() -> None:
    b = Bonuses(most=20, sweep=30, ours=0, theirs=0)
    assert b.value(6, 4) == 20
    assert b.value(5, 5) == 0
    assert b.value(2, 8) == -20
    assert b.value(10, 0) == 50
    assert b.value(0, 10) == -50
