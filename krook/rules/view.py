"""What one seat may know, as plain data. Screens, bots and the network see a game only through this."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .actions import Bid, BidAction, Pass, Redeal, parse_action
from .errors import NotationError
from .hand import Phase
from .legal import DiscardRule, LegalActions
from .settings import Rules, from_overrides

VIEW_FORMAT = "krook-view/1"


@dataclass(frozen=True)
class TrickView:
    leader: int
    cards: list[tuple[int, str]]  # (seat, card) in play order
    winner: int | None = None
    points: int = 0


@dataclass(frozen=True)
class SeatView:
    """A seat's knowledge at one moment. Cards are written in notation (``R14``, ``K``).

    ``phase`` is the :class:`Phase` enum; ``legal`` and ``discard`` are the wire form of what the seat may do:
    read them typed through ``legal_actions()`` (``.bids()``, ``.cards()``, ``.can_pass``, ``.discard``, ...).
    Out of turn ``legal`` is empty, except ``["redeal"]`` when ``redeal_any_time`` lets this seat call one.
    """

    seat: int | None  # None: the public view, as a spectator sees the table
    players: list[str]
    rules: dict[str, Any]
    preset: str
    phase: Phase  # a StrEnum: serialised as its value, e.g. "play"
    to_act: int | None
    dealer: int
    hand_number: int  # 1-based count of deals so far
    hand: list[str]
    hand_sizes: list[int]
    bids: list[tuple[int, BidAction]]  # public bidding log, typed: (seat, Bid(70) | PASS | REDEAL)
    passed: list[int]
    high_bid: int | None
    high_bidder: int | None
    bidder: int | None
    bid: int | None
    trump: str | None
    called: str | None
    partner: int | None  # the bidder's partner in Call Partner, once this seat may know it
    nest: list[str]  # the original nest: the bidder after pickup, everyone once the hand is scored
    buried: list[str]  # the bidder's discards: the bidder, and everyone once the hand is scored
    trick: list[tuple[int, str]]
    trick_leader: int | None
    tricks: list[TrickView]
    points_taken: list[int]  # card points in the tricks each seat has won this hand (public)
    tricks_won: list[int]
    scores: list[int]
    columns: list[str]  # label of each score column
    results: list[dict[str, Any]]  # every scored hand so far (the score sheet)
    winner: int | None
    legal: list[str] = field(default_factory=list)
    discard: dict[str, Any] | None = None
    version: int = 0  # count of actions applied in the game: the network orders views by it
    refused: dict[str, str] = field(default_factory=dict)  # the seat to act's unplayable cards: why each

    # -- helpers a screen or a bot wants --------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def rules_obj(self) -> Rules:
        return from_overrides(Rules(), self.rules)

    def legal_actions(self) -> LegalActions:
        """What this seat may do now (empty when it is not its turn)."""
        if self.discard is not None:
            return LegalActions(discard=DiscardRule.from_dict(self.discard))
        return LegalActions(self.legal, refused=self.refused)

    def to_dict(self) -> dict[str, Any]:
        # Written out rather than dataclasses.asdict: asdict deep-copies recursively and was the host's main
        # cost per action. The containers here are fresh per view, so shallow copies are enough.
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        data["tricks"] = [
            {"leader": t.leader, "cards": [list(c) for c in t.cards], "winner": t.winner, "points": t.points}
            for t in self.tricks
        ]
        data["trick"] = [list(c) for c in self.trick]
        data["bids"] = [[seat, str(said)] for seat, said in self.bids]
        data["rules"] = dict(self.rules)
        data["refused"] = dict(self.refused)
        data["phase"] = self.phase.value
        data["format"] = VIEW_FORMAT
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatView:
        values = {k: v for k, v in data.items() if k != "format"}
        values["tricks"] = [
            TrickView(t["leader"], [tuple(c) for c in t["cards"]], t.get("winner"), t.get("points", 0))
            for t in values.get("tricks", [])
        ]
        values["trick"] = [tuple(c) for c in values.get("trick", [])]
        values["bids"] = [(seat, _bid_action(said)) for seat, said in values.get("bids", [])]
        values["phase"] = Phase(values["phase"])
        return cls(**values)


_FIELD_NAMES = tuple(f.name for f in fields(SeatView))


def _bid_action(text: str) -> BidAction:
    action = parse_action(text)
    if not isinstance(action, (Bid, Pass, Redeal)):
        raise NotationError(f"{text!r} is not a bid, a pass or a redeal")
    return action


def public_action_text(text: str) -> str:
    """The form of an action every seat may read: a discard hides its cards."""
    words = text.split()
    if words and words[0] == "discard":
        return f"discard {len(words) - 1} cards"
    return text
