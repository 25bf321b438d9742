"""A rule-following bot: counts its counters to bid, buries low cards, follows cheaply, wins counters when it can.

It is the baseline of the rules-core simulator and a stand-in until the stronger bots land.
"""

from __future__ import annotations

from krook.rules import Color, SeatView, parse_card
from krook.rules.cards import KROOK, color_of

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

    def choose(self, view: SeatView, ctx: BotContext) -> str:
        legal = view.legal_actions()
        rules = view.rules_obj
        if view.phase == "bidding":
            ceiling, _ = _strength(view, view.hand)
            partner_high = (
                rules.partnership == "fixed"
                and view.high_bidder is not None
                and view.high_bidder % 2 == view.seat % 2
            )
            bids = [a for a in legal if a.startswith("bid ")]
            if bids and not partner_high:
                amount = int(bids[0].split()[1])
                if amount <= ceiling or "pass" not in legal.texts:
                    return bids[0]
            return "pass" if "pass" in legal.texts else bids[0]
        if view.phase == "discard":
            assert view.discard is not None
            allowed = [parse_card(c) for c in view.discard["allowed"]]
            required = [parse_card(c) for c in view.discard["required"]]
            _, trump = _strength(view, view.hand)
            # keep trump, birds and high cards; bury the lowest non-trump, point cards last
            free = sorted(
                (c for c in allowed if c not in required),
                key=lambda c: (c >= KROOK, color_of(c) == trump, rules.points.get(c, 0) > 0, rules.rank[c]),
            )
            chosen = required + free[: view.discard["count"] - len(required)]
            return "discard " + " ".join(sorted(str_card(c) for c in chosen))
        if view.phase == "trump":
            _, trump = _strength(view, view.hand)
            return f"trump {trump.letter}"
        if view.phase == "call":
            mine = {parse_card(c) for c in view.hand}
            options = [a for a in legal if parse_card(a.split()[1]) not in mine]
            best = max(options or list(legal), key=lambda a: rules.rank[parse_card(a.split()[1])])
            return best
        return self._play(view, [a for a in legal], rules)

    def _play(self, view: SeatView, legal: list[str], rules) -> str:  # type: ignore[no-untyped-def]
        cards = [parse_card(a.split()[1]) for a in legal]
        trump = Color.parse(view.trump or "B")

        def power(card: int, led: int | None) -> int:
            if card >= KROOK or color_of(card) == trump:
                return 1000 + rules.rank[card]
            return rules.rank[card] if color_of(card) == led else -1

        if not view.trick:
            # lead the strongest card we hold
            return "play " + str_card(max(cards, key=lambda c: power(c, color_of(c))))
        first = parse_card(view.trick[0][1])
        led = int(trump) if first >= KROOK else color_of(first)
        best_seat, best = max(((s, power(parse_card(c), led)) for s, c in view.trick), key=lambda x: x[1])
        partner_winning = rules.partnership == "fixed" and best_seat % 2 == view.seat % 2
        winners = [c for c in cards if power(c, led) > best]
        if partner_winning or not winners:
            # give points to a partner, else throw the cheapest card
            key = (
                (lambda c: (-rules.points.get(c, 0), power(c, led)))
                if partner_winning
                else (lambda c: (rules.points.get(c, 0), power(c, led)))
            )
            return "play " + str_card(min(cards, key=key))
        return "play " + str_card(min(winners, key=lambda c: power(c, led)))


def str_card(card: int) -> str:
    from krook.rules import card_name

    return card_name(card)
