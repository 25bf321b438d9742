"""Helpers for scripted deals: name some cards per seat, the rest of the deck fills in deterministically."""

from __future__ import annotations

import random

from krook.rules import Match, Phase, Rules
from krook.rules.cards import mask_of, parse_cards


def scripted_deal(
    rules: Rules, hands: dict[int, list[str]], nest: list[str] | None = None
) -> tuple[list[int], int]:
    fixed = {seat: parse_cards(cards) for seat, cards in hands.items()}
    nest_ids = parse_cards(nest or [])
    used = {c for cards in fixed.values() for c in cards} | set(nest_ids)
    rest = [c for c in rules.deck_cards if c not in used]
    out = []
    for seat in range(rules.players):
        cards = list(fixed.get(seat, []))
        while len(cards) < rules.hand_size:
            cards.append(rest.pop(0))
        out.append(mask_of(cards))
    while len(nest_ids) < rules.nest_size:
        nest_ids.append(rest.pop(0))
    assert not rest, "the scripted deal left cards over"
    return out, mask_of(nest_ids)


def play_randomly(match: Match, rng: random.Random, max_hands: int = 200) -> None:
    """Play random legal actions until the game ends or ``max_hands`` deals have been played."""
    while not match.is_over and len(match.hands) <= max_hands:
        if match.phase is Phase.HAND_OVER:
            if len(match.hands) == max_hands:
                return
            match.next_hand()
            continue
        match.apply(match.legal_actions().sample(rng))


def finish_hand_randomly(match: Match, rng: random.Random) -> None:
    while match.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        match.apply(match.legal_actions().sample(rng))
