"""The legal actions of the seat to act, as one object that bots, screens and the network all read."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Discard, parse_action
from .cards import CARD_NAMES, iter_mask, mask_of, names
from .errors import KrookError


@dataclass(frozen=True)
class DiscardRule:
    """The bidder must lay ``count`` cards from ``allowed``, including every card in ``required``."""

    count: int
    allowed: int  # bitmask
    required: int = 0  # bitmask
    reason: str = ""  # why some cards are not allowed, for the screen

    def problem(self, cards: int, count: int) -> str | None:
        """Why a discard of these cards (bitmask, number of cards) breaks the rule, or None if it is fine."""
        if count != self.count:
            return f"the bidder discards exactly {self.count} cards, not {count}"
        if cards & ~self.allowed:
            bad = names(cards & ~self.allowed)
            return f"{' '.join(bad)} may not be buried: {self.reason or 'not in your hand'}"
        if self.required & ~cards:
            return f"{' '.join(names(self.required & ~cards))} must be buried: {self.reason}"
        return None

    def options(self) -> int:
        free = (self.allowed & ~self.required).bit_count()
        return math.comb(free, self.count - self.required.bit_count())

    def texts(self) -> Iterator[str]:
        required = list(iter_mask(self.required))
        free = list(iter_mask(self.allowed & ~self.required))
        for combo in itertools.combinations(free, self.count - len(required)):
            yield "discard " + " ".join(CARD_NAMES[c] for c in sorted(required + list(combo)))

    def sample(self, rng: random.Random) -> str:
        """A uniformly random allowed discard (a partial Fisher-Yates over the free cards)."""
        free = list(iter_mask(self.allowed & ~self.required))
        chosen = self.required
        rand = rng.random
        for i in range(self.count - self.required.bit_count()):
            j = i + int(rand() * (len(free) - i))
            free[i], free[j] = free[j], free[i]
            chosen |= 1 << free[i]
        return "discard " + " ".join([CARD_NAMES[c] for c in iter_mask(chosen)])

    def to_dict(self) -> dict[str, object]:
        return {
            "count": self.count,
            "allowed": names(self.allowed),
            "required": names(self.required),
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DiscardRule:
        from .cards import parse_cards

        return cls(
            int(data["count"]),
            mask_of(parse_cards(data["allowed"])),
            mask_of(parse_cards(data["required"])),
            str(data.get("reason", "")),
        )


class LegalActions:
    """Listed texts, or for a discard the space of allowed card sets (thousands: enumerated lazily)."""

    __slots__ = ("discard", "texts")

    def __init__(self, texts: list[str] | tuple[str, ...] = (), discard: DiscardRule | None = None) -> None:
        self.texts = texts if type(texts) is tuple else tuple(texts)
        self.discard = discard

    def __iter__(self) -> Iterator[str]:
        return self.discard.texts() if self.discard else iter(self.texts)

    def __len__(self) -> int:
        return self.discard.options() if self.discard else len(self.texts)

    def __bool__(self) -> bool:
        return bool(self.discard) or bool(self.texts)

    def __contains__(self, text: object) -> bool:
        if self.discard is None:
            return text in self.texts
        if not isinstance(text, str):
            return False
        try:
            action = parse_action(text)
        except KrookError:
            return False
        if not isinstance(action, Discard):
            return False
        return self.discard.problem(mask_of(action.cards), len(action.cards)) is None

    def sample(self, rng: random.Random) -> str:
        if self.discard:
            return self.discard.sample(rng)
        return self.texts[int(rng.random() * len(self.texts))]

    def __repr__(self) -> str:
        if self.discard:
            return f"LegalActions(discard {self.discard.count} of {names(self.discard.allowed)})"
        return f"LegalActions({list(self.texts)})"
