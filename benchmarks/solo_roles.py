"""Where a bot alone among others wins or loses: each run of a ``--solo`` arena log split by its role and paired
with the same run of a baseline log (usually medium alone, every seat medium).

    python benchmarks/solo_roles.py A_LOG BASE_LOG

Both logs come from ``krook arena ... --solo --log F`` on the same boards (same table, seed and deals). A run is
one seating (the bot in seat *i* of board *b*); it is put in one of four groups by whether the bot declared
there and whether the baseline's bot in the same seat did, and each group shows the bot's score in the run, the
baseline's, their difference with a 95% CI over runs, its share of the mean per run, and how often the contract
was made. A baseline bot is told apart from the others by its name: ``medium@FOLDER`` beside plain ``medium``.
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

Run = dict[str, Any]


def read_log(path: Path) -> list[dict[str, Any]]:
    """A log's boards, in order."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def by_board(boards: list[dict[str, Any]]) -> dict[int, list[Run]]:
    """Boards' runs by board number."""
    return {board["board"]: board["runs"] for board in boards}


def load(path: Path) -> dict[int, list[Run]]:
    """A log's runs by board number."""
    return by_board(read_log(path))


def role_split(
    a_runs: dict[int, list[Run]], base_runs: dict[int, list[Run]], a_name: str, base_name: str
) -> dict[str, list[tuple[Run, Run]]]:
    """The paired runs of the boards both logs hold, grouped as 'bot declares / baseline declares' and so on."""
    groups: dict[str, list[tuple[Run, Run]]] = defaultdict(list)
    for board in sorted(set(a_runs) & set(base_runs)):
        for ra, rb in zip(a_runs[board], base_runs[board], strict=True):
            key = (
                ("declares" if ra["bidder"] == a_name else "defends")
                + " / baseline "
                + ("declares" if rb["bidder"] == base_name else "defends")
            )
            groups[key].append((ra, rb))
    return dict(groups)


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    a_log, base_log = read_log(Path(argv[0])), read_log(Path(argv[1]))
    if not (a_log and base_log and a_log[0].get("solo") and base_log[0].get("solo")):
        print("both logs must come from --solo runs", file=sys.stderr)
        return 2
    a_head, base_head = a_log[0], base_log[0]
    groups = role_split(by_board(a_log), by_board(base_log), a_head["a"], base_head["a"])
    total = sum(len(v) for v in groups.values())
    print(f"{a_head['a']} alone, against {base_head['a']} alone in the same seats: {total} runs")
    for key, pairs in sorted(groups.items()):
        diff, half = _mean_ci([ra["diff"] - rb["diff"] for ra, rb in pairs])
        mine = sum(ra["diff"] for ra, _ in pairs) / len(pairs)
        theirs = sum(rb["diff"] for _, rb in pairs) / len(pairs)
        made_a = sum(bool(ra["made"]) for ra, _ in pairs) / len(pairs)
        made_b = sum(bool(rb["made"]) for _, rb in pairs) / len(pairs)
        print(
            f"  {key:<30} runs {len(pairs):4d}  bot {mine:+7.2f}  baseline {theirs:+7.2f}  "
            f"difference {diff:+7.2f} ± {half:5.2f}  a run {diff * len(pairs) / total:+6.2f}  "
            f"made {made_a:.0%} / {made_b:.0%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
