"""``krook arena``: two bot strengths on duplicate deals.

Each board (a seeded deal and dealer) is played twice: once with bot A in the even seats and bot B in the odd
seats, once swapped. A board's score is, averaged over the two runs, A's per-seat score change minus B's:

* fixed partnerships: A's team delta minus B's team delta for the hand;
* called partner and individual games (a score column per seat): the mean delta of A's seats minus the mean
  delta of B's seats (with 3 or 5 seats one bot holds one seat more in a run; the swap balances it).

With ``--solo``, A holds one seat and B every other, and each board is played once with A in each seat: A's
score change minus the mean of the other side's (B's seats, or in fixed partnerships the other team). That is a
bot's strength as one player among others, which in an individual or called-partner game the even-and-odd
seating blurs: there A's seats gain from one another's contracts and lose when they set one another.

A thrown-in deal (everyone passed) scores 0. Decision times are measured around each ``choose`` call.
Boards for ``--seed 1`` are read from ``krook/bots/boards/boards.json`` so figures compare across versions.

The table is a preset (``--preset NAME``) or any rule set (``--rules SPEC``, the ``{"preset": NAME, "overrides":
{...}}`` form of game records and the lobby, as JSON text or a file holding it). The match is made as the lobby
makes it: the rules of the preset with the overrides, and the preset's name, which the bots see in their view.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib
import importlib.util
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from krook import cli_values
from krook.paths import package_root
from krook.rules import DEFAULT_PRESET, PRESETS, Match, Rules, RulesError, rules_from_spec
from krook.rules.deal import deal_from_seed, hand_seed
from krook.rules.scoring import HandResult

from .base import Bot, BotContext
from .catalog import make_bot
from .paired import LogMismatchError, mean_ci, paired_summary, print_paired

BOARDS_FILE = package_root() / "bots" / "boards" / "boards.json"  # through paths: frozen builds too
# frozen bots kept as fixed opponents (the champion gauntlet): ``hard@NAME`` is hard from champions/NAME
CHAMPIONS_DIR = package_root().parent / "benchmarks" / "champions"
_CHAMPIONS: dict[Path, Any] = {}


def champion_dir(where: str) -> Path:
    """The folder of a frozen bots package: a path, or a name under ``benchmarks/champions/``."""
    path = Path(where)
    if not (path / "base.py").is_file():
        path = CHAMPIONS_DIR / where
    if not (path / "base.py").is_file():
        known = sorted(p.name for p in CHAMPIONS_DIR.glob("*") if (p / "base.py").is_file())
        raise ValueError(f"no frozen bots at {where!r}; the champions are {', '.join(known) or 'none'}")
    return path.resolve()


def _frozen_package(path: Path) -> Any:
    """Import a frozen copy of ``krook/bots`` as a package of its own (its modules apart from ``krook.bots``)."""
    if path not in _CHAMPIONS:
        # the whole path names the package: copies in folders of one name (``/tmp/a/krook/bots`` and
        # ``/tmp/b/krook/bots``) are different bots
        tag = hashlib.sha1(str(path).encode()).hexdigest()[:10]
        name = "krook_champion_" + "".join(c if c.isalnum() else "_" for c in path.name) + "_" + tag
        spec = importlib.util.spec_from_file_location(
            name, path / "__init__.py", submodule_search_locations=[str(path)]
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        # a copy made since the catalog left base.py has make_bot in catalog.py; earlier ones in base.py
        where = "catalog" if (path / "catalog.py").is_file() else "base"
        _CHAMPIONS[path] = importlib.import_module(f"{name}.{where}")
    return _CHAMPIONS[path]


def arena_bot(name: str, samples: int | None = None) -> Bot:
    """A bot by arena name: a strength (``hard``), or ``STRENGTH@CHAMPION``, the strength of a frozen copy of
    the bots (a name under ``benchmarks/champions/`` or the path of such a folder)."""
    if "@" not in name:
        return make_bot(name, samples=samples)
    strength, where = name.split("@", 1)
    bot: Bot = _frozen_package(champion_dir(where)).make_bot(strength, samples=samples)
    return bot


def board_seeds(seed: int, count: int) -> list[int]:
    """Deal seeds of the boards: the stored set for seed 1 (as far as it goes), else derived from the seed."""
    stored: list[int] = []
    if seed == 1 and BOARDS_FILE.exists():
        stored = json.loads(BOARDS_FILE.read_text())["deal_seeds"]
    seeds = stored[:count]
    seeds += [hand_seed(seed, i) for i in range(len(seeds), count)]
    return seeds


# (table, bot a, bot b, board index, deal seed, budget, samples); the table is a preset name or a rules SPEC as
# JSON text (a string, so a job pickles the same way to a worker process)
Job = tuple[str, str, str, int, int, float | None, int | None]


def table_spec(table: str) -> dict[str, Any]:
    """A table as ``{"preset", "overrides"}``: a preset's name, or a SPEC as JSON text; raises RulesError."""
    if table in PRESETS:
        return {"preset": table, "overrides": {}}
    try:
        spec = json.loads(table)
    except (ValueError, RecursionError) as exc:  # bad JSON, a number too long to read, nesting past the stack
        raise RulesError(f"rules SPEC is not JSON: {str(exc)[:120]}") from None
    rules_from_spec(spec)  # raises RulesError for a spec that cannot be played
    return {"preset": spec.get("preset", DEFAULT_PRESET), "overrides": dict(spec.get("overrides") or {})}


