"""A rule-following bot: counts its counters to bid, buries low cards, follows cheaply, wins counters when it can.

It is the baseline of the rules-core simulator and the weakest bot that plays like a person.
"""

from __future__ import annotations

from krook.rules import (
    Action,
    Bid,
    Call,
    Color,
    Discard,
    Pass,
    Phase,
    Play,
    Rules,
    SeatView,
    Trump,
    parse_card,
)
from krook.rules.cards import KROOK, color_of, iter_mask

from .base import BotContext, register


def _strength(view: SeatView, cards: list[str]) -> tuple[int, Color]:
    """A rough bid ceiling and the best trump colour for a hand."""
    rules = view.rules_obj
    ids = [parse_card(c) for c in cards]
    by_color = {c: [i for i in ids if color_of(i) == c] for c in Color}
    trump = max(Color, key=lambda c: (len(by_color[c]), sum(rules.rank[i] for i in by_color[c])))
    high = sum(1 for i in ids if i < KROOK and rules.rank[i] >= 4 * 13)
    birds = sum(1 for i in ids if i >= KROOK)
    length = len(by_color[trump])
    # A share of the points at stake grows with high cards, birds and trump length; tuned so that about
    # half of the deals see a bid at the tournament minimum.
    total = rules.card_points_total
    estimate = total * (0.45 + 0.06 * high + 0.1 * birds + 0.04 * max(0, length - 2))
    return int(estimate), trump


@register("simple")
class SimpleBot:
    name = "simple"

    def choose(self, view: SeatView, ctx: BotContext) -> Action:
        legal = view.legal_actions()
        rules = view.rules_obj
        if view.phase is Phase.BIDDING:
            ceiling, _ = _strength(view, view.hand)
            partner_high = (
                rules.partnership == "fixed"
                and view.high_bidder is not None
                and view.seat is not None
                and view.high_bidder % 2 == view.seat % 2
            )
            bids = legal.bids()
            if bids and not partner_high and (bids[0] <= ceiling or not legal.can_pass):
                return Bid(bids[0])
            return Pass() if legal.can_pass else Bid(bids[0])
        if view.phase is Phase.DISCARD:
            rule = legal.discard
            assert rule is not None
            _, trump = _strength(view, view.hand)
            # keep trump, birds and high cards; bury the lowest non-trump, point cards last
            free = sorted(
                iter_mask(rule.allowed & ~rule.required),
                key=lambda c: (c >= KROOK, color_of(c) == trump, rules.points.get(c, 0) > 0, rules.rank[c]),
            )
            required = list(iter_mask(rule.required))
            return Discard(frozenset(required + free[: rule.count - len(required)]))
        if view.phase is Phase.TRUMP:
            _, trump = _strength(view, view.hand)
            return Trump(trump)
        if view.phase is Phase.CALL:
            mine = {parse_card(c) for c in view.hand}
            calls = legal.calls()
            options = [c for c in calls if c not in mine] or list(calls)
            return Call(max(options, key=lambda c: rules.rank[c]))
        return Play(self._play(view, legal.cards(), rules))

    def _play(self, view: SeatView, cards: tuple[int, ...], rules: Rules) -> int:
        trump = Color.parse(view.trump or "B")

        def power(card: int, led: int | None) -> int:
            if card >= KROOK or color_of(card) == trump:
                return 1000 + rules.rank[card]
            return rules.rank[card] if color_of(card) == led else -1

        if not view.trick:
            # lead the strongest card we hold
            return max(cards, key=lambda c: power(c, color_of(c)))
        first = parse_card(view.trick[0][1])
        led = int(trump) if first >= KROOK else color_of(first)
        best_seat, best = max(((s, power(parse_card(c), led)) for s, c in view.trick), key=lambda x: x[1])
        partner_winning = (
            rules.partnership == "fixed" and view.seat is not None and best_seat % 2 == view.seat % 2
        )
        winners = [c for c in cards if power(c, led) > best]
        if partner_winning or not winners:
            # give points to a partner, else throw the cheapest card
            if partner_winning:
                return min(cards, key=lambda c: (-rules.points.get(c, 0), power(c, led)))
            return min(cards, key=lambda c: (rules.points.get(c, 0), power(c, led)))
        return min(winners, key=lambda c: power(c, led))
