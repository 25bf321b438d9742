"""One hand with one strength in every seat, decision by decision, for the experiment scripts beside this one."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from krook.bots import BotContext, make_bot
from krook.rules import Action, Match, Rules, SeatView


def hand_decisions(
    rules: Rules, seed: int, first_dealer: int, samples: int, key: str, strength: str = "hard"
) -> Iterator[tuple[int, Match, int, SeatView, Action]]:
    """(decision number, match, seat, its view, the action it chose) for each decision of the hand dealt by
    ``seed``, before the action is applied; a decision's randomness is seeded by ``key`` and its number."""
    match = Match(rules, seed=seed, first_dealer=first_dealer)
    bots = [make_bot(strength, samples=samples) for _ in range(rules.players)]
    decision = 0
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        view = match.view(seat)
        action = bots[seat].choose(view, BotContext(random.Random(f"{key}/{decision}")))
        yield decision, match, seat, view, action
        match.apply(action, seat)
        decision += 1
