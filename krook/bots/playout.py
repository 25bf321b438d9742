"""A fast card-play policy on bitmasks, and playouts of the rest of a hand with it.

The policy uses only what its seat could know: its own hand, the cards played, the trick on the table and
(optionally) voids shown. It is medium's card play and the hard bot's simulation policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from krook.rules.cards import KROOK

from .fast import PlayRules


def policy(
    play: PlayRules,
    seat: int,
    hand: int,
    trick: Sequence[tuple[int, int]],
    played: int,
    side: Sequence[bool | None],
    bidding_side: bool | None,
    cannot: Sequence[int] | None = None,
    tricks_left: int = 9,
) -> int:
    """The card a sound player picks here. ``side[s]``: is ``s`` on this seat's side (None: unknown)."""
    lead = trick[0][1] if trick else -1
    moves = play.playable(hand, lead)
    if moves & (moves - 1) == 0:
        return moves.bit_length() - 1
    points = play.points
    above = play.above
    trump_mask = play.trump_mask
    deck = play.rules.deck_mask
    out = deck & ~played & ~hand  # cards others may hold
    cards = []
    m = moves
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    if not trick:
        return _lead(play, hand, cards, out, bidding_side, tricks_left)
    first = trick[0][1]
    led = play.trump if first >= KROOK else first >> 4
    power = play.power[led]  # type: ignore[index]
    best_seat, best_card = trick[0]
    best = power[best_card]
    for s, c in trick[1:]:
        if power[c] > best:
            best_seat, best_card, best = s, c, power[c]
    n = play.n
    last = len(trick) == n - 1
    trick_pts = 0
    for _, c in trick:
        trick_pts += points[c]
    mine = side[best_seat] is True
    if mine:
        safe = last or not (above[best_card] & out)
        if safe and cannot is not None and not last and not trump_mask >> best_card & 1:
            # a plain master can still be trumped by a later seat void in the colour
            follow = play.follow[led]  # type: ignore[index]
            for k in range(1, n - len(trick)):
                later = (seat + k) % n
                if side[later] is not True and cannot[later] & follow and not cannot[later] & trump_mask:
                    safe = False
        elif safe and not last and not trump_mask >> best_card & 1:
            safe = len(trick) >= n - 2  # no void knowledge: trust it only near the end of the trick
        if safe:
            # feed counters, never the birds (unless late), never overtake with trump
            def feed(c: int) -> tuple[int, int, int]:
                bird = c >= KROOK and tricks_left > 2
                return (bird or bool(trump_mask >> c & 1 and points[c] == 0), -points[c], power[c])

            return min(cards, key=feed)
    winners = [c for c in cards if power[c] > best]
    if winners and not mine:
        worth = trick_pts
        cheap = [c for c in winners if c < KROOK]  # winners other than the birds
        if last:
            pool = cheap if (cheap and (worth < 15 or tricks_left > 1)) else winners
            if worth == 0 and all(trump_mask >> c & 1 for c in pool) and tricks_left > 3:
                return _throw(play, cards, power)
            return min(pool, key=lambda c: (c >= KROOK, power[c] - points[c] * 4))
        # not last: win with a card nobody left can beat, if the trick is worth it
        masters = [c for c in winners if not above[c] & out]
        plain_masters = [c for c in masters if c < KROOK]
        if plain_masters and (worth >= 5 or not trump_mask >> plain_masters[0] & 1):
            return min(plain_masters, key=lambda c: power[c])
        if masters and worth >= 15:
            return min(masters, key=lambda c: power[c])
        if worth >= 10 and cheap:
            non_trump = [c for c in cheap if not trump_mask >> c & 1]
            if non_trump:
                return max(non_trump, key=lambda c: power[c])
            return min(cheap, key=lambda c: power[c])
    # cannot win, or partner winning but not safe: play low, keep counters
    return _throw(play, cards, power)


def _throw(play: PlayRules, cards: list[int], power: Sequence[int]) -> int:
    points = play.points
    trump_mask = play.trump_mask
    return min(
        cards,
        key=lambda c: (
            c >= KROOK,
            points[c],
            bool(trump_mask >> c & 1),
            power[c] if power[c] >= 0 else play.rank[c],
        ),
    )


