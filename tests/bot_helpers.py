"""Helpers for tests that play whole hands with bots, and the plain minimax the searches are checked against."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from krook.bots import BotContext, make_bot
from krook.rules import Match, Phase


def finish_hand_with_bots(match: Match, strength: str, seed: int, samples: int | None = None) -> Match:
    """Play the hand in progress to its end, every seat ``strength`` (fixed work with ``samples``)."""
    return play_with_bots(match, strength, seed, lambda m: m.hand.phase is Phase.HAND_OVER, samples)


def play_with_bots(
    match: Match, strength: str, seed: int, until: Callable[[Match], bool], samples: int | None = None
) -> Match:
    """Play the hand in progress with every seat ``strength`` until ``until(match)`` holds or the hand ends."""
    bots = [make_bot(strength, samples=samples) for _ in range(match.rules.players)]
    rng = random.Random(seed)
    while not until(match) and match.hand.phase is not Phase.HAND_OVER:
        seat = match.hand.to_act
        assert seat is not None
        match.apply(bots[seat].choose(match.view(seat), BotContext(rng)), seat)
    return match


def value_after(hand, text: str, side: list[bool], bonus: int) -> int:  # type: ignore[no-untyped-def]
    """Points side A takes from here on, by plain minimax through the referee, when ``text`` is played now
    (``hand`` itself is not changed; ``bonus`` goes to the last trick's winner)."""
    child = copy.deepcopy(hand)
    before = len(child.tricks)
    child.apply(text)
    gained = 0
    if len(child.tricks) > before:
        trick = child.tricks[-1]
        gained = trick.points + (bonus if child.phase is not Phase.PLAY else 0)
        gained = gained if side[trick.winner] else 0
    return gained + minimax(child, side, bonus)


def minimax(hand, side: list[bool], bonus: int) -> int:  # type: ignore[no-untyped-def]
    """Plain minimax through the referee: points side A takes from here on."""
    if hand.phase is not Phase.PLAY:
        return 0
    values = [value_after(hand, text, side, bonus) for text in hand.legal_actions()]
    return max(values) if side[hand.to_act] else min(values)
