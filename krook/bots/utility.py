"""What a hand's points are worth to a seat's side under the table's scoring: the one yardstick the searches
(PIMC in ``strengths``, alpha-mu in ``late_search``) both maximise."""

from __future__ import annotations

from .fast import bits
from .knowledge import Knowledge


def utility(k: Knowledge, mine: float, total: float, bidder_mine: bool | None) -> float:
    """My side's score change minus the other side's, for ``mine`` of the hand's ``total`` points."""
    rules = k.rules
    theirs = total - mine
    if k.bidder is None or k.bid is None:
        return mine - theirs
    if rules.partnership == "individual":
        if bidder_mine:
            return (mine if mine >= k.bid else -k.bid) - theirs / max(1, k.n - 1)
        return mine
    defenders = 1.0 if rules.defenders_score else 0.0
    if bidder_mine:
        return (mine if mine >= k.bid else -k.bid) - theirs * defenders
    return mine * defenders - (theirs if theirs >= k.bid else -k.bid)


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
