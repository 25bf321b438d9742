"""``krook arena``: two bot strengths on duplicate deals.

Each board (a seeded deal and dealer) is played twice: once with bot A in the even seats and bot B in the odd
seats, once swapped. A board's score is, averaged over the two runs, A's per-seat score change minus B's:

* fixed partnerships: A's team delta minus B's team delta for the hand;
* called partner and individual games (a score column per seat): the mean delta of A's seats minus the mean
  delta of B's seats (with 3 or 5 seats one bot holds one seat more in a run; the swap balances it).

A thrown-in deal (everyone passed) scores 0. Decision times are measured around each ``choose`` call.
Boards for ``--seed 1`` are read from ``krook/bots/boards/boards.json`` so figures compare across versions.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from krook.paths import package_root
from krook.rules import PRESETS, Match
from krook.rules.deal import deal_from_seed, hand_seed

from .base import BotContext, make_bot

BOARDS_FILE = package_root() / "bots" / "boards" / "boards.json"  # through paths: frozen builds too


def board_seeds(seed: int, count: int) -> list[int]:
    """Deal seeds of the boards: the stored set for seed 1 (as far as it goes), else derived from the seed."""
    stored: list[int] = []
    if seed == 1 and BOARDS_FILE.exists():
        stored = json.loads(BOARDS_FILE.read_text())["deal_seeds"]
    seeds = stored[:count]
    seeds += [hand_seed(seed, i) for i in range(len(seeds), count)]
    return seeds


Job = tuple[str, str, str, int, int, float | None, int | None]


def play_board(args: Job) -> dict[str, Any]:
    """Play one board both ways; return its score and the per-decision records."""
    preset, a, b, index, deal_seed, budget, samples = args
    rules = PRESETS[preset].rules
    n = rules.players
    dealer = index % n
    deal = deal_from_seed(rules, dealer, deal_seed)
    out: dict[str, Any] = {"diff": 0.0, "runs": [], "times": {a: {}, b: {}}}
    for swap in (False, True):
        names = [(b if s % 2 == 0 else a) if swap else (a if s % 2 == 0 else b) for s in range(n)]
        bots = [make_bot(x, samples=samples) for x in names]
        match = Match(rules, seed=deal_seed, first_dealer=dealer, deal=(list(deal[0]), deal[1]))
        decision = 0
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            view = match.view(seat)
            rng = random.Random(f"{deal_seed}/{int(swap)}/{seat}/{decision}")
            ctx = BotContext(rng) if budget is None else BotContext(rng, budget_s=budget)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, ctx)
            ms = (time.perf_counter() - t0) * 1000
            out["times"][names[seat]].setdefault(view.phase, []).append(ms)
            match.apply(action, seat)
            decision += 1
        result = match.results[-1]
        deltas = result.deltas
        columns = [rules.side_of(s) for s in range(n)]
        if rules.partnership == "fixed":
            a_seats = [s for s in range(n) if names[s] == a][:1]
            b_seats = [s for s in range(n) if names[s] == b][:1]
        else:
            a_seats = [s for s in range(n) if names[s] == a]
            b_seats = [s for s in range(n) if names[s] == b]
        mean_a = sum(deltas[columns[s]] for s in a_seats) / len(a_seats)
        mean_b = sum(deltas[columns[s]] for s in b_seats) / len(b_seats)
        run = {
            "diff": mean_a - mean_b,
            "bidder": None,
            "made": result.made,
            "thrown_in": bool(result.thrown_in),
        }
        if result.bidder is not None:
            run["bidder"] = names[result.bidder]
        out["runs"].append(run)
        out["diff"] += (mean_a - mean_b) / 2
    return out


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    i = min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))
    return values[i]


def summarise(a: str, b: str, preset: str, boards: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    diffs = [x["diff"] for x in boards]
    count = len(diffs)
    mean = sum(diffs) / count
    var = sum((d - mean) ** 2 for d in diffs) / max(1, count - 1)
    half = 1.96 * math.sqrt(var / count)
    summary: dict[str, Any] = {
        "a": a,
        "b": b,
        "preset": preset,
        "deals": count,
        "mean_diff": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "deals_won": {
            a: sum(1 for d in diffs if d > 0),
            b: sum(1 for d in diffs if d < 0),
            "tied": sum(1 for d in diffs if d == 0),
        },
        "seconds": round(seconds, 1),
    }
    bids: dict[str, dict[str, int]] = {a: {"made": 0, "set": 0}, b: {"made": 0, "set": 0}}
    thrown = 0
    for board in boards:
        for run in board["runs"]:
            thrown += run["thrown_in"]
            if run["bidder"] is not None:
                bids[run["bidder"]]["made" if run["made"] else "set"] += 1
    summary["bids"] = bids
    summary["thrown_in"] = thrown
    timing: dict[str, Any] = {}
    for bot in (a, b):
        every: list[float] = []
        phases: dict[str, list[float]] = {}
        for board in boards:
            for phase, values in board["times"].get(bot, {}).items():
                phases.setdefault(phase, []).extend(values)
                every.extend(values)
        timing[bot] = {
            "p50": round(_percentile(every, 0.5), 2),
            "p95": round(_percentile(every, 0.95), 2),
            "max": round(max(every, default=0.0), 2),
            "phases": {
                p: {
                    "p50": round(_percentile(v, 0.5), 2),
                    "p95": round(_percentile(v, 0.95), 2),
                    "max": round(max(v), 2),
                    "count": len(v),
                }
                for p, v in sorted(phases.items())
            },
        }
    summary["decision_ms"] = timing
    return summary


def run_arena(
    a: str,
    b: str,
    preset: str,
    deals: int,
    seed: int,
    workers: int = 2,
    budget: float | None = None,
    samples: int | None = None,
) -> dict[str, Any]:
    seeds = board_seeds(seed, deals)
    jobs: list[Job] = [(preset, a, b, i, s, budget, samples) for i, s in enumerate(seeds)]
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            boards = list(pool.imap(play_board, jobs, chunksize=4))
    else:
        boards = [play_board(job) for job in jobs]
    summary = summarise(a, b, preset, boards, time.perf_counter() - started)
    summary["samples"] = samples
    return summary


def print_summary(s: dict[str, Any]) -> None:
    a, b = s["a"], s["b"]
    print(f"{a} vs {b}, {s['preset']}, {s['deals']} duplicate deals ({s['seconds']} s)")
    print(
        f"mean score difference per deal ({a} - {b}): {s['mean_diff']:+.2f}  "
        f"95% CI [{s['ci95'][0]:+.2f}, {s['ci95'][1]:+.2f}]"
    )
    won = s["deals_won"]
    print(f"deals won: {a} {won[a]}, {b} {won[b]}, tied {won['tied']}  (thrown in: {s['thrown_in']} runs)")
    for bot in (a, b):
        bids = s["bids"][bot]
        print(f"  {bot}: bids made {bids['made']}, set {bids['set']}")
    for bot in (a, b):
        t = s["decision_ms"][bot]
        print(f"  {bot} decision ms: p50 {t['p50']}, p95 {t['p95']}, max {t['max']}")
        for phase, v in t["phases"].items():
            print(
                f"    {phase:8s} p50 {v['p50']:8.2f}  p95 {v['p95']:8.2f}  max {v['max']:8.2f}  ({v['count']})"
            )


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="krook arena", description=__doc__.splitlines()[0] if __doc__ else ""
    )
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds per decision (default: the bot's)"
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="fixed work: deals per decision for hard and expert, not the clock (reproducible)",
    )
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args(list(argv))
    if opts.preset not in PRESETS:
        print(
            f"krook arena: unknown preset {opts.preset!r}; choose from {', '.join(PRESETS)}", file=sys.stderr
        )
        return 2
    if opts.a == opts.b:
        print("krook arena: pick two different strengths", file=sys.stderr)
        return 2
    if opts.samples is not None and opts.samples < 1:
        print(f"krook arena: --samples must be at least 1 (got {opts.samples})", file=sys.stderr)
        return 2
    summary = run_arena(
        opts.a, opts.b, opts.preset, opts.deals, opts.seed, opts.workers, opts.budget, opts.samples
    )
    if opts.json:
        print(json.dumps(summary))
    else:
        print_summary(summary)
    return 0
