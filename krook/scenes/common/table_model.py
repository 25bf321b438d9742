"""Plain data the table scene animates: what the screen has shown of the hand, cards in flight, card order."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from krook.rules import BidAction, Rules
from krook.rules.cards import CARD_BY_NAME
from krook.rules.words import card_words
from krook.ui.easing import ease_out_cubic

COLOUR_ORDER = {"B": 0, "R": 1, "G": 2, "Y": 3}


_STANDARD_RANK = Rules().rank


def sort_key(code: str, trump: str | None = None, rank: Sequence[int] = _STANDARD_RANK) -> tuple[int, int]:
    """A card's place in a hand: trump first once named, then each colour, high to low by the table's ``rank``
    (``Rules.rank``), so the Krook sits among trump where it ranks and 1s sit where they rank."""
    card = CARD_BY_NAME[code]
    if code.startswith("K"):
        return (-2 if trump else 5, -rank[card])
    colour = code[0]
    return (-2 if trump and colour == trump else COLOUR_ORDER[colour], -rank[card])


describe = card_words  # a card code in words: "Red 14", "the Krook"


_CODE = r"(?:K2?|[RYGB](?:1[0-4]|[1-9]))"
_CODE_RUN = re.compile(rf"\b{_CODE}(?: {_CODE})*\b")


def in_words(text: str) -> str:
    """Card codes in a sentence written as words: "Bury Y5 Y8" reads "Bury Yellow 5 and Yellow 8"."""

    def words(match: re.Match[str]) -> str:
        names = [describe(code) for code in match.group(0).split()]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    return _CODE_RUN.sub(words, text)


@dataclass
class Flight:
    """A card moving across the table (a tween driven by dt)."""

    code: str | None  # None: face down
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    height: int
    t: float = 0.0
    delay: float = 0.0
    angle: float = 0.0

    def pos(self) -> tuple[float, float]:
        k = 1.0 if self.duration <= 0 else ease_out_cubic(self.t / self.duration)
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
        )

    @property
    def done(self) -> bool:
        return self.t >= self.duration


@dataclass
class Shown:
    """The part of the current hand the screen has animated so far."""

    hand_number: int = 0
    dealt: bool = False
    bids: list[tuple[int, BidAction]] = field(default_factory=list)
    discarded: bool = False
    trump: str | None = None
    called: str | None = None
    plays: list[tuple[int, str]] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    tricks_done: int = 0
    points: list[int] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    over: bool = False
