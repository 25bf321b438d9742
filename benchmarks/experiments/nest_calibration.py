"""What a defender's sampler expects the buried cards to be worth, against what the bidder really buried.

    python benchmarks/experiments/nest_calibration.py --preset kentucky-discard --hands 30

Hard plays every seat (fixed work, ``--bot-samples`` deals a decision, seeded). At the first card of tricks 1, 4
and 7, every seat but the bidder deals the unseen cards ``--samples`` times; the figure is the counters the
buried cards hold, truly, as the sampler weighs its deals (``deal_weight``), and with every deal equal
(issue 29, twenty-third session).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from self_play import hand_decisions

from krook.bots.arena import table_rules
from krook.bots.fast import bits
from krook.bots.knowledge import read_view
from krook.bots.sampler import deal_weight, sample_deal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--bot-samples", type=int, default=16)
    opts = parser.parse_args()
    rules, _ = table_rules(opts.preset)
    points = rules.point_list

    def worth(mask: int) -> int:
        return sum(points[c] for c in bits(mask))

    rows: dict[int, list[tuple[int, float, float]]] = {}
    for i in range(opts.hands):
        for decision, match, _, view, _ in hand_decisions(
            rules, 7000 + i, i % rules.players, opts.bot_samples, str(i)
        ):
            hand = match.hand
            if (
                view.phase == "play"
                and not view.trick
                and len(view.tricks) in (0, 3, 6)
                and hand.bidder is not None
            ):
                for looker in (s for s in range(rules.players) if s != hand.bidder):
                    k = read_view(match.view(looker))
                    rng = random.Random(f"{i}/{decision}/{looker}")
                    weighted = total = plain = 0.0
                    for _ in range(opts.samples):
                        hands, nest = sample_deal(k, rng)
                        w = deal_weight(k, hands, nest, k.bids)
                        weighted += w * worth(nest)
                        total += w
                        plain += worth(nest)
                    row = (worth(hand.buried), weighted / total, plain / opts.samples)
                    rows.setdefault(len(view.tricks), []).append(row)
    for played, row in sorted(rows.items()):
        true = statistics.fmean(r[0] for r in row)
        weighted = statistics.fmean(r[1] for r in row)
        plain = statistics.fmean(r[2] for r in row)
        err_w = statistics.fmean(abs(r[0] - r[1]) for r in row)
        err_p = statistics.fmean(abs(r[0] - r[2]) for r in row)
        print(
            f"trick {played + 1}: {len(row)} looks; buried counters {true:.1f}, expected {weighted:.1f} weighted "
            f"({plain:.1f} with every deal equal); mean miss {err_w:.1f} ({err_p:.1f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
