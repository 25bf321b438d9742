"""What the cards each seat played this hand say about its hand, read against the sound player's policy.

Every Krook strength plays close to ``playout.policy`` (medium plays it exactly), so a deal in which a seat's
earlier cards are what the policy would have picked from the hand the deal gives it is likelier than one in
which the policy would have picked otherwise. Each earlier play that the policy does not reproduce costs a deal
the factor ``MISS``: soft evidence, since a stronger player, or a person, often plays otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from .knowledge import Knowledge, void_shown
from .playout import policy

# the weight kept by a deal for each earlier play the policy would not have made from the hand it deals
MISS = 0.5


@dataclass(frozen=True, slots=True)
class Moment:
    """One earlier play by another seat, with everything that seat knew then but its hand."""

    seat: int
    card: int
    later: int  # cards the seat played from this moment on, this one included
    trick: tuple[tuple[int, int], ...]
    played: int  # every card played before it, the trick's earlier cards included
    cannot: tuple[int, ...]
    sides: tuple[bool | None, ...]
    bidding_side: bool | None


def moments(k: Knowledge) -> list[Moment]:
    """The other seats' plays this hand, worked out once per decision (cached on the knowledge)."""
    # keyed by what they depend on, so a copy of the knowledge with another seat or history cannot reuse them
    key = (k.seat, k.trump, k.bidder, sum(len(t) for t in k.history))
    cached = k.cache.get("moments")
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    out: list[Moment] = []
    play = k.play
    if k.trump is None or k.rules.partnership == "called":
        k.cache["moments"] = (key, out)  # no trump yet, or partners not known to all: nothing sound to read
        return out
    n = k.n
    order = [(s, c) for trick in k.history for s, c in trick]
    later = [0] * n
    after: list[int] = [0] * len(order)
    for i in range(len(order) - 1, -1, -1):
        s, c = order[i]
        later[s] |= 1 << c
        after[i] = later[s]
    played = 0
    cannot = [0] * n
    trump_mask = play.trump_mask
    i = 0
    for trick in k.history:
        so_far: list[tuple[int, int]] = []
        for s, c in trick:
            if s != k.seat and not (k.rules.partnership == "fixed" and s % 2 == k.seat % 2):
                out.append(
                    Moment(s, c, after[i], tuple(so_far), played, tuple(cannot), _sides(k, s), _bidding(k, s))
                )
            # what everyone learns from the card: it is gone, and a seat not following is void in the colour
            played |= 1 << c
            if so_far:
                cannot[s] |= void_shown(k.rules, k.trump, trump_mask, so_far[0][1], c)
            so_far.append((s, c))
            i += 1
    k.cache["moments"] = (key, out)
    return out


def _sides(k: Knowledge, seat: int) -> tuple[bool | None, ...]:
    if k.rules.partnership == "fixed":
        return tuple(t % 2 == seat % 2 for t in range(k.n))
    return tuple(t == seat for t in range(k.n))


def _bidding(k: Knowledge, seat: int) -> bool | None:
    if k.bidder is None:
        return None
    if k.rules.partnership == "fixed":
        return seat % 2 == k.bidder % 2
    return seat == k.bidder


def policy_weight(k: Knowledge, hands: list[int]) -> float:
    """How well the deal explains the other seats' earlier plays: ``MISS`` for each the policy would not make."""
    weight = 1.0
    play = k.play
    for m in moments(k):
        hand = hands[m.seat] | m.later
        lead = m.trick[0][1] if m.trick else -1
        moves = play.playable(hand, lead)
        if moves & (moves - 1) == 0:
            continue  # forced: it says nothing
        chosen = policy(
            play,
            m.seat,
            hand,
            m.trick,
            m.played,
            m.sides,
            m.bidding_side,
            m.cannot,
            hand.bit_count(),
        )
        if chosen != m.card:
            weight *= MISS
    return weight
