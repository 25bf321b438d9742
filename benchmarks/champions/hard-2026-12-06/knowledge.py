"""What one seat knows, read from its ``SeatView`` only: cards seen, voids shown, who plays with whom.

Everything here is computed from the view's plain data. A bot never holds anything else, so it cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from krook.rules import BidAction, Color, Phase, Rules, SeatView
from krook.rules.cards import BIRDS, CARD_BY_NAME, COLOR_MASKS, KROOK
from krook.rules.settings import from_overrides

from .fast import PlayRules


@lru_cache(maxsize=64)
def _rules_cached(items: tuple[tuple[str, Any], ...]) -> Rules:
    return from_overrides(Rules(), dict(items))


def rules_of(view: SeatView) -> Rules:
    return _rules_cached(tuple(sorted(view.rules.items())))


@lru_cache(maxsize=256)
def play_rules(rules: Rules, trump: int | None) -> PlayRules:
    return PlayRules(rules, trump)


def mask_of_names(cards: list[str]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << CARD_BY_NAME[c]
    return mask


@dataclass
class Knowledge:
    rules: Rules
    seat: int
    n: int
    phase: Phase
    hand: int
    trump: int | None
    played: int  # every card seen played, this trick included
    trick: list[tuple[int, int]]  # (seat, card) of the trick in progress
    leader: int | None  # who leads / led the trick in progress
    cannot: list[int]  # per seat: cards that seat cannot hold (voids shown)
    sizes: list[int]  # cards in each seat's hand now
    bidder: int | None
    bid: int | None
    known_nest: int  # the bidder's own knowledge of the nest / buried cards
    buried: int
    called: int | None
    partner: int | None
    played_by: list[int]  # per seat: cards it has played this hand
    points_taken: list[int]
    tricks_done: int
    bids: list[tuple[int, BidAction]]
    dealer: int
    # (seat, cards it played from then on, cards that would have won, how telling): moments a seat let a
    # worthwhile trick go to a card it could have beaten; see ``ducks``
    ducked: list[tuple[int, int, int, float]] = field(default_factory=list)
    # every card played this hand, trick by trick (the one in progress last): (seat, card)
    history: list[list[tuple[int, int]]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)  # per seat, tricks won this hand so far
    scores: list[int] = field(default_factory=list)  # the game's score columns before this hand (public)
    # facts worked out from the above once a decision, for every deal sampled (``play_reading``)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def play(self) -> PlayRules:
        return play_rules(self.rules, self.trump)

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in other hands or in the hidden nest."""
        return self.rules.deck_mask & ~self.hand & ~self.played & ~self.known_nest & ~self.buried

    def teammates(self, seat: int | None = None) -> set[int] | None:
        """Seats sharing ``seat``'s score this hand, or None when not known yet (an unrevealed called partner)."""
        seat = self.seat if seat is None else seat
        rules = self.rules
        if rules.partnership == "fixed":
            return {s for s in range(self.n) if s % 2 == seat % 2}
        if rules.partnership == "individual" or self.bidder is None:
            return {seat}
        pair = self.pair()
        if pair is None:
            return None
        if seat in pair:
            return set(pair)
        return set(range(self.n)) - set(pair)

    def pair(self) -> set[int] | None:
        """The called-partner pair (bidder and partner) when this seat knows it."""
        if self.bidder is None:
            return None
        if self.partner is not None:
            return {self.bidder, self.partner}
        if self.called is not None and (self.hand >> self.called & 1):
            return {self.bidder, self.seat}
        if (
            self.called is not None
            and self.seat == self.bidder
            and self.played_by[self.seat] >> self.called & 1
        ):
            return {self.bidder}
        return None

    def same_side(self, a: int, b: int) -> bool | None:
        mates = self.teammates(a)
        if mates is None:
            return None
        return b in mates


def void_shown(rules: Rules, trump: int | None, trump_mask: int, first: int, card: int) -> int:
    """The cards a seat shows it cannot hold by playing ``card`` to a trick led with ``first`` (0: none)."""
    led = trump if first >= KROOK else first >> 4
    follow = trump_mask if led == trump else COLOR_MASKS[led]  # type: ignore[index]
    if follow >> card & 1 or (card >= KROOK and rules.krook_any_time):
        return 0  # it followed, or played the Krook, which may go while holding the led colour
    if rules.must_trump and not trump_mask >> card & 1:
        return follow | trump_mask
    return follow


