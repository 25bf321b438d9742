"""Deals of the unseen cards consistent with what a seat knows (determinisation).

The unseen cards go to the other seats (as many as each holds) and to the hidden nest, never to a seat that has
shown a void in that card's colour, never the called card into the nest; once the bidder has buried, its hand
and the buried cards are dealt together and split as a bidder buries (``_bury_split``). The bidding is soft
evidence: each deal gets a weight from how well each bidder's and passer's hand, valued in the learned bidding
model's points, fits what they did (``bid_weight``); so are the bidder's trump choice and burial
(``play_weight``): a bidder names a colour it is long in and buries neither trump, nor the Krook, nor a master,
nor (where burying them is barred) counters; and the opponents' earlier cards are read against the sound
player's policy (``play_reading.policy_weight``). ``deal_weight`` is the product.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from krook.rules import Bid, BidAction, Pass, Phase, Rules
from krook.rules.cards import KROOK

from .bidding import bidding_model, hand_features, table_preset
from .evaluate import best_trump_value, choose_discard
from .fast import bits
from .knowledge import Knowledge
from .play_reading import policy_weight

NEST = -1  # slot index of the hidden nest in a sample


def slots(k: Knowledge) -> list[tuple[int, int, int]]:
    """(seat or NEST, cards to receive, cards it cannot take) for every hidden place."""
    pool = k.unseen
    out = []
    given = 0
    for s in range(k.n):
        if s == k.seat:
            continue
        size = k.sizes[s]
        out.append((s, size, k.cannot[s]))
        given += size
    rest = pool.bit_count() - given
    if rest > 0:
        banned = (1 << k.called) if k.called is not None else 0
        out.append((NEST, rest, banned))
    return out


# The bidder named trump after taking the nest, so it holds far more trump than a deal dealt blind gives it: in
# Kentucky Discard 5.6 of its 9 cards at the first trick, where its partner's deals gave it 3.2, at every preset
# measured some 2 to 2.4 trumps too few (issue 29, twenty-fifth session, benchmarks/experiments/count_calibration.py).
# Where another seat deals the bidder's hand, a trump goes to it this many times as readily as to any other place
# with room. It is set per table where the arena measured it against the champion (Kentucky Rook better by the
# sequential test; Kentucky Discard, Keith, the three- and five-handed games ahead and not worse by the
# non-regression test); elsewhere 1, none. Kentucky Discard's 12 became 6 with the burial split, which keeps
# every trump the pair of places is dealt with the bidder (its mean count then matches the truth again); the
# six-handed game's 4 came with the split (+0.72 [+0.25, +1.19] paired, alone among champions).
BIDDER_TRUMP_LEAN = {
    "kentucky-discard": 6.0,
    "kentucky-rook": 6.0,
    "keith": 6.0,
    "three-handed": 6.0,
    "five-handed": 6.0,
    "six-handed": 4.0,
}
# A custom table's lean where no partner is called. Dealt blind, the bidder there is about 1.2 trumps short
# (custom tables 1 and 6 of benchmarks/custom_tables.py); 4 deals it 0.4 and 0.8 too many, about as the presets'
# leans do (a little too many played better than the true count). Head to head with no lean it was ahead at
# custom tables 0 and 5 and even at the rest (issue 29, twenty-eighth session). Where a partner is called, no
# lean tried beat none (Call Partner).
CUSTOM_TRUMP_LEAN = 4.0


def bidder_trump_lean(rules: Rules) -> float:
    preset = table_preset(rules)
    if preset is None:
        return 1.0 if rules.partnership == "called" else CUSTOM_TRUMP_LEAN
    return BIDDER_TRUMP_LEAN.get(preset, 1.0)


def _trump_lean(k: Knowledge, places: list[tuple[int, int, int]]) -> tuple[int, int, float]:
    """(index of the bidder's place, the trumps, the lean) where another seat deals the bidder's hand."""
    if k.trump is None or k.bidder is None or k.bidder == k.seat:
        return -1, 0, 1.0
    lean = bidder_trump_lean(k.rules)
    if lean == 1.0:
        return -1, 0, 1.0
    for i, (place, _, _) in enumerate(places):
        if place == k.bidder:
            return i, k.play.trump_mask, lean
    return -1, 0, 1.0


def sample_deal(k: Knowledge, rng: random.Random, tries: int = 40) -> tuple[list[int], int]:
    """One deal: every seat's hand (this seat's real one) and the hidden nest."""
    pool = bits(k.unseen)
    places = slots(k)
    lean_at, leaning, factor = _trump_lean(k, places)
    for attempt in range(tries):
        relax = attempt == tries - 1  # last resort: ignore voids (a view that cannot happen, or bad luck)
        rng.shuffle(pool)
        cap = [size for _, size, _ in places]
        bans = [0 if relax else ban for _, _, ban in places]
        # most constrained cards first
        order = sorted(pool, key=lambda c: sum(1 for b in bans if b >> c & 1), reverse=True)
        got = [0] * len(places)
        ok = True
        for card in order:
            lean = lean_at if leaning >> card & 1 else -1
            total = 0.0
            for i, b in enumerate(bans):
                if cap[i] and not b >> card & 1:
                    total += cap[i] * factor if i == lean else cap[i]
            if not total:
                ok = False
                break
            pick = rng.random() * total
            for i, b in enumerate(bans):
                if cap[i] and not b >> card & 1:
                    pick -= cap[i] * factor if i == lean else cap[i]
                    if pick < 0:
                        break
            got[i] |= 1 << card
            cap[i] -= 1
        if ok:
            hands = [0] * k.n
            hands[k.seat] = k.hand
            nest = 0
            for (place, _, _), cards in zip(places, got, strict=True):
                if place == NEST:
                    nest = cards
                else:
                    hands[place] = cards
            if BURY_SPLIT and not relax:
                nest = _bury_split(k, hands, nest, rng)
            return hands, nest
    raise RuntimeError("no consistent deal")  # unreachable: the relaxed try always fits


# Deals were blind to how a bidder buries: a defender gave the bidder a colour's low cards as often as its
# masters, where bidders keep the masters and bury the low cards (Kentucky Discard: 0.15 a low card dealt, 0.01
# held; benchmarks/experiments/belief_calibration.py, issue 29, twenty-sixth session). So the bidder's hand and
# the buried cards are dealt as one, then split as a bidder buries.
BURY_SPLIT = True


def _bury_split(k: Knowledge, hands: list[int], nest: int, rng: random.Random) -> int:
    """The buried cards chosen from the bidder's hand and the nest dealt together, as ``choose_discard`` buries
    (with or without emptying a colour first, by chance); ``hands`` is changed in place."""
    bidder = k.bidder
    rules = k.rules
    if (
        bidder is None
        or bidder == k.seat
        or k.trump is None
        or k.phase is not Phase.PLAY
        or nest.bit_count() != rules.nest_size
        or not nest
    ):
        return nest
    pool = hands[bidder] | nest
    required = pool & k.cannot[bidder]  # a colour the bidder has shown it lacks went into the nest
    allowed = pool & ~(1 << k.called) if k.called is not None else pool
    if not rules.bury_counters:
        plain = allowed & ~rules.counter_mask
        if plain.bit_count() >= rules.nest_size:
            allowed = plain | required
        else:
            required |= plain  # too few: every card but counters goes, as the rules ask
    if required.bit_count() > rules.nest_size:
        return nest
    whole = pool | k.played_by[bidder]
    buried = choose_discard(
        rules, whole, k.trump, rules.nest_size, allowed, required, rng.random() < 0.5, rules.bury_counters
    )
    if buried.bit_count() != rules.nest_size or buried & ~pool:
        return nest
    hands[bidder] = pool & ~buried
    return buried


# The auction read in the learned bidding model's units (the points a hand's side takes holding the contract),
# the scale hard bids by, instead of ``evaluate``'s value: hard's last bids sit 1.5 scales above that value in
# Call Partner and 0.4 in Kentucky Discard, so one threshold misread the tables (Call Partner's reading put less
# probability on the true cards than none). In the model's points a bid sits a median 0.4 (Kentucky Discard) or
# 0.2 (Call Partner) scales below the hand and a pass 0.3 or 0.5 above it (hard self-play, 150 auctions each;
# docs/BOTS-JOURNAL.md, issue 29, twenty-seventh session). The bidder is read by the hand it bid with once it
# has taken the nest: the cards it holds, played and buried, less as many as the nest held, drawn at random
# (each such split is as likely as any other a priori).
BID_READ_MODEL = True
BID_OVER = 0.1  # scales of points a bid may sit above the hand's model points before it costs anything
BID_UNDER = -0.1  # ... and a pass below
BID_SLOPE = 0.5  # scales of points per unit of log weight beyond those


@dataclass(frozen=True)
class _Reader:
    """A table's bidding model made ready to value many hands: the outcome quantiles sorted with their running
    sums, so a hand's mean points (clamped, bonuses counted as ``bidding.with_bonuses`` counts them) take two
    bisections instead of a pass over every quantile (this runs for every seat of every deal sampled)."""

    rules: Rules
    weights: tuple[float, ...]
    residuals: tuple[float, ...]  # sorted
    sums: tuple[float, ...]  # sums[i]: the first i residuals' sum
    total: float
    help_: float
    threat: float

    def points(self, hand: int) -> float:
        """The points a hand's side takes holding the contract, by the bidding model, bonuses counted."""
        rules = self.rules
        x = [*hand_features(rules, hand), self.help_, self.threat]
        mu = sum(w * v for w, v in zip(self.weights, x, strict=True))
        r = self.residuals
        m = len(r)
        lo = bisect_left(r, -mu)  # below: clamped to 0
        hi = bisect_right(r, 1.0 - mu)  # above: clamped to 1
        share = ((hi - lo) * mu + self.sums[hi] - self.sums[lo] + (m - hi)) / m
        points = share * self.total
        if rules.most_tricks_bonus:
            points += rules.most_tricks_bonus * self._above(
                mu, (rules.card_points_total + rules.last_trick_bonus) / 2
            )
        bonus = rules.sweep_bonus + rules.all_points_bonus
        if bonus:
            points += bonus * self._above(mu, rules.card_points_total + rules.last_trick_bonus, strict=False)
        return points

    def _above(self, mu: float, level: float, strict: bool = True) -> float:
        """The share of outcomes (clamped to [0, 1] of the total) above ``level`` points (or at it)."""
        t = level / self.total
        if t > 1.0 or (strict and t >= 1.0):
            return 0.0
        if t < 0.0 or (not strict and t <= 0.0):
            return 1.0
        find = bisect_right if strict else bisect_left
        return (len(self.residuals) - find(self.residuals, t - mu)) / len(self.residuals)