def table_rules(table: str) -> tuple[Rules, str]:
    """The rules of a table and the preset name its matches carry (the lobby's preset for a custom set)."""
    spec = table_spec(table)
    return rules_from_spec(spec), spec["preset"]


def table_argument(text: str) -> str:
    """An argparse ``type`` for a table (a preset name or a rules SPEC): the text itself, checked, or a clear
    usage error naming what is wrong with it."""
    try:
        table_rules(text)
    except ValueError as exc:  # RulesError: an unknown preset or a malformed SPEC
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def read_spec(text: str) -> str:
    """``--rules``'s argument as canonical JSON text: the JSON itself, or the path of a file holding it."""
    stripped = text.strip()
    if not stripped.startswith("{"):
        path = Path(text)
        if not path.is_file():
            raise RulesError(
                f"--rules takes a JSON object or the path of a file holding one; no file {text!r}"
            )
        stripped = path.read_text(encoding="utf-8")
    try:
        spec = json.loads(stripped)
    except (ValueError, RecursionError) as exc:  # bad JSON, a number too long to read, nesting past the stack
        raise RulesError(f"rules SPEC is not JSON: {str(exc)[:120]}") from None
    if not isinstance(spec, dict):
        raise RulesError("a rules SPEC is an object with 'preset' and 'overrides'")
    canonical = json.dumps(spec, sort_keys=True)
    table_spec(canonical)
    return canonical


def _drive(
    match: Match,
    bots: list[Bot],
    names: list[str],
    times: dict[str, dict[str, list[float]]],
    tag: str,
    budget: float | None,
    record: list[str] | None = None,
) -> None:
    """Play the current hand to its end, timing every decision; each decision's generator is seeded by ``tag``.
    With ``record``, every decision is appended to it as a line (seat, bot, phase, action)."""
    decision = 0
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        view = match.view(seat)
        rng = random.Random(f"{tag}/{seat}/{decision}")
        ctx = BotContext(rng) if budget is None else BotContext(rng, budget_s=budget)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, ctx)
        ms = (time.perf_counter() - t0) * 1000
        times[names[seat]].setdefault(view.phase.value, []).append(ms)
        if record is not None:
            record.append(f"  seat {seat} {names[seat]:<6} {view.phase.value:<8} {action}")
        match.apply(action, seat)
        decision += 1


def _seating(a: str, b: str, n: int, swap: bool) -> list[str]:
    return [(b if s % 2 == 0 else a) if swap else (a if s % 2 == 0 else b) for s in range(n)]


