"""Plain data the table scene animates: what the screen has shown of the hand, cards in flight, card order."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from krook.rules import BidAction
from krook.rules.words import card_words
from krook.ui.easing import ease_out_cubic

COLOUR_ORDER = {"B": 0, "R": 1, "G": 2, "Y": 3}


def sort_key(code: str, trump: str | None = None) -> tuple[int, int]:
    if code.startswith("K"):
        return (-1 if trump else 5, 0 if code == "K" else 1)
    colour, number = code[0], int(code[1:])
    group = COLOUR_ORDER[colour]
    if trump and colour == trump:
        group = -2
    return (group, -(15 if number == 1 else number))


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
