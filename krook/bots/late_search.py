"""Alpha-mu search over sampled worlds for the last tricks (Cazenave & Ventos, "The alpha-mu search algorithm
for the game of Bridge", 2019), an answer to PIMC's strategy fusion.

PIMC solves every sampled deal with all cards seen and averages: it credits itself, in every deal, with the later
card that is right *in that deal*, even where its seat cannot tell the deals apart when it plays that card. Here
the bot's own later cards are one choice for every world it cannot tell apart (the worlds still consistent with
the cards played on that path); the other seats choose per world, as PIMC has them (omniscient), and so do the
leaves once the bot has made ``depth`` choices (the exact solver per world). A node's value is a Pareto front
of vectors (one utility per world): each vector is what one strategy of the bot from there gets in every world.
With ``depth`` 1 this is PIMC over the same worlds.

Results are utilities (score change, as hard scores a deal), not the paper's won/lost, so fronts are capped at
``FRONT_CAP`` vectors (the best by weighted mean). The work is bounded by a node count, so a decision is the same
on any machine; a search that runs out returns None and the caller plays PIMC's card.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from krook.rules import SeatView

from .base import BotContext
from .fast import PlayRules
from .knowledge import Knowledge
from .sampler import deal_weight, sample_deal
from .solver import Solver
from .utility import scoring_frame
from .utility import utility as _utility


class SearchingBot(Protocol):
    """What the search takes from the bot that calls it (hard): its fixed work or its clock, its counters, and
    which seats are its side in a sampled deal."""

    samples: int | None
    dealt: int
    nodes: int

    def _sample_mates(self, k: Knowledge, hands: list[int]) -> set[int]: ...

    def _deadline(self, ctx: BotContext) -> float: ...


# Off unless asked: ``KROOK_LATE_TRICKS=3`` (or a bot's ``late_tricks`` attribute) searches from 3 tricks left.
# It stays off by default until the arena says it is at least not worse (docs/BOTS-JOURNAL.md, "Issue 29: search past
# PIMC's blind spots").
LATE_TRICKS = int(os.environ.get("KROOK_LATE_TRICKS", "0") or 0)
WORLDS = (
    24  # sampled deals searched together (alpha-mu needs far fewer than PIMC: every world is in one tree)
)
DEPTH = 2  # the bot's own choices searched as one per information set; the rest solved per world
FRONT_CAP = 8
# work units: a node, a leaf solve, or a vector combined at a node (a front's cost grows with its vectors)
NODE_LIMIT = 40_000
INF = float("inf")

Vector = tuple[float, ...]


class _OutOfWork(Exception):
    pass


def pareto(vectors: list[Vector], weights: Sequence[float], cap: int = FRONT_CAP) -> list[Vector]:
    """The vectors no other one beats or equals in every world, at most ``cap`` of them (best mean first)."""
    ranked = sorted(set(vectors), key=lambda v: -sum(w * x for w, x in zip(weights, v, strict=True)))
    kept: list[Vector] = []
    for v in ranked:
        if any(all(a >= b for a, b in zip(u, v, strict=True)) for u in kept):
            continue
        kept.append(v)
        if len(kept) == cap:
            break
    return kept


class LateSearch:
    """One decision's search: worlds (hands of every seat, a weight each) and the seat to decide for."""

    def __init__(
        self,
        play: PlayRules,
        seat: int,
        worlds: list[list[int]],
        weights: list[float],
        sides: list[list[bool]],
        leaf_utility: Callable[[int, int], float],
        last_bonus: list[int],
        *,
        depth: int = DEPTH,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.play = play
        self.n = play.n
        self.seat = seat
        self.worlds = worlds
        self.weights = weights
        self.sides = sides  # sides[w][s]: seat s plays with me in world w
        self.utility = leaf_utility  # (world, my side's points from here on) -> utility
        self.solvers = [Solver(play, sides[w], last_bonus[w]) for w in range(len(worlds))]
        self.depth = depth
        self.node_limit = NODE_LIMIT if node_limit is None else node_limit
        self.deadline = deadline
        self.nodes = 0

    def root(self, leader: int, trick: Sequence[int], gone: int) -> dict[int, list[Vector]]:
        """Each legal card's front over all worlds (``gone``: the cards played so far; a card and its equals:
        one entry, the lowest)."""
        ws = tuple(range(len(self.worlds)))
        hand = self.worlds[0][self.seat] & ~gone
        moves = self._distinct(self.play.playable(hand, trick[0] if trick else -1), gone, trick)
        return {c: self._after(ws, gone, leader, tuple(trick), c, 0, 1) for c in moves}

    # -- the tree -------------------------------------------------------------------------------------------
    def _node(
        self, ws: tuple[int, ...], gone: int, leader: int, trick: tuple[int, ...], gained: int, done: int
    ) -> list[Vector]:
        self.nodes += 1
        if self.nodes > self.node_limit or (
            self.deadline is not None and time.perf_counter() > self.deadline
        ):
            raise _OutOfWork
        seat = (leader + len(trick)) % self.n
        lead = trick[0] if trick else -1
        if seat == self.seat:
            if done >= self.depth:
                return [tuple(self._leaf(w, gone, leader, trick, gained) for w in ws)]
            hand = self.worlds[ws[0]][seat] & ~gone
            out: list[Vector] = []
            for card in self._distinct(self.play.playable(hand, lead), gone, trick):
                out.extend(self._after(ws, gone, leader, trick, card, gained, done + 1))
            return pareto(out, [self.weights[w] for w in ws])
        # another seat chooses per world: for each card, the worlds where it may play it
        by_card: dict[int, list[int]] = {}
        for i, w in enumerate(ws):
            hand = self.worlds[w][seat] & ~gone
            for card in self._distinct(self.play.playable(hand, lead), gone, trick):
                by_card.setdefault(card, []).append(i)
        mine = [self.sides[w][seat] for w in ws]
        acc: list[list[float]] = [[-INF if m else INF for m in mine]]
        weights = [self.weights[w] for w in ws]
        for card, idx in by_card.items():
            sub = tuple(ws[i] for i in idx)
            child = self._after(sub, gone, leader, trick, card, gained, done)
            merged: list[Vector] = []
            for a in acc:
                for v in child:
                    row = list(a)
                    for j, i in enumerate(idx):
                        x = v[j]
                        if mine[i]:
                            if x > row[i]:
                                row[i] = x
                        elif x < row[i]:
                            row[i] = x
                    merged.append(tuple(row))
            self.nodes += len(merged) * len(ws) // 8
            acc = [list(v) for v in pareto(merged, weights)]
        return [tuple(a) for a in acc]

    def _after(
        self,
        ws: tuple[int, ...],
        gone: int,
        leader: int,
        trick: tuple[int, ...],
        card: int,
        gained: int,
        done: int,
    ) -> list[Vector]:
        trick = (*trick, card)
        gone |= 1 << card
        if len(trick) < self.n:
            return self._node(ws, gone, leader, trick, gained, done)
        win = (leader + self.play.winner_index(trick)) % self.n
        pts = sum(self.play.points[c] for c in trick)
        if all(self.sides[w][win] for w in ws):
            return self._node(ws, gone, win, (), gained + pts, done)
        if not any(self.sides[w][win] for w in ws):
            return self._node(ws, gone, win, (), gained, done)
        # the winner's side differs between worlds (an unrevealed partner): split them
        ours = tuple(w for w in ws if self.sides[w][win])
        theirs = tuple(w for w in ws if not self.sides[w][win])
        a = self._node(ours, gone, win, (), gained + pts, done)
        b = self._node(theirs, gone, win, (), gained, done)
        pos = {w: i for i, w in enumerate(ws)}
        out = []
        self.nodes += len(a) * len(b) * len(ws) // 8
        for u in a:
            for v in b:
                row = [0.0] * len(ws)
                for w, x in zip(ours, u, strict=True):
                    row[pos[w]] = x
                for w, x in zip(theirs, v, strict=True):
                    row[pos[w]] = x
                out.append(tuple(row))
        return pareto(out, [self.weights[w] for w in ws])

    def _leaf(self, w: int, gone: int, leader: int, trick: tuple[int, ...], gained: int) -> float:
        self.nodes += 1
        hands = [h & ~gone for h in self.worlds[w]]
        value = self.solvers[w].value(hands, leader, trick)
        return self.utility(w, gained + value)

    def _distinct(self, moves: int, gone: int, trick: Sequence[int]) -> list[int]:
        """One card of each run of equal cards (same class, same points, nothing left in play between them:
        the trick's cards are still in play, they decide who wins it)."""
        play = self.play
        for c in trick:
            gone &= ~(1 << c)
        out = []
        for cls in play.order:
            prev = -1
            for c in cls:
                if gone >> c & 1:
                    continue
                if moves >> c & 1:
                    if prev >= 0 and play.points[prev] == play.points[c] and (prev >= 64) == (c >= 64):
                        continue  # the same as the card below it in this run
                    out.append(c)
                    prev = c
                else:
                    prev = -1  # a card still in play between them: not equal
        return out


def late_card(
    bot: SearchingBot, view: SeatView, k: Knowledge, ctx: BotContext, moves: list[int]
) -> int | None:
    """The card alpha-mu picks in the last tricks, or None: not late enough, off, or out of work."""
    tricks = k.hand.bit_count()
    late = getattr(bot, "late_tricks", LATE_TRICKS)
    if not late or tricks > late or tricks < 3:
        return None  # with two tricks left the bot's last card is forced: alpha-mu is PIMC
    values = card_values(bot, view, k, ctx)
    if values is None:
        return None
    return max(values, key=lambda c: (values[c], -c))


def card_values(
    bot: SearchingBot,
    view: SeatView,
    k: Knowledge,
    ctx: BotContext,
    worlds_wanted: int = WORLDS,
    depth: int = DEPTH,
    node_limit: int | None = None,
) -> dict[int, float] | None:
    """Each legal card's value (weighted mean utility of its best strategy) over sampled worlds, or None (out
    of work). Of equal cards only the lowest is listed."""
    rules = k.rules
    play = k.play
    total = rules.card_points_total + rules.last_trick_bonus
    leader = k.trick[0][0] if k.trick else k.leader
    assert leader is not None
    worlds: list[list[int]] = []
    weights: list[float] = []
    sides: list[list[bool]] = []
    bonus: list[int] = []
    base: list[tuple[int, bool | None]] = []
    want = min(worlds_wanted, bot.samples or worlds_wanted)
    tries = 0
    while len(worlds) < want and tries < want * 4:
        tries += 1
        hands, nest = sample_deal(k, ctx.rng)
        bot.dealt += 1
        w = deal_weight(k, hands, nest, view.bids)
        if w <= 0:
            continue
        mates = bot._sample_mates(k, hands)
        bidder_mine, last_bonus, so_far = scoring_frame(k, mates, nest)
        worlds.append(hands)
        weights.append(w)
        sides.append([s in mates for s in range(k.n)])
        bonus.append(last_bonus)
        base.append((so_far, bidder_mine))
    if not worlds:
        return None

    def utility(w: int, points: int) -> float:
        so_far, bidder_mine = base[w]
        return _utility(k, so_far + points, total, bidder_mine)

    deadline = None if bot.samples is not None else bot._deadline(ctx)
    search = LateSearch(
        play,
        k.seat,
        worlds,
        weights,
        sides,
        utility,
        bonus,
        depth=depth,
        node_limit=node_limit,
        deadline=deadline,
    )
    try:
        fronts = search.root(leader, [c for _, c in k.trick], k.played)
    except _OutOfWork:
        return None
    finally:
        bot.nodes += search.nodes + sum(s.nodes for s in search.solvers)
    scale = sum(weights)
    values = {
        c: max(sum(w * x for w, x in zip(weights, v, strict=True)) for v in front) / scale
        for c, front in fronts.items()
    }
    return values