@lru_cache(maxsize=64)
def _reader(rules: Rules) -> _Reader | None:
    """The table's bidding model ready to read an auction with, a partner and the strongest opponent at what a
    dealt hand is worth on average."""
    model = bidding_model(rules)
    if model is None:
        return None
    values = sorted(model.values)
    m = len(values)
    help_ = sum(values) / m if rules.partnership == "fixed" else 0.0
    draws = rules.players - (2 if rules.partnership == "fixed" else 1)
    threat = sum(v * (((i + 1) / m) ** draws - (i / m) ** draws) for i, v in enumerate(values))
    residuals = tuple(sorted(model.residuals))
    sums = [0.0]
    for value in residuals:
        sums.append(sums[-1] + value)
    total = float(rules.card_points_total + rules.bonus_total)
    return _Reader(rules, model.weights, residuals, tuple(sums), total, help_, threat)


def _hand_bid_with(k: Knowledge, hands: list[int], nest: int, seat: int) -> int:
    """The hand ``seat`` bid with in this deal: its cards now and played, and for a bidder that has taken the
    nest, those and the buried cards less a random share as large as the nest."""
    hand = hands[seat] | k.played_by[seat]
    if seat != k.bidder or k.phase is Phase.BIDDING:
        return hand
    if k.phase is Phase.PLAY:
        hand |= nest
    extra = hand.bit_count() - k.rules.hand_size
    if extra > 0:
        rng = random.Random(hand)
        for card in rng.sample(bits(hand), extra):
            hand &= ~(1 << card)
    return hand


