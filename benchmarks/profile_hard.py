"""Where the hard bot's card-play time goes: ``python benchmarks/profile_hard.py --hands 4 --samples 64``.

Four hard bots in fixed-work mode (``--samples`` deals a decision, seeded) play ``--hands`` Kentucky Discard hands
(or ``--rules SPEC``) under cProfile; prints the functions by their own time and each part's share of the card
decisions' time: the sampler's deals, the deal weights (bids, trump and burial, the plays read), the playouts
and the exact solver. CPU time, so a loaded machine slows it but does not skew the shares much.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krook.bots import BotContext, make_bot
from krook.bots.arena import read_spec, table_rules
from krook.rules import Match

# (label, module file, function) of the parts whose cumulative time is reported
PARTS = (
    ("sampler: sample_deal", "sampler.py", "sample_deal"),
    ("weights: deal_weight", "sampler.py", "deal_weight"),
    ("  of which bid_weight", "sampler.py", "bid_weight"),
    ("  of which play_weight", "sampler.py", "play_weight"),
    ("  of which policy_weight (plays read)", "play_reading.py", "policy_weight"),
    ("playouts: playout", "playout.py", "playout"),
    ("exact solver: move_values", "solver.py", "move_values"),
    ("late search: late_card", "late_search.py", "late_card"),
    ("hard's card play: play_card", "strengths.py", "play_card"),
)


def play(rules_table: str, hands: int, samples: int, seed: int) -> None:
    rules, _ = table_rules(rules_table)
    for i in range(hands):
        match = Match(rules, seed=seed * 1000 + i, first_dealer=i % rules.players)
        bots = [make_bot("hard", samples=samples) for _ in range(rules.players)]
        decision = 0
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            action = bots[seat].choose(match.view(seat), BotContext(random.Random(f"{i}/{decision}")))
            match.apply(action, seat)
            decision += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument(
        "--rules", default=None, help="a rules SPEC (JSON text or a file), instead of --preset"
    )
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--top", type=int, default=25)
    opts = parser.parse_args()
    table = read_spec(opts.rules) if opts.rules else opts.preset
    profile = cProfile.Profile()
    profile.runcall(play, table, opts.hands, opts.samples, opts.seed)
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(opts.top)
    raw = stats.stats  # type: ignore[attr-defined]
    total = max(
        (v[3] for (f, _, name), v in raw.items() if f.endswith("strengths.py") and name == "play_card"),
        default=0.0,
    )
    print(f"card decisions' time (play_card, cumulative): {total:.2f} s")
    for label, file, func in PARTS:
        cum = sum(v[3] for (f, _, name), v in raw.items() if f.endswith(file) and name == func)
        calls = sum(v[1] for (f, _, name), v in raw.items() if f.endswith(file) and name == func)
        share = cum / total if total else 0.0
        print(f"  {label:40s} {cum:7.2f} s  {share:6.1%}  ({calls} calls)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
