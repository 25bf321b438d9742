"""A bot change that touches rare decisions, measured on only the runs it changes.

    python benchmarks/paired_decisions.py --new hard@NEW --old hard@OLD --against hard@hard-2026-12-02 \\
        --phases discard trump --deals 1000 --samples 200 --workers 2 --log L

What ``krook arena --paired-with`` reports for two arena runs (NEW against a rival, OLD against the same rival,
the same boards, compared board by board), found without playing the runs where NEW and OLD agree. Each run of
each board is driven up to the end of the named phases with OLD in its seats while NEW is asked the same
questions with the same seeded generators; where every answer is the same, the two runs would be the same to the
last card (NEW and OLD must differ only in those phases), so the board's difference there is exactly 0. Only a
run where they part is played out, once with each. A change to the bury alters about one run in twenty-five,
so a thousand boards cost about what a hundred do in the arena.

Prints the per-deal difference NEW − OLD over all the boards screened (unchanged ones count 0), its 95% CI, the
runs changed, and the sequential tests of ``sprt.py``. ``--log`` keeps a line a board (a stopped run keeps what it
screened; ``--from-log L`` summarises it). ``--from-log L --why`` replays each changed run to NEW's first different
answer (seat, phase, the high bid then, both answers, the seat's hand value) and totals the runs' differences by
what changed, so a change's gains and losses can be read by bid level before it is trusted or narrowed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sprt import verdict

from krook.bots.arena import (
    _drive,
    _seatings,
    arena_bot,
    board_match,
    board_seeds,
    read_log,
    run_difference,
    table_rules,
)
from krook.bots.base import BotContext
from krook.bots.evaluate import best_trump_value
from krook.bots.knowledge import read_view
from krook.bots.paired import mean_ci
from krook.rules import Phase

# (table, new, old, rival, board index, deal seed, samples, phases, solo)
Job = tuple[str, str, str, str, int, int, int, tuple[str, ...], bool]


@dataclass(frozen=True)
class Difference:
    """Where NEW first answers otherwise in a run: the seat, the phase, the high bid then, both answers, and the
    seat's hand value (its best trump's, in points)."""

    seat: int
    phase: str
    high_bid: int | None
    old: str
    new: str
    hand_value: float


def first_difference(
    table: str,
    board: tuple[int, int],
    names: list[str],
    old: str,
    new: str,
    run: int,
    samples: int,
    phases: set[str],
) -> Difference | None:
    """NEW's first different answer in ``phases`` when asked OLD's questions in this run (``names``), or None."""
    match = board_match(table, *board)
    tag = f"{board[1]}/{run}"
    olds = [arena_bot(x, samples) for x in names]
    news = {s: arena_bot(new, samples) for s, x in enumerate(names) if x == old}
    decision = 0
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        view = match.view(seat)
        if view.phase is Phase.PLAY and "play" not in phases:
            return None  # the phases asked about are over and NEW agreed in all of them
        seeded = f"{tag}/{seat}/{decision}"
        action = olds[seat].choose(view, BotContext(random.Random(seeded)))
        # NEW hears every question of its seats, so its state follows the hand as OLD's does
        answer = news[seat].choose(view, BotContext(random.Random(seeded))) if seat in news else action
        if answer != action:
            if view.phase.value not in phases:
                raise ValueError(
                    f"NEW and OLD differ in the {view.phase.value} phase, which was not named ({tag})"
                )
            rules = match.rules
            value = best_trump_value(rules, read_view(view).hand)[0]
            return Difference(seat, view.phase.value, view.high_bid, str(action), str(answer), value)
        match.apply(action, seat)
        decision += 1
    return None


def _run_diff(
    table: str,
    board: tuple[int, int],
    names: list[str],
    a: str,
    b: str,
    run: int,
    samples: int,
    solo: bool,
) -> float:
    """The arena's score difference A − B of one run (as ``krook arena`` counts it)."""
    rules, _ = table_rules(table)
    match = board_match(table, *board)
    bots = [arena_bot(x, samples) for x in names]
    _drive(match, bots, names, {a: {}, b: {}}, f"{board[1]}/{run}", None)
    return run_difference(rules, match.results[-1].deltas, names, a, b, solo)


