"""What a hand is worth to the bidding side, learned from simulated play (``build/learn_bidding.py``).

The model is a linear fit per preset, shipped as data (``assets/bots/bidding.json``): the points the bidding side
takes, as a fraction of the hand's points, from a few features of the bidder's hand before the nest, the
partner's hand value (fixed partnerships) and the strongest opponent's. The fit's residuals, kept as quantiles,
turn the mean into a distribution, so a bid's chance of being made and its expected score follow directly.
What the others' bids and passes say about their hands enters through the value distribution of a dealt hand:
a seat that bid is assumed to hold a hand from the upper part of it, a seat that passed from the lower part.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from krook.rules import Rules, matching_preset
from krook.rules.cards import BIRDS, COLOR_MASKS, KROOK

from .evaluate import best_trump_value, choose_discard
from .fast import bits
from .knowledge import play_rules
from .playout import hidden_pair_sides, playout


@lru_cache(maxsize=64)
def table_preset(rules: Rules) -> str | None:
    """The preset these rules are exactly, None at a custom table. The learned bidding and the tuned values
    belong to a preset's rules, not to its name: a lobby's custom table carries the name of the preset it was
    made from (``view.preset``), whatever deck, players or bids it changed."""
    return matching_preset(rules)


log = logging.getLogger("krook.bots.bidding")

MODEL_FILE = Path(__file__).with_name("bidding.json")  # frozen with the champion
FEATURES = ("one", "value", "trumps", "top_run", "counters", "masters", "voids", "krook", "help", "threat")


class BiddingModelError(ValueError):
    """The shipped bidding model is missing a preset or does not match this code's features."""


def hand_features(rules: Rules, hand: int) -> list[float]:
    """The bidder's own features (the first eight of ``FEATURES``), points as fractions of the hand's total."""
    total = float(rules.card_points_total + rules.bonus_total)
    value, trump = best_trump_value(rules, hand)
    play = play_rules(rules, trump)
    trumps = hand & play.trump_mask
    run = 0
    for card in reversed(play.order[trump]):
        if not rules.deck_mask >> card & 1:
            continue
        if not hand >> card & 1:
            break
        run += 1
    masters = voids = 0
    for color in range(4):
        if color == trump:
            continue
        seq = [c for c in play.order[color] if rules.deck_mask >> c & 1]
        if not hand & COLOR_MASKS[color]:
            voids += 1
        elif seq and hand >> seq[-1] & 1:
            masters += 1
    counters = sum(rules.point_list[c] for c in bits(hand & rules.counter_mask))
    return [
        1.0,
        value / total,
        float(trumps.bit_count()),
        float(run),
        counters / total,
        float(masters),
        float(voids),
        float(bool(hand & BIRDS & (1 << KROOK))),
    ]


@dataclass(frozen=True)
class PresetModel:
    """One preset's fit: weights over ``FEATURES``, residual quantiles, and dealt-hand value quantiles."""

    weights: tuple[float, ...]
    residuals: tuple[float, ...]
    values: tuple[float, ...]  # best_trump_value / total of a dealt hand, as quantiles
    deals: int

    def mean(self, features: Sequence[float]) -> float:
        return sum(w * x for w, x in zip(self.weights, features, strict=True))

    def expected_value(self, low: float | None = None, high: float | None = None) -> float:
        """Mean hand value (fraction of total) of a dealt hand with value in [low, high)."""
        inside = [v for v in self.values if (low is None or v >= low) and (high is None or v < high)]
        if not inside:
            # outside the quantiles: the nearest end
            return self.values[-1] if low is not None else self.values[0]
        return sum(inside) / len(inside)

    def outcomes(self, features: Sequence[float]) -> list[float]:
        """The bidding side's points as fractions of the total, one per residual quantile."""
        mu = self.mean(features)
        return [min(1.0, max(0.0, mu + r)) for r in self.residuals]


@cache
def _load() -> dict[str, PresetModel]:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise BiddingModelError(
            f"bidding model features {data['features']} do not match this code's {FEATURES}"
        )
    return {
        name: PresetModel(tuple(m["weights"]), tuple(m["residuals"]), tuple(m["values"]), int(m["deals"]))
        for name, m in data["presets"].items()
    }


def model_for(preset: str | None) -> PresetModel | None:
    """The learned model for a preset, or None when none was learned for it (or ``preset`` is None: a custom
    rule set)."""
    return None if preset is None else _load().get(preset)


