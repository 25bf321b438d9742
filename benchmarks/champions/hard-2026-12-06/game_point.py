"""What a hand is worth when it can end the game: the chance of winning the game, not the points.

A hand's points are the right yardstick while the target is far: every point counts towards it alike. Once one
hand can carry a side over the target, the points stop adding up that way. A side 20 short of the target whose
opponents will also cross it this hand wins only by holding the contract and making it (``bidder_wins``), so
an ordinary contract it would pass on in the first hand is worth bidding far beyond its points here; a side whose
contract would end the game in its favour should not pass it cheaply. This module weighs a contract and a pass by
the chance of winning the game after the hand, for fixed partners (two score columns), from the same hand
outcomes the bidding prices contracts with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from krook.rules import Rules

from .bidding import table_preset

# Hard's play takes more than the medium-policy playouts the bidding model learned from (+0.06 of the hand's
# points, docs/BOTS-JOURNAL.md, issue 16, fourth session): near the end of a game the contracts' outcomes are read so.
PLAY_LEAD = 0.06
# The game decides only where a choice ends it with some weight, and where the two choices' chances differ:
# elsewhere the points (and the bidding's tuned value of passing) decide as in any other hand.
ENDING_MATTERS = 0.1
SAME_CHANCE = 0.01
# The race's spread, in hands: fitted by likelihood to who won from each score of 600 whole Kentucky Discard games
# of hard against hard (with 1.0 the chances were too sure: a side given 5% had won 14% of such games). Refitted
# with ``benchmarks/fit_race.py`` (200 games each, hard at 8 deals, fourteenth and fifteenth sessions): Kentucky
# Discard 1.4, three-handed 1.4 and five-handed 1.6, each no likelier than 1.6 by more than a few log points; Call
# Partner 1.2 and six-handed 1.2, far likelier (at 1.6 a column given 0.48 had won 0.60 and 0.63 of its games).
RACE_SPREAD = 1.6
CALLED_RACE_SPREAD = 1.2
PRESET_RACE_SPREADS = {"six-handed": 1.2}


def awarded(rules: Rules) -> int:
    """The points one hand awards between the two sides (cards, the last trick, most tricks)."""
    return rules.card_points_total + rules.last_trick_bonus + max(rules.most_tricks_bonus, 0)


def can_end(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether this hand can carry some score column over the target, so the game should judge it."""
    if len(scores) != rules.team_count:
        return False
    most = rules.card_points_total + rules.bonus_total
    return any(score + most >= rules.target for score in scores)


def column_gain(rules: Rules) -> float:
    """A score column's average gain a hand: the bidding side takes about half a hand's points net of its sets
    and the defenders 0.4; fixed partners split them between two columns, a called pair's result goes to both
    its members' columns and the defenders' total to each defender's, and an individual game shares it all
    among every seat (each defender scoring what it takes)."""
    bidding, defending = 0.5 * awarded(rules), 0.4 * awarded(rules)
    n = rules.team_count
    if rules.partnership == "fixed":
        return (bidding + defending) / 2
    if rules.partnership == "called":
        return (2 * bidding + (n - 2) * defending) / n
    return (bidding + defending) / n


def race_spread(rules: Rules) -> float:
    """The race's spread at this table: a preset's own fit, else ``RACE_SPREAD`` (a called game's own)."""
    fitted = PRESET_RACE_SPREADS.get(table_preset(rules) or "")
    if fitted is not None:
        return fitted
    return CALLED_RACE_SPREAD if rules.partnership == "called" else RACE_SPREAD


def race_chance(rules: Rules, scores: Sequence[float], me: int, spread: float | None = None) -> float:
    """The chance column ``me`` wins a game that goes on at these scores: a race to the target, each column
    needing its distance over ``column_gain`` hands, with a spread (``spread`` hands at one hand needed, the
    table's ``race_spread`` by default) that grows with the hands it needs."""
    if spread is None:
        spread = race_spread(rules)
    gain = column_gain(rules)
    need = [max(0.0, rules.target - score) / gain for score in scores]
    if len(scores) == 2:
        other = need[1 - me]
        width = spread * math.sqrt(max(1.0, need[me] + other))
        return _normal_cdf((other - need[me]) / width)
    # more columns: each finishes after a normal number of hands; mine must come first
    spreads = [spread * math.sqrt(max(0.5, n)) for n in need]
    steps = 48
    low, high = need[me] - 5 * spreads[me], need[me] + 5 * spreads[me]
    width = (high - low) / steps
    chance = 0.0
    for i in range(steps):
        t = low + (i + 0.5) * width
        density = math.exp(-0.5 * ((t - need[me]) / spreads[me]) ** 2) / (
            spreads[me] * math.sqrt(2 * math.pi)
        )
        later = 1.0
        for j, (n, sd) in enumerate(zip(need, spreads, strict=True)):
            if j != me:
                later *= 1.0 - _normal_cdf((t - n) / sd)
        chance += density * later * width
    return min(1.0, max(0.0, chance))


