"""Autosave under ``kill -9``, more trials than the test: ``python benchmarks/bench_autosave_kill.py [N]``.

Prints how far behind the resumed game was (in actions) over N kills (default 200), half of them within
20 ms of an action, and how many saves were damaged or had no backup beside them.
"""

from __future__ import annotations

import collections
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.autosave_kill import run_trials  # noqa: E402


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory(prefix="krook-kill-") as home:
        trials = run_trials(n, Path(home), seed=101)
    acted = [t for t in trials if t.last_action is not None]
    behind = collections.Counter(t.behind for t in acted)
    for mode in ("after-action", "random"):
        some = [t for t in acted if t.mode == mode]
        print(
            f"{mode:>12}: {len(some)} kills, actions behind: {dict(sorted(collections.Counter(t.behind for t in some).items()))}"
        )
    print(f"all: {len(trials)} kills ({len(acted)} after an action); behind {dict(sorted(behind.items()))}")
    print(
        f"damaged saves: {sum(t.corrupt_files for t in trials[-1:])}; fell back to a backup: {sum(bool(t.notices) for t in trials)}"
    )
    print(f"kills with no backup beside the save: {sum(t.backups == 0 for t in acted)}")
    worst = max(behind, default=0)
    return 0 if worst <= 1 and not trials[-1].corrupt_files else 1


if __name__ == "__main__":
    sys.exit(main())
