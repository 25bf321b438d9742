"""Review one seat's play of a finished hand with the exact solver (all cards known: the hand is over).

The figures are points the seat's side takes in the hand, counted as the solver counts them: card points of the
tricks won, the nest's points where they go (to the bidder, or with the last trick) and the last-trick bonus.
Other bonuses (most tricks, a sweep) are not in the par; see docs/PLAYING.md.

``Reviewer.steps()`` yields a snapshot after every figure, so a screen can show them as they are solved; one
solver (and its table) serves every position of the hand, each search starting from the previous value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from krook.bots.fast import PlayRules, bits
from krook.bots.solver import Solver
from krook.rules import Match, Phase
from krook.rules.cards import CARD_NAMES
from krook.rules.hand import Hand

from .bidding import Decision, NestReview, bid_decisions, nest_review


class ReviewError(ValueError):
    """A hand that cannot be reviewed (not finished, thrown in, no such hand or seat)."""


@dataclass(frozen=True)
class PlayReview:
    """A play after which the best result the seat's side could still reach dropped by ``loss`` points."""

    trick: int  # 1-based
    card: str
    best: str  # a card that kept the best result
    loss: int

    def to_dict(self) -> dict[str, Any]:
        return {"trick": self.trick, "card": self.card, "best": self.best, "loss": self.loss}


@dataclass(frozen=True)
class HandReview:
    """One seat's review of one hand, complete or as far as solved (``checked`` of ``total`` plays)."""

    hand: int  # 1-based, as the score sheet numbers hands
    seat: int
    actual: int
    total: int
    par: int | None = None
    checked: int = 0
    plays: tuple[PlayReview, ...] = ()  # the costly plays, largest loss first
    nest: NestReview | None = None
    decisions: tuple[Decision, ...] = ()
    bids_done: bool = False
    complete: bool = False
    side: tuple[int, ...] = field(default=())  # the seats whose points count with the seat's
    bid: int | None = None  # the contract, when the seat's side holds it
    # while the par is solved: the interval it lies in so far, and the points in play (its first width)
    par_low: int | None = None
    par_high: int | None = None
    par_span: int = 0
    nodes: int = 0  # positions searched so far

    @property
    def lost(self) -> int:
        """Points given away by the seat's own plays, in all."""
        return sum(p.loss for p in self.plays)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "seat": self.seat,
            "par": self.par,
            "actual": self.actual,
            "plays": [p.to_dict() for p in self.plays],
        }


ReviewProgress = HandReview


@dataclass(frozen=True)
class _Position:
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    seat: int
    card: int
    trick_no: int  # 1-based
    taken: int  # points the side took in the tricks before this one


def side_of_seat(hand: Hand, seat: int) -> tuple[int, ...]:
    """Whose points count with ``seat``'s in this hand: the fixed team, the called pair or its opponents, the
    defenders together where they score nothing, or the seat alone."""
    rules = hand.rules
    n = hand.n
    if rules.partnership == "fixed":
        return tuple(s for s in range(n) if s % 2 == seat % 2)
    if rules.partnership == "called" and hand.bidder is not None:
        pair = {hand.bidder, hand.partner if hand.partner is not None else hand.bidder}
        return tuple(sorted(pair if seat in pair else set(range(n)) - pair))
    if not rules.defenders_score and hand.bidder is not None and seat != hand.bidder:
        # an individual game whose defenders score nothing: their points count only against the bidder, so
        # they are reviewed as one side, as hard plays them (docs/BOTS.md)
        return tuple(s for s in range(n) if s != hand.bidder)
    return (seat,)


def nest_points(hand: Hand) -> int:
    rules = hand.rules
    cards = hand.buried if hand.bidder is not None and rules.nest_size else hand.nest
    return sum(rules.point_list[c] for c in bits(cards & rules.counter_mask))


