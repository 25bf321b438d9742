"""What the exact solver of the last tricks loses by counting points only where tricks score: a measuring device.

    python benchmarks/experiments/trick_bonus_regret.py --rules SPEC --hands 60 --cards 4

Hard solves the last tricks exactly (``EXACT_CARDS``: 16 cards at four players) for the points in play, the nest
and the last trick's bonus; the most-tricks and sweep bonuses are not in its value. This script plays whole hands
with medium in every seat and, at every card decision with ``--cards`` or fewer cards in the hand to play and more
than one legal card, solves the position with every card seen twice: by ``Solver.move_values`` (points only) and
by a plain minimax that also counts the two bonuses from the tricks each side has taken so far (the bidding
side's points plus its bonuses less the other side's bonuses). It prints how often the bonuses rank the legal
cards differently from the points alone, and what the card the points pick (hard's tie-break: the lowest card
id among the best) loses by the bonus-aware count. Seeing every card, it is a ceiling for what counting the
bonuses in the solver could win, not a bot. Fixed and called partners only (the bidding side against the rest).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from krook.bots import make_bot
from krook.bots.arena import read_spec, table_rules
from krook.bots.base import BotContext
from krook.bots.fast import PlayRules, bits
from krook.bots.solver import Solver
from krook.review.engine import nest_points
from krook.rules import PRESETS, Match, Phase
from krook.rules.hand import Hand


@dataclass(frozen=True)
class Bonuses:
    """The trick bonuses of a table and the tricks each side has taken before the position."""

    most: int
    sweep: int
    ours: int
    theirs: int

    def value(self, ours: int, theirs: int) -> int:
        """The bidding side's bonuses less the other side's, for the tricks each side ends with."""
        v = 0
        if self.most and ours != theirs:
            v += self.most if ours > theirs else -self.most
        if self.sweep and (ours == 0 or theirs == 0):
            v += self.sweep if theirs == 0 else -self.sweep
        return v


def bonus_move_values(
    play: PlayRules,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    side: Sequence[bool],
    last_bonus: int,
    bonuses: Bonuses,
) -> dict[int, int]:
    """Each legal card's value to the bidding side (``side``): its points from here on plus its trick bonuses
    less the other side's, with every seat playing its best (a plain minimax with a table; small positions)."""
    n = play.n
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...], int, int], int] = {}

    def search(hs: tuple[int, ...], lead: int, tr: tuple[int, ...], ours: int, theirs: int) -> int:
        key = (hs, lead, tr, ours, theirs)
        found = memo.get(key)
        if found is not None:
            return found
        if len(tr) == n:
            w = (lead + play.winner_index(tr)) % n
            pts = sum(play.points[c] for c in tr)
            ours2, theirs2 = (ours + 1, theirs) if side[w] else (ours, theirs + 1)
            if not hs[w]:
                value = (pts + last_bonus if side[w] else 0) + bonuses.value(ours2, theirs2)
            else:
                value = (pts if side[w] else 0) + search(hs, w, (), ours2, theirs2)
        else:
            seat = (lead + len(tr)) % n
            values = []
            for card in bits(play.playable(hs[seat], tr[0] if tr else -1)):
                after = list(hs)
                after[seat] &= ~(1 << card)
                values.append(search(tuple(after), lead, (*tr, card), ours, theirs))
            value = max(values) if side[seat] else min(values)
        memo[key] = value
        return value

    seat = (leader + len(trick)) % n
    out = {}
    for card in bits(play.playable(hands[seat], trick[0] if trick else -1)):
        after = list(hands)
        after[seat] &= ~(1 << card)
        out[card] = search(tuple(after), leader, (*trick, card), bonuses.ours, bonuses.theirs)
    return out


@dataclass
class Tally:
    decisions: int = 0
    separated: int = 0  # the bonuses rank the legal cards otherwise than the points do
    worse: int = 0  # the points' card is worse counted with the bonuses
    regret: int = 0