def bid_weight(
    k: Knowledge, hands: list[int], bids: list[tuple[int, BidAction]], nest: int | None = None
) -> float:
    """How likely the bids seen were with these hands: a soft penalty for a bid the hand could not back
    and for a pass by a hand worth much more than the bid passed (``nest``: the deal's hidden cards, to read
    the bidder by the hand it bid with)."""
    rules = k.rules
    if not bids or not rules.bidding:
        return 1.0
    reader = _reader(rules) if BID_READ_MODEL else None
    if reader is not None:
        return _model_bid_weight(k, hands, bids, nest, reader)
    scale = max(10.0, rules.card_points_total / 8)
    logw = 0.0
    high = None
    # a seat's hand is valued once, however often it spoke: this runs for every deal sampled
    values: dict[int, float] = {}
    for seat, action in bids:
        if seat != k.seat:
            value = values.get(seat)
            if value is None:
                original = hands[seat] | k.played_by[seat]
                if seat == k.bidder and k.phase is not Phase.BIDDING:
                    original = 0  # the bidder's hand changed with the nest: judged only by its play
                value = values[seat] = best_trump_value(rules, original)[0] if original else math.nan
            if not math.isnan(value):
                if isinstance(action, Bid):
                    logw -= max(0.0, action.amount - value - scale * 0.5) / scale
                elif isinstance(action, Pass):
                    level = rules.min_bid if high is None else high + rules.bid_step
                    logw -= max(0.0, value - level - scale * 0.5) / scale
        if isinstance(action, Bid):
            high = action.amount
    return math.exp(logw)