# -- the rule-general model -------------------------------------------------------------------------------------
# What the rules say about a hand's worth, the descriptors the general model's weights depend on: every weight of
# ``FEATURES`` is a linear function of these (``benchmarks/learn_general_bidding.py`` learns them from simulated
# contracts over rule sets drawn from the lobby's settings space).
RULE_FEATURES = (
    "one",
    "hand_size",
    "nest_share",
    "fixed",
    "individual",
    "bonus_share",
    "nest_to_bidder",
    "players",
    "must_trump",
    "bidder_leads",
    "bird_share",
    "last_share",
    "nest_points",
    "bid_floor",
)


def rule_features(rules: Rules) -> list[float]:
    """The rules as the general model reads them: sizes and shares, on a scale near 1."""
    total = float(rules.card_points_total + rules.bonus_total)
    bird = sum(rules.point_list[c] for c in bits(rules.deck_mask & BIRDS))
    return [
        1.0,
        rules.hand_size / 10,
        rules.nest_size / rules.hand_size,
        float(rules.partnership == "fixed"),
        float(rules.partnership == "individual"),
        rules.bonus_total / total,
        float(rules.nest_to == "bidder"),
        rules.players / 4,
        float(rules.must_trump),
        float(rules.first_lead == "bidder"),
        bird / total,
        rules.last_trick_bonus / total,  # in the points a side takes, unlike the other bonuses
        rules.nest_size / rules.deck_size * rules.card_points_total / total,  # the nest's expected points
        rules.min_bid / total,
    ]


VALUE_DEALS = 60  # deals whose hands give a table's distribution of dealt-hand values
# contracts simulated at a table's first bid to correct the general fit's mean there (its bias on the eight test
# tables was up to 12 points before the correction; the spread of 120 contracts' mean is about 2-3 points)
CALIBRATION_DEALS = 30


@cache
def general_model(rules: Rules) -> PresetModel | None:
    """The general model's fit for these rules, or None when no general model is shipped.

    Weights: the learned matrix applied to ``rule_features``. Outcomes: the learned standardised residual
    quantiles times the residual spread the rules predict. Dealt-hand values: quantiles over ``VALUE_DEALS``
    seeded deals of these rules (the same for every seat and game, so decisions stay deterministic)."""
    try:
        from . import general_bidding_data as data
    except ImportError as exc:
        # the data module ships with the package; without it hard still plays, bidding by simulation, weaker
        log.warning("no general bidding model (%s): custom tables bid by simulation", exc)
        return None
    if tuple(data.FEATURES) != FEATURES or tuple(data.RULE_FEATURES) != RULE_FEATURES:
        raise BiddingModelError("the general bidding model does not match this code's features")
    r = rule_features(rules)
    weights = [sum(w * x for w, x in zip(row, r, strict=True)) for row in data.WEIGHTS]
    weights[0] += _calibration_shift(rules, weights)
    spread = max(0.02, sum(w * x for w, x in zip(data.SPREAD, r, strict=True)))
    residuals = tuple(spread * z for z in data.RESIDUALS)
    from krook.rules.deal import deal_from_seed, hand_seed

    total = float(rules.card_points_total + rules.bonus_total)
    values = sorted(
        best_trump_value(rules, hand)[0] / total
        for i in range(VALUE_DEALS)
        for hand in deal_from_seed(rules, i % rules.players, hand_seed(29, i))[0]
    )
    count = 40
    quantiles = tuple(
        values[min(len(values) - 1, int((q + 0.5) / count * len(values)))] for q in range(count)
    )
    return PresetModel(tuple(weights), residuals, quantiles, int(data.DEALS))


def bidding_model(rules: Rules) -> PresetModel | None:
    """The learned bidding for a table: its preset's own fit when the rules are a preset's, else the
    rule-general model evaluated for these rules."""
    return model_for(table_preset(rules)) or general_model(rules)


def with_bonuses(rules: Rules, points: float) -> float:
    """The points a side counts toward its bid when it takes ``points`` in play (cards, the nest, the last
    trick's bonus): the playouts count no other bonus, so they are added as the points suggest. Most tricks when
    the side takes more than half of what is in play; the sweep and all points when it takes every card point."""
    in_play = rules.card_points_total + rules.last_trick_bonus
    counted = points
    if rules.most_tricks_bonus and points > in_play / 2:
        counted += rules.most_tricks_bonus
    if points >= rules.card_points_total + rules.last_trick_bonus:
        counted += rules.sweep_bonus + rules.all_points_bonus
    return counted


