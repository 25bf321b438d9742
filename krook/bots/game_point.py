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

# Hard's play takes more than the medium-policy playouts the bidding model learned from (+0.06 of the hand's
# points, docs/BOTS.md, issue 16, fourth session): near the end of a game the contracts' outcomes are read so.
PLAY_LEAD = 0.06
# The game decides only where a choice ends it with some weight, and where the two choices' chances differ:
# elsewhere the points (and the bidding's tuned value of passing) decide as in any other hand.
ENDING_MATTERS = 0.1
SAME_CHANCE = 0.01
# The race's spread, in hands: fitted by likelihood to who won from each score of 600 whole Kentucky Discard games
# of hard against hard (with 1.0 the chances were too sure: a side given 5% had won 14% of such games).
RACE_SPREAD = 1.6


def awarded(rules: Rules) -> int:
    """The points one hand awards between the two sides (cards, the last trick, most tricks)."""
    return rules.card_points_total + rules.last_trick_bonus + max(rules.most_tricks_bonus, 0)


def can_end(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether this hand can carry some side over the target and the game should judge it (fixed partners, two
    score columns); the rest go by points."""
    if rules.partnership != "fixed" or len(scores) != 2:
        return False
    most = rules.card_points_total + rules.bonus_total
    return any(score + most >= rules.target for score in scores)


def win_chance(rules: Rules, mine: int, theirs: int) -> float:
    """The chance my side wins a game that goes on at these scores: a race to the target, each side gaining
    about 0.45 of a hand's points a hand with a spread that grows with the hands still to play."""
    gain = 0.45 * awarded(rules)
    need_mine = max(0.0, rules.target - mine) / gain
    need_theirs = max(0.0, rules.target - theirs) / gain
    spread = RACE_SPREAD * math.sqrt(max(1.0, need_mine + need_theirs))
    return 0.5 * (1.0 + math.erf((need_theirs - need_mine) / spread / math.sqrt(2.0)))


def after_hand(
    rules: Rules, scores: Sequence[int], me: int, holder: int, amount: int, points: float
) -> tuple[float, bool]:
    """My side's chance of winning the game once a hand is scored in which side ``holder`` (0 or 1) held the
    contract at ``amount`` and took ``points`` (``me`` is my side), and whether that hand ended the game."""
    made = points >= amount
    new = [float(s) for s in scores]
    new[holder] += points if made else -amount
    if rules.defenders_score:
        new[1 - holder] += max(0.0, awarded(rules) - points)
    over = [side for side in (0, 1) if new[side] >= rules.target]
    if rules.both_over_target == "bidder_wins" and made and holder in over:
        over = [holder]
    if over:
        top = max(new[side] for side in over)
        leaders = [side for side in over if new[side] == top]
        if len(leaders) == 1:
            return (1.0 if leaders[0] == me else 0.0), True
    return win_chance(rules, int(new[me]), int(new[1 - me])), False


class Chance:
    """A chance of winning the game summed over weighted hand outcomes, with the weight of those ending it."""

    def __init__(self) -> None:
        self.win = 0.0
        self.ending = 0.0

    def add(self, weight: float, outcome: tuple[float, bool]) -> None:
        self.win += weight * outcome[0]
        self.ending += weight * outcome[1]


def bid_chance(
    rules: Rules, scores: Sequence[int], me: int, amount: int, outcomes: Sequence[float]
) -> Chance:
    """My side's chance of winning the game holding the contract at ``amount``, over the points my side may
    take (``outcomes``)."""
    chance = Chance()
    for points in outcomes:
        chance.add(1.0 / len(outcomes), after_hand(rules, scores, me, me, amount, points))
    return chance


def pass_chance(
    rules: Rules,
    scores: Sequence[int],
    me: int,
    level: int,
    takers: Sequence[tuple[int, float, float]],
    last: bool = False,
) -> Chance:
    """My side's chance of winning the game if I pass: the contract held at ``level`` by the side, and taking
    the points, of each weighted ``takers`` entry (side, points, weight); with ``last``, every other seat has
    passed and no bid was made, so my pass throws the cards in and the game goes on at these scores."""
    chance = Chance()
    weight = sum(w for _, _, w in takers)
    if last or weight <= 0.0:
        chance.add(1.0, (win_chance(rules, scores[me], scores[1 - me]), False))
        return chance
    for side, points, w in takers:
        chance.add(w / weight, after_hand(rules, scores, me, side, level, points))
    return chance


def game_says_bid(
    rules: Rules,
    scores: Sequence[int],
    me: int,
    amount: int,
    outcomes: Sequence[float],
    level: int,
    takers: Sequence[tuple[int, float, float]],
    last: bool = False,
) -> bool | None:
    """Whether to bid ``amount`` rather than pass, judged by the game: None when neither choice is likely to end
    it (a tenth of the weight or less) or both leave the same chance, and the points should decide."""
    bid = bid_chance(rules, scores, me, amount, outcomes)
    passing = pass_chance(rules, scores, me, level, takers, last)
    if max(bid.ending, passing.ending) < ENDING_MATTERS or abs(bid.win - passing.win) < SAME_CHANCE:
        return None
    return bid.win > passing.win
