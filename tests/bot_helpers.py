"""Helpers for tests that play whole hands with bots."""

from __future__ import annotations

import random

from krook.bots import BotContext, make_bot
from krook.rules import Match, Phase


def finish_hand_with_bots(match: Match, strength: str, seed: int, samples: int | None = None) -> Match:
    """Play the hand in progress to its end, every seat ``strength`` (fixed work with ``samples``)."""
    bots = [make_bot(strength, samples=samples) for _ in range(match.rules.players)]
    rng = random.Random(seed)
    while match.hand.phase is not Phase.HAND_OVER:
        seat = match.hand.to_act
        assert seat is not None
        match.apply(bots[seat].choose(match.view(seat), BotContext(rng)), seat)
    return match