def _seatings(a: str, b: str, n: int, solo: bool) -> list[list[str]]:
    """The runs of a board: A in the even seats then the odd ones, or (``solo``) A alone in each seat in turn."""
    if solo:
        return [[a if s == seat else b for s in range(n)] for seat in range(n)]
    return [_seating(a, b, n, swap) for swap in (False, True)]


def _scored_seats(rules: Rules, names: list[str], a: str, b: str, solo: bool) -> tuple[list[int], list[int]]:
    """The seats whose mean score change counts for A and for B in one run."""
    n = rules.players
    a_seats = [s for s in range(n) if names[s] == a]
    b_seats = [s for s in range(n) if names[s] == b]
    if solo:
        # A's partner in a fixed partnership is a B bot on A's side: the other team is what A plays against
        return a_seats, [s for s in b_seats if rules.side_of(s) != rules.side_of(a_seats[0])]
    if rules.partnership == "fixed":
        return a_seats[:1], b_seats[:1]
    return a_seats, b_seats


def run_difference(
    rules: Rules, deltas: Sequence[int], names: list[str], a: str, b: str, solo: bool
) -> float:
    """One run's score: the mean change of A's scored seats' columns less B's (``deltas`` by column)."""
    a_seats, b_seats = _scored_seats(rules, names, a, b, solo)
    mean_a = sum(deltas[rules.side_of(s)] for s in a_seats) / len(a_seats)
    mean_b = sum(deltas[rules.side_of(s)] for s in b_seats) / len(b_seats)
    return mean_a - mean_b


def _run_record(result: HandResult, names: list[str], diff: float) -> dict[str, Any]:
    return {
        "diff": diff,
        "bidder": None if result.bidder is None else names[result.bidder],
        "bid": result.bid,
        "points": result.bidding_total,
        "made": result.made,
        "thrown_in": bool(result.thrown_in),
    }


def play_board(args: Job, record: list[str] | None = None) -> dict[str, Any]:
    """Play one board both ways; return its score and the per-decision records (every action in ``record``)."""
    return _play_board(args, False, record)


def play_board_solo(args: Job, record: list[str] | None = None) -> dict[str, Any]:
    """Play one board once with A in each seat, B in the others (``--solo``)."""
    return _play_board(args, True, record)


def board_match(table: str, index: int, deal_seed: int) -> Match:
    """A new match holding board ``index``'s deal: its seed's cards, the dealer turning with the board number."""
    rules, preset = table_rules(table)
    dealer = index % rules.players
    hands, nest = deal_from_seed(rules, dealer, deal_seed)
    return Match(rules, seed=deal_seed, first_dealer=dealer, preset=preset, deal=(list(hands), nest))


def _play_board(args: Job, solo: bool, record: list[str] | None = None) -> dict[str, Any]:
    table, a, b, index, deal_seed, budget, samples = args
    rules, _preset = table_rules(table)
    n = rules.players
    # the board's number and deal seed ride along in the log: two runs' logs pair board by board, and one
    # board replays from them (``--show``)
    out: dict[str, Any] = {
        "board": index,
        "deal_seed": deal_seed,
        "diff": 0.0,
        "runs": [],
        "times": {a: {}, b: {}},
    }
    seatings = _seatings(a, b, n, solo)
    for run, names in enumerate(seatings):
        bots = [arena_bot(x, samples) for x in names]
        match = board_match(table, index, deal_seed)
        if record is not None:
            how = f"{a} in seat {run}" if solo else ("seats swapped" if run else "as dealt")
            record.append(f"board {index} (deal seed {deal_seed}), {how}:")
            record += [f"  seat {s} {names[s]:<6} holds {' '.join(match.view(s).hand)}" for s in range(n)]
        _drive(match, bots, names, out["times"], f"{deal_seed}/{run}", budget, record)
        result = match.results[-1]
        diff = run_difference(rules, result.deltas, names, a, b, solo)
        out["runs"].append(_run_record(result, names, diff))
        out["diff"] += diff / len(seatings)
        if record is not None:
            record.append(f"  result: {out['runs'][-1]}")
    return out


