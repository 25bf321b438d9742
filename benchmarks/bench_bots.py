"""Bot benchmarks: exact-solver times by tricks remaining (whole hand included) on Kentucky Discard deals.

    python benchmarks/bench_bots.py --hands 15 --tricks 4 6 9

Positions come from random bidding and play through ``Match`` (seeded: position ``i`` uses seed
``seed * 1000 + i``), so figures compare across versions. Each solve is timed twice: CPU time of this process
(``time.process_time``, what to compare on a machine shared with other jobs) and wall-clock time
(``time.perf_counter``). The JSON line at the end holds both, plus each position's value and node count.

``--solver PATH`` runs another copy of ``krook/bots/solver.py`` (e.g. the previous version, saved elsewhere) on the
same positions, for A/B runs at the same moment; the values must not change, nodes and times may.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import time

from krook.bots import solver as solver_module
from krook.bots.fast import PlayRules
from krook.bots.positions import random_position
from krook.rules import Match

Solver = solver_module.Solver


def load_solver(path: str) -> type:
    """The ``Solver`` class of a copy of ``krook/bots/solver.py`` at ``path`` (loaded inside ``krook.bots``)."""
    spec = importlib.util.spec_from_file_location("krook.bots._solver_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Solver


def solve(match: Match) -> dict[str, float | int]:
    """Solve the position from its lead; CPU and wall seconds, the value and the nodes searched."""
    hand = match.hand
    rules = hand.rules
    nest = hand.buried if hand.bidder is not None else hand.nest
    bonus = rules.last_trick_bonus + sum(rules.point_list[c] for c in range(66) if nest >> c & 1)
    side = [rules.side_of(s) == rules.side_of(hand.bidder or 0) for s in range(rules.players)]
    solver = Solver(PlayRules(rules, hand.trump), side, bonus)
    cpu, wall = time.process_time(), time.perf_counter()
    value = solver.value(hand.hands, hand.leader)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"cpu_s": cpu, "wall_s": wall, "value": value, "nodes": solver.nodes}


def summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return {"median": round(statistics.median(times), 4), "p95": round(p95, 4), "max": round(times[-1], 4)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--hands", type=int, default=15)
    parser.add_argument("--tricks", type=int, nargs="+", default=[4, 6, 9])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every position's figures")
    parser.add_argument("--solver", help="path of another copy of krook/bots/solver.py to run instead")
    opts = parser.parse_args()
    if opts.solver:
        global Solver
        Solver = load_solver(opts.solver)
    report = {}
    for tricks in opts.tricks:
        runs = []
        for i in range(opts.hands):
            run = solve(random_position(opts.preset, opts.seed * 1000 + i, tricks))
            runs.append(run)
            if opts.verbose:
                print(
                    f"  {tricks} tricks #{i}: cpu {run['cpu_s']:.3f} s, wall {run['wall_s']:.3f} s, "
                    f"value {run['value']}, nodes {run['nodes']}",
                    flush=True,
                )
        cpu = summary([r["cpu_s"] for r in runs])
        wall = summary([r["wall_s"] for r in runs])
        report[tricks] = {
            "cpu_s": cpu,
            "wall_s": wall,
            "positions": len(runs),
            "values": [r["value"] for r in runs],
            "nodes": [r["nodes"] for r in runs],
        }
        print(
            f"{tricks} tricks left, {len(runs)} positions: "
            f"CPU median {cpu['median']} s, p95 {cpu['p95']} s, max {cpu['max']} s; "
            f"wall median {wall['median']} s, p95 {wall['p95']} s, max {wall['max']} s",
            flush=True,
        )
    print(json.dumps(report))


if __name__ == "__main__":
    main()
