"""Review benchmark: time to review one seat's play of a Kentucky Discard hand, against plain re-solving.

    nice -n 15 python benchmarks/bench_review.py --hands 20 --seat 0 [--plain]

The hands are the first played hands of games between medium bots, dealt and played deterministically from
seeds 1, 2, ... (a thrown-in deal moves to the next seed), so every run reviews the same 20 hands. Each review is
timed in CPU seconds of this process (``time.process_time``) and wall-clock seconds, without the bid part (the
hard bot's bidding choices run on a time budget, not the solver). ``--plain`` also reviews each hand the plain
way (``engine.plain_review``: a fresh solver without killer moves for every figure, no table kept from one
position to the next, no first guess carried over), and prints the ratio of the medians; every figure (par,
actual, each costly play's card, better card and loss) must be the same both ways.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from krook.bots.base import BotContext
from krook.bots.catalog import make_bot
from krook.review.engine import HandReview, Reviewer, plain_review
from krook.rules import PRESETS, Match, Phase


def recorded_hand(seed: int, preset: str = "kentucky-discard") -> Match | None:
    """The first hand of a game of medium bots from ``seed``, played out; None when it was thrown in."""
    rules = PRESETS[preset].rules
    match = Match(rules, seed=seed, first_dealer=seed % rules.players)
    bots = [make_bot("medium") for _ in range(rules.players)]
    rng = random.Random(seed)
    while match.phase is not Phase.HAND_OVER:
        seat = match.to_act
        assert seat is not None
        match.apply(bots[seat].choose(match.view(seat), BotContext(rng)))
    return None if match.hand.thrown_in else match


def recorded_hands(count: int, preset: str = "kentucky-discard") -> list[tuple[int, Match]]:
    out: list[tuple[int, Match]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        match = recorded_hand(seed, preset)
        if match is not None:
            out.append((seed, match))
    return out


def summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return {"median": round(statistics.median(times), 3), "p95": round(p95, 3), "max": round(times[-1], 3)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--plain", action="store_true", help="also time plain re-solving and compare")
    opts = parser.parse_args()
    rows = []
    for seed, match in recorded_hands(opts.hands):
        cpu, wall = time.process_time(), time.perf_counter()
        reviewer = Reviewer(match, 0, opts.seat, bids=False)
        review: HandReview = reviewer.run()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        row = {
            "seed": seed,
            "cpu_s": round(cpu, 3),
            "wall_s": round(wall, 3),
            "par": review.par,
            "actual": review.actual,
            "lost": review.lost,
            "nodes": reviewer.solver.nodes,
        }
        if opts.plain:
            pcpu = time.process_time()
            plain = plain_review(match, 0, opts.seat)
            row["plain_cpu_s"] = round(time.process_time() - pcpu, 3)
            assert plain.to_dict() == review.to_dict(), (seed, plain, review)
        rows.append(row)
        print(json.dumps(row), flush=True)
    cpu_summary = summary([r["cpu_s"] for r in rows])
    out = {
        "hands": len(rows),
        "cpu_s": cpu_summary,
        "wall_s": summary([r["wall_s"] for r in rows]),
        "nodes": sum(r["nodes"] for r in rows),
    }
    if opts.plain:
        plain = summary([r["plain_cpu_s"] for r in rows])
        out["plain_cpu_s"] = plain
        out["median_ratio"] = round(cpu_summary["median"] / plain["median"], 3)
        out["total_ratio"] = round(sum(r["cpu_s"] for r in rows) / sum(r["plain_cpu_s"] for r in rows), 3)
    print(
        f"review of seat {opts.seat}, {len(rows)} hands: CPU median {cpu_summary['median']} s, "
        f"p95 {cpu_summary['p95']} s, max {cpu_summary['max']} s"
        + (
            f"; plain re-solving median {out['plain_cpu_s']['median']} s (ratio {out['median_ratio']})"
            if opts.plain
            else ""
        )
    )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