def _lead(
    play: PlayRules, hand: int, cards: list[int], out: int, bidding_side: bool | None, tricks_left: int
) -> int:
    trump_mask = play.trump_mask
    above = play.above
    points = play.points
    rank = play.rank
    my_trumps = hand & trump_mask
    out_trumps = out & trump_mask
    # pull trump when long in it and the opponents may still hold some
    if (
        my_trumps
        and out_trumps
        and bidding_side
        and my_trumps.bit_count() >= max(2, out_trumps.bit_count() // 2)
    ):
        trumps = [c for c in cards if trump_mask >> c & 1]
        master = [
            c
            for c in trumps
            if not above[c] & out and (c < KROOK or tricks_left <= 3 or out_trumps.bit_count() >= 3)
        ]
        if master:
            return min(master, key=lambda c: (c >= KROOK, -rank[c]))
        plain = [c for c in trumps if c < KROOK]
        if plain and my_trumps.bit_count() >= 3:
            return min(plain, key=lambda c: (points[c], rank[c]))
    # cash a master of another colour (counters first)
    masters = [c for c in cards if not trump_mask >> c & 1 and not above[c] & out]
    if masters:
        return max(masters, key=lambda c: (points[c], rank[c]))
    plain = [c for c in cards if not trump_mask >> c & 1]
    if plain:
        # lead low from the shortest colour, keeping counters
        def key(c: int) -> tuple[int, int, int]:
            return (points[c], (hand & (0x7FFE << ((c >> 4) * 16))).bit_count(), rank[c])

        return min(plain, key=key)
    return min(cards, key=lambda c: (c >= KROOK, points[c], rank[c]))


def hidden_pair_sides(n: int, bidder: int, pair: set[int]) -> list[list[bool | None]]:
    """Who each seat counts as a teammate while a called partner has not shown itself (``sides[s][t]``): the
    partner knows the bidder, a defender knows the bidder for an opponent, the bidder knows no one."""

    def side(s: int, t: int) -> bool | None:
        if s == t:
            return True
        if s == bidder:
            return None
        if s in pair:
            return t == bidder
        return False if t == bidder else None

    return [[side(s, t) for t in range(n)] for s in range(n)]


@dataclass(frozen=True)
class ExactTail:
    """The end of a playout solved exactly instead of played by the policy: once ``cards`` or fewer are left in
    all hands at a trick's start, ``solve(hands, leader)`` gives the points ``seat``'s side takes from there."""

    cards: int
    seat: int
    solve: Callable[[list[int], int], int]


def playout(
    play: PlayRules,
    hands: list[int],
    leader: int,
    trick: list[tuple[int, int]],
    played: int,
    sides: Sequence[Sequence[bool | None]],
    bidding: Sequence[bool | None],
    last_bonus: int,
    rng: random.Random,
    noise: float = 0.05,
    tricks: list[int] | None = None,
    reveal: tuple[int, Sequence[Sequence[bool | None]]] | None = None,
    tail: ExactTail | None = None,
) -> list[int]:
    """Play the hand out with ``policy`` for every seat; return the points each seat takes from now on.

    ``sides[s][t]``: does seat ``s`` count seat ``t`` as a teammate; ``bidding[s]``: is ``s`` on the bidding side.
    ``hands`` is changed in place; ``tricks``, when given, counts the tricks each seat wins. ``reveal``, a called
    card and the sides once it is played, lets every seat learn the pair when the partner shows itself.
    ``tail``: the last tricks solved exactly, their points all counted to ``tail.seat`` (``tricks`` then stops
    counting there).
    """
    n = play.n
    taken = [0] * n
    trick = list(trick)
    seat = (leader + len(trick)) % n
    points = play.points
    while True:
        hand = hands[seat]
        if not hand:
            break
        left = hand.bit_count()
        if tail is not None and not trick and left * n <= tail.cards:
            taken[tail.seat] += tail.solve(hands, seat)
            break
        if noise and rng.random() < noise:
            moves = play.playable(hand, trick[0][1] if trick else -1)
            options = [c for c in range(66) if moves >> c & 1]
            card = options[int(rng.random() * len(options))]
        else:
            card = policy(play, seat, hand, trick, played, sides[seat], bidding[seat], None, left)
        hands[seat] = hand & ~(1 << card)
        played |= 1 << card
        trick.append((seat, card))
        if reveal is not None and card == reveal[0]:
            sides = reveal[1]
        if len(trick) == n:
            w = trick[play.winner_index([c for _, c in trick])][0]
            gained = sum(points[c] for _, c in trick)
            if not hands[w]:
                gained += last_bonus
            taken[w] += gained
            if tricks is not None:
                tricks[w] += 1
            trick = []
            seat = w
        else:
            seat = (seat + 1) % n
    return taken
