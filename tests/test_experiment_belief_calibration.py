"""benchmarks/experiments/belief_calibration.py still runs, and reads the truth by role: the bidder is the seat
that won the auction, and the figures it compares are the dealt seat's real hand."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from script_loader import load_script

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks" / "experiments"))


def test_every_seat_looks_at_every_other_by_role() -> None:
    script = load_script("benchmarks/experiments/belief_calibration.py", "belief_calibration")
    opts = argparse.Namespace(preset="kentucky-discard", hands=2, samples=20, bot_samples=2, tricks=[0])
    rows = script.looks(opts)
    pairs = {(r[0], r[1]) for r in rows}
    # four seats at one look: the bidder sees a partner and two defenders, each defender the other three
    assert (
        ("bidder", "partner") in pairs
        and ("defender", "bidder") in pairs
        and ("partner", "defender") in pairs
    )
    assert all(looking != "bidder" or dealt != "bidder" for looking, dealt in pairs)
    for _looking, _dealt, done, true, expected, chance in rows:
        assert done == 0
        assert 0 <= true[0] <= 9 and 0 <= expected[0] <= 9  # trumps in a hand of nine
        assert 0 <= true[1] <= 120 and 0 <= expected[1] <= 120  # card points of a 120-point deck
        assert 0.0 <= chance <= 1.0
    # at the first card the bidder holds most of its trump: it named them after taking the nest
    assert max(r[3][0] for r in rows if r[1] == "bidder") >= 3