MAX_HANDS = 100  # a game between bots that keep getting set could in principle go on forever


def play_game(args: Job) -> dict[str, Any]:
    """Play one whole game to the target both ways (the same deal sequence, seats swapped); A's games won."""
    table, a, b, index, game_seed, budget, samples = args
    rules, preset = table_rules(table)
    n = rules.players
    out: dict[str, Any] = {
        "board": index,
        "game_seed": game_seed,
        "diff": 0.0,
        "wins": 0,
        "hands": [],
        "runs": [],
        "times": {a: {}, b: {}},
    }
    for swap in (False, True):
        names = _seating(a, b, n, swap)
        bots = [arena_bot(x, samples) for x in names]
        match = Match(rules, seed=game_seed, first_dealer=index % n, preset=preset)
        while True:
            _drive(match, bots, names, out["times"], f"{game_seed}/{int(swap)}/{len(match.hands)}", budget)
            out["runs"].append(_run_record(match.results[-1], names, 0.0))
            if match.winner is not None or len(match.hands) >= MAX_HANDS:
                break
            match.next_hand()
        winner = match.winner
        won = winner is not None and any(names[s] == a and rules.side_of(s) == winner for s in range(n))
        lost = winner is not None and not won
        out["wins"] += won
        out["diff"] += (float(won) - float(lost)) / 2
        out["hands"].append(len(match.hands))
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
    mean, half = mean_ci(diffs)
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
    summary["calibration"] = {bot: calibration(boards, bot) for bot in (a, b)}
    if boards and "wins" in boards[0]:
        summary["games"] = games_summary(a, b, boards)
    return summary


def calibration(boards: list[dict[str, Any]], bot: str) -> dict[int, dict[str, Any]]:
    """Per bid level won by ``bot``: contracts, how many made, and the bidding side's mean points made / set."""
    levels: dict[int, list[tuple[bool, int]]] = {}
    for board in boards:
        for run in board["runs"]:
            if run["bidder"] == bot and run.get("bid") is not None and run.get("points") is not None:
                levels.setdefault(run["bid"], []).append((bool(run["made"]), run["points"]))
    out: dict[int, dict[str, Any]] = {}
    for level, runs in sorted(levels.items()):
        made = [p for m, p in runs if m]
        sets = [p for m, p in runs if not m]
        out[level] = {
            "contracts": len(runs),
            "made": len(made),
            "made_pct": round(100 * len(made) / len(runs), 1),
            "points_made": round(sum(made) / len(made), 1) if made else None,
            "points_set": round(sum(sets) / len(sets), 1) if sets else None,
        }
    return out


def games_summary(a: str, b: str, boards: list[dict[str, Any]]) -> dict[str, Any]:
    """Games won by A over game pairs (each deal sequence played both ways), with a 95% CI over the pairs."""
    pairs = [x["wins"] / 2 for x in boards]
    count = len(pairs)
    mean, half = mean_ci(pairs)
    hands = [h for x in boards for h in x["hands"]]
    return {
        "pairs": count,
        "games": 2 * count,
        "won": {a: sum(x["wins"] for x in boards), b: 2 * count - sum(x["wins"] for x in boards)},
        "win_rate": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "hands_per_game": round(sum(hands) / len(hands), 1),
    }