def _model_bid_weight(
    k: Knowledge,
    hands: list[int],
    bids: list[tuple[int, BidAction]],
    nest: int | None,
    reader: _Reader,
) -> float:
    """``bid_weight`` with every hand valued in the bidding model's points (``_Reader``)."""
    rules = k.rules
    scale = max(10.0, rules.card_points_total / 8)
    logw = 0.0
    points: dict[int, float] = {}
    for seat, action, level in _read_calls(k, bids):
        value = points.get(seat)
        if value is None:
            if seat == k.bidder and k.phase is not Phase.BIDDING and nest is None:
                value = math.nan  # no deal of the buried cards to read the bidder by
            else:
                value = reader.points(_hand_bid_with(k, hands, nest or 0, seat))
            points[seat] = value
        if math.isnan(value):
            continue
        if isinstance(action, Bid):
            logw -= max(0.0, (level - value) / scale - BID_OVER) / BID_SLOPE
        else:
            logw -= max(0.0, BID_UNDER - (level - value) / scale) / BID_SLOPE
    return math.exp(logw)


def _read_calls(k: Knowledge, bids: list[tuple[int, BidAction]]) -> Iterator[tuple[int, Bid | Pass, int]]:
    """The other seats' bids and passes that say something, each with its level: a bid's amount, a pass's the
    lowest bid it declined. A pass while the partner holds the bid (fixed partners) is what the bots do with most
    hands, so it is left out."""
    rules = k.rules
    high: int | None = None
    high_seat: int | None = None
    for seat, action in bids:
        if seat != k.seat and isinstance(action, Bid | Pass):
            partner_high = (
                rules.partnership == "fixed" and high_seat is not None and high_seat % 2 == seat % 2
            )
            if isinstance(action, Bid):
                yield seat, action, action.amount
            elif not partner_high:
                yield seat, action, rules.min_bid if high is None else high + rules.bid_step
        if isinstance(action, Bid):
            high = action.amount
            high_seat = seat


