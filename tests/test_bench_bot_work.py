"""The clock-bound work benchmark reads a custom table as the arena does and counts the deals of each card play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_bot_work.py"
# six each alone, six cards a seat: the quickest table with a search in every card decision
SPEC = {"preset": "six-handed", "overrides": {"deck": "41", "nest_size": 5, "defenders_score": False}}


def test_a_custom_table_is_played_and_its_card_decisions_counted() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rules", json.dumps(SPEC), "--boards", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert json.loads(result["table"]) == SPEC
    assert result["decisions"] > 0
    assert 1 <= result["deals_min"] <= result["deals_median"] <= result["cap"] == 200