def run_arena(
    a: str,
    b: str,
    preset: str,
    deals: int,
    seed: int,
    workers: int = 2,
    budget: float | None = None,
    samples: int | None = None,
    games: bool = False,
    log: Path | None = None,
    first: int = 0,
    solo: bool = False,
) -> dict[str, Any]:
    """``deals`` boards (or, with ``games``, game pairs) from board ``first`` on; each finished board is appended
    to ``log`` at once, so a stopped run keeps what it played (``krook arena --from-log`` summarises it).

    ``preset`` is the table: a preset's name or a rules SPEC as JSON text (``read_spec``)."""
    spec = table_spec(preset)
    seeds = board_seeds(seed, deals) if not games else [hand_seed(seed + 7919, i) for i in range(deals)]
    jobs: list[Job] = [(preset, a, b, i, s, budget, samples) for i, s in enumerate(seeds)][first:]
    play = play_game if games else (play_board_solo if solo else play_board)
    started = time.perf_counter()
    boards: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(log.open("a")) if log is not None else None
        if workers > 1:
            pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(workers))
            done: Iterable[dict[str, Any]] = pool.imap(play, jobs, chunksize=1 if games else 4)
        else:
            done = (play(job) for job in jobs)
        for board in done:
            boards.append(board)
            if sink is not None:
                head = {
                    "a": a,
                    "b": b,
                    "preset": spec["preset"],
                    "rules": spec,
                    "samples": samples,
                    "solo": solo,
                }
                sink.write(json.dumps({**head, **board}) + "\n")
                sink.flush()
    summary = summarise(a, b, spec["preset"], boards, time.perf_counter() - started)
    summary["rules"] = spec
    summary["samples"] = samples
    summary["solo"] = solo
    return summary


def table_name(s: dict[str, Any]) -> str:
    """The table of a summary as a reader names it: the preset, with its overrides when there are any."""
    overrides = (s.get("rules") or {}).get("overrides") or {}
    if not overrides:
        return str(s["preset"])
    return f"{s['preset']} + {json.dumps(overrides, sort_keys=True)}"


def print_summary(s: dict[str, Any]) -> None:
    a, b = s["a"], s["b"]
    games = s.get("games")
    if games:
        print(
            f"{a} vs {b}, {table_name(s)}, {games['pairs']} duplicate game pairs ({s['seconds']} s, "
            f"{games['hands_per_game']} hands a game)"
        )
        print(
            f"games won: {a} {games['won'][a]}, {b} {games['won'][b]}; {a} win rate {games['win_rate']:.3f}  "
            f"95% CI [{games['ci95'][0]:.3f}, {games['ci95'][1]:.3f}]"
        )
    else:
        how = f", {a} alone in each seat in turn" if s.get("solo") else ""
        print(f"{a} vs {b}, {table_name(s)}, {s['deals']} duplicate deals{how} ({s['seconds']} s)")
        print(
            f"mean score difference per deal ({a} - {b}): {s['mean_diff']:+.2f}  "
            f"95% CI [{s['ci95'][0]:+.2f}, {s['ci95'][1]:+.2f}]"
        )
        won = s["deals_won"]
        print(
            f"deals won: {a} {won[a]}, {b} {won[b]}, tied {won['tied']}  (thrown in: {s['thrown_in']} runs)"
        )
    for bot in (a, b):
        bids = s["bids"][bot]
        print(f"  {bot}: bids made {bids['made']}, set {bids['set']}")
    for bot in (a, b):
        for level, c in s["calibration"][bot].items():
            print(
                f"    {bot} bid {level}: made {c['made']}/{c['contracts']} ({c['made_pct']}%), "
                f"points when made {c['points_made']}, when set {c['points_set']}"
            )
    for bot in (a, b):
        t = s["decision_ms"][bot]
        print(f"  {bot} decision ms: p50 {t['p50']}, p95 {t['p95']}, max {t['max']}")
        for phase, v in t["phases"].items():
            print(
                f"    {phase:8s} p50 {v['p50']:8.2f}  p95 {v['p95']:8.2f}  max {v['max']:8.2f}  ({v['count']})"
            )


LOG_FIELDS = ("a", "b", "board", "diff", "runs")


