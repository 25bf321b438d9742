"""The champion gauntlet: a sequential probability ratio test of a candidate bot against a frozen champion.

    python benchmarks/sprt.py --a hard --b hard@hard-2026-12-02 --samples 16 --log /tmp/sprt.jsonl
    python benchmarks/sprt.py --tables gauntlet ...     # Kentucky Discard and the eight custom tables in turn
    python benchmarks/sprt.py --rules '{"preset": "keith", "overrides": {"target": 300}}' ...

Each board is a duplicate board of ``krook arena`` (the same deal played twice, seats swapped), so its score is a
paired difference: the candidate's score change a deal minus the champion's on the same cards. After every board
the test weighs two hypotheses about the mean difference: H0, the candidate is no better (mean ``--d0``, default
0) and H1, it is better by ``--d1`` points a deal (default 3). The log-likelihood ratio of the boards so far, with
the differences taken as normal and their variance estimated from the boards themselves (the GSPRT chess-engine
testing uses on game pairs), is

    LLR = (d1 - d0) / var * (sum of differences - n (d0 + d1) / 2)

and the test stops as soon as it leaves (log(beta / (1 - alpha)), log((1 - beta) / alpha)): above, H1 is accepted
(the change passes), below, H0 (it does not). ``alpha`` is the chance of passing a change that is no better,
``beta`` of failing one that is ``d1`` better. No decision is taken before ``--min-boards`` (the variance needs
some boards), and at ``--max-boards`` the test stops undecided. With ``--samples`` (fixed work, the default) a
run is reproducible from its seed; ``--log`` keeps every board, and a stopped run started again with the same log
goes on from where it stopped.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krook.bots.arena import arena_bot, board_seeds, play_board, read_spec, table_spec
from krook.rules import PRESETS

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Verdict:
    boards: int
    mean: float
    half_ci: float  # 95% half-width of the mean
    llr: float
    lower: float
    upper: float
    decision: str | None  # "H1" (the candidate is better), "H0" (it is not), None (go on)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr(diffs: list[float], d0: float, d1: float) -> float:
    """The log-likelihood ratio of H1 (mean d1) against H0 (mean d0), normal with the sample's variance."""
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 0:
        var = 1e-9
    return (d1 - d0) / var * (sum(diffs) - n * (d0 + d1) / 2)


def verdict(
    diffs: list[float],
    d0: float = 0.0,
    d1: float = 3.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    min_boards: int = 40,
) -> Verdict:
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    lower, upper = bounds(alpha, beta)
    value = llr(diffs, d0, d1)
    decision = None
    if n >= min_boards:
        decision = "H1" if value >= upper else "H0" if value <= lower else None
    return Verdict(n, mean, 1.96 * math.sqrt(var / n) if n else 0.0, value, lower, upper, decision)


def gauntlet_tables() -> list[str]:
    """Kentucky Discard and the eight custom tables of ``custom_tables.py``, as arena tables."""
    spec = importlib.util.spec_from_file_location("custom_tables", HERE / "custom_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return ["kentucky-discard", *(json.dumps(t, sort_keys=True) for t in module.tables())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--a", default="hard", help="the candidate")
    parser.add_argument("--b", default="hard@hard-2026-12-02", help="the champion")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--preset", default=None)
    group.add_argument("--rules", default=None, metavar="SPEC", help="a rules SPEC (JSON text or a file)")
    group.add_argument(
        "--tables",
        choices=("gauntlet",),
        default=None,
        help="gauntlet: board i on table i mod 9 (Kentucky Discard, then custom tables 0-7)",
    )
    parser.add_argument("--samples", type=int, default=16, help="fixed work (deals per decision)")
    parser.add_argument(
        "--budget", type=float, default=None, help="play on the clock instead (not reproducible)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the boards (seed 1: the stored boards)")
    parser.add_argument("--d0", type=float, default=0.0, help="H0's mean difference a deal")
    parser.add_argument("--d1", type=float, default=3.0, help="H1's mean difference a deal")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--min-boards", type=int, default=40)
    parser.add_argument("--max-boards", type=int, default=2000)
    parser.add_argument("--log", type=Path, default=None, help="JSONL of every board; a rerun resumes it")
    parser.add_argument("--every", type=int, default=20, help="print the test's state every this many boards")
    opts = parser.parse_args()
    if opts.tables == "gauntlet":
        tables = gauntlet_tables()
    elif opts.rules is not None:
        tables = [read_spec(opts.rules)]
    else:
        tables = [opts.preset or "kentucky-discard"]
    for table in tables:
        table_spec(table)
    arena_bot(opts.a), arena_bot(opts.b)  # both load, before any board is played
    samples = None if opts.budget is not None else opts.samples
    seeds = board_seeds(opts.seed, opts.max_boards)
    diffs: list[float] = []
    sink = None
    if opts.log is not None:
        if opts.log.exists():
            for line in opts.log.read_text().splitlines():
                if line.strip():
                    diffs.append(json.loads(line)["diff"])
            print(f"resuming {opts.log}: {len(diffs)} boards")
        sink = opts.log.open("a")
    started = time.perf_counter()
    result = verdict(diffs, opts.d0, opts.d1, opts.alpha, opts.beta, opts.min_boards) if diffs else None
    print(
        f"SPRT {opts.a} vs {opts.b}: H0 mean {opts.d0:+g}, H1 mean {opts.d1:+g} a deal, alpha {opts.alpha}, "
        f"beta {opts.beta}; {len(tables)} table(s); "
        + (f"{samples} deals a decision" if samples else f"{opts.budget} s a decision")
    )
    try:
        while (result is None or result.decision is None) and len(diffs) < opts.max_boards:
            i = len(diffs)
            table = tables[i % len(tables)]
            board = play_board((table, opts.a, opts.b, i, seeds[i], opts.budget, samples))
            diffs.append(board["diff"])
            if sink is not None:
                head = {"a": opts.a, "b": opts.b, "table": table_spec(table), "samples": samples, "board": i}
                sink.write(json.dumps({**head, **board}) + "\n")
                sink.flush()
            result = verdict(diffs, opts.d0, opts.d1, opts.alpha, opts.beta, opts.min_boards)
            if len(diffs) % opts.every == 0 or result.decision is not None:
                print(
                    f"  {result.boards:5d} boards  mean {result.mean:+7.2f} ± {result.half_ci:5.2f}  "
                    f"LLR {result.llr:+6.2f} in ({result.lower:+.2f}, {result.upper:+.2f})  "
                    f"{time.perf_counter() - started:7.0f} s",
                    flush=True,
                )
    finally:
        if sink is not None:
            sink.close()
    assert result is not None
    words = {
        "H1": f"H1 accepted: {opts.a} is better than {opts.b}",
        "H0": f"H0 accepted: {opts.a} is not {opts.d1:g} a deal better than {opts.b}",
        None: f"undecided after {result.boards} boards",
    }
    print(
        f"{words[result.decision]} ({result.boards} boards, mean {result.mean:+.2f}, "
        f"95% CI [{result.mean - result.half_ci:+.2f}, {result.mean + result.half_ci:+.2f}], LLR {result.llr:+.2f})"
    )
    return 0


if __name__ == "__main__":
    assert PRESETS
    sys.exit(main())
