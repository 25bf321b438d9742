"""Scoring a finished hand and deciding when the game is won."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from .cards import CARD_NAMES, Color, iter_mask, names
from .hand import Hand
from .settings import Rules


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """What a hand was worth. Lists are indexed by score column: team in fixed partnerships, else seat.

    Built by keyword; a thrown-in hand leaves the bidding fields None and every list of numbers zero.
    """

    dealer: int
    captured: list[int]  # card points, the nest included where it went
    bonuses: list[int]
    deltas: list[int]
    tricks_won: list[int]
    nest: list[str]
    bidder: int | None = None
    bid: int | None = None
    trump: str | None = None
    called: str | None = None
    partner: int | None = None
    made: bool | None = None
    thrown_in: str | None = None
    buried: list[str] = field(default_factory=list)
    nest_points: int = 0
    nest_to: int | None = None  # score column that took the nest's points
    bidding_total: int | None = None  # what the bidding side counted against its bid

    def to_dict(self) -> dict[str, Any]:
        # every field is a scalar or a flat list: a shallow copy per list is a full copy, without asdict's cost
        return {name: list(value) if isinstance(value, list) else value for name, value in vars(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        return cls(**data)


def _hand_sides(hand: Hand) -> tuple[tuple[int, ...], ...]:
    """Who shares points in this hand: fixed teams; the called pair against the rest; else each seat alone."""
    rules, n = hand.rules, hand.n
    if rules.partnership == "called" and hand.bidder is not None:
        pair = tuple(sorted({hand.bidder, hand.partner if hand.partner is not None else hand.bidder}))
        return pair, tuple(s for s in range(n) if s not in pair)
    return _fixed_sides(n, rules.partnership == "fixed")


@functools.lru_cache(maxsize=16)
def _fixed_sides(n: int, teams: bool) -> tuple[tuple[int, ...], ...]:
    if teams:
        return tuple(tuple(s for s in range(n) if s % 2 == t) for t in range(2))
    return tuple((s,) for s in range(n))


def score_hand(hand: Hand) -> HandResult:
    rules: Rules = hand.rules
    n = hand.n
    columns = rules.team_count
    trump = Color(hand.trump).letter if hand.trump is not None else None
    called = CARD_NAMES[hand.called] if hand.called is not None else None
    if hand.thrown_in:
        return HandResult(
            dealer=hand.dealer,
            thrown_in=hand.thrown_in,
            captured=[0] * columns,
            bonuses=[0] * columns,
            deltas=[0] * columns,
            tricks_won=[0] * columns,
            nest=names(hand.nest),
        )

    seat_points = list(hand.won_points)
    last_winner = hand.tricks[-1].winner
    nest_cards = hand.buried if hand.bidder is not None and rules.nest_size else hand.nest
    nest_points = sum([rules.point_list[c] for c in iter_mask(nest_cards & rules.counter_mask)])
    nest_seat = hand.bidder if rules.nest_to == "bidder" and hand.bidder is not None else last_winner
    seat_points[nest_seat] += nest_points

    sides = _hand_sides(hand)
    side_points = [0] * len(sides)
    side_tricks = [0] * len(sides)
    side_bonus = [0] * len(sides)
    for i, side in enumerate(sides):
        for s in side:
            side_points[i] += seat_points[s]
            side_tricks[i] += hand.won_tricks[s]
        if last_winner in side:
            side_bonus[i] += rules.last_trick_bonus
    total_tricks = len(hand.tricks)
    most = max(side_tricks)
    if rules.most_tricks_bonus and side_tricks.count(most) == 1:
        side_bonus[side_tricks.index(most)] += rules.most_tricks_bonus
    for i, taken in enumerate(side_tricks):
        if rules.sweep_bonus and taken == total_tricks:
            side_bonus[i] += rules.sweep_bonus
        if rules.all_points_bonus and side_points[i] == rules.card_points_total:
            side_bonus[i] += rules.all_points_bonus

    bidding_side = None
    made = None
    bidding_total = None
    if hand.bidder is not None:
        bidding_side = next(i for i, side in enumerate(sides) if hand.bidder in side)
        bidding_total = side_points[bidding_side] + side_bonus[bidding_side]
        made = bidding_total >= (hand.contract or 0)
    side_delta = []
    for i in range(len(sides)):
        total = side_points[i] + side_bonus[i]
        if i == bidding_side:
            side_delta.append(total if made else -(hand.contract or 0))
        else:
            side_delta.append(total if rules.defenders_score or hand.bidder is None else 0)

    # Fold hand sides into score columns. Fixed teams are the columns; otherwise every seat of a side
    # scores the side's delta, while captured/tricks/bonuses stay per seat so the sheet shows who took what.
    if rules.partnership == "fixed":
        captured, bonuses, deltas, tricks = side_points, side_bonus, side_delta, side_tricks
        nest_to = nest_seat % 2
    else:
        captured, tricks = seat_points, list(hand.won_tricks)
        bonuses, deltas = [0] * n, [0] * n
        for i, side in enumerate(sides):
            for s in side:
                deltas[s] = side_delta[i]
            # side bonuses are credited to the side's first seat so the column sums stay honest
            bonuses[side[0]] += side_bonus[i]
        nest_to = nest_seat
    return HandResult(
        dealer=hand.dealer,
        bidder=hand.bidder,
        bid=hand.contract,
        trump=trump,
        called=called,
        partner=hand.partner,
        made=made,
        captured=list(captured),
        bonuses=list(bonuses),
        deltas=list(deltas),
        tricks_won=list(tricks),
        nest=names(hand.nest),
        buried=names(hand.buried),
        nest_points=nest_points,
        nest_to=nest_to,
        bidding_total=bidding_total,
    )


def decide_winner(rules: Rules, scores: list[int], result: HandResult) -> int | None:
    """The winning score column after a hand, or None while the game goes on.

    Among the columns over the target the highest score wins; with ``bidder_wins`` and a made bid, only the
    bidding side's columns (the bidder's, and a called partner's) count when one of them is over. An exact tie
    at the top plays another hand.
    """
    if result.thrown_in:
        return None
    over = [i for i, score in enumerate(scores) if score >= rules.target]
    if rules.both_over_target == "bidder_wins" and result.bidder is not None and result.made:
        bidding = {rules.side_of(result.bidder)}
        if result.partner is not None:
            bidding.add(rules.side_of(result.partner))
        over = [i for i in over if i in bidding] or over
    if not over:
        return None
    top = max(scores[i] for i in over)
    leaders = [i for i in over if scores[i] == top]
    return leaders[0] if len(leaders) == 1 else None