class Reviewer:
    """Reviews ``seat``'s play of hand ``hand_index`` (0-based) of a replayed match; ``cancel()`` from any thread."""

    def __init__(
        self,
        match: Match,
        hand_index: int,
        seat: int,
        *,
        bids: bool = True,
        bid_budget_s: float = 0.3,
        first_play: int = 0,
    ) -> None:
        if not 0 <= hand_index < len(match.hands):
            raise ReviewError(f"hand {hand_index + 1} is not in this game (it has {len(match.hands)})")
        hand = match.hands[hand_index]
        if not 0 <= seat < hand.n:
            raise ReviewError(f"seat {seat} is not at this table (0 to {hand.n - 1})")
        if hand.phase is not Phase.HAND_OVER:
            raise ReviewError(f"hand {hand_index + 1} is not finished yet")
        if hand.thrown_in or not hand.tricks or hand.trump is None:
            raise ReviewError(f"hand {hand_index + 1} was thrown in: no cards were played")
        self.match = match
        self.hand_index = hand_index
        self.hand = hand
        self.seat = seat
        self.bids = bids
        self.bid_budget_s = bid_budget_s
        rules = hand.rules
        self.side = side_of_seat(hand, seat)
        mine = [s in self.side for s in range(hand.n)]
        nest_pts = nest_points(hand)
        self.last_bonus = rules.last_trick_bonus + (nest_pts if rules.nest_to == "last_trick" else 0)
        bidder_mine = hand.bidder is not None and hand.bidder in self.side
        self.base = nest_pts if rules.nest_to == "bidder" and bidder_mine else 0
        self.solver = Solver(PlayRules(rules, hand.trump), mine, self.last_bonus)
        self.positions, self.actual = self._positions(mine)
        if not 0 <= first_play < len(self.positions):
            raise ReviewError(f"play {first_play + 1} is not in hand {hand_index + 1}")
        # ``first_play``: review from that play on (par from the position before it); 0: the whole hand
        self.first_play = first_play
        self._cancelled = False
        self._par_base: int | None = None  # while the par is solved: the points taken before its position

    def _positions(self, mine: list[bool]) -> tuple[list[_Position], int]:
        """Every play of the hand as the position before it, and the side's result."""
        hand = self.hand
        hands = [0] * hand.n
        for trick in hand.tricks:
            for s, c in trick.cards:
                hands[s] |= 1 << c
        out = []
        taken = self.base
        for number, trick in enumerate(hand.tricks, 1):
            cards: list[int] = []
            for s, c in trick.cards:
                out.append(_Position(tuple(hands), trick.leader, tuple(cards), s, c, number, taken))
                hands[s] ^= 1 << c
                cards.append(c)
            if mine[trick.winner]:
                taken += trick.points
        if mine[hand.tricks[-1].winner]:
            taken += self.last_bonus
        return out, taken

    def cancel(self) -> None:
        """Stop the review: the running search ends at its next trick boundary and ``steps`` returns."""
        self._cancelled = True
        self.solver.cancel()

    def steps(self) -> Iterator[HandReview]:
        """Snapshots of the review, one after each figure solved; the last one is complete."""
        from krook.bots.solver import SearchCancelled

        own = [p for p in self.positions[self.first_play :] if p.seat == self.seat]
        review = HandReview(
            self.hand_index + 1,
            self.seat,
            self.actual,
            len(own),
            side=self.side,
            bid=self.hand.contract if self.hand.bidder in self.side else None,
            nest=nest_review(self.hand, self.seat),
        )
        yield review
        try:
            start = self.positions[self.first_play]
            self._par_base = start.taken
            try:
                par = start.taken + self.solver.value(start.hands, start.leader, start.trick)
            finally:
                self._par_base = None
            review = replace(review, par=par, nodes=self.solver.nodes)
            yield review
            if self.bids and not self._cancelled:
                decisions = bid_decisions(self.match, self.hand_index, self.seat, self.bid_budget_s)
                review = replace(review, decisions=decisions, bids_done=True)
                yield review
            best_total = par  # the best result still reachable, as a guess for the next search
            costly: list[PlayReview] = []
            for checked, pos in enumerate(own, 1):
                if self._cancelled:
                    return
                loss, best_card, best_total = self._judge(pos, best_total)
                if loss > 0:
                    costly.append(PlayReview(pos.trick_no, CARD_NAMES[pos.card], CARD_NAMES[best_card], loss))
                    costly.sort(key=lambda p: (-p.loss, p.trick))
                review = replace(review, checked=checked, plays=tuple(costly), nodes=self.solver.nodes)
                yield review
        except SearchCancelled:
            return
        yield replace(review, complete=True, bids_done=review.bids_done or not self.bids)

    def progress(self) -> dict[str, int]:
        """How far the running search is, for a screen (read from another thread): positions searched and,
        while the par is solved, the interval it lies in so far."""
        out = {"nodes": self.solver.nodes}
        base = self._par_base
        if base is not None:
            low, high, span = self.solver.bounds
            out.update(par_low=base + low, par_high=base + high, par_span=span)
        return out

    def _judge(self, pos: _Position, best_total: int) -> tuple[int, int, int]:
        """(points lost by the play, a card that loses nothing, the best result reachable after the play)."""
        solver = self.solver
        here = pos.taken
        value = solver.value(pos.hands, pos.leader, pos.trick, guess=max(0, best_total - here))
        played = solver.value(_after(pos, pos.card), pos.leader, (*pos.trick, pos.card), guess=value)
        loss = value - played
        best = keeping_card(pos, value, lambda _: solver) if loss > 0 else pos.card
        return loss, best, here + played

    def run(self) -> HandReview:
        last = None
        for snapshot in self.steps():
            last = snapshot
        assert last is not None
        return last


