"""The end of each card-scoring playout solved exactly (docs/BOTS.md, "How each strength thinks"): from
``TAIL_CARDS`` cards left the policy hands the playout to the solver, at fixed-partner tables where no trick bonus
counts, and nowhere else."""

from __future__ import annotations

import random

import pytest

from krook.bots import BotContext
from krook.bots.knowledge import play_rules, read_view
from krook.bots.playout import ExactTail, playout
from krook.bots.solver import Solver
from krook.bots.strengths import TAIL_CARDS, HardBot
from krook.rules import PRESETS, Match, Phase


def _at_play(preset: str, seed: int, tricks: int) -> Match:
    """A game of ``preset`` after random bidding and ``tricks`` whole tricks of random play, at a trick's start."""
    match = Match(PRESETS[preset].rules, seed=seed)
    rng = random.Random(seed)
    while match.phase is not Phase.PLAY:
        match.apply(match.legal_actions().sample(rng))
    while len(match.hand.tricks) < tricks or match.hand.trick:
        match.apply(match.legal_actions().sample(rng))
    return match


def test_a_playout_inside_the_tail_is_the_exact_value() -> None:
    differs = 0
    for seed in range(8):
        match = _at_play("kentucky-discard", seed, 6)  # 3 tricks of 4 players left: 12 cards
        hand = match.hand
        assert hand.trump is not None and hand.to_act is not None
        seat = hand.to_act
        play = play_rules(hand.rules, int(hand.trump))
        side = [s % 2 == seat % 2 for s in range(4)]
        exact = Solver(play, side, 0).value(list(hand.hands), seat)
        sides: list[list[bool | None]] = [[side[s] == side[t] for t in range(4)] for s in range(4)]
        rest = (sides, [None] * 4, 0, random.Random(1), 0.0, None, None)
        tail = ExactTail(TAIL_CARDS, seat, Solver(play, side, 0).value)
        taken = playout(play, list(hand.hands), seat, [], 0, *rest, tail)
        assert taken[seat] == exact and sum(taken) == exact  # the tail's points all go to the seat's side
        policy = playout(play, list(hand.hands), seat, [], 0, *rest)
        differs += sum(policy[s] for s in range(4) if side[s]) != exact
    assert differs  # the policy alone misplays some of these endings: what the tail is for


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("kentucky-discard", TAIL_CARDS),
        ("kentucky-rook", TAIL_CARDS),
        ("keith", TAIL_CARDS),
        ("classic-full-deck", 0),  # the most-tricks bonus: the solver counts points only
        ("call-partner", 0),
        ("three-handed", 0),
        ("six-handed", 0),
    ],
)
def test_the_tail_is_used_where_the_solver_counts_what_the_table_scores(preset: str, expected: int) -> None:
    rules = PRESETS[preset].rules
    match = _at_play(preset, 3, 1)
    knowledge = read_view(match.view(match.to_act))
    trick_bonus = bool(rules.most_tricks_bonus or rules.sweep_bonus)
    assert HardBot().tail_from(knowledge, trick_bonus) == expected


def test_a_card_decision_early_in_the_hand_solves_its_playouts_tails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's first card of a hand runs one tail solve a playout: without the tail, none before 20 cards."""
    solves = []
    value = Solver.value

    def counted(self, hands, leader, trick=(), guess=-1):  # type: ignore[no-untyped-def]
        solves.append(sum(h.bit_count() for h in hands))
        return value(self, hands, leader, trick, guess)

    monkeypatch.setattr(Solver, "value", counted)
    match = _at_play("kentucky-discard", 4, 0)
    bot = HardBot(samples=4)
    bot.choose(match.view(match.to_act), BotContext(random.Random(4)))
    assert solves and max(solves) <= TAIL_CARDS
    solves.clear()
    monkeypatch.setattr(HardBot, "tail_cards", 0)
    bot.choose(match.view(match.to_act), BotContext(random.Random(4)))
    assert not solves
