"""Bot benchmarks: exact-solver times by tricks remaining (whole hand included) on Kentucky Discard deals.

    python benchmarks/bench_bots.py --hands 20 --tricks 4 5 6 9

Positions come from random bidding and play through ``Match`` (seeded), so figures compare across versions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from krook.bots.fast import PlayRules
from krook.bots.solver import Solver
from krook.rules import PRESETS, Match, Phase


def position(preset: str, seed: int, tricks_left: int) -> Match:
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    while True:
        match = Match(rules, seed=rng.randrange(1 << 30), first_dealer=rng.randrange(rules.players))
        while match.phase not in (Phase.PLAY, Phase.HAND_OVER):
            match.apply(match.legal_actions().sample(rng))
        if match.phase is Phase.PLAY:
            break
    hand = match.hand
    while hand.hands[hand.to_act].bit_count() > tricks_left or hand.trick:
        match.apply(match.legal_actions().sample(rng))
    return match


def solve_time(match: Match) -> tuple[float, int]:
    hand = match.hand
    rules = hand.rules
    nest = hand.buried if hand.bidder is not None else hand.nest
    bonus = rules.last_trick_bonus + sum(rules.point_list[c] for c in range(66) if nest >> c & 1)
    side = [rules.side_of(s) == rules.side_of(hand.bidder or 0) for s in range(rules.players)]
    solver = Solver(PlayRules(rules, hand.trump), side, bonus)
    started = time.perf_counter()
    value = solver.value(hand.hands, hand.leader)
    return time.perf_counter() - started, value


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--tricks", type=int, nargs="+", default=[4, 6, 9])
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()
    report = {}
    for tricks in opts.tricks:
        times = sorted(solve_time(position(opts.preset, opts.seed * 1000 + i, tricks))[0] for i in range(opts.hands))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        report[tricks] = {"median_s": round(statistics.median(times), 4), "p95_s": round(p95, 4),
                          "max_s": round(times[-1], 4), "positions": len(times)}
        print(f"{tricks} tricks left: median {report[tricks]['median_s']} s, p95 {report[tricks]['p95_s']} s, "
              f"max {report[tricks]['max_s']} s over {len(times)} positions", flush=True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
