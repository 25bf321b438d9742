"""Random play positions reached through the rules core, for the solver's tests and benchmarks."""

from __future__ import annotations

import random

from krook.rules import PRESETS, Match, Phase


def random_position(preset: str, seed: int, tricks_left: int, in_trick: int = 0) -> Match:
    """A game of ``preset`` after random legal bidding and play, stopped when the player to act holds
    ``tricks_left`` cards and ``in_trick`` cards (at most one fewer than the players) lie in the trick."""
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    while True:  # a thrown-in deal has no play: deal again
        match = Match(rules, seed=rng.randrange(1 << 30), first_dealer=rng.randrange(rules.players))
        while match.phase not in (Phase.PLAY, Phase.HAND_OVER):
            match.apply(match.legal_actions().sample(rng))
        if match.phase is Phase.PLAY:
            break
    hand = match.hand
    wanted = min(in_trick, rules.players - 1)
    while True:
        left = hand.hands[hand.to_act].bit_count() if hand.to_act is not None else 0
        if left <= tricks_left and len(hand.trick) == wanted:
            return match
        match.apply(match.legal_actions().sample(rng))
