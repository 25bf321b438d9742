"""The cheating measuring device of benchmarks/experiments/oracle.py sees the true deal, and only when asked.

It patches the bots' sampler in its own process, so it is checked in a child process, never imported here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "experiments" / "oracle.py"

CHECK = f"""
import random, runpy
ns = runpy.run_path({str(SCRIPT)!r}, run_name="oracle_check")
from krook.bots import strengths
from krook.bots.knowledge import read_view
from krook.rules import Match, PRESETS
match = Match(PRESETS["five-handed"].rules, seed=3)
view = match.view(1)
k = read_view(view)
truth = list(match.hand.hands)
hands, nest = strengths.sample_deal(k, random.Random(1))
assert hands != truth, "off: the sampler guesses"
ns["_truth"]["on"] = True
hands, nest = strengths.sample_deal(k, random.Random(1))
assert hands == truth, "on: the true hands"
assert nest == match.hand.nest, "on: the true nest"
print("ok")
"""


def test_the_oracle_deals_the_truth_only_while_it_looks() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
