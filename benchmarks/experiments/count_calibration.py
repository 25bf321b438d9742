"""What the bidder's partner's sampler expects the bidder's trump count to be, against the truth.

    python benchmarks/experiments/count_calibration.py --preset kentucky-discard --hands 40

Hard plays every seat (fixed work, ``--bot-samples`` deals a decision, seeded). At the first card of tricks 1, 2
and 3, the bidder's partner deals the unseen cards ``--samples`` times; the figures are how many trumps the bidder
holds then, truly and as the sampler weighs its deals (``deal_weight``), the chance the weighted deals put on the
true count, and the expected count for each true count (a calibrated sampler's rise with the truth). Knowing the
count is worth about +2.7 a deal to the partner against the champion (issue 29, twenty-fifth session).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from self_play import hand_decisions

from krook.bots.arena import table_rules
from krook.bots.fast import PlayRules
from krook.bots.knowledge import Knowledge, read_view
from krook.bots.sampler import deal_weight, sample_deal
from krook.rules.cards import COLOR_MASKS


def looks(opts: argparse.Namespace) -> list[tuple[float, ...]]:
    """(tricks played, true count, weighted expected count, every deal alike, weighted chance of the truth, top
    three trumps held truly and expected, plain colours void truly and expected)."""
    rules, _ = table_rules(opts.preset)
    out = []
    for i in range(opts.hands):
        for decision, match, _, view, _ in hand_decisions(
            rules, 9000 + i, i % rules.players, opts.bot_samples, str(i)
        ):
            hand = match.hand
            if not (
                view.phase == "play" and not view.trick and len(view.tricks) < 3 and hand.bidder is not None
            ):
                continue
            partner = (hand.bidder + 2) % rules.players
            k = read_view(match.view(partner))
            trumps = k.play.trump_mask
            true = (hand.hands[hand.bidder] & trumps).bit_count()
            top = _top(k.play, trumps, 3)
            rng = random.Random(f"{i}/{decision}")
            weighted = total = plain = hit = top_w = voids_w = 0.0
            for _ in range(opts.samples):
                hands, nest = sample_deal(k, rng)
                w = deal_weight(k, hands, nest, k.bids)
                count = (hands[hand.bidder] & trumps).bit_count()
                weighted += w * count
                total += w
                plain += count
                hit += w * (count == true)
                top_w += w * (hands[hand.bidder] & top).bit_count()
                voids_w += w * _voids(k.play, hands[hand.bidder], rules.deck_mask & ~played(k))
            if total > 0:
                truth = (len(view.tricks), true, weighted / total, plain / opts.samples, hit / total)
                bidder_hand = hand.hands[hand.bidder]
                extra = (
                    (bidder_hand & top).bit_count(),
                    top_w / total,
                    _voids(k.play, bidder_hand, rules.deck_mask & ~played(k)),
                    voids_w / total,
                )
                out.append(truth + extra)
    return out


def _top(play: PlayRules, trumps: int, n: int) -> int:
    """The ``n`` highest trumps still unseen by nobody's choice: the class order's last cards."""
    order = [c for c in play.order[play.trump] if trumps >> c & 1]
    return sum(1 << c for c in order[-n:])


def played(k: Knowledge) -> int:
    return sum(1 << c for trick in k.history for _, c in trick)


def _voids(play: PlayRules, hand: int, live: int) -> int:
    """Plain colours the hand holds none of, among those with cards still out."""
    return sum(1 for c in range(4) if c != play.trump and COLOR_MASKS[c] & live and not hand & COLOR_MASKS[c])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--bot-samples", type=int, default=16)
    opts = parser.parse_args()
    rows = looks(opts)
    for played in sorted({r[0] for r in rows}):
        at = [r for r in rows if r[0] == played]

        def mean(i: int, at: list[tuple[float, ...]] = at) -> float:
            return statistics.fmean(r[i] for r in at)

        print(
            f"trick {played + 1}: {len(at)} looks; the bidder holds {mean(1):.2f} trumps, expected {mean(2):.2f} "
            f"weighted ({mean(3):.2f} every deal alike); mean miss {statistics.fmean(abs(r[1] - r[2]) for r in at):.2f}; "
            f"chance on the truth {mean(4):.3f}; of the three top trumps {mean(5):.2f}, expected {mean(6):.2f}; "
            f"void in {mean(7):.2f} plain colours, expected {mean(8):.2f}"
        )
    by_true: dict[int, list[float]] = defaultdict(list)
    for r in rows:
        by_true[int(r[1])].append(r[2])
    for true, expected in sorted(by_true.items()):
        print(f"true count {true}: {len(expected)} looks, expected {statistics.fmean(expected):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
