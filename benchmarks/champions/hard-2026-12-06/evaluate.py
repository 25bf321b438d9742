"""Hand evaluation for bidding, burying and naming trump: quick, explainable estimates.

``trump_value`` estimates the points a bidder's side takes with this hand and trump colour: sure tricks from the
top trumps and top cards of other colours, length in trump, voids to trump in, and the partner's likely share.
"""

from __future__ import annotations

from functools import lru_cache

from krook.rules import Rules
from krook.rules.cards import BIRDS, COLOR_MASKS, bits

from .fast import PlayRules


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> tuple[tuple[PlayRules, ...], float]:
    plays = tuple(PlayRules(rules, t) for t in range(4))
    partner = {"fixed": 0.55, "called": 0.45}.get(rules.partnership, 0.0) if rules.players >= 4 else 0.0
    return plays, partner


def trump_value(rules: Rules, hand: int, trump: int, own: int | None = None) -> float:
    """Expected points for the side of a bidder holding ``hand`` with ``trump``, nest and partner included.

    ``own``, the points of the counters in the hand, may be passed in by a caller valuing one hand four times."""
    plays, partner_share = _tables(rules)
    play = plays[trump]
    deck = rules.deck_mask
    tricks = 0.0
    trumps = hand & play.trump_mask
    tlen = trumps.bit_count()
    deck_trumps = play.order[trump]
    # trump: count the solid top run, then the rest by length
    run = True
    for card in reversed(deck_trumps):
        if not deck >> card & 1:
            continue
        if hand >> card & 1:
            tricks += 1.0 if run else (0.55 if tlen >= 4 else 0.3)
        else:
            run = False
    tricks += max(0, tlen - 4) * 0.35
    for color in range(4):
        if color == trump:
            continue
        seq = play.order[color]
        held = hand & COLOR_MASKS[color]
        length = held.bit_count()
        if not length:
            tricks += 0.5 if tlen >= 4 else 0.2
            continue
        if length == 1 and tlen >= 4:
            tricks += 0.25
        if seq and hand >> seq[-1] & 1:
            tricks += 0.85
            if len(seq) > 1 and hand >> seq[-2] & 1:
                tricks += 0.6
        elif len(seq) > 1 and hand >> seq[-2] & 1 and length >= 2:
            tricks += 0.35
    per_hand = rules.hand_size
    total = rules.card_points_total + rules.bonus_total
    fraction = min(1.0, tricks / per_hand)
    if own is None:
        own = counter_points(rules, hand)
    # the bidder's own tricks, the partner's share of the rest, and counters already held
    solo = total * fraction * 0.95 + own * 0.15
    rest = total - solo
    share = rest * partner_share * 0.5
    nest_bonus = total * 0.06 if rules.nest_size else 0.0
    return solo + share + nest_bonus + (total * 0.08 if rules.players <= 3 else 0.0)


def counter_points(rules: Rules, hand: int) -> int:
    """The points of the counters in a hand."""
    return sum(rules.point_list[c] for c in bits(hand & rules.counter_mask))


def best_trump_value(rules: Rules, hand: int) -> tuple[float, int]:
    """(value, trump colour) of the best trump for this hand."""
    best = (-1.0, 0)
    # the same whatever the trump: counted once (the sampler's weights value hands for every deal)
    own = counter_points(rules, hand)
    for trump in range(4):
        v = trump_value(rules, hand, trump, own)
        if v > best[0]:
            best = (v, trump)
    return best


def choose_discard(
    rules: Rules,
    hand: int,
    trump: int,
    count: int,
    allowed: int,
    required: int,
    void_first: bool = True,
    bury_counters: bool = True,
) -> int:
    """Cards to bury: keep trump, birds and top cards; empty the shortest colours; bury unguarded counters."""
    plays, _ = _tables(rules)
    play = plays[trump]
    chosen = required
    need = count - required.bit_count()
    if need <= 0:
        return chosen
    free = allowed & ~required
    keep_value: dict[int, float] = {}
    lengths = {c: (hand & COLOR_MASKS[c]).bit_count() for c in range(4)}
    for card in bits(free):
        if play.trump_mask >> card & 1 or card & BIRDS:
            value = 100.0 + play.rank[card]
        else:
            color = card >> 4
            beaters = play.above[card] & rules.deck_mask & ~hand
            top = beaters.bit_count()
            value = 50.0 - 12.0 * top + play.rank[card] / 16
            if void_first:
                value += 6.0 * lengths[color]
            pts = rules.point_list[card]
            if pts:
                if top == 0:
                    value += 30.0  # a master counter: keep it, it wins its trick
                elif bury_counters and rules.nest_to == "last_trick":
                    value -= pts * 0.8  # an unguarded counter is safer in the nest
                elif bury_counters:
                    value -= pts * 2.0  # the nest counts for the bidder
                else:
                    value += pts
        keep_value[card] = value
    for card in sorted(keep_value, key=lambda c: keep_value[c])[:need]:
        chosen |= 1 << card
    return chosen
