"""Every seat's sampled beliefs about every other seat's hand, against the truth, by role.

    python benchmarks/experiments/belief_calibration.py --preset kentucky-discard --hands 40

Hard plays every seat (fixed work, ``--bot-samples`` deals a decision, seeded). At the first card of chosen
tricks, each seat deals the cards it cannot see ``--samples`` times, weighs the deals as hard does
(``deal_weight``), and the figures compare, for each (looking role, dealt role), what the weighted deals give a
hand against what it holds: trumps, card points, the three top trumps, void plain colours, and the chance put on
the true trump count. A bias far from 0 is a belief worth correcting (the bidder's trump count was 2 to 2.4 short
before ``BIDDER_TRUMP_LEAN``; issue 29, twenty-fifth and twenty-sixth sessions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from count_calibration import _top, _voids, played
from self_play import hand_decisions

from krook.bots.arena import table_rules
from krook.bots.knowledge import Knowledge, read_view
from krook.bots.sampler import deal_weight, sample_deal
from krook.rules import Rules

FIGURES = ("trumps", "points", "top trumps", "voids")


def role(rules: Rules, seat: int, bidder: int, partner: int | None) -> str:
    if seat == bidder:
        return "bidder"
    if rules.partnership == "fixed" and seat % 2 == bidder % 2:
        return "partner"
    if partner is not None and seat == partner:
        return "partner"
    return "defender"


Look = tuple[str, str, int, tuple[float, ...], tuple[float, ...], float]


def looks(opts: argparse.Namespace) -> list[Look]:
    """(looking role, dealt role, tricks played, true figures, weighted expected figures, chance on the true
    trump count) for every pair of seats at each chosen trick's first card."""
    rules, _ = table_rules(opts.preset)
    at_tricks = set(opts.tricks)
    out = []
    for i in range(opts.hands):
        seen: set[int] = set()
        for _, match, _, view, _ in hand_decisions(
            rules, 9000 + i, i % rules.players, opts.bot_samples, str(i)
        ):
            hand = match.hand
            done = len(view.tricks)
            if (
                view.phase != "play"
                or view.trick
                or done not in at_tricks
                or done in seen
                or hand.bidder is None
            ):
                continue
            seen.add(done)
            for looker in range(rules.players):
                k = read_view(match.view(looker))
                trumps = k.play.trump_mask
                top = _top(k.play, trumps, 3)
                live = rules.deck_mask & ~played(k)
                rng = random.Random(f"{i}/{done}/{looker}")
                targets = [s for s in range(rules.players) if s != looker]
                sums = {s: [0.0] * len(FIGURES) for s in targets}
                hit = dict.fromkeys(targets, 0.0)
                total = 0.0
                truths = {s: _figures(k, hand.hands[s], trumps, top, live) for s in targets}
                for _ in range(opts.samples):
                    hands, nest = sample_deal(k, rng)
                    w = deal_weight(k, hands, nest, k.bids)
                    total += w
                    for s in targets:
                        f = _figures(k, hands[s], trumps, top, live)
                        for j, x in enumerate(f):
                            sums[s][j] += w * x
                        hit[s] += w * (f[0] == truths[s][0])
                if total <= 0:
                    continue
                looking = role(rules, looker, hand.bidder, hand.partner)
                for s in targets:
                    out.append(
                        (
                            looking,
                            role(rules, s, hand.bidder, hand.partner),
                            done,
                            truths[s],
                            tuple(x / total for x in sums[s]),
                            hit[s] / total,
                        )
                    )
    return out


def _figures(k: Knowledge, cards: int, trumps: int, top: int, live: int) -> tuple[float, ...]:
    points = k.play.points
    return (
        float((cards & trumps).bit_count()),
        float(sum(points[c] for c in range(66) if cards >> c & 1)),
        float((cards & top).bit_count()),
        float(_voids(k.play, cards, live)),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--bot-samples", type=int, default=16)
    parser.add_argument(
        "--tricks", type=int, nargs="+", default=[0, 2, 4], help="tricks played before the look"
    )
    opts = parser.parse_args()
    rows = looks(opts)
    groups: dict[tuple[str, str, int], list[Look]] = defaultdict(list)
    for r in rows:
        groups[(r[0], r[1], r[2])].append(r)
    print(f"{opts.preset}: {opts.hands} hands; bias = expected − true (mean), miss = mean |expected − true|")
    for (looking, dealt, done), at in sorted(groups.items()):
        parts = []
        for j, name in enumerate(FIGURES):
            true = statistics.fmean(r[3][j] for r in at)
            bias = statistics.fmean(r[4][j] - r[3][j] for r in at)
            miss = statistics.fmean(abs(r[4][j] - r[3][j]) for r in at)
            parts.append(f"{name} {true:.2f} bias {bias:+.2f} miss {miss:.2f}")
        chance = statistics.fmean(r[5] for r in at)
        print(
            f"{looking:>8} deals {dealt:<8} trick {done + 1}: n {len(at):3d}; "
            + "; ".join(parts)
            + f"; P(true trumps) {chance:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
