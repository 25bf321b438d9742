"""What one seat may know, as plain data. Screens, bots and the network see a game only through this."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from .actions import Bid, BidAction, Pass, Redeal, parse_action
from .cards import CARD_NAMES, Color, names
from .errors import NotationError
from .hand import Phase
from .legal import DiscardRule, LegalActions
from .settings import Rules, from_overrides

if TYPE_CHECKING:
    from .match import Match

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


def build_view(match: Match, seat: int | None) -> SeatView:
    """The view of ``seat``; ``None`` gives the public view (no hand), for a table nobody is looking at."""
    hand = match.hand
    n = match.rules.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table (0 to {n - 1})")
    scored = hand.phase is Phase.HAND_OVER
    is_bidder = seat == hand.bidder
    picked_up = hand.bidder is not None and hand.rules.nest_size > 0
    sees_nest = scored or (is_bidder and picked_up)
    to_act = hand.to_act if match.winner is None else None
    legal: list[str] = []
    discard = None
    refused: dict[str, str] = {}
    if to_act == seat:
        actions = hand.legal_actions()
        if actions.discard is not None:
            discard = actions.discard.to_dict()
        else:
            legal = list(actions.texts)
        if hand.phase is Phase.PLAY and seat is not None:
            refused = hand.refusals(seat)
    elif seat is not None and to_act is not None and hand.may_call_redeal(seat):
        legal = ["redeal"]  # redeal_any_time: a seat without counters may call it out of turn
    return SeatView(
        seat=seat,
        players=list(match.players),
        rules=dict(match.rules_dict),
        preset=match.preset,
        phase=match.phase,
        to_act=to_act,
        dealer=hand.dealer,
        hand_number=len(match.hands),
        hand=names(hand.hands[seat]) if seat is not None else [],
        hand_sizes=[h.bit_count() for h in hand.hands],
        bids=list(hand.bids),
        passed=[s for s in range(n) if hand.passed >> s & 1],
        high_bid=hand.high_bid,
        high_bidder=hand.high_bidder,
        bidder=hand.bidder,
        bid=hand.contract,
        trump=Color(hand.trump).letter if hand.trump is not None else None,
        called=CARD_NAMES[hand.called] if hand.called is not None else None,
        partner=hand.known_partner_for(seat) if seat is not None else (hand.partner if scored else None),
        nest=names(hand.nest) if sees_nest else [],
        buried=names(hand.buried) if (scored or is_bidder) else [],
        trick=[(s, CARD_NAMES[c]) for s, c in hand.trick],
        trick_leader=hand.leader if hand.phase is Phase.PLAY else None,
        tricks=[
            TrickView(t.leader, [(s, CARD_NAMES[c]) for s, c in t.cards], t.winner, t.points)
            for t in hand.tricks
        ],
        points_taken=list(hand.won_points),
        tricks_won=list(hand.won_tricks),
        scores=list(match.scores),
        columns=[match.column_label(c) for c in range(match.rules.team_count)],
        results=[dict(r) for r in match.result_dicts()],
        winner=match.winner,
        legal=legal,
        discard=discard,
        version=match.version,
        refused=refused,
    )
