"""What a hand's points are worth to a seat's side under the table's scoring: the one yardstick the searches
(PIMC in ``strengths``, alpha-mu in ``late_search``) both maximise."""

from __future__ import annotations

from .fast import bits
from .game_point import after_hand, awarded, can_end, judge
from .knowledge import Knowledge

# The weight of the points taken beside the made-or-set step where the defenders score nothing: the bidding side's
# cards (``utility``) and hard's bury and trump (``HardBot._compare``). With the step alone, a contract that fails in
# most sampled deals leaves the choices nearly tied and the pick follows the sampling noise; the points break those
# ties towards the play that gives the contract its best chance at the table.
STEP_TIE_BREAK = 0.25
# Where a hand can end the game, the chance of winning it counts beside the points, a whole game worth this many
# hands' points: a card that makes the contract (or sets it) one time in a hundred more is worth some five
# points more. The points still rank the cards where the game's outcome is the same either way.
GAME_WEIGHT = 5.0


def utility(k: Knowledge, mine: float, total: float, bidder_mine: bool | None) -> float:
    """My side's score change minus the other side's, for ``mine`` of the hand's ``total`` points; where the
    hand can end the game, plus the chance of winning the game it leaves (``game_point``)."""
    value = _points_utility(k, mine, total, bidder_mine)
    if bidder_mine is None or k.bidder is None or k.bid is None or not _game_at_stake(k):
        return value
    rules = k.rules
    points = mine if bidder_mine else total - mine
    if rules.partnership == "fixed":
        me = rules.side_of(k.seat)
        holder = me if bidder_mine else 1 - me
    elif rules.partnership == "individual" and (bidder_mine or defenders_as_one(k)):
        # the bidder's own points, or (the defenders counted as one) what the bidder takes is the rest
        me, holder = k.seat, k.bidder
    else:
        # a called pair's columns, or a defender's own points that say nothing of the bidder's: by the points
        return value
    return value + GAME_WEIGHT * total * _chance(k, (me, holder, points))


def _chance(k: Knowledge, key: tuple[int, int, float]) -> float:
    """``after_hand``'s chance for (my column, the bidder's, the bidder's points), kept for the decision: the
    searches ask for the same few outcomes thousands of times."""
    memo = k.cache.setdefault("game_chances", {})
    chance = memo.get(key)
    if chance is None:
        me, holder, points = key
        assert k.bid is not None
        chance = memo[key] = after_hand(k.rules, k.scores, me, [holder], k.bid, points)[0]
    return float(chance)


def _game_at_stake(k: Knowledge) -> bool:
    """Whether this hand can end the game (worked out once a decision)."""
    at_stake = k.cache.get("game_at_stake")
    if at_stake is None:
        at_stake = k.cache["game_at_stake"] = can_end(k.rules, k.scores)
    return bool(at_stake)


def _points_utility(k: Knowledge, mine: float, total: float, bidder_mine: bool | None) -> float:
    rules = k.rules
    theirs = total - mine
    if k.bidder is None or k.bid is None:
        return mine - theirs
    if rules.partnership == "individual" and (bidder_mine or rules.defenders_score):
        # the others' points count for the bidder even where the defenders score nothing: without them a
        # contract sure to fail leaves every card tied (taking them out lost 1.6 a board at custom table 7)
        if bidder_mine:
            return (mine if mine >= k.bid else -k.bid) - theirs / max(1, k.n - 1)
        return mine
    # fixed or called partners, or a defender in an individual game whose defenders score nothing: there the
    # defenders share one aim, the bidder's fall, and count as one side (``HardBot._sample_mates``)
    if rules.defenders_score:
        if bidder_mine:
            return (mine if mine >= k.bid else -k.bid) - theirs
        return mine - (theirs if theirs >= k.bid else -k.bid)
    if bidder_mine:
        return (mine if mine >= k.bid else -k.bid) + STEP_TIE_BREAK * mine
    return -(theirs if theirs >= k.bid else -k.bid)