def read_view(view: SeatView) -> Knowledge:
    """Build this seat's knowledge from its view."""
    rules = rules_of(view)
    n = rules.players
    seat = view.seat if view.seat is not None else 0
    trump = int(Color.parse(view.trump)) if view.trump else None
    hand = mask_of_names(view.hand)
    cannot = [0] * n
    played_by = [0] * n
    played = 0
    trump_mask = (COLOR_MASKS[trump] | BIRDS) if trump is not None else 0
    tricks: list[list[tuple[int, int]]] = [[(s, CARD_BY_NAME[c]) for s, c in t.cards] for t in view.tricks]
    trick = [(s, CARD_BY_NAME[c]) for s, c in view.trick]
    for cards in [*tricks, trick]:
        if not cards:
            continue
        first = cards[0][1]
        for s, c in cards:
            played |= 1 << c
            played_by[s] |= 1 << c
            cannot[s] |= void_shown(rules, trump, trump_mask, first, c)
    # cards seen anywhere cannot be in another's hand; that is handled by the unseen pool
    known_nest = mask_of_names(view.nest) if view.nest else 0
    buried = mask_of_names(view.buried) if view.buried else 0
    if buried:
        known_nest = (
            0  # the bidder knows where every former nest card went; the buried cards are what's hidden
        )
    elif view.bidder == view.seat and known_nest:
        known_nest = (
            0 if view.phase is Phase.DISCARD else known_nest
        )  # during the discard the nest is in hand
    called = CARD_BY_NAME[view.called] if view.called else None
    ducked = (
        ducks(rules, trump, [*tricks, trick] if trick else tricks, view.bidder, view.partner)
        if trump is not None
        else []
    )
    leader = view.trick_leader if view.phase is Phase.PLAY else None
    if trick:
        leader = trick[0][0]
    return Knowledge(
        rules=rules,
        seat=seat,
        n=n,
        phase=view.phase,
        hand=hand,
        trump=trump,
        played=played,
        trick=trick,
        leader=leader,
        cannot=cannot,
        sizes=list(view.hand_sizes),
        bidder=view.bidder,
        bid=view.bid,
        known_nest=known_nest,
        buried=buried,
        called=called,
        partner=view.partner,
        played_by=played_by,
        points_taken=list(view.points_taken),
        tricks_done=len(view.tricks),
        bids=list(view.bids),
        dealer=view.dealer,
        ducked=ducked,
        history=[*tricks, trick] if trick else tricks,
        tricks_won=list(view.tricks_won),
        scores=list(view.scores),
    )


DUCK_POINTS = 10  # a trick worth this much at a seat's turn is one a sound player wins when it can


def ducks(
    rules: Rules, trump: int, history: list[list[tuple[int, int]]], bidder: int | None, partner: int | None
) -> list[tuple[int, int, int, float]]:
    """Moments a seat let a trick worth ``DUCK_POINTS`` or more stay with a seat not known to be its teammate.

    A sound player (every Krook strength plays that way) takes such a trick when it holds a card that wins it,
    the Krook included where it may be played at any time; so a deal giving that seat such a card then is less
    likely. Each moment is (seat, the cards it played from that trick on, the cards that would have won, weight)."""
    play = play_rules(rules, trump)
    points = rules.point_list
    later = [0] * rules.players
    out: list[tuple[int, int, int, float]] = []
    for cards in reversed(history):
        for s, c in cards:
            later[s] |= 1 << c
        if len(cards) < 2:
            continue
        first = cards[0][1]
        led = trump if first >= KROOK else first >> 4
        power = play.power[led]
        best_seat, best = cards[0][0], power[first]
        worth = points[first]
        for s, c in cards[1:]:
            beaten = power[c] <= best
            if beaten and worth >= DUCK_POINTS and not _same_side(rules, s, best_seat, bidder, partner):
                followed = bool(play.follow[led] >> c & 1)
                allowed = play.follow[led] if followed else rules.deck_mask
                if rules.krook_any_time:
                    allowed |= BIRDS
                winners = sum(1 << x for x in range(66) if allowed >> x & 1 and power[x] > best)
                if winners:
                    out.append((s, later[s], winners, 0.9 if worth >= 15 else 0.5))
            if not beaten:
                best_seat, best = s, power[c]
            worth += points[c]
    return out


def _same_side(rules: Rules, a: int, b: int, bidder: int | None, partner: int | None) -> bool:
    """Whether every seat can tell that ``a`` and ``b`` play together (then letting the trick go is right)."""
    if rules.partnership == "fixed":
        return a % 2 == b % 2
    if rules.partnership == "called" and bidder is not None and partner is not None:
        pair = {bidder, partner}
        return (a in pair) == (b in pair)
    return False
