"""How much a table lets one bot lead another by, read from arena logs: ``python benchmarks/board_ceiling.py LOG...``.

A board's score is the mean of its two runs' differences (``krook/bots/arena.py``). At some tables most runs cannot
move it: with a called partner, a contract whose pair is one bot of each kind changes both bots' means alike, and
where the defenders do not score only the bidder's seat moves. For each log this prints the share of runs that
moved the score, their mean size, and the bound that follows: the board score if every run that moved it had gone
bot A's way by the same amount. A target above a large share of that bound asks a bot to win nearly every
contract that counts, whatever its strength.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any


def ceiling(boards: list[dict[str, Any]]) -> dict[str, float]:
    """The figures of one log's boards (see the module's docstring)."""
    runs = [run for board in boards for run in board["runs"]]
    contracts = [run for run in runs if not run["thrown_in"]]
    moved = [abs(run["diff"]) for run in runs if run["diff"]]
    bound = statistics.fmean(statistics.fmean(abs(run["diff"]) for run in board["runs"]) for board in boards)
    return {
        "boards": len(boards),
        "runs": len(runs),
        "contracts": len(contracts),
        "moved_share": len(moved) / len(runs),
        "moved_mean": statistics.fmean(moved) if moved else 0.0,
        "bound": bound,
        "observed": statistics.fmean(board["diff"] for board in boards),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path, help="arena logs (--log), one board a line")
    args = parser.parse_args(argv)
    print("| log | boards | runs that moved the score | their mean size | bound | observed |")
    print("|---|---|---|---|---|---|")
    for path in args.logs:
        boards = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        if not boards:
            print(f"| {path.name} | 0 | — | — | — | — |")
            continue
        c = ceiling(boards)
        print(
            f"| {path.name} | {c['boards']} | {c['moved_share']:.0%} | {c['moved_mean']:.1f} "
            f"| {c['bound']:+.1f} | {c['observed']:+.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
