"""Cards as small ints, colours as an enum, and the strict text notation (R14, G1, K, K2).

A numbered card's id is ``colour * 16 + number`` so colour and number come back with a shift and a mask;
the two birds sit above every numbered card. Sets of cards are int bitmasks over these ids.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from .errors import NotationError

COLOR_LETTERS = "RYGB"  # the notation's colour letters, in Color order


@enum.unique
class Color(enum.IntEnum):
    RED = 0
    YELLOW = 1
    GREEN = 2
    BLACK = 3

    @property
    def letter(self) -> str:
        return COLOR_LETTERS[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Color:
        if not isinstance(text, str):
            raise NotationError(f"a colour is a letter R, Y, G or B, not {type(text).__name__}")
        try:
            return COLOR_BY_LETTER[text.strip().upper()]
        except KeyError:
            raise NotationError(
                f"unknown colour {text!r}: use R (Red), Y (Yellow), G (Green) or B (Black)"
            ) from None


COLOR_BY_LETTER: dict[str, Color] = {c.letter: c for c in Color}

KROOK = 64
KROOK2 = 65
BIRDS = (1 << KROOK) | (1 << KROOK2)
ALL_CARD_IDS: tuple[int, ...] = (*(c * 16 + n for c in range(4) for n in range(1, 15)), KROOK, KROOK2)


def card_id(color: Color | int, number: int) -> int:
    """The id of a numbered card: ``Play(card_id(Color.RED, 14))`` is ``play R14``."""
    if not 1 <= number <= 14:
        raise NotationError(f"card number {number} is out of range: numbers run from 1 to 14")
    return int(color) * 16 + number


def color_of(card: int) -> int | None:
    """The printed colour of a card, or None for a bird (whose colour is trump)."""
    return None if card >= KROOK else card >> 4


def color_mask(color: int) -> int:
    return 0x7FFE << (color * 16)


COLOR_MASKS: tuple[int, int, int, int] = tuple(color_mask(c) for c in range(4))  # type: ignore[assignment]

CARD_NAMES: dict[int, str] = {
    **{c * 16 + n: f"{COLOR_LETTERS[c]}{n}" for c in range(4) for n in range(1, 15)},
    KROOK: "K",
    KROOK2: "K2",
}
_NAME_OF_BIT: dict[int, str] = {1 << cid: name for cid, name in CARD_NAMES.items()}
CARD_BY_NAME: dict[str, int] = {name: cid for cid, name in CARD_NAMES.items()}


def card_name(card: int) -> str:
    try:
        return CARD_NAMES[card]
    except KeyError:
        raise NotationError(f"{card!r} is not a card id") from None


def is_number(text: str, most: int = 6) -> bool:
    """Whether ``text`` is a whole number written in 0-9 with at most ``most`` digits: what ``int`` reads
    without fail (``str.isdigit`` also says yes to ``²``, and ``int`` refuses 4,300 digits and more)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def parse_card(text: str) -> int:
    """Read one card: colour letter + number (``R14``, ``G1``), ``K`` for the Krook or ``K2`` for the second bird."""
    if not isinstance(text, str):  # a record or a message from outside may hold anything
        raise NotationError(f"a card is written as text such as R14, not {type(text).__name__} {text!r:.40}")
    token = text.strip().upper()
    found = CARD_BY_NAME.get(token)
    if found is not None:
        return found
    if not token:
        raise NotationError("empty card: write a colour letter and a number such as R14, or K for the Krook")
    if token[0] in COLOR_BY_LETTER:
        digits = token[1:]
        if not is_number(digits):
            raise NotationError(
                f"card {text!r} needs a number 1-14 after the colour letter, e.g. {token[0]}14"
            )
        raise NotationError(f"card {text!r} has number {int(digits)}: numbers run from 1 to 14")
    raise NotationError(
        f"unknown card {text!r}: write R, Y, G or B then 1-14 (R14, G1), K for the Krook, K2 for the second bird"
    )


def parse_cards(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def bits(mask: int) -> list[int]:
    """Card ids in a bitmask, lowest id first, as a list (the hot loops of the bots iterate these)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_mask(mask: int) -> Iterator[int]:
    """Card ids in a bitmask, lowest id first."""
    return iter(bits(mask))


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def names(mask_or_cards: int | Iterable[int]) -> list[str]:
    if not isinstance(mask_or_cards, int):
        return [CARD_NAMES[c] for c in mask_or_cards]
    # views and scores name masks on every action: one loop over the set bits, no generator
    mask = mask_or_cards
    out = []
    while mask:
        low = mask & -mask
        out.append(_NAME_OF_BIT[low])
        mask ^= low
    return out


def describe_color(color: int) -> str:
    return Color(color).title
