"""How much work the clock-bound hard bot does on this machine: deals dealt per card-play decision.

    python benchmarks/bench_bot_work.py --boards 10 --seed 1
    python benchmarks/bench_bot_work.py --rules SPEC --boards 4    # a custom table (JSON text or a file)

The arena's figures are in fixed-work mode (``--samples N``: exactly N deals a decision), so they are reproducible;
the bot players meet stops at its deadline or at its cap (``max_samples``, 200), whichever comes first. This
benchmark plays hard against medium with the clock, as shipped, and counts the deals each of hard's card plays
dealt, so a fixed-work figure can be matched to the machine it stands for. Run it on an idle machine: with other
jobs on the cores, the clock-bound bot deals less. Decisions with one legal card deal nothing and are left out.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from krook.bots.arena import _seating, board_match, board_seeds, read_spec, table_rules
from krook.bots.base import BotContext
from krook.bots.catalog import make_bot
from krook.bots.strengths import HardBot
from krook.rules import Phase


def play_board(table: str, index: int, deal_seed: int, strength: str) -> list[tuple[int, float]]:
    """One board, both seatings; (deals, seconds) for every card decision of the ``strength`` seats that dealt.
    ``table`` is a preset's name or a rules SPEC, as the arena takes them."""
    n = table_rules(table)[0].players
    out: list[tuple[int, float]] = []
    for swap in (False, True):
        names = _seating(strength, "medium", n, swap)
        bots = [make_bot(name) for name in names]
        match = board_match(table, index, deal_seed)
        decision = 0
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            view = match.view(seat)
            bot = bots[seat]
            before = bot.dealt if isinstance(bot, HardBot) else 0
            t0 = time.perf_counter()
            action = bot.choose(view, BotContext(random.Random(f"{deal_seed}/{int(swap)}/{seat}/{decision}")))
            seconds = time.perf_counter() - t0
            if isinstance(bot, HardBot) and view.phase is Phase.PLAY and bot.dealt > before:
                out.append((bot.dealt - before, seconds))
            match.apply(action, seat)
            decision += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument(
        "--rules", default=None, help="a rules SPEC (JSON text or a file), instead of --preset"
    )
    parser.add_argument("--strength", default="hard", choices=("hard", "expert"))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()
    table = read_spec(opts.rules) if opts.rules else opts.preset
    decisions: list[tuple[int, float]] = []
    for index, deal_seed in enumerate(board_seeds(opts.seed, opts.boards)):
        decisions += play_board(table, index, deal_seed, opts.strength)
    deals = sorted(d for d, _ in decisions)
    seconds = sorted(s for _, s in decisions)
    cap = make_bot(opts.strength).max_samples  # type: ignore[attr-defined]
    result = {
        "table": table,
        "strength": opts.strength,
        "boards": opts.boards,
        "decisions": len(deals),
        "cap": cap,
        "deals_median": statistics.median(deals),
        "deals_p5": deals[int(0.05 * (len(deals) - 1))],
        "deals_min": deals[0],
        "at_cap": round(sum(1 for d in deals if d >= cap) / len(deals), 3),
        "seconds_median": round(statistics.median(seconds), 4),
        "seconds_p95": round(seconds[int(0.95 * (len(seconds) - 1))], 4),
        "seconds_max": round(seconds[-1], 4),
    }
    print(
        f"{opts.strength} at {opts.rules or opts.preset}, {opts.boards} boards, {len(deals)} card decisions that dealt: "
        f"deals median {result['deals_median']}, 5th percentile {result['deals_p5']}, least {deals[0]}; "
        f"{100 * result['at_cap']:.1f}% reached the cap of {cap}; "
        f"seconds median {result['seconds_median']}, p95 {result['seconds_p95']}, max {result['seconds_max']}"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