def defenders_as_one(k: Knowledge) -> bool:
    """Whether this seat defends in an individual game whose defenders score nothing: there every defender shares
    one aim, the bidder's fall, and their points count together."""
    rules = k.rules
    return (
        rules.partnership == "individual"
        and not rules.defenders_score
        and k.bidder is not None
        and k.seat != k.bidder
    )


def scoring_frame(k: Knowledge, mates: set[int], nest: int) -> tuple[bool | None, int, int]:
    """For one sampled deal, seen from ``mates``' side: whether it holds the bid, the bonus the last trick
    carries (the hidden cards' points ride on it where the nest goes to the last trick) and the points the
    side holds already (the hidden cards' too, where the nest goes to the bidder and the side is bidding)."""
    rules = k.rules
    bidder_mine = None if k.bidder is None else k.bidder in mates
    hidden = k.buried if k.buried else nest
    hidden_pts = sum(rules.point_list[c] for c in bits(hidden))
    last_bonus = rules.last_trick_bonus
    so_far = sum(k.points_taken[s] for s in mates)
    if rules.nest_to == "last_trick":
        last_bonus += hidden_pts
    elif bidder_mine:
        so_far += hidden_pts
    return bidder_mine, last_bonus, so_far


def trick_bonuses(k: Knowledge, mates: set[int], tricks: list[int]) -> tuple[int, int]:
    """The most-tricks and sweep bonuses of a hand played out, ``tricks`` won per seat: (my side's, the
    others'). They count towards the bid as card points do (docs/RULES.md, Scoring)."""
    rules = k.rules
    if rules.partnership == "individual" and len(mates) > 1:
        # the defenders of an individual game counted as one side: the bonuses are won seat by seat, and only
        # the bidder's count (the defenders score nothing)
        alone = set(range(k.n)) - mates
        if len(alone) == 1:
            theirs, ours = trick_bonuses(k, alone, tricks)
            return ours, theirs
    mine = sum(tricks[s] for s in mates)
    if rules.partnership == "individual":
        rivals = [tricks[s] for s in range(k.n) if s not in mates]
    else:
        rivals = [sum(tricks) - mine]
    best = max(rivals, default=0)
    ours = theirs = 0
    if rules.most_tricks_bonus:
        if mine > best:
            ours += rules.most_tricks_bonus
        elif best > mine and rivals.count(best) == 1:
            theirs += rules.most_tricks_bonus
    if rules.sweep_bonus:
        all_tricks = sum(tricks)
        if mine == all_tricks:
            ours += rules.sweep_bonus
        elif best == all_tricks:
            theirs += rules.sweep_bonus
    return ours, theirs


def seat_utility(k: Knowledge, taken: list[int], nest: int, tricks: list[int] | None) -> float:
    """A defender's worth of a hand played out in an individual game whose defenders score: its own score
    change less the mean of the other seats' (the bidder's made-or-set step among them), ``taken`` being each
    seat's points from here on and ``tricks`` each seat's tricks when bonuses count them."""
    rules = k.rules
    assert k.bidder is not None and k.bid is not None
    bidder, bid = k.bidder, k.bid
    points = [a + b for a, b in zip(k.points_taken, taken, strict=True)]
    if rules.nest_to == "bidder":
        points[bidder] += sum(rules.point_list[c] for c in bits(k.buried if k.buried else nest))
    if tricks is not None:
        for s in range(k.n):
            points[s] += trick_bonuses(k, {s}, tricks)[0]

    def change(s: int) -> float:
        if s == bidder:
            return points[s] if points[s] >= bid else -bid
        return points[s]

    others = sum(change(s) for s in range(k.n) if s != k.seat)
    value = change(k.seat) - others / max(1, k.n - 1)
    if not _game_at_stake(k):
        return value
    # every seat's points are known here: the game is judged on the scores they leave
    after = tuple(score + change(s) for s, score in enumerate(k.scores))
    made = points[bidder] >= bid
    memo = k.cache.setdefault("seat_chances", {})
    chance = memo.get((k.seat, made, after))
    if chance is None:
        chance = memo[(k.seat, made, after)] = judge(rules, after, k.seat, [bidder], made)[0]
    return value + GAME_WEIGHT * awarded(rules) * float(chance)