def measure(
    table: str,
    hands: int,
    cards: int,
    seed: int = 7,
    on_decision: Callable[[dict[int, int], dict[int, int]], None] | None = None,
) -> Tally:
    rules, preset = table_rules(table)
    if rules.partnership not in ("fixed", "called"):
        raise SystemExit("trick_bonus_regret: fixed or called partners only")
    n = rules.players
    bots = [make_bot("medium") for _ in range(n)]
    bonuses_on = (rules.most_tricks_bonus, rules.sweep_bonus)
    rng = random.Random(seed)
    tally = Tally()
    for g in range(hands):
        match = Match(rules, seed=rng.randrange(1 << 30), first_dealer=g % n, preset=preset)
        hand = match.hand
        decision = 0
        while hand.to_act is not None:
            seat = hand.to_act
            known = rules.partnership == "fixed" or hand.partner is not None
            if hand.phase is Phase.PLAY and known and hand.hands[seat].bit_count() <= cards:
                _compare(hand, seat, bonuses_on, tally, on_decision)
            action = bots[seat].choose(match.view(seat), BotContext(random.Random(f"{g}/{decision}")))
            match.apply(action, seat)
            decision += 1
    return tally


def _compare(
    hand: Hand,
    seat: int,
    bonuses_on: tuple[int, int],
    tally: Tally,
    on_decision: Callable[[dict[int, int], dict[int, int]], None] | None,
) -> None:
    rules = hand.rules
    n = rules.players
    bidder = hand.bidder
    assert bidder is not None
    if rules.partnership == "fixed":
        side = [s % 2 == bidder % 2 for s in range(n)]
    else:
        side = [s in (bidder, hand.partner) for s in range(n)]
    won = [0] * n
    for t in hand.tricks:
        won[t.winner] += 1
    ours = sum(w for s, w in enumerate(won) if side[s])
    play = PlayRules(rules, hand.trump)
    trick = [c for _, c in hand.trick]
    leader = hand.trick[0][0] if hand.trick else hand.leader
    assert leader is not None
    extra = rules.last_trick_bonus + (nest_points(hand) if rules.nest_to == "last_trick" else 0)
    points = Solver(play, side, extra).move_values(list(hand.hands), leader, trick)
    if len(points) < 2:
        return
    most, sweep = bonuses_on
    counted = bonus_move_values(
        play, hand.hands, leader, trick, side, extra, Bonuses(most, sweep, ours, sum(won) - ours)
    )
    if on_decision is not None:
        on_decision(points, counted)
    tally.decisions += 1
    if len({counted[c] - points[c] for c in points}) > 1:
        tally.separated += 1
    sign = 1 if side[seat] else -1
    pick = max(points, key=lambda c: (sign * points[c], -c))
    loss = max(sign * v for v in counted.values()) - sign * counted[pick]
    if loss > 0:
        tally.worse += 1
        tally.regret += loss


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rules", required=True, help="a preset's name or a rules SPEC (JSON text or a file)"
    )
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument(
        "--cards", type=int, default=4, help="decisions with this many cards in hand or fewer"
    )
    parser.add_argument("--seed", type=int, default=7)
    opts = parser.parse_args(argv)
    table = opts.rules if opts.rules in PRESETS else read_spec(opts.rules)
    tally = measure(table, opts.hands, opts.cards, opts.seed)
    d = max(1, tally.decisions)
    print(
        f"{opts.hands} hands, {tally.decisions} decisions with {opts.cards} or fewer cards and a choice: the bonuses "
        f"rank the cards otherwise on {tally.separated} ({tally.separated / d:.1%}); the points' card is worse "
        f"counted with them on {tally.worse} ({tally.worse / d:.1%}), {tally.regret / d:.3f} points a decision, "
        f"{tally.regret / max(1, opts.hands):.3f} a hand"
    )


if __name__ == "__main__":
    main()
