"""The bid part of a review: the hard bot's choice at each of the seat's decisions, and what the nest changed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from krook.bots.base import BotContext
from krook.bots.evaluate import best_trump_value, trump_value
from krook.bots.strengths import HardBot
from krook.rules import Action, Match, Phase, match_from_record
from krook.rules.cards import Color, names
from krook.rules.hand import Hand


@dataclass(frozen=True)
class Decision:
    """One of the seat's choices before the play (a bid or pass, the burial, trump, the call) and hard's."""

    phase: str  # "bidding", "discard", "trump" or "call"
    yours: Action
    hard: Action

    @property
    def agrees(self) -> bool:
        return self.yours == self.hard


@dataclass(frozen=True)
class NestReview:
    """The nest and the burial: for the bidder also the hand's estimated worth before, with and after them."""

    bidder: int | None
    nest: tuple[str, ...]
    buried: tuple[str, ...]
    buried_points: int
    trump: str | None
    # the evaluation's points for the bidder's side (``evaluate.trump_value``): only for the bidder's own review
    dealt_value: int | None = None
    with_nest_value: int | None = None
    kept_value: int | None = None


def nest_review(hand: Hand, seat: int) -> NestReview:
    rules = hand.rules
    buried_pts = sum(rules.point_list[c] for c in range(66) if hand.buried >> c & 1)
    trump = Color(hand.trump).title if hand.trump is not None else None
    review = NestReview(hand.bidder, tuple(names(hand.nest)), tuple(names(hand.buried)), buried_pts, trump)
    if seat != hand.bidder or not rules.nest_size or hand.trump is None:
        return review
    dealt = hand.dealt[seat]
    whole = dealt | hand.nest
    kept = whole & ~hand.buried
    return NestReview(
        review.bidder,
        review.nest,
        review.buried,
        buried_pts,
        trump,
        round(best_trump_value(rules, dealt)[0]),
        round(best_trump_value(rules, whole)[0]),
        round(trump_value(rules, kept, hand.trump)),
    )


_DECIDING = (Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.CALL)


def bid_decisions(match: Match, hand_index: int, seat: int, budget_s: float = 0.3) -> tuple[Decision, ...]:
    """Replays the hand to each of ``seat``'s decisions before the play and asks the hard bot what it would do
    with the same view (seeded by hand and decision, so a review repeats)."""
    record = match.to_record()
    hand = match.hands[hand_index]
    record["hands"] = record["hands"][: hand_index + 1]
    record["hands"][-1] = dict(record["hands"][-1], actions=[])
    replay = match_from_record(record)
    bot = HardBot(budget_s=budget_s)
    out = []
    for number, action in enumerate(hand.action_log()):
        phase = replay.phase
        if phase not in _DECIDING:
            break
        if replay.to_act == seat:
            view = replay.view(seat)
            choice = action
            if len(view.legal) != 1 or view.discard is not None:
                ctx = BotContext(random.Random(hand_index * 1000 + number), budget_s=budget_s)
                choice = bot.choose(view, ctx)
            out.append(Decision(phase.value, action, choice))
        replay.apply(action)
    return tuple(out)