def win_chance(rules: Rules, mine: int, theirs: int) -> float:
    """The chance my side wins a two-column game that goes on at these scores (``race_chance``)."""
    return race_chance(rules, [mine, theirs], 0)


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def after_hand(
    rules: Rules, scores: Sequence[int], me: int, holders: Sequence[int], amount: int, points: float
) -> tuple[float, bool]:
    """Column ``me``'s chance of winning the game once a hand is scored in which the columns ``holders`` (the
    bidder's, and a called partner's) held the contract at ``amount`` and took ``points``, and whether that hand
    ended the game (an individual game's defenders share the rest alike)."""
    made = points >= amount
    new = [float(s) for s in scores]
    for column in set(holders):
        new[column] += points if made else -amount
    defenders = [c for c in range(len(new)) if c not in holders]
    if rules.defenders_score and defenders:
        rest = max(0.0, awarded(rules) - points)
        share = rest / len(defenders) if rules.partnership == "individual" else rest
        for column in defenders:
            new[column] += share
    return judge(rules, new, me, holders, made)


def judge(
    rules: Rules, scores: Sequence[float], me: int, holders: Sequence[int], made: bool
) -> tuple[float, bool]:
    """Column ``me``'s chance of winning the game at the scores after a hand, and whether the hand ended it
    (``decide_winner``'s rules: over the target, the bidding columns first under *bidder wins* when the
    contract was made, a tie at the top playing on)."""
    over = [c for c in range(len(scores)) if scores[c] >= rules.target]
    if rules.both_over_target == "bidder_wins" and made:
        over = [c for c in over if c in holders] or over
    if over:
        top = max(scores[c] for c in over)
        leaders = [c for c in over if scores[c] == top]
        if len(leaders) == 1:
            return (1.0 if leaders[0] == me else 0.0), True
    return race_chance(rules, [float(int(x)) for x in scores], me), False


def holder_columns(rules: Rules, seat: int) -> list[tuple[list[int], float]]:
    """The score columns a contract held by ``seat`` scores for, with their weights: its side's; in a called
    game its own and, as a contract's partner is called after the auction, each other seat's alike."""
    if rules.partnership != "called":
        return [([rules.side_of(seat)], 1.0)]
    others = [s for s in range(rules.players) if s != seat]
    return [([seat, partner], 1.0 / len(others)) for partner in others]


class Chance:
    """A chance of winning the game summed over weighted hand outcomes, with the weight of those ending it."""

    def __init__(self) -> None:
        self.win = 0.0
        self.ending = 0.0

    def add(self, weight: float, outcome: tuple[float, bool]) -> None:
        self.win += weight * outcome[0]
        self.ending += weight * outcome[1]


def bid_chance(
    rules: Rules, scores: Sequence[int], seat: int, amount: int, outcomes: Sequence[float]
) -> Chance:
    """``seat``'s chance of winning the game holding the contract at ``amount``, over the points its side may
    take (``outcomes``)."""
    me = rules.side_of(seat)
    chance = Chance()
    for holders, share in holder_columns(rules, seat):
        for points in outcomes:
            chance.add(share / len(outcomes), after_hand(rules, scores, me, holders, amount, points))
    return chance


def pass_chance(
    rules: Rules,
    scores: Sequence[int],
    seat: int,
    level: int,
    takers: Sequence[tuple[int, float, float]],
    last: bool = False,
) -> Chance:
    """``seat``'s chance of winning the game if it passes: the contract held at ``level`` by the seat, and taking
    the points, of each weighted ``takers`` entry (seat, points, weight); with ``last``, every other seat has
    passed and no bid was made, so the pass throws the cards in and the game goes on at these scores."""
    me = rules.side_of(seat)
    chance = Chance()
    weight = sum(w for _, _, w in takers)
    if last or weight <= 0.0:
        chance.add(1.0, (race_chance(rules, scores, me), False))
        return chance
    for holder, points, w in takers:
        for holders, share in holder_columns(rules, holder):
            chance.add(share * w / weight, after_hand(rules, scores, me, holders, level, points))
    return chance


def game_says_bid(
    rules: Rules,
    scores: Sequence[int],
    seat: int,
    amount: int,
    outcomes: Sequence[float],
    level: int,
    takers: Sequence[tuple[int, float, float]],
    last: bool = False,
) -> bool | None:
    """Whether ``seat`` should bid ``amount`` rather than pass, judged by the game: None when neither choice is
    likely to end it (a tenth of the weight or less) or both leave the same chance, and the points should
    decide."""
    bid = bid_chance(rules, scores, seat, amount, outcomes)
    passing = pass_chance(rules, scores, seat, level, takers, last)
    if max(bid.ending, passing.ending) < ENDING_MATTERS or abs(bid.win - passing.win) < SAME_CHANCE:
        return None
    return bid.win > passing.win