def read_log(
    path: Path, fields: tuple[str, ...] = LOG_FIELDS, kind: str = "an arena board"
) -> list[dict[str, Any]]:
    """A JSON-lines log's records (an arena's boards by default); ValueError naming the line when one is not
    ``kind`` (it lacks one of ``fields``)."""
    boards = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            board = json.loads(line)
        except (ValueError, RecursionError) as exc:  # a line cut off by a stopped run, or not JSON at all
            raise ValueError(f"{path}, line {number}: not JSON ({str(exc)[:80]})") from None
        if not isinstance(board, dict) or any(f not in board for f in fields):
            raise ValueError(f"{path}, line {number}: not {kind} (it needs {', '.join(fields)})")
        boards.append(board)
    return boards


def check_one_match(boards: list[dict[str, Any]]) -> None:
    """ValueError naming the first line played by other bots, at another table or with other work than line 1: a
    log joined from two runs' logs is summarised as one match only when both runs were the same match."""

    def match(board: dict[str, Any]) -> str:
        table = board.get("rules") or board.get("preset")
        return f"{board.get('a')} against {board.get('b')} ({table}, {board.get('samples')} deals)"

    keys = ("a", "b", "preset", "rules", "samples", "solo")
    first = boards[0] if boards else {}
    for number, board in enumerate(boards[1:], 2):
        if any(board.get(k) != first.get(k) for k in keys):
            raise ValueError(f"line {number} is {match(board)}, line 1 {match(first)}: not one match")


def check_runs(boards: list[dict[str, Any]]) -> None:
    """ValueError naming the first line whose runs a summary cannot count: every run names its bidder (one of the
    line's two bots, or none) and says whether the bid was made and the hand thrown in. A log whose bots were
    renamed by hand in ``a`` but not in its runs was summarised as a KeyError."""
    for number, board in enumerate(boards, 1):
        bots = (board["a"], board["b"], None)
        runs = board["runs"]
        for run in runs if isinstance(runs, list) else [None]:
            if not isinstance(run, dict) or "made" not in run or "thrown_in" not in run:
                raise ValueError(f"line {number}: a run lacks its result (bidder, made, thrown_in)")
            if run.get("bidder", "") not in bots:
                raise ValueError(
                    f"line {number}: a run's bidder {run.get('bidder')!r} is neither {board['a']} nor {board['b']}"
                )


