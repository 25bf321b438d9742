"""What a hand's points are worth to a seat's side under the table's scoring: the one yardstick the searches
(PIMC in ``strengths``, alpha-mu in ``late_search``) both maximise."""

from __future__ import annotations

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
