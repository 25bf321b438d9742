"""benchmarks/experiments/count_calibration.py still runs, and what it calls the truth is the bidder's hand: the
true count is the trumps the bidder holds at the looking moment, and the chance the deals put on it is a
probability."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from script_loader import load_script

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks" / "experiments"))


def test_the_looks_read_the_bidders_true_hand() -> None:
    script = load_script("benchmarks/experiments/count_calibration.py", "count_calibration")
    opts = argparse.Namespace(preset="kentucky-discard", hands=2, samples=30, bot_samples=2)
    rows = script.looks(opts)
    assert rows and {r[0] for r in rows} <= {0, 1, 2}
    for _played, true, weighted, plain, chance, top, top_expected, voids, voids_expected in rows:
        assert 0 <= true <= 9 and 0 <= weighted <= 9 and 0 <= plain <= 9
        assert 0.0 <= chance <= 1.0
        assert 0 <= top <= 3 and 0 <= top_expected <= 3 and 0 <= voids <= 3 and 0 <= voids_expected <= 3
    # at the first trick the bidder holds its whole hand: most of it trump after taking the nest
    assert max(r[1] for r in rows if r[0] == 0) >= 3
