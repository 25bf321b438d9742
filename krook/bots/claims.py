"""Claims: the seat on lead takes every remaining trick whatever the unseen cards are, proven from its view only.

The proof counts instead of guessing. The cards that another seat may still hold are the unseen ones that some
seat with cards left has not shown a void in. If none of them is a trump, a card of mine wins when nothing of
its colour among them beats it. If some are trumps, each lead of a trump higher than all of them makes every
seat holding a trump follow with one, so after as many such leads as there are such trumps none is left in
another hand; past that point the same test applies to every other card. A claim is offered only when every
card in hand passes: then every distribution of the unseen cards gives the same result, all the remaining
tricks to the claimant (``tests/test_claims.py`` checks this with the exact solver over sampled deals).
"""

from __future__ import annotations

from krook.rules import SeatView

from .fast import bits
from .knowledge import Knowledge, read_view


def _possibly_held(k: Knowledge) -> int:
    """The unseen cards some other seat with cards left may hold (no void shown in them)."""
    out = 0
    for card in bits(k.unseen):
        for seat in range(k.n):
            if seat != k.seat and k.sizes[seat] > 0 and not k.cannot[seat] >> card & 1:
                out |= 1 << card
                break
    return out


def claim_plan(view: SeatView) -> list[int] | None:
    """The order to lead the seat's cards in when it may claim every remaining trick, else None.

    Only the seat's own view is read. The seat must be on lead (its turn, an empty trick) with two cards or
    more (a last card is forced anyway).
    """
    if view.seat is None or view.phase != "play" or view.to_act != view.seat or view.trick:
        return None
    k = read_view(view)
    if k.hand.bit_count() < 2:
        return None
    play = k.play
    others = _possibly_held(k)
    trump_mask = play.trump_mask
    out_trumps = others & trump_mask
    mine = k.hand
    order: list[int] = []
    if out_trumps and play.trump is not None:
        power = play.power[play.trump]
        top = max(power[c] for c in bits(out_trumps))
        masters = sorted((c for c in bits(mine & trump_mask) if power[c] > top), key=lambda c: -power[c])
        if len(masters) < out_trumps.bit_count():
            return None
        pulls = masters[: out_trumps.bit_count()]
        order += pulls
        for c in pulls:
            mine &= ~(1 << c)
        # after the pulls no other hand holds a trump: every trump of mine wins, high or low
        others &= ~trump_mask
    rest = sorted(bits(mine), key=lambda c: (not trump_mask >> c & 1, -play.rank[c]))
    for card in rest:
        if not trump_mask >> card & 1 and play.above[card] & others:
            return None  # a higher card of its colour may be out
    return order + rest


def may_claim(view: SeatView) -> bool:
    return claim_plan(view) is not None
