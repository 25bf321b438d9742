"""Learned bidding against hard's former bidding (by simulation), both with hard's card play, on duplicate boards.

    python benchmarks/bench_bidding.py --preset kentucky-discard --deals 200 --samples 16 --log /tmp/bid.jsonl

``hard-simbid`` is the hard bot with the learned model switched off: it bids as hard did before the model (dealing
the nest and the other hands, playing each deal out with the playout policy, bidding while holding the contract
beats defending). Everything else (bury, trump, card play) is the same code, so the score difference per deal is
what the bidding is worth. Prints ``krook arena``'s summary, bid calibration included. One worker: the extra
strength is registered in this process only.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from krook.bots.arena import print_summary, run_arena
from krook.bots.base import register
from krook.bots.knowledge import Knowledge
from krook.bots.strengths import HardBot


@register("hard-simbid")
class SimulatedBiddingHard(HardBot):
    name = "hard-simbid"

    @staticmethod
    def _learned_outcomes(k: Knowledge) -> list[float] | None:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--log", type=Path, default=None)
    opts = parser.parse_args()
    summary = run_arena(
        "hard",
        "hard-simbid",
        opts.preset,
        opts.deals,
        opts.seed,
        workers=1,
        samples=opts.samples,
        log=opts.log,
    )
    print_summary(summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