def _after(pos: _Position, card: int) -> list[int]:
    """The hands after the seat to play at ``pos`` plays ``card``."""
    hands = list(pos.hands)
    hands[pos.seat] ^= 1 << card
    return hands


def keeping_card(pos: _Position, value: int, solver_for: Callable[[int], Solver]) -> int:
    """The highest other card the seat could have played at ``pos`` that still reaches ``value`` (the position's
    value, more than the card played reaches); ``solver_for(card)`` gives the solver that checks ``card``."""
    solver = solver_for(pos.card)
    moves = solver.play.playable(pos.hands[pos.seat], pos.trick[0] if pos.trick else -1)
    for card in reversed(bits(moves & ~(1 << pos.card))):
        if solver_for(card).at_least(_after(pos, card), pos.leader, (*pos.trick, card), value):
            return card
    raise AssertionError("a play that loses points has a better card")


def plain_review(match: Match, hand_index: int, seat: int, *, first_play: int = 0) -> HandReview:
    """The same figures solved the plain way, as a reference for the review: a fresh solver (its own rules
    tables, no killer moves) for every figure, no table or first guess carried from one search to the next."""
    reviewer = Reviewer(match, hand_index, seat, bids=False, first_play=first_play)
    hand = reviewer.hand
    mine = [s in reviewer.side for s in range(hand.n)]

    def fresh(_: int = -1) -> Solver:
        return Solver(PlayRules(hand.rules, hand.trump), mine, reviewer.last_bonus, killers=False)

    start = reviewer.positions[first_play]
    par = start.taken + fresh().value(start.hands, start.leader, start.trick)
    own = [p for p in reviewer.positions[first_play:] if p.seat == seat]
    costly = []
    for pos in own:
        value = fresh().value(pos.hands, pos.leader, pos.trick)
        loss = value - fresh().value(_after(pos, pos.card), pos.leader, (*pos.trick, pos.card))
        if loss > 0:
            best = keeping_card(pos, value, fresh)
            costly.append(PlayReview(pos.trick_no, CARD_NAMES[pos.card], CARD_NAMES[best], loss))
    costly.sort(key=lambda p: (-p.loss, p.trick))
    return HandReview(
        hand_index + 1,
        seat,
        reviewer.actual,
        len(own),
        par=par,
        checked=len(own),
        plays=tuple(costly),
        complete=True,
        side=reviewer.side,
        bid=hand.contract if hand.bidder in reviewer.side else None,
    )


def review_steps(match: Match, hand_index: int, seat: int, *, bids: bool = True) -> Iterator[HandReview]:
    return Reviewer(match, hand_index, seat, bids=bids).steps()


def hand_review(match: Match, hand_index: int, seat: int, *, bids: bool = True) -> HandReview:
    """The complete review of one seat's hand (blocking)."""
    return Reviewer(match, hand_index, seat, bids=bids).run()
