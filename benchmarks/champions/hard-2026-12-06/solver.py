"""An exact solver for the remaining tricks when every hand is known.

The value is the points the maximising side takes from now on: card points of the tricks still to play, plus
``last_bonus`` (the nest's points where they go to the last trick, and any last-trick bonus) for whoever takes
the last trick. The hand review (``krook.review``) and the hard bot's endgame both use it.

What keeps it small and quick in pure Python:

- **MTD(f)**: null-window alpha-beta searches closing in on the value; a transposition table of bounds keeps
  the work of one search for the next. On big positions (a whole hand) the first guess is the value of a
  playout with the fast play policy, which is usually within a few cards' points of the value; small ones start
  in the middle, where a playout would cost more than the searches it saves.
- **Enhanced transposition cut-offs**: at a trick's last card, while the hands still hold three cards or more,
  the positions each card would end the trick in are looked up first; a stored bound that already cuts (the
  same cards left, reached through other tricks) ends the search there.
- **Rank-equivalence keys.** The table is keyed at trick boundaries only, on the leader and, for each colour
  class (trump with the birds, and each plain colour), the cards still in play from low to high. Which cards are
  gone does not matter, only how the remaining ones rank among themselves: a position where the 6 and 7 of
  yellow are played and one where the 8 and 9 are played hit the same entry when the rest is alike. The cards in
  play fall into runs held by one seat; within a run only points and kind (bird or not) matter, since a seat
  never plays two cards to one trick, so a run is keyed as (owner, its points sorted). Card owners never change
  within a deal, so the key is a function of the set of cards in play, cached per colour class. The best lead
  is stored as (class, place among the remaining) and so transfers between equivalent positions.
- **Equal cards are one move**: cards of one run with the same points and kind lead to the same result, so only
  the highest is searched. Which cards are dominated this way is computed with the key, once a trick.
- **The last trick is not searched**: every seat holds one card, the play is forced.
- **Move ordering**: the table's best lead first, then the strongest cards; a follower whose side is winning
  the trick feeds counters and does not overtake; otherwise an earlier seat tries its highest winner first and
  the last seat its cheapest, then the least valuable card. **Killer moves**: when a later card cuts, it moves
  to the front of the memoised order for those cards (a lead without a table move, or a follower in the same
  trick state), so the next search of that kind tries it first; a whole-hand review searches 3.4 times fewer
  nodes with it. The values do not depend on the order, only the work does.
- **Bounds**: the value lies between the points of the top trumps the maximising side holds in a row (they win
  whatever happens) and the points still in play (plus ``last_bonus``) less the other side's such trumps; a
  search is cut as soon as that interval is outside the window.
- The inner loop is closures over local tables, integers as state and bitmasks as hands: no objects, no
  attribute lookups. Each follower's and leader's cards in search order are memoised by hand and trick state
  (shared by every solver of one ``PlayRules``), and a trick boundary's key, dominated cards and bounds by the
  cards in play; table keys are small integers.
- **Room on the frame stack**: the search starts from a caller with a large frame, so its recursion runs in a
  CPython frame chunk of its own instead of mapping and unmapping one each time it crosses a chunk's end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from krook.rules.cards import KROOK

from .fast import PlayRules, bits
from .playout import playout

INF = 10**6
# MTD(f) starts from a playout's value on positions with at least this many cards in all hands (7 tricks of 4)
GUESS_MIN_CARDS = 28
_NO_RNG = random.Random(0)
# enhanced transposition cut-offs at a trick's last card when each seat still holds at least this many cards
# (0: none); below it a probe costs about what it saves
ETC_MIN_CARDS = 3


def _roomy_caller() -> Callable[..., int]:
    """``call(fn, *args)``: ``fn(*args)`` with room for a deep search on CPython's frame stack.

    CPython (3.11+) keeps Python frames in 16 KiB chunks, mapped when a call needs one more and unmapped as soon
    as that call returns. A search 40 frames deep whose recursion keeps crossing a chunk's end maps and unmaps
    pages hundreds of thousands of times (measured: up to a third of a whole-hand solve's CPU time, varying with
    the caller's depth). A caller with ~3,200 local slots cannot fit in the current chunk, so it gets a chunk
    of its own of 64 KiB, and the search that it starts has the ~39 KiB left in it (~70 solver frames).
    """
    names = " = ".join(f"_{i}" for i in range(3200))
    source = f"def call(fn, *args):\n    if fn is None:\n        {names} = None\n    return fn(*args)\n"
    scope: dict[str, Callable[..., int]] = {}
    exec(source, scope)
    return scope["call"]


_roomy = _roomy_caller()


class SearchCancelled(Exception):
    """A search stopped by ``Solver.cancel()`` (from another thread); the solver stays usable."""


class Solver:
    """Solves positions of one deal's play phase; reuse it for positions of the same deal (shared table).

    Passing hands of another deal (a card changed owner) clears the table, so reuse is always safe.
    """

    def __init__(
        self, play: PlayRules, side: Sequence[bool], last_bonus: int = 0, *, killers: bool = True
    ) -> None:
        self.play = play
        self.n = play.n
        self.side = tuple(bool(s) for s in side)
        self.last_bonus = last_bonus
        self.table: dict[int, tuple[int, int, int]] = {}
        # the position at a trick boundary, by the cards in play (cleared with the table: it depends on owners)
        self._positions: dict[int, Position] = {}
        self._key_ids: dict[tuple[int, ...], int] = {}
        self._owner = [-1] * 66
        self._segs: list[dict[int, Segment]] = [{} for _ in play.order]
        self._hands: list[int] = [0] * self.n
        self.etc_min_cards = ETC_MIN_CARDS
        self.guess_min_cards = GUESS_MIN_CARDS
        # killer moves reorder the move lists ``play`` memoises; off: never reordered (with a ``PlayRules`` of its
        # own, the static order: the reference the review is tested against)
        self.killers = killers
        # set from any thread to stop a search at its next trick boundary (a list: the search reads a cell)
        self._cancelled = [False]
        # MTD(f)'s progress on the value being solved, for another thread to read: [lower, upper, first upper]
        self.bounds = [0, 0, 0]
        self._boundary, self._follow, self._state, self._counts = self._build()

    @property
    def nodes(self) -> int:
        """Search nodes visited so far (leads and follows; the forced last trick is not counted)."""
        return self._counts()[0]

    @property
    def etc_cuts(self) -> int:
        """Searches ended by an enhanced transposition cut-off (a stored bound of a position one trick on)."""
        return self._counts()[1]

    # -- public -------------------------------------------------------------------------------------------
    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = (), guess: int = -1) -> int:
        """Points the maximising side takes from here on with best play by everyone.

        ``guess``: a value expected to be close (e.g. the previous position's), where MTD(f) starts; -1: its own.
        """
        self._sync(hands, leader, trick)
        return self._solve(leader, tuple(trick), guess)

    def at_least(self, hands: Sequence[int], leader: int, trick: Sequence[int], target: int) -> bool:
        """Whether the maximising side takes ``target`` points or more from here on (one null-window search)."""
        self._sync(hands, leader, trick)
        return self._solve(leader, tuple(trick), -1, target) >= target

    def cancel(self) -> None:
        """Stop the running search (safe from another thread): it raises ``SearchCancelled``."""
        self._cancelled[0] = True

    def reset_cancel(self) -> None:
        self._cancelled[0] = False

    def move_values(self, hands: Sequence[int], leader: int, trick: Sequence[int] = ()) -> dict[int, int]:
        """Exact value of every legal card of the seat to play (equal cards get the same value)."""
        self._sync(hands, leader, trick)
        trick = tuple(trick)
        seat = (leader + len(trick)) % self.n
        work = self._hands
        hand = work[seat]
        moves = self.play.playable(hand, trick[0] if trick else -1)
        remaining = self._in_play(trick)
        dom = ~self._state(remaining)[1]
        out: dict[int, int] = {}
        for card in bits(moves & ~dom):
            work[seat] = hand ^ (1 << card)
            out[card] = self._solve(leader, (*trick, card))
            work[seat] = hand
        # a dominated card shares the value of the equal card it stands for
        for card in bits(moves & dom):
            out[card] = out[self._representative(remaining, card)]
        return out

    # -- driver -------------------------------------------------------------------------------------------
    def _sync(self, hands: Sequence[int], leader: int, trick: Sequence[int]) -> None:
        """Load the position; record card owners (a conflict means another deal: start afresh)."""
        owner = self._owner
        placed = [(s, h) for s, h in enumerate(hands)]
        placed += [((leader + i) % self.n, 1 << c) for i, c in enumerate(trick)]
        conflict = False
        for seat, mask in placed:
            for card in bits(mask):
                if owner[card] != seat:
                    if owner[card] >= 0:
                        conflict = True
                    owner[card] = seat
        if conflict:
            self.table.clear()
            self._positions.clear()
            self._key_ids.clear()
            for seg in self._segs:
                seg.clear()
        self._hands[:] = list(hands)

    def _in_play(self, trick: Sequence[int]) -> int:
        remaining = 0
        for h in self._hands:
            remaining |= h
        for c in trick:
            remaining |= 1 << c
        return remaining

    def _representative(self, remaining: int, card: int) -> int:
        """The highest card with the same points and kind in ``card``'s run (cards of one owner in a row)."""
        play = self.play
        owner = self._owner
        seq = play.order[play.led_of(card)]
        rep = card
        for c in seq[seq.index(card) + 1 :]:
            if not remaining >> c & 1:
                continue
            if owner[c] != owner[card]:
                break
            if play.points[c] == play.points[card] and (c >= KROOK) == (card >= KROOK):
                rep = c
        return rep

    def _solve(self, leader: int, trick: tuple[int, ...], guess: int = -1, target: int = -1) -> int:
        """MTD(f) on the position after ``trick`` (which may be empty, partial or complete).

        With ``target`` >= 0, one null-window search instead: a value >= ``target`` if the side reaches it, else
        one below it (a bound, not the value).
        """
        play = self.play
        n = self.n
        points = play.points
        gained = 0
        if len(trick) == n:
            winner = (leader + play.winner_index(trick)) % n
            gained = sum(points[c] for c in trick)
            if not self._hands[winner]:
                return gained + self.last_bonus if self.side[winner] else 0
            if not self.side[winner]:
                gained = 0
            leader, trick = winner, ()
        if not trick:
            boundary = self._boundary
            rest = self._in_play(())
            lead = leader

            def search(a: int, b: int) -> int:
                return boundary(lead, a, b, rest)

        else:
            led = play.led_of(trick[0])
            power = play.power[led]
            best_i = play.winner_index(trick)
            wseat = (leader + best_i) % n
            wpow = power[trick[best_i]]
            pts = sum(points[c] for c in trick)
            keep = self._state(self._in_play(trick))[1]
            follow = self._follow
            k = len(trick)
            seat = (leader + k) % n

            def search(a: int, b: int) -> int:
                return follow(k, seat, led, wseat, wpow, pts, a, b, keep)

        if target >= 0:
            t = target - gained
            if t <= 0:
                return gained
            return gained + _roomy(search, t - 1, t)
        guess = max(0, guess - gained) if guess >= 0 else self._guess(leader, trick)
        return gained + self._mtdf(search, self._upper(trick), guess, self.bounds)

    def _guess(self, leader: int, trick: tuple[int, ...]) -> int:
        """MTD(f)'s first guess: a playout with the fast play policy (exact enough on big positions to save
        several null-window searches); -1 (the middle) on small ones, where it would cost more than it saves."""
        hands = list(self._hands)
        if sum(h.bit_count() for h in hands) < self.guess_min_cards:
            return -1
        play = self.play
        n = self.n
        side = self.side
        in_play = self._in_play(trick)
        played = play.rules.deck_mask & ~in_play
        sides = [[side[s] == side[t] for t in range(n)] for s in range(n)]
        pairs = [((leader + i) % n, c) for i, c in enumerate(trick)]
        taken = playout(play, hands, leader, pairs, played, sides, side, self.last_bonus, _NO_RNG, noise=0)
        return sum(t for s, t in enumerate(taken) if side[s])

    def _upper(self, trick: tuple[int, ...]) -> int:
        points = self.play.points
        return sum(points[c] for c in bits(self._in_play(trick))) + self.last_bonus

    @staticmethod
    def _mtdf(
        search: Callable[[int, int], int], high: int, guess: int = -1, bounds: list[int] | None = None
    ) -> int:
        """Null-window searches closing in on the value; the table keeps the bounds between them (and
        ``bounds`` shows them to a screen as they close in)."""
        return _roomy(Solver._mtdf_search, search, high, guess, bounds)

    @staticmethod
    def _mtdf_search(
        search: Callable[[int, int], int], high: int, guess: int, bounds: list[int] | None = None
    ) -> int:
        low = 0
        g = high // 2 if guess < 0 else min(guess, high)
        if bounds is not None:
            bounds[:] = [low, high, high]
        while low < high:
            b = max(g, low + 1)
            g = search(b - 1, b)
            if g < b:
                high = g
            else:
                low = g
            if bounds is not None:
                bounds[0], bounds[1] = low, high
        return low

    # -- search ---------------------------------------------------------------------------------------------
    def _build(self) -> tuple[Boundary, Follow, Callable[[int], Position], Callable[[], tuple[int, int]]]:
        """The search proper, ``boundary`` (a seat leads to a new trick) and ``follow`` (the rest of a trick), as
        closures over local tables: cell lookups are the cheapest Python has. The helpers they call are built
        by the module's ``_*_maker`` functions, one job each."""
        play = self.play
        n = self.n
        side = self.side
        bonus = self.last_bonus
        hands = self._hands
        table = self.table
        nodes = etc_cuts = 0  # counters in cells: cheaper to bump than a list's items
        points = play.points
        power = play.power
        follow_mask = play.follow
        must_trump = play.must_trump
        trump_mask = play.trump_mask
        trump = play.trump
        assert len(play.order) == 4 and trump is not None
        facts = _SearchFacts(play)
        cls = facts.cls
        nxt = facts.nxt
        follow_any = facts.follow_any
        etc = self.etc_min_cards
        killers = self.killers
        cancelled = self._cancelled
        positions = self._positions
        segment = _segment_maker(play, side, self._owner, self._segs, facts.pcode)
        position = _position_maker(
            play, self._segs, segment, facts.class_masks, self._key_ids, positions, bonus
        )
        follow_order = _follow_order_maker(points, facts.feed_key, facts.low_key)
        lead_order = _lead_order_maker(play)
        # move orders depend on the cards and the trick only: every solver of these rules shares them
        orders_memo: dict[int, dict[int, tuple[FollowMove, ...]]]
        orders_memo = play.memo.setdefault("follow_by_state", {})  # type: ignore[assignment]
        leads: dict[int, Sequence[LeadMove]] = play.memo.setdefault("lead", {})  # type: ignore[assignment]
        no_memo: dict[int, tuple[FollowMove, ...]] = {}

        def boundary(leader: int, alpha: int, beta: int, remaining: int) -> int:
            """Value of the position where ``leader`` leads to a new trick; ``remaining``: the cards in play."""
            nonlocal nodes
            hand = hands[leader]
            if not hand & (hand - 1):
                if not hand:
                    return 0
                # the last trick: every seat holds one card, the play is forced
                c = hand.bit_length() - 1
                pw = power[trump if c >= KROOK else c >> 4]
                best = pw[c]
                w = leader
                pts = points[c] + bonus
                s = leader
                for _ in range(n - 1):
                    s = nxt[s]
                    c = hands[s].bit_length() - 1
                    pts += points[c]
                    if pw[c] > best:
                        best = pw[c]
                        w = s
                return pts if side[w] else 0
            pos = positions.get(remaining)
            if pos is None:
                pos = position(remaining)
            kid, keep, upper0, run, parts = pos
            key = kid << 3 | leader
            entry = table.get(key)
            if entry is not None:
                lower, upper, best_code = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
            else:
                if beta <= 0:
                    return 0
                upper = upper0
                if run > 0:
                    lower = run
                    if lower >= beta:
                        return lower
                else:
                    lower = 0
                    upper += run
                if upper <= alpha:
                    return upper
                best_code = -1
            nodes += 1
            if cancelled[0]:
                raise SearchCancelled
            moves = hand & keep
            cands = leads.get(moves)
            if cands is None:
                cands = lead_order(moves)
                leads[moves] = cands
            if best_code >= 0:
                first = parts[best_code >> 6][best_code & 63]
                if moves >> first & 1 and cands[0][0] != first:
                    cands = [x for x in cands if x[0] == first] + [x for x in cands if x[0] != first]
            maximise = side[leader]
            best = -1 if maximise else INF
            best_card = cands[0][0]
            after = nxt[leader]
            a, b = alpha, beta
            for c, cbit, led, p, cp in cands:
                hands[leader] = hand ^ cbit
                v = follow(1, after, led, leader, p, cp, a, b, keep)
                hands[leader] = hand
                if maximise:
                    if v > best:
                        best = v
                        best_card = c
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best = v
                    best_card = c
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if (
                killers
                and best_code < 0
                and best_card != cands[0][0]
                and (best >= beta if maximise else best <= alpha)
            ):
                # a cut by a later card: it comes first next time these cards lead (the killer heuristic)
                leads[moves] = _promoted(cands, best_card)
            if best <= alpha:
                if best < upper:
                    upper = best
            elif best >= beta:
                if best > lower:
                    lower = best
            else:
                lower = upper = best
            i = cls[best_card]
            table[key] = (lower, upper, i << 6 | parts[i].index(best_card))
            return best

        def follow(
            k: int, seat: int, led: int, wseat: int, wpow: int, pts: int, alpha: int, beta: int, keep: int
        ) -> int:
            """Value with ``k`` cards of the trick played, ``seat`` to play, ``wseat`` winning with power ``wpow``;
            ``keep``: the cards not dominated by an equal card (the same for the whole trick)."""
            nonlocal nodes, etc_cuts
            nodes += 1
            hand = hands[seat]
            if hand & follow_mask[led]:
                moves = hand & follow_any[led]
            elif must_trump and hand & trump_mask:
                moves = hand & trump_mask
            else:
                moves = hand
            moves &= keep
            pw = power[led]
            if moves & (moves - 1):
                # memoised by the trick's state (small integers), then by the cards (no big-integer key)
                skey = ((wpow + 1) << 2 | led) << 2 | (side[wseat] == side[seat]) << 1 | (k < n - 1)
                memo = orders_memo.get(skey)
                if memo is None:
                    memo = orders_memo[skey] = {}
                cands = memo.get(moves)
                if cands is None:
                    cands = follow_order(moves, pw, wpow, side[wseat] == side[seat], k < n - 1)
                    memo[moves] = cands
            else:
                memo = no_memo  # one card: never reordered
                c = moves.bit_length() - 1
                cands = ((moves, pw[c], points[c]),)
            maximise = side[seat]
            best = -1 if maximise else INF
            k1 = k + 1
            # The alpha-beta update below is written out in each child loop on purpose: a helper call per child
            # would cost more than the rest of the node in pure Python.
            if k1 < n:
                after = nxt[seat]
                for cbit, p, cp in cands:
                    hands[seat] = hand ^ cbit
                    if p > wpow:
                        v = follow(k1, after, led, seat, p, pts + cp, alpha, beta, keep)
                    else:
                        v = follow(k1, after, led, wseat, wpow, pts + cp, alpha, beta, keep)
                    hands[seat] = hand
                    if maximise:
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    break
                    elif v < best:
                        best = v
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
                if alpha >= beta and cbit != cands[0][0] and killers:
                    # a cut by a later card: it comes first next time in the same state (the killer heuristic)
                    memo[moves] = _promoted(cands, cbit)
                return best
            # the trick's last card
            h2 = hand & (hand - 1)
            if h2 & (h2 - 1):
                # three cards or more each: the next trick starts at a boundary of the table
                rest = 0
                for h in hands:
                    rest |= h
                if etc and len(cands) > 1 and hand.bit_count() >= etc:
                    # enhanced transposition cut-off: a trick that ends in a position whose stored bound
                    # already cuts (e.g. the same cards left, reached by other tricks) ends the search here
                    for cbit, p, cp in cands:
                        pos = positions.get(rest ^ cbit)
                        if pos is None:
                            continue
                        w = seat if p > wpow else wseat
                        e = table.get(pos[0] << 3 | w)
                        if e is None:
                            continue
                        gained = pts + cp if side[w] else 0
                        if maximise:
                            if gained + e[0] >= beta:
                                etc_cuts += 1
                                return gained + e[0]
                        elif gained + e[1] <= alpha:
                            etc_cuts += 1
                            return gained + e[1]
                for cbit, p, cp in cands:
                    w = seat if p > wpow else wseat
                    gained = pts + cp if side[w] else 0
                    hands[seat] = hand ^ cbit
                    v = gained + boundary(w, alpha - gained, beta - gained, rest ^ cbit)
                    hands[seat] = hand
                    if maximise:
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    break
                    elif v < best:
                        best = v
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
                if alpha >= beta and cbit != cands[0][0] and killers:
                    memo[moves] = _promoted(cands, cbit)
                return best
            for cbit, p, cp in cands:
                hands[seat] = hand ^ cbit
                w = seat if p > wpow else wseat
                gained = pts + cp
                if not side[w]:
                    gained = 0
                hw = hands[w]
                if not hw:
                    v = gained + bonus if side[w] else 0
                else:
                    # the last trick is forced
                    x = hw.bit_length() - 1
                    pl = power[trump if x >= KROOK else x >> 4]
                    top = pl[x]
                    lw = w
                    lp = points[x] + bonus
                    s = w
                    for _ in range(n - 1):
                        s = nxt[s]
                        x = hands[s].bit_length() - 1
                        lp += points[x]
                        if pl[x] > top:
                            top = pl[x]
                            lw = s
                    v = gained + lp if side[lw] else gained
                hands[seat] = hand
                if maximise:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            if alpha >= beta and cbit != cands[0][0] and killers:
                memo[moves] = _promoted(cands, cbit)
            return best

        def counts() -> tuple[int, int]:
            return nodes, etc_cuts

        return boundary, follow, position, counts


# -- the search's helpers --------------------------------------------------------------------------------------
# A trick boundary's facts by the cards in play: (key id, the cards not dominated, points in play + bonus, sure
# trump points, each class's cards low to high); one class's part of them; a follower's and a leader's moves.
Position = tuple[int, int, int, int, tuple[tuple[int, ...], ...]]
Segment = tuple[int, int, int, tuple[int, ...], int]
FollowMove = tuple[int, int, int]  # (its bit, its power, its points)
LeadMove = tuple[int, int, int, int, int]  # (card, bit, led colour, power, points)
Boundary = Callable[[int, int, int, int], int]
Follow = Callable[[int, int, int, int, int, int, int, int, int], int]


_Move = TypeVar("_Move", FollowMove, LeadMove)


def _promoted(cands: Sequence[_Move], first: int) -> tuple[_Move, ...]:
    """``cands`` with the move whose first item is ``first`` moved to the front (the others keep their order)."""
    return tuple([x for x in cands if x[0] == first] + [x for x in cands if x[0] != first])


class _SearchFacts:
    """Per-card tables the search reads, derived from the rules and trump once per solver."""

    def __init__(self, play: PlayRules) -> None:
        points = play.points
        orders = play.order
        n = play.n
        self.class_masks = [sum(1 << c for c in seq) for seq in orders]
        self.cls = [0] * 66
        for i, seq in enumerate(orders):
            for c in seq:
                self.cls[c] = i
        # a card's code in a key: points (as an index among the distinct values) and bird or not
        values = sorted(set(points))
        self.pcode = [values.index(points[c]) * 2 + (1 if c >= KROOK else 0) + 1 for c in range(66)]
        is_trump = [1 if play.trump_mask >> c & 1 else 0 for c in range(66)]
        rank = play.rank
        # ordering keys: feed counters (most points, plain before trump, lowest first); throw the least
        # valuable card
        self.feed_key = [-points[c] * 4096 + is_trump[c] * 2048 + rank[c] for c in range(66)]
        self.low_key = [points[c] * 4096 + is_trump[c] * 2048 + rank[c] for c in range(66)]
        self.nxt = [(leader + 1) % n for leader in range(n)]
        # the cards that may be played by a seat able to follow ``led`` (the birds too where they go any time)
        self.follow_any = [m | play.birds if play.kat else m for m in play.follow]


def _segment_maker(
    play: PlayRules,
    side: Sequence[bool],
    owner: list[int],
    segs: list[dict[int, Segment]],
    pcode: list[int],
) -> Callable[[int, int], Segment]:
    """``segment(class, cards)``: one class's part of a boundary key, cached in ``segs`` by its cards."""
    orders = play.order
    points = play.points
    trump = play.trump

    def segment(i: int, sub: int) -> tuple[int, int, int, tuple[int, ...], int]:
        """Key part, dominated cards, points and the remaining cards of one class.

        The remaining cards in rank order fall into runs held by one seat; within a run only the points
        (and bird or not) of each card matter, so a run is listed by points and, of cards with equal
        points in a run, all but the highest are dominated.
        """
        seq = orders[i]
        key = 1
        dom = 0
        pts = 0
        cards: list[int] = []
        run_owner = -1
        run: list[int] = []
        for c in (*seq, -1):
            if c >= 0 and not sub >> c & 1:
                continue
            o = owner[c] if c >= 0 else -2
            if o != run_owner:
                if run:
                    if len(run) > 1:
                        run.sort(key=pcode.__getitem__)  # stable: by points, then rank
                    prev = -1
                    for x in run:
                        key = key * 128 + run_owner * 16 + pcode[x]
                        pts += points[x]
                        if prev >= 0 and pcode[prev] == pcode[x]:
                            dom |= 1 << prev
                        prev = x
                    cards += run
                run_owner = o
                run = []
            run.append(c)
        # sure points: the run of top trumps held by one side all win tricks (+ for the maximising side)
        sure = 0
        if i == trump and cards:
            top = side[owner[cards[-1]]]
            for c in reversed(cards):
                if side[owner[c]] != top:
                    break
                sure += points[c]
            if not top:
                sure = -sure
        entry = (key, dom, pts, tuple(cards), sure)
        segs[i][sub] = entry
        return entry

    return segment


def _follow_order_maker(
    points: Sequence[int], feed_key: list[int], low_key: list[int]
) -> Callable[[int, Sequence[int], int, bool, bool], tuple[FollowMove, ...]]:
    def follow_order(
        moves: int, pw: Sequence[int], wpow: int, partner: bool, early: bool
    ) -> tuple[tuple[int, int, int], ...]:
        """A follower's cards in search order, each as (its bit, its power, its points)."""
        wins = []
        cands = []
        for c in bits(moves):
            if pw[c] > wpow:
                wins.append(c)
            else:
                cands.append(c)
        if partner:
            # partner winning: feed counters, overtake last
            cands.sort(key=feed_key.__getitem__)
            wins.sort(key=pw.__getitem__)
            cands += wins
        else:
            # win (the last seat as cheaply as possible; an earlier seat tries its highest winner
            # first, then the cheaper ones), else throw the least valuable card
            cands.sort(key=low_key.__getitem__)
            wins.sort(key=pw.__getitem__)
            if early and wins:
                wins.insert(0, wins.pop())
            cands = wins + cands
        return tuple((1 << c, pw[c], points[c]) for c in cands)

    return follow_order


def _position_maker(
    play: PlayRules,
    segs: list[dict[int, Segment]],
    segment: Callable[[int, int], Segment],
    class_masks: list[int],
    key_ids: dict[tuple[int, ...], int],
    positions: dict[int, Position],
    bonus: int,
) -> Callable[[int], Position]:
    """``position(cards in play)``: the boundary's facts, cached in ``positions``."""
    trump = play.trump
    assert trump is not None
    seg0, seg1, seg2, seg3 = segs
    cm0, cm1, cm2, cm3 = class_masks

    def position(remaining: int) -> tuple[int, int, int, int, tuple[tuple[int, ...], ...]]:
        """The cards in play as (key id, the cards not dominated, points + bonus, sure trump points, each
        class's cards low to high); the key id is shared by rank-equivalent positions."""
        sub = remaining & cm0
        e0 = seg0.get(sub) or segment(0, sub)
        sub = remaining & cm1
        e1 = seg1.get(sub) or segment(1, sub)
        sub = remaining & cm2
        e2 = seg2.get(sub) or segment(2, sub)
        sub = remaining & cm3
        e3 = seg3.get(sub) or segment(3, sub)
        key = (e0[0], e1[0], e2[0], e3[0])
        kid = key_ids.get(key)
        if kid is None:
            kid = key_ids[key] = len(key_ids)
        pos = (
            kid,
            ~(e0[1] | e1[1] | e2[1] | e3[1]),
            e0[2] + e1[2] + e2[2] + e3[2] + bonus,
            (e0, e1, e2, e3)[trump][4],
            (e0[3], e1[3], e2[3], e3[3]),
        )
        positions[remaining] = pos
        return pos

    return position


def _lead_order_maker(play: PlayRules) -> Callable[[int], list[LeadMove]]:
    """``lead_order(cards)``: a leader's moves in search order."""
    power = play.power
    points = play.points
    trump = play.trump
    assert trump is not None

    def lead_order(moves: int) -> list[LeadMove]:
        """A leader's cards strongest first (trump first), each as (card, bit, led colour, power, points)."""
        out: list[LeadMove] = []
        for c in bits(moves):
            led = trump if c >= KROOK else c >> 4
            out.append((c, 1 << c, led, power[led][c], points[c]))
        out.sort(key=lambda x: -x[3])
        return out

    return lead_order