def play(job: Job) -> dict[str, Any]:
    """One board: NEW − OLD as the two arena runs against RIVAL would differ, each seating counted equally
    (``solo``: NEW or OLD alone in each seat in turn, as ``krook arena --solo`` plays)."""
    table, new, old, rival, index, deal_seed, samples, phases, solo = job
    rules, _ = table_rules(table)
    out: dict[str, Any] = {
        "new": new,
        "old": old,
        "against": rival,
        "table": table,
        "samples": samples,
        "board": index,
        "deal_seed": deal_seed,
        "diff": 0.0,
        "changed": [],
        "phases": list(phases),
        "solo": solo,
    }
    board = (index, deal_seed)
    seatings = _seatings(old, rival, rules.players, solo)
    out["runs"] = len(seatings)
    for run, olds in enumerate(seatings):
        if first_difference(table, board, olds, old, new, run, samples, set(phases)) is None:
            continue
        news = [new if name == old else name for name in olds]
        d = _run_diff(table, board, news, new, rival, run, samples, solo)
        d -= _run_diff(table, board, olds, old, rival, run, samples, solo)
        out["diff"] += d / len(seatings)
        out["changed"].append({"run": run, "diff": d})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", default="", help="the changed bot (STRENGTH@FOLDER, as the arena takes it)")
    parser.add_argument("--old", default="", help="the bot before the change")
    parser.add_argument("--against", default="hard@hard-2026-12-02", help="the rival both play against")
    parser.add_argument("--table", default="kentucky-discard", help="a preset's name or a rules SPEC")
    parser.add_argument("--phases", nargs="+", default=["discard", "trump"], choices=[p.value for p in Phase])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument(
        "--test",
        nargs=2,
        type=float,
        action="append",
        metavar=("H0", "H1"),
        help="a sequential test of the mean (repeatable; default: +0 against +5 and -3 against +0)",
    )
    parser.add_argument(
        "--solo", action="store_true", help="NEW or OLD alone among rivals, in each seat in turn"
    )
    parser.add_argument("--from-log", type=Path, default=None, help="summarise a log instead of playing")
    parser.add_argument(
        "--why",
        action="store_true",
        help="with --from-log: replay each changed run to NEW's first different answer, and total the runs' "
        "differences by what changed",
    )
    opts = parser.parse_args()
    if opts.from_log:
        try:
            boards = read_log(opts.from_log, ("board", "diff", "changed"), "a paired_decisions board")
        except (OSError, ValueError) as exc:  # missing, unreadable, a line cut off by a stopped run
            print(f"paired_decisions: cannot read the log: {exc}", file=sys.stderr)
            return 2
        if not boards:
            print(f"paired_decisions: {opts.from_log} holds no boards", file=sys.stderr)
            return 2
        boards.sort(key=lambda b: b["board"])
        for key in ("new", "old", "against", "table", "samples"):
            setattr(opts, key, boards[0].get(key, getattr(opts, key)))
        changed = sum(len(b["changed"]) for b in boards)
        code = _summary(opts, [b["diff"] for b in boards], changed, sum(b.get("runs", 2) for b in boards))
        if not opts.why:
            return code
        try:
            return _why(opts, boards)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            # a bot folder gone since the run, NEW differing in a phase not named, or a changed run the log
            # describes wrongly (no run number, or one the board does not have)
            print(f"paired_decisions: cannot replay the log: {exc!r}", file=sys.stderr)
            return 2
    if not opts.new or not opts.old or len({opts.new, opts.old, opts.against}) < 3:
        parser.error("--new, --old and --against must name three different bots")
    seeds = board_seeds(opts.seed, opts.deals)
    jobs: list[Job] = [
        (opts.table, opts.new, opts.old, opts.against, i, s, opts.samples, tuple(opts.phases), opts.solo)
        for i, s in enumerate(seeds)
    ][opts.first :]
    diffs: list[float] = []
    changed = runs = 0
    with contextlib.ExitStack() as stack:
        pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(opts.workers))
        sink = stack.enter_context(opts.log.open("a")) if opts.log else None
        for board in pool.imap(play, jobs, chunksize=4):
            diffs.append(board["diff"])
            changed += len(board["changed"])
            runs += board["runs"]
            if sink is not None:
                sink.write(json.dumps(board) + "\n")
                sink.flush()
    return _summary(opts, diffs, changed, runs)


# a log written before logs named their phases is replayed through every phase before the play
EARLY_PHASES = ("bidding", "call", "discard", "trump")


def _why(opts: argparse.Namespace, boards: list[dict[str, Any]]) -> int:
    """Each changed run's first different answer, then the runs' differences totalled by what changed."""
    rules, _ = table_rules(opts.table)
    groups: dict[tuple[str, str, str, int | None], list[float]] = {}
    print("board run seat phase      high  OLD → NEW                   hand   run's NEW − OLD")
    for b in boards:
        solo = b.get("solo", b.get("runs") == rules.players)
        phases = set(b.get("phases", EARLY_PHASES))
        seatings = _seatings(opts.old, opts.against, rules.players, solo)
        for run in b["changed"]:
            names = seatings[run["run"]]
            where = (b["board"], b["deal_seed"])
            d = first_difference(
                opts.table, where, names, opts.old, opts.new, run["run"], opts.samples, phases
            )
            if d is None:
                print(
                    f"paired_decisions: board {b['board']} run {run['run']}: NEW and OLD agree in "
                    f"{', '.join(sorted(phases))}; is the log from other bots?",
                    file=sys.stderr,
                )
                return 2
            level = "-" if d.high_bid is None else str(d.high_bid)
            change = f"{d.old} → {d.new}"
            print(
                f"{b['board']:>5} {run['run']:>3} {d.seat:>4} {d.phase:<9} {level:>5}  {change:<26} "
                f"{d.hand_value:>5.0f}   {run['diff']:+.1f}"
            )
            groups.setdefault((d.phase, d.old, d.new, d.high_bid), []).append(run["diff"])
    print("\nby what changed (how many runs; their total NEW − OLD; its mean a run):")
    for (phase, old, new, high), diffs in sorted(
        groups.items(), key=lambda g: (g[0][0], g[0][3] or 0, g[0][1:3])
    ):
        at = "" if high is None else f" over {high}"
        print(
            f"  {phase}{at}: {old} → {new}  {len(diffs)} runs, {sum(diffs):+.1f}, {sum(diffs) / len(diffs):+.2f}"
        )
    return 0


def _summary(opts: argparse.Namespace, diffs: list[float], changed: int, runs: int) -> int:
    n = len(diffs)
    mean, half = mean_ci(diffs)
    print(f"{opts.new} − {opts.old}, both against {opts.against}, {opts.table}, {opts.samples} deals")
    print(f"boards {n}, runs changed {changed} of {runs}")
    print(f"paired difference per deal: {mean:+.2f}  95% CI [{mean - half:+.2f}, {mean + half:+.2f}]")
    if not changed:
        return 0
    for d0, d1 in opts.test or ((0.0, 5.0), (-3.0, 0.0)):
        v = verdict(diffs, d0, d1)
        print(
            f"  sequential test H0 {d0:+g} against H1 {d1:+g}: LLR {v.llr:.2f}, {v.decision or 'undecided'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
