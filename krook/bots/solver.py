"""An exact solver for the remaining tricks when every hand is known.

Alpha-beta over card points (two sides: the maximising side and everyone else), a transposition table at trick
boundaries that stores bounds, move ordering (partner winning: feed counters; else win cheaply or throw low),
and equal adjacent cards treated as one: two cards of one colour with no card still in play between them and
the same points lead to the same result, so only the higher is searched.

The value is the points the maximising side takes from now on: card points of the tricks still to play, plus
``last_bonus`` (the nest's points where they go to the last trick, and any last-trick bonus) for whoever takes
the last trick. The post-hand review and the hard bot's endgame both use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from krook.rules.cards import KROOK

from .fast import PlayRules, bits


class Solver:
    """Solves positions of one deal's play phase; reuse it for positions of the same deal (shared table)."""

    def __init__(self, play: PlayRules, side: Sequence[bool], last_bonus: int = 0) -> None:
        self.play = play
        self.n = play.n
        self.side = tuple(bool(s) for s in side)
        self.last_bonus = last_bonus
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.best: dict[tuple[int, ...], int] = {}  # best (or cutting) lead found at a boundary
        self.nodes = 0
        pos = [0] * 66
        for seq in play.order:
            for i, card in enumerate(seq):
                pos[card] = i
        self._pos = pos

    # -- public -------------------------------------------------------------------------------------------
    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = ()) -> int:
        """Points the maximising side takes from here on with best play by everyone."""
        return self._mtdf(list(hands), leader, tuple(trick))

    def _mtdf(self, hands: list[int], leader: int, trick: tuple[int, ...], guess: int | None = None) -> int:
        """Null-window searches closing in on the value (MTD(f)); the table keeps the bounds between them."""
        in_trick = sum(self.play.points[c] for c in trick)
        low, high = 0, self._remaining_points(hands) + in_trick + self.last_bonus
        g = (low + high) // 2 if guess is None else guess
        while low < high:
            b = max(g, low + 1)
            g = self._search(hands, leader, trick, b - 1, b)
            if g < b:
                high = g
            else:
                low = g
        return low

    def move_values(self, hands: Sequence[int], leader: int, trick: Sequence[int] = ()) -> dict[int, int]:
        """Exact value of every legal card of the seat to play (equal cards get the same value)."""
        hands = list(hands)
        trick = tuple(trick)
        seat = (leader + len(trick)) % self.n
        hand = hands[seat]
        moves = self.play.playable(hand, trick[0] if trick else -1)
        out: dict[int, int] = {}
        rep = self._representatives(hands, trick, moves)
        for card in rep:
            hands[seat] = hand ^ (1 << card)
            full = (*trick, card)
            if len(full) < self.n:
                out[card] = self._mtdf(hands, leader, full)
            else:
                out[card] = self._after(hands, leader, trick, card, -1, 10**6)
            hands[seat] = hand
        # equal cards share their representative's value
        for card in bits(moves):
            if card not in out:
                out[card] = out[self._representative_of(hands, trick, moves, card)]
        return out

    # -- search ---------------------------------------------------------------------------------------------
    def _remaining_points(self, hands: list[int]) -> int:
        points = self.play.points
        total = 0
        for h in hands:
            while h:
                low = h & -h
                total += points[low.bit_length() - 1]
                h ^= low
        return total

    def _search(self, hands: list[int], leader: int, trick: tuple[int, ...], alpha: int, beta: int) -> int:
        if not trick:
            return self._boundary(hands, leader, alpha, beta)
        return self._inner(hands, leader, trick, alpha, beta)

    def _boundary(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        if not hands[leader]:
            return 0
        key = (leader, *hands)
        entry = self.table.get(key)
        if entry is not None:
            lower, upper = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        else:
            lower, upper = 0, self._remaining_points(hands) + self.last_bonus
            if upper <= alpha or lower >= beta:
                return upper if upper <= alpha else lower
        value = self._inner(hands, leader, (), alpha, beta, key)
        if value <= alpha:
            upper = value
        elif value >= beta:
            lower = value
        else:
            lower = upper = value
        if entry is not None:
            lower = max(lower, entry[0])
            upper = min(upper, entry[1])
        self.table[key] = (lower, upper)
        return value

    def _inner(self, hands: list[int], leader: int, trick: tuple[int, ...], alpha: int, beta: int,
               key: tuple[int, ...] | None = None) -> int:
        self.nodes += 1
        seat = (leader + len(trick)) % self.n
        hand = hands[seat]
        moves = self.play.playable(hand, trick[0] if trick else -1)
        cands = self._ordered(hands, trick, moves, seat)
        if key is not None:
            killer = self.best.get(key)
            if killer is not None and killer in cands:
                cands.remove(killer)
                cands.insert(0, killer)
        maximise = self.side[seat]
        best = -1 if maximise else 10**6
        best_card = cands[0]
        for card in cands:
            hands[seat] = hand ^ (1 << card)
            v = self._after(hands, leader, trick, card, alpha, beta)
            hands[seat] = hand
            if maximise:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best, best_card = v, card
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            self.best[key] = best_card
        return best

    def _after(self, hands: list[int], leader: int, trick: tuple[int, ...], card: int, alpha: int,
               beta: int) -> int:
        full = (*trick, card)
        if len(full) < self.n:
            return self._inner(hands, leader, full, alpha, beta)
        play = self.play
        winner = (leader + play.winner_index(full)) % self.n
        points = play.points
        gained = 0
        for c in full:
            gained += points[c]
        if not hands[winner]:  # that was the last trick
            gained += self.last_bonus
            return gained if self.side[winner] else 0
        if not self.side[winner]:
            gained = 0
        return gained + self._boundary(hands, winner, alpha - gained, beta - gained)

    # -- move generation ---------------------------------------------------------------------------------
    def _representatives(self, hands: list[int], trick: tuple[int, ...], moves: int) -> list[int]:
        if moves & (moves - 1) == 0:
            return [moves.bit_length() - 1]
        remaining = 0
        for h in hands:
            remaining |= h
        for c in trick:
            remaining |= 1 << c
        play = self.play
        order, pos, points = play.order, self._pos, play.points
        trump = play.trump
        out = []
        m = moves
        while m:
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            seq = order[trump if card >= KROOK else card >> 4]  # type: ignore[index]
            i = pos[card] + 1
            top = len(seq)
            while i < top and not remaining >> seq[i] & 1:
                i += 1
            if i < top and moves >> seq[i] & 1 and points[seq[i]] == points[card]:
                continue
            out.append(card)
        return out

    def _representative_of(self, hands: list[int], trick: tuple[int, ...], moves: int, card: int) -> int:
        remaining = 0
        for h in hands:
            remaining |= h
        for c in trick:
            remaining |= 1 << c
        play = self.play
        seq = play.order[play.class_of(card)]
        i = self._pos[card] + 1
        while True:
            while i < len(seq) and not remaining >> seq[i] & 1:
                i += 1
            if i < len(seq) and moves >> seq[i] & 1 and play.points[seq[i]] == play.points[card]:
                card = seq[i]
                i += 1
                continue
            return card

    def _ordered(self, hands: list[int], trick: tuple[int, ...], moves: int, seat: int) -> list[int]:
        cands = self._representatives(hands, trick, moves)
        if len(cands) == 1:
            return cands
        play = self.play
        points = play.points
        if not trick:
            power = play.power
            # strong leads first: the highest card of each colour, trump last unless long
            return sorted(cands, key=lambda c: -power[play.class_of(c)][c])
        first = trick[0]
        led = play.trump if first >= KROOK else first >> 4
        power = play.power[led]  # type: ignore[index]
        best_i = 0
        best = power[first]
        for i in range(1, len(trick)):
            if power[trick[i]] > best:
                best_i, best = i, power[trick[i]]
        leader = (seat - len(trick)) % self.n
        mine = self.side[(leader + best_i) % self.n] == self.side[seat]
        if mine:
            # partner is winning: feed counters, don't overtake
            return sorted(cands, key=lambda c: (power[c] > best, -points[c], power[c]))
        # win as cheaply as possible, else throw the least valuable card
        return sorted(cands, key=lambda c: (0, power[c] - points[c] * 8) if power[c] > best
                      else (1, points[c] * 100 + power[c]))
