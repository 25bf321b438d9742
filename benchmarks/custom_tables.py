"""Eight custom tables from the lobby's settings space, drawn with a fixed seed, and the arena on each.

    python benchmarks/custom_tables.py                      # the eight SPECs, one JSON object a line
    python benchmarks/custom_tables.py --run --a hard --b medium --deals 500 --samples 16 --log-dir /tmp/ct
    python benchmarks/custom_tables.py --run --only 3 ...   # one table (0-7)

A table is drawn setting by setting from ``krook.rules.SETTING_SPECS``: a choice setting takes one of its
choices, a number setting a value on its step within a range a family would use (the bids scaled to the points at
stake, bonuses off more often than on). The shapes are fixed so every kind of table is there: three four-handed
partnership tables, one called-partner table, one six-handed partnership table, and one three-, five- and
six-handed everyone-for-themselves table. A draw the rules refuse (a deck that does not divide, a bid above the
points) or that equals a preset is drawn again. Each table is written as the lobby would hold it: the preset of
the same shape (Kentucky Discard for four or six in partnership) and the overrides from it, so the
bots see that preset's name in their view, as they do at a lobby's custom table.

The draws depend only on ``--seed`` (default 29) and the settings space: a new setting changes them, so the
tables of a figure are the ones printed with it (docs/BOTS-JOURNAL.md keeps them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krook.rules import PRESETS, SETTING_SPECS, Rules, RulesError, matching_preset, spec_for
from krook.rules.settings import from_overrides

# (players, partnership) of the eight tables
SHAPES: tuple[tuple[int, str], ...] = (
    (4, "fixed"),
    (4, "fixed"),
    (4, "fixed"),
    (4, "called"),
    (6, "fixed"),
    (3, "individual"),
    (5, "individual"),
    (6, "individual"),
)
# settings the draw leaves alone: the shape's, the game's length, and the practice game (no bidding)
FIXED = {"players", "partnership", "practice_trump", "target", "both_over_target", "max_bid", "min_bid"}
# the preset a family would start from for each shape
BASE_BY_SHAPE = {
    (4, "called"): "call-partner",
    (3, "individual"): "three-handed",
    (5, "individual"): "five-handed",
    (6, "individual"): "six-handed",
}


def _draw_number(name: str, rng: random.Random, minimum: int, maximum: int, step: int) -> int:
    if name == "krook_points":
        return rng.choice([10, 15, 20, 20, 25, 30])
    if name == "ones_points":
        return rng.choice([0, 10, 15, 15, 20])
    if name == "bid_step":
        return rng.choice([5, 5, 5, 10])
    if name.endswith("_bonus"):
        return 0 if rng.random() < 0.6 else rng.choice([10, 20, 20, 30, 50])
    return minimum + step * rng.randrange((maximum - minimum) // step + 1)


def draw_table(rng: random.Random, players: int, partnership: str) -> Rules:
    """One playable rule set of the given shape, none of the presets."""
    while True:
        values: dict[str, Any] = {"players": players, "partnership": partnership}
        for spec in SETTING_SPECS:
            if spec.name in FIXED:
                continue
            if spec.choices:
                values[spec.name] = rng.choice(spec.choices)
            else:
                assert spec.minimum is not None and spec.maximum is not None
                values[spec.name] = _draw_number(spec.name, rng, spec.minimum, spec.maximum, spec.step)
        if partnership == "individual":
            values["first_bid_forced"] = rng.random() < 0.3
        try:
            rules = from_overrides(Rules(), values)
            # bids from 45% to 65% of the points at stake, on the step; a game to about four good hands
            top = rules.card_points_total + rules.bonus_total
            step = rules.bid_step
            low = int(top * rng.uniform(0.45, 0.65)) // step * step
            target = max(50, round(top * 4 / 50) * 50)
            rules = rules.replace(min_bid=max(step, low), target=min(2000, target))
        except RulesError:
            continue
        if matching_preset(rules) is None:
            return rules


def tables(seed: int = 29) -> list[dict[str, Any]]:
    """The eight tables as ``{"preset", "overrides"}`` SPECs."""
    rng = random.Random(seed)
    out = []
    for players, partnership in SHAPES:
        rules = draw_table(rng, players, partnership)
        base = BASE_BY_SHAPE.get((players, partnership), "kentucky-discard")
        out.append(spec_for(rules, base))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--seed", type=int, default=29, help="the draw's seed (the tables)")
    parser.add_argument("--run", action="store_true", help="play the arena on each table")
    parser.add_argument("--only", type=int, action="append", help="run this table only (0-7; repeatable)")
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--board-seed", type=int, default=1, help="the arena's --seed (the boards)")
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--log-dir", type=Path, default=None, help="one JSONL log per table")
    parser.add_argument("--json", action="store_true", help="print each table's arena summary as JSON")
    opts = parser.parse_args()
    specs = tables(opts.seed)
    if not opts.run:
        for spec in specs:
            print(json.dumps(spec, sort_keys=True))
        return 0
    from krook.bots.arena import print_summary, run_arena

    if opts.log_dir is not None:
        opts.log_dir.mkdir(parents=True, exist_ok=True)
    for i, spec in enumerate(specs):
        if opts.only and i not in opts.only:
            continue
        names = "-".join("".join(c if c.isalnum() or c in "@_" else "_" for c in x) for x in (opts.a, opts.b))
        log = None if opts.log_dir is None else opts.log_dir / f"table{i}-{names}.jsonl"
        summary = run_arena(
            opts.a,
            opts.b,
            json.dumps(spec, sort_keys=True),
            opts.deals,
            opts.board_seed,
            workers=1,
            budget=opts.budget,
            samples=opts.samples,
            log=log,
        )
        summary["table"] = i
        if opts.json:
            print(json.dumps(summary), flush=True)
        else:
            print(f"== table {i}")
            print_summary(summary)
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    assert set(PRESETS)  # the presets the draws avoid
    sys.exit(main())
