"""Rules-core speed: random full hands per second per preset, and microseconds per legal-action listing.

Run: ``python benchmarks/bench_rules.py [--seconds 2] [--repeats 5] [--profile]``. Each figure is the median
of the repeats; the target is 3,000 random Kentucky Discard hands per second on one core.

Times on a shared machine swing with its load; to compare two versions exactly, count instructions for a fixed
workload instead: ``--fixed-hands N`` plays exactly N seeded hands and prints nothing else, e.g.
``valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/bench_rules.py --fixed-hands 600``
minus the same with ``--fixed-hands 0`` (start-up), divided by 600.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from krook.rules import PRESETS, Match, Phase


def random_hands(preset: str, seconds: float, seed: int = 1) -> float:
    """Hands per second: deal, bid, nest, trump, every trick and the score, all through Match's API."""
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    hands = 0
    match = Match(rules, seed=seed)
    # CPU time of this process: the figure is per core and not diluted by other work on a shared machine
    start = time.process_time()
    deadline = start + seconds
    hand_over = Phase.HAND_OVER
    while True:
        while match.phase is not hand_over:
            if match.is_over:
                break
            match.apply(match.legal_actions().sample(rng))
        hands += 1
        if time.process_time() > deadline:
            break
        if match.is_over:
            match = Match(rules, seed=rng.randrange(1 << 30))
        else:
            match.next_hand()
    return hands / (time.process_time() - start)


def fixed_hands(preset: str, count: int, seed: int = 1) -> None:
    """Exactly ``count`` random hands from ``seed``: the same work every run, for instruction counts."""
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    hand_over = Phase.HAND_OVER
    for _ in range(count):
        while match.phase is not hand_over and not match.is_over:
            match.apply(match.legal_actions().sample(rng))
        if match.is_over:
            match = Match(rules, seed=rng.randrange(1 << 30))
        else:
            match.next_hand()


def listing_us(preset: str, samples: int = 20000, seed: int = 2) -> float:
    """Microseconds to list the legal actions of a state seen for the first time (no cache)."""
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    total = 0.0
    count = 0
    while count < samples:
        if match.is_over:
            match = Match(rules, seed=rng.randrange(1 << 30))
            continue
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
            continue
        t0 = time.perf_counter()
        legal = match.legal_actions()
        total += time.perf_counter() - t0
        count += 1
        match.apply(legal.sample(rng))
    return total / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="show where the time goes in Kentucky Discard")
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument(
        "--fixed-hands", type=int, metavar="N", help="play N seeded hands of each preset, no output"
    )
    opts = parser.parse_args()
    if opts.fixed_hands is not None:
        for preset in opts.presets.split(","):
            fixed_hands(preset, opts.fixed_hands)
        return
    if opts.profile:
        profiler = cProfile.Profile()
        profiler.runcall(random_hands, "kentucky-discard", 3.0)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
        return
    print(f"{'preset':<20}{'hands/s (median)':>18}{'min':>9}{'max':>9}{'listing us':>12}")
    for preset in opts.presets.split(","):
        rates = [random_hands(preset, opts.seconds, seed=r + 1) for r in range(opts.repeats)]
        print(
            f"{preset:<20}{statistics.median(rates):>18.0f}{min(rates):>9.0f}{max(rates):>9.0f}"
            f"{listing_us(preset):>12.2f}"
        )


if __name__ == "__main__":
    main()