# medium's bidding as the model of every seat's auction: it bids the next level exactly when the hand's value
# reaches it; a seat of another strength (or a person) errs around that line, hence the logistic's width (a share
# of the points at stake) and a floor for the calls the model cannot explain at all. Measured against the
# threshold reading (benchmarks/bench_inference.py, docs/BOTS.md): a little more mass on the true cards in the
# auction, none in play, so ``deal_weight`` keeps ``bid_weight``; hard's own bidding reads its model, not deals
BID_WIDTH = 0.5
BID_FLOOR = 0.1


def bid_policy_weight(k: Knowledge, hands: list[int], bids: list[tuple[int, BidAction]]) -> float:
    """How likely the bids seen were with these hands under medium's bidding, softened: each bid at level L by a
    hand worth v has likelihood ``F + (1 - F) * sigmoid((v - L) / w)``, each pass the mirror image; a pass while
    the partner holds the bid (fixed partners) is what medium does with any hand and says nothing."""
    rules = k.rules
    if not bids or not rules.bidding:
        return 1.0
    width = BID_WIDTH * max(10.0, rules.card_points_total / 8)
    weight = 1.0
    values: dict[int, float] = {}
    for seat, action, level in _read_calls(k, bids):
        if seat not in values:
            original = hands[seat] | k.played_by[seat]
            if seat == k.bidder and k.phase is not Phase.BIDDING:
                original = 0  # the bidder's hand changed with the nest: judged only by its play
            values[seat] = best_trump_value(rules, original)[0] if original else math.nan
        value = values[seat]
        if not math.isnan(value):
            x = (value - level) / width
            if isinstance(action, Pass):
                x = -x
            x = max(-30.0, min(30.0, x))
            weight *= BID_FLOOR + (1.0 - BID_FLOOR) / (1.0 + math.exp(-x))
    return weight


def play_weight(k: Knowledge, hands: list[int], nest: int) -> float:
    """How likely the bidder's trump choice and burial were with this deal (1.0 when there is nothing to read)."""
    bidder = k.bidder
    if bidder is None or bidder == k.seat or k.trump is None:
        return duck_weight(k, hands) if k.ducked else 1.0
    rules = k.rules
    play = k.play
    logw = 0.0
    # a bidder names a colour it is long in: about two fifths of its hand in trump is usual, fewer is rarer
    held = (hands[bidder] | k.played_by[bidder]) & play.trump_mask
    expected = round(rules.hand_size * 0.4)
    logw -= 0.45 * max(0, expected - held.bit_count())
    if rules.nest_size and nest and k.phase is Phase.PLAY:
        # the hidden cards were buried by the bidder (or, before the bury, are the nest: nothing to read)
        for card in bits(nest & play.trump_mask):
            logw -= 2.5 if card >= KROOK else 0.8
        for color in range(4):
            if color == k.trump:
                continue
            top = [c for c in play.order[color] if rules.deck_mask >> c & 1]
            if top and nest >> top[-1] & 1:
                logw -= 0.6  # a bidder keeps the master of a colour
        if not rules.bury_counters:
            logw -= 2.0 * (nest & rules.counter_mask).bit_count()
    return math.exp(logw) * (duck_weight(k, hands) if k.ducked else 1.0)


def duck_weight(k: Knowledge, hands: list[int]) -> float:
    """How likely the tricks seats let go were with this deal: a seat given a card then that would have taken a
    worthwhile trick from the other side, and that did not play it, is less likely to have held it."""
    logw = 0.0
    for seat, later, winners, weight in k.ducked:
        if seat != k.seat and (hands[seat] | later) & winners:
            logw -= weight
    return math.exp(logw)


def deal_weight(k: Knowledge, hands: list[int], nest: int, bids: list[tuple[int, BidAction]]) -> float:
    """Everything the auction, the trump choice and the burial say about this deal, as one weight."""
    return bid_weight(k, hands, bids, nest) * play_weight(k, hands, nest) * policy_weight(k, hands)
