"""Where a change to a bot wins or loses, declaring or defending: two arena logs of the same boards, run by run.

    python benchmarks/experiments/paired_roles.py A_LOG BASE_LOG

Both logs come from ``krook arena --a X --b CHAMPION ... --log F`` (or ``oracle.py``) on the same boards. Each
run's score difference (X − CHAMPION) is paired with the same run of the base log and grouped by whether X's side
held the contract in A's run. A run is one seating of a board, so a group's mean per run over two is its share
of the per-deal figure when it holds every board's other run too.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any


def groups(a_log: list[dict[str, Any]], base_log: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Paired run differences, grouped by the role of the first log's bot: declaring, defending, thrown in."""
    base = {b["board"]: b for b in base_log}
    out: dict[str, list[float]] = {}
    for board in a_log:
        other = base.get(board["board"])
        if other is None:
            continue
        for run, base_run in zip(board["runs"], other["runs"], strict=True):
            if run["bidder"] is None:
                role = "thrown in"
            else:
                role = "declaring" if run["bidder"] == board["a"] else "defending"
            out.setdefault(role, []).append(run["diff"] - base_run["diff"])
    return out


def main(argv: list[str]) -> int:
    a_log, base_log = (
        [json.loads(x) for x in Path(p).read_text().splitlines() if x.strip()] for p in argv[:2]
    )
    for role, diffs in sorted(groups(a_log, base_log).items()):
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        print(f"{role}: {len(diffs)} runs, paired difference a run {mean:+.2f} ± {half:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
