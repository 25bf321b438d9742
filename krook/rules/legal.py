"""The legal actions of the seat to act, as one object that bots, screens and the network all read."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import ACTION_TYPES, Action, Bid, Discard, Pass, Play, Redeal, parse_action
from .cards import CARD_BY_NAME, CARD_NAMES, Color, iter_mask, mask_of, names
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
    """The legal actions of the seat to act, python-chess style: a collection that answers typed questions.

    Typed (for bots and screens): ``can_pass``, ``can_redeal``, ``bids()`` (amounts), ``cards()`` (card ids
    that may be played), ``calls()`` (card ids that may be called), ``trumps()`` (colours), ``discard`` (the
    :class:`DiscardRule`, or None) and ``actions()`` (every legal :data:`Action`). Membership takes an Action
    or its text in any letter case: ``Play(R14) in legal``, ``"play r14" in legal`` and
    ``match.apply("play r14")`` always agree. Text (for the wire, records and simulations): iterating yields
    the canonical texts (``str(action)``), ``texts`` holds them outside the discard phase, ``sample`` returns
    one. A discard is a space of card sets (thousands), so it is enumerated lazily.
    """

    __slots__ = ("discard", "refused", "texts")

    def __init__(
        self,
        texts: list[str] | tuple[str, ...] = (),
        discard: DiscardRule | None = None,
        refused: Mapping[str, str] | None = None,
    ) -> None:
        self.texts = texts if type(texts) is tuple else tuple(texts)
        self.discard = discard
        self.refused: Mapping[str, str] = refused or {}  # card name -> why it may not be played now

    # -- text: the wire and the records ---------------------------------------------------------------
    def __iter__(self) -> Iterator[str]:
        return self.discard.texts() if self.discard else iter(self.texts)

    def __len__(self) -> int:
        return self.discard.options() if self.discard else len(self.texts)

    def __bool__(self) -> bool:
        return bool(self.discard) or bool(self.texts)

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            if action in self.texts:
                return True
            try:
                parsed = parse_action(action)
            except KrookError:
                return False
        elif isinstance(action, ACTION_TYPES):
            parsed = action
        else:
            return False
        if self.discard is None:
            return str(parsed) in self.texts
        if not isinstance(parsed, Discard):
            return False
        return self.discard.problem(mask_of(parsed.cards), len(parsed.cards)) is None

    def sample(self, rng: random.Random) -> str:
        """A uniformly random legal action's text (simulations and records read text)."""
        if self.discard:
            return self.discard.sample(rng)
        return self.texts[int(rng.random() * len(self.texts))]

    # -- typed: bots and screens --------------------------------------------------------------------------
    def actions(self) -> Iterator[Action]:
        """Every legal action, typed (a discard's card sets lazily)."""
        return (parse_action(text) for text in self)

    def choice(self, rng: random.Random) -> Action:
        """A uniformly random legal action, typed: the same draw as :meth:`sample`."""
        return parse_action(self.sample(rng))

    @property
    def can_pass(self) -> bool:
        return "pass" in self.texts

    @property
    def can_redeal(self) -> bool:
        return "redeal" in self.texts

    def bids(self) -> tuple[int, ...]:
        """The amounts that may be bid, lowest first (empty outside the bidding)."""
        return tuple(int(t[4:]) for t in self.texts if t.startswith("bid "))

    def cards(self) -> tuple[int, ...]:
        """The card ids that may be played, lowest id first (empty outside the play)."""
        return tuple(CARD_BY_NAME[t[5:]] for t in self.texts if t.startswith("play "))

    def calls(self) -> tuple[int, ...]:
        """The card ids the bidder may call as partner (Call Partner), lowest id first."""
        return tuple(CARD_BY_NAME[t[5:]] for t in self.texts if t.startswith("call "))

    def trumps(self) -> tuple[Color, ...]:
        return tuple(Color.parse(t[6:]) for t in self.texts if t.startswith("trump "))

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now, in words for the screen; None when it is legal.

        A card play's reason comes from the rules (``refused``: the seat to act's cards that may not be played,
        each with its reason); a burial's from the :class:`DiscardRule`; a bid's from the amounts listed."""
        if action in self:
            return None
        if isinstance(action, Play):
            reason = self.refused.get(CARD_NAMES[action.card])
            if reason:
                return reason
            return "play a card from your hand" if self.cards() else "cards are not played now"
        if isinstance(action, Discard):
            if self.discard is None:
                return "there is nothing to bury now"
            return self.discard.problem(mask_of(action.cards), len(action.cards))
        if isinstance(action, Bid):
            bids = self.bids()
            if not bids:
                return "the bidding is over" if not self.can_redeal else "not your turn to bid"
            if len(bids) == 1:
                return f"the only bid now is {bids[0]}"
            if action.amount < bids[0]:
                return f"the lowest bid now is {bids[0]}"
            if action.amount > bids[-1]:
                return f"the highest bid is {bids[-1]}"
            return f"bids go in steps of {bids[1] - bids[0]}"
        if isinstance(action, Pass):
            return "you may not pass now" + (f": bid {self.bids()[0]}" if self.bids() else "")
        if isinstance(action, Redeal):
            return "you may call a redeal only in the bidding, holding no counters"
        return "not now"

    def __repr__(self) -> str:
        if self.discard:
            return f"LegalActions(discard {self.discard.count} of {names(self.discard.allowed)})"
        return f"LegalActions({list(self.texts)})"