def _calibration_shift(rules: Rules, weights: Sequence[float]) -> float:
    """The mean difference between simulated contracts at these rules and the general fit's mean for them:
    ``CALIBRATION_DEALS`` seeded deals, each seat in turn (three at five or six players) taking the contract as
    the learner's simulation does (the nest, medium's bury and trump, one playout with 5% random moves)."""
    from krook.rules.deal import deal_from_seed, hand_seed

    n = rules.players
    total = float(rules.card_points_total + rules.bonus_total)
    rng = random.Random(f"calibrate/{n}")
    diffs = []
    for i in range(CALIBRATION_DEALS):
        dealer = i % n
        hands, nest = deal_from_seed(rules, dealer, hand_seed(31, i))
        values = [best_trump_value(rules, h)[0] / total for h in hands]
        bidders = range(n) if n <= 4 else [(dealer + 1 + j) % n for j in range(3)]
        for bidder in bidders:
            kept, buried, trump = take_nest(rules, hands[bidder], nest)
            played = list(hands)
            played[bidder] = kept
            hidden = buried if rules.nest_size else nest
            y = play_contract(rules, played, trump, hidden, bidder, dealer, rng) / total
            partner = (bidder + 2) % n if rules.partnership == "fixed" else None
            help_ = values[partner] if partner is not None else 0.0
            threat = max(values[s] for s in range(n) if s not in (bidder, partner))
            x = [*hand_features(rules, hands[bidder]), help_, threat]
            diffs.append(y - sum(w * v for w, v in zip(weights, x, strict=True)))
    return sum(diffs) / len(diffs)


def play_contract(
    rules: Rules,
    hands: list[int],
    trump: int,
    hidden: int,
    bidder: int,
    dealer: int,
    rng: random.Random,
    noise: float = 0.05,
) -> float:
    """Play a contract out with the playout policy for every seat; the points the bidder's side takes.

    ``hands`` are the hands after the bury (changed in place); ``hidden`` the buried cards (or the nest);
    ``noise`` the share of random moves."""
    play = play_rules(rules, trump)
    n = rules.players
    if rules.partnership == "fixed":
        mates = {s for s in range(n) if s % 2 == bidder % 2}
    elif rules.partnership == "called":
        # the bidder calls the best trump it lacks
        called, partner = next(
            (
                (c, s)
                for c in reversed(play.order[trump])
                if not hands[bidder] >> c & 1
                for s in range(n)
                if hands[s] >> c & 1
            ),
            (-1, bidder),
        )
        mates = {bidder, partner}
    else:
        mates = {bidder}
    if rules.partnership == "individual":
        # everyone for themselves, as the players at the table see it: a defender does not feed another
        # defender's trick (the paranoid view, every defender the others' teammate, cost the bidder 7 to 9 of
        # the points it takes against medium's play in three-, five- and six-handed)
        sides: list[list[bool | None]] = [[s == t for t in range(n)] for s in range(n)]
    else:
        sides = [[(s in mates) == (t in mates) for t in range(n)] for s in range(n)]
    reveal = None
    if rules.partnership == "called" and partner != bidder:
        # only the partner knows the pair until the called card is played
        reveal = (called, sides)
        sides = hidden_pair_sides(n, bidder, mates)
    bidding: list[bool | None] = [s in mates for s in range(n)]
    hidden_pts = sum(rules.point_list[c] for c in bits(hidden))
    last_bonus = rules.last_trick_bonus + (hidden_pts if rules.nest_to == "last_trick" else 0)
    lead = rules.first_lead
    if lead == "bidder":
        leader = bidder
    elif lead == "left_of_bidder":
        leader = (bidder + 1) % n
    else:
        leader = (dealer + 1) % n
    taken = playout(play, hands, leader, [], 0, sides, bidding, last_bonus, rng, noise, None, reveal)
    return float(sum(taken[s] for s in mates) + (hidden_pts if rules.nest_to == "bidder" else 0))


def take_nest(rules: Rules, hand: int, nest: int) -> tuple[int, int, int]:
    """A bidder's pickup: (hand after the bury, buried cards, trump), burying and naming trump as medium does."""
    mine = hand | nest
    _, trump = best_trump_value(rules, mine)
    if not rules.nest_size:
        return hand, 0, trump
    allowed = mine if rules.bury_counters else mine & ~rules.counter_mask
    required = 0
    if allowed.bit_count() < rules.nest_size:
        allowed, required = mine, mine & ~rules.counter_mask
    buried = choose_discard(rules, mine, trump, rules.nest_size, allowed, required)
    return mine & ~buried, buried, trump
