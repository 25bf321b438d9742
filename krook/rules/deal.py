"""Shuffling and dealing: one card at a time clockwise from the dealer's left, a card to the nest after each
of the first rounds until the nest is full (as the tournament rules describe)."""

from __future__ import annotations

import functools
import random
import secrets

from .cards import mask_of, names, parse_cards
from .errors import RecordError
from .settings import Rules

SECRET_SEED_BITS = 128


def secret_game_seed() -> int:
    """A game seed from the operating system's secure random source, with its top bit set so that
    :func:`hand_seed` knows it for a secret seed. Nobody can work the deals out from their own cards."""
    return secrets.randbits(SECRET_SEED_BITS) | 1 << (SECRET_SEED_BITS - 1)


def hand_seed(game_seed: int, hand_index: int) -> int:
    """The deal seed of a game's n-th hand; string seeding is stable across runs and platforms.

    A typed (short) seed keeps the 48-bit hand seeds it always had, so a known deal number replays the same
    deals; a secret seed (:func:`secret_game_seed`) gets 128-bit hand seeds, too many to try by brute force.
    """
    bits = SECRET_SEED_BITS if game_seed >= 1 << (SECRET_SEED_BITS - 1) else 48
    return random.Random(f"krook/{game_seed}/{hand_index}").getrandbits(bits)


def deal_from_seed(rules: Rules, dealer: int, seed: int) -> tuple[list[int], int]:
    """Shuffle with ``seed`` and deal: one card at a time clockwise from the dealer's left, the nest between.

    The shuffle is Fisher-Yates from the top drawing by rejection from ``getrandbits``, the order
    ``random.shuffle`` draws in, written out so that a seed's deal depends only on the Mersenne Twister (not on a
    Python version's shuffle). Each card is dealt as soon as the shuffle fixes its place.
    """
    deck = list(rules.deck_cards)
    pattern = _deal_pattern(rules.players, rules.hand_size, rules.nest_size, dealer)
    getrandbits = random.Random(seed).getrandbits
    slots = [0] * (rules.players + 1)
    for i in range(len(deck) - 1, 0, -1):
        k = _BIT_LENGTH[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        card = deck[j]
        deck[j] = deck[i]
        slots[pattern[i]] |= 1 << card
    slots[pattern[0]] |= 1 << deck[0]
    nest = slots.pop()
    return slots, nest


# bits to draw for a place in 0..i
_BIT_LENGTH = tuple((i + 1).bit_length() for i in range(128))


@functools.lru_cache(maxsize=256)
def _deal_pattern(n: int, hand_size: int, nest_size: int, dealer: int) -> tuple[int, ...]:
    """The receiver of each card in deck order: a seat, or ``n`` for the nest."""
    pattern: list[int] = []
    for round_ in range(hand_size):
        pattern += [(dealer + i) % n for i in range(1, n + 1)]
        if round_ < nest_size:
            pattern.append(n)
    return tuple(pattern)


def deal_to_dict(hands: list[int] | tuple[int, ...], nest: int) -> dict[str, list[list[str]] | list[str]]:
    return {"hands": [names(h) for h in hands], "nest": names(nest)}


def deal_from_dict(rules: Rules, data: object) -> tuple[list[int], int]:
    """Read an explicit deal and check it is a deal of this deck: every card exactly once, right sizes."""
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise RecordError("a deal is an object with 'hands' (one list of cards per seat) and 'nest'")
    raw_hands = data["hands"]
    if len(raw_hands) != rules.players:
        raise RecordError(f"the deal has {len(raw_hands)} hands but the rules seat {rules.players} players")
    hands = []
    seen = 0
    for seat, cards in enumerate([*raw_hands, data.get("nest", [])]):
        if not isinstance(cards, list):
            raise RecordError(f"hand {seat} of the deal is not a list of cards")
        ids = parse_cards(cards)
        mask = mask_of(ids)
        where = "the nest" if seat == rules.players else f"seat {seat}'s hand"
        if len(ids) != mask.bit_count() or mask & seen:
            raise RecordError(f"{where} repeats a card dealt elsewhere")
        if mask & ~rules.deck_mask:
            raise RecordError(f"{where} holds {' '.join(names(mask & ~rules.deck_mask))}, not in this deck")
        expected = rules.nest_size if seat == rules.players else rules.hand_size
        if len(ids) != expected:
            raise RecordError(f"{where} has {len(ids)} cards; these rules deal {expected}")
        seen |= mask
        hands.append(mask)
    return hands[:-1], hands[-1]
