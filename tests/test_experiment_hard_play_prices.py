"""benchmarks/experiments/hard_play_prices.py still runs, and its rows are what the game did: each is the
bidding side's points of a contract hard played out at the minimum bid, with the shipped model's features."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from krook.bots.bidding import FEATURES, hand_features
from krook.rules import PRESETS
from krook.rules.deal import deal_from_seed, hand_seed

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "experiments" / "hard_play_prices.py"


def test_each_seat_holds_the_contract_in_turn_and_its_row_reads_the_deal(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--deals", "2", "--samples", "1", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in (tmp_path / "kentucky-discard.jsonl").read_text().splitlines()]
    assert [r["deal"] for r in rows] == [0] * 4 + [1] * 4  # every seat of each deal took the contract
    rules = PRESETS["kentucky-discard"].rules
    hands, _ = deal_from_seed(rules, 0, hand_seed(16, 0))
    for seat, row in enumerate(rows[:4]):
        assert row["x"][: len(FEATURES) - 2] == hand_features(rules, hands[seat])
        assert 0.0 <= row["y"] <= 1.0 and abs(row["y"] * 120 - round(row["y"] * 120)) < 1e-9  # points of 120
    # a second run with the rows in place adds nothing (a stopped run resumes where it was)
    again = subprocess.run(
        [sys.executable, str(SCRIPT), "--deals", "2", "--samples", "1", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0 and len((tmp_path / "kentucky-discard.jsonl").read_text().splitlines()) == 8