def _print_pairing(new: list[dict[str, Any]], base: list[dict[str, Any]], as_json: bool) -> int:
    try:
        p = paired_summary(new, base)
    except LogMismatchError as exc:
        print(f"krook arena: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(p))
    else:
        print_paired(p)
    return 0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="krook arena", description=__doc__.splitlines()[0] if __doc__ else ""
    )
    parser.add_argument("--a", default="hard", help="a strength, or STRENGTH@CHAMPION (a frozen bot)")
    parser.add_argument("--b", default="medium", help="a strength, or STRENGTH@CHAMPION (a frozen bot)")
    parser.add_argument("--preset", default=None, help="a preset's name (default kentucky-discard)")
    parser.add_argument(
        "--rules",
        default=None,
        metavar="SPEC",
        help='any table: {"preset": NAME, "overrides": {SETTING: VALUE}} as JSON text or a file holding it',
    )
    parser.add_argument("--deals", type=cli_values.at_least(1), default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=cli_values.at_least(1), default=2)
    parser.add_argument(
        "--budget", type=cli_values.seconds, default=None, help="seconds per decision (default: the bot's)"
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="fixed work: deals per decision for hard and expert, not the clock (reproducible)",
    )
    parser.add_argument(
        "--games",
        action="store_true",
        help="whole games to the target: --deals counts game pairs (each played both ways)",
    )
    parser.add_argument(
        "--log", type=Path, default=None, help="append each finished board to this JSONL file"
    )
    parser.add_argument("--from-log", type=Path, default=None, help="summarise a log instead of playing")
    parser.add_argument(
        "--paired-with",
        type=Path,
        default=None,
        metavar="BASE_LOG",
        help="with --from-log: compare it board by board with a log of the same boards (a change against the bot before it)",
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="start at this board (a long run split in parts: the same boards, logs concatenated)",
    )
    parser.add_argument(
        "--show", type=int, default=None, metavar="BOARD", help="replay one board both ways, every action"
    )
    parser.add_argument(
        "--solo",
        action="store_true",
        help="A holds one seat and B the others, each board played with A in every seat in turn",
    )
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args(list(argv))
    if opts.paired_with is not None and opts.from_log is None:
        print("krook arena: --paired-with compares two logs: give --from-log too", file=sys.stderr)
        return 2
    if opts.from_log is not None:
        try:
            boards = read_log(opts.from_log)
            base = read_log(opts.paired_with) if opts.paired_with is not None else None
        except (OSError, ValueError) as exc:
            print(f"krook arena: cannot read the log: {exc}", file=sys.stderr)
            return 2
        if not boards:
            print(f"krook arena: {opts.from_log} holds no boards", file=sys.stderr)
            return 2
        for path, log in ((opts.from_log, boards), (opts.paired_with, base or [])):
            try:
                check_one_match(log)
            except ValueError as exc:
                print(f"krook arena: {path} mixes matches: {exc}", file=sys.stderr)
                return 2
        if base is not None:
            return _print_pairing(boards, base, opts.json)
        first = boards[0]
        try:
            check_runs(boards)
            summary = summarise(first["a"], first["b"], first["preset"], boards, 0.0)
        except (KeyError, TypeError, ValueError) as exc:
            # a damaged or hand-edited log: say so rather than show a traceback
            print(f"krook arena: {opts.from_log} cannot be summarised: {exc}", file=sys.stderr)
            return 2
        summary["rules"] = first.get("rules", {"preset": first["preset"], "overrides": {}})
        summary["samples"] = first.get("samples")
        summary["solo"] = bool(first.get("solo"))
        print(json.dumps(summary) if opts.json else "", end="\n" if opts.json else "")
        if not opts.json:
            print_summary(summary)
        return 0
    if opts.rules is not None and opts.preset is not None:
        print("krook arena: give --preset or --rules, not both", file=sys.stderr)
        return 2
    if opts.rules is not None:
        try:
            table = read_spec(opts.rules)
        except RulesError as exc:
            print(f"krook arena: {exc}", file=sys.stderr)
            return 2
    else:
        table = opts.preset or DEFAULT_PRESET
        if table not in PRESETS:
            print(f"krook arena: unknown preset {table!r}; choose from {', '.join(PRESETS)}", file=sys.stderr)
            return 2
    if opts.a == opts.b:
        print("krook arena: pick two different strengths", file=sys.stderr)
        return 2
    try:
        arena_bot(opts.a), arena_bot(opts.b)
    except ValueError as exc:
        print(f"krook arena: {exc}", file=sys.stderr)
        return 2
    if opts.solo and opts.games:
        print("krook arena: --solo plays single deals; it does not combine with --games", file=sys.stderr)
        return 2
    if opts.samples is not None and opts.samples < 1:
        print(f"krook arena: --samples must be at least 1 (got {opts.samples})", file=sys.stderr)
        return 2
    if not 0 <= opts.first < opts.deals or (opts.show is not None and not 0 <= opts.show < opts.deals):
        print(f"krook arena: --first and --show name a board from 0 to {opts.deals - 1}", file=sys.stderr)
        return 2
    if opts.show is not None:
        record: list[str] = []
        seed = board_seeds(opts.seed, opts.show + 1)[opts.show]
        job = (table, opts.a, opts.b, opts.show, seed, opts.budget, opts.samples)
        (play_board_solo if opts.solo else play_board)(job, record)
        print("\n".join(record))
        return 0
    summary = run_arena(
        opts.a,
        opts.b,
        table,
        opts.deals,
        opts.seed,
        opts.workers,
        opts.budget,
        opts.samples,
        opts.games,
        opts.log,
        opts.first,
        opts.solo,
    )
    if opts.json:
        print(json.dumps(summary))
    else:
        print_summary(summary)
    return 0
