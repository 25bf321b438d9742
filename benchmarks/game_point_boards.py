"""Hands that can end the game, played from the scores they start at, on duplicate boards scored by the game.

    python benchmarks/game_point_boards.py --a hard --b hard@DIR --boards 400 --samples 16 --workers 2 --log L
    python benchmarks/game_point_boards.py --preset P --rescore L    # the same boards under other yardsticks

A board is a deal (the arena's board seeds for ``--seed``) and every score column's score before it, drawn with a
seeded generator among the scores from which one hand can carry a column over the target. It is played twice,
each decision's generator seeded alike in both runs, so two identical bots play the two runs identically and a
board moves only where A and B decide differently. With fixed partners A's bots hold side 0 and then side 1, and
a run is scored for side 0; with one column a seat (called partners, individual games) A plays one seat among
B's, then B plays it too, the seat turning with the board, and a run is scored for that seat's column. A run
scores the column's chance of winning the game after the hand: 1 or 0 where the hand ended it, else the race to
the target of ``krook.bots.game_point.race_chance`` (the model hard itself uses: say so beside a figure). A
board's score is the first run's chance less the second's, the game-level analogue of the arena's duplicate
score: whole games (``krook arena --games``) dilute these hands among the rest and their random streams differ
between the two seatings, so a change of a few percent in the games won there is lost in noise.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krook.bots.arena import _drive, arena_bot, board_seeds, read_log, table_argument, table_rules
from krook.bots.game_point import can_end, race_chance, race_spread
from krook.rules import Match, Rules
from krook.rules.deal import deal_from_seed


def draw_scores(rules: Rules, rng: random.Random) -> list[int]:
    """Every score column's score, from which one hand can end the game, all short of the target, on the bid
    step."""
    most = rules.card_points_total + rules.bonus_total
    step = rules.bid_step
    low = max(0, rules.target - 2 * most) // step
    high = (rules.target - 1) // step
    while True:
        scores = [rng.randint(low, high) * step for _ in range(rules.team_count)]
        if can_end(rules, scores):
            return scores


def column_chance(match: Match, rules: Rules, column: int) -> float:
    """A score column's chance of winning the game once the hand is scored."""
    if match.winner is not None:
        return 1.0 if match.winner == column else 0.0
    return race_chance(rules, match.scores, column)


def seatings(rules: Rules, a: str, b: str, index: int) -> tuple[int, list[list[str]]]:
    """The column a board is scored for and the two runs' seats. Fixed partners: A's pair holds side 0, then
    B's. One column a seat: A in one seat (turning with the board) among B's, then B there too."""
    n = rules.players
    if rules.partnership == "fixed":
        return 0, [[a if s % 2 == a_side else b for s in range(n)] for a_side in (0, 1)]
    seat = index % n
    return rules.side_of(seat), [[a if s == seat else b for s in range(n)], [b] * n]


def play(job: tuple[str, str, str, int, int, list[int], int]) -> dict[str, Any]:
    table, a, b, index, deal_seed, scores, samples = job
    rules, preset = table_rules(table)
    dealer = index % rules.players
    deal = deal_from_seed(rules, dealer, deal_seed)
    column, runs_names = seatings(rules, a, b, index)
    chances = []
    runs = []
    for names in runs_names:
        bots = [arena_bot(x, samples) for x in names]
        match = Match(
            rules, seed=deal_seed, first_dealer=dealer, preset=preset, deal=(list(deal[0]), deal[1])
        )
        match.scores = list(scores)
        _drive(match, bots, names, {a: {}, b: {}}, f"{deal_seed}/game-point", None)
        result = match.results[-1]
        chances.append(column_chance(match, rules, column))
        runs.append(
            {
                "bidder_side": None if result.bidder is None else rules.side_of(result.bidder),
                "bid": result.bid,
                "points": result.bidding_total,
                "made": result.made,
                "winner": match.winner,
                "after": list(match.scores),
            }
        )
    return {
        "board": index,
        "column": column,
        "scores": scores,
        "diff": chances[0] - chances[1],
        "chances": chances,
        "runs": runs,
    }


def rescore(rules: Rules, rows: list[dict[str, Any]], spread: float | None) -> list[float]:
    """Each logged board's score again, a game that goes on judged by a race of another ``spread`` (None:
    counted as even, one chance in as many as there are columns): the race is a yardstick fitted in Kentucky
    Discard, so a figure should hold under others."""
    diffs = []
    for row in rows:
        column = row.get("column", 0)
        chances = []
        for run in row["runs"]:
            if run["winner"] is not None:
                chances.append(1.0 if run["winner"] == column else 0.0)
            elif spread is None:
                chances.append(1.0 / rules.team_count)
            else:
                chances.append(race_chance(rules, run["after"], column, spread))
        diffs.append(chances[0] - chances[1])
    return diffs


def _interval(diffs: list[float]) -> tuple[float, list[float]]:
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return round(mean, 4), [round(mean - half, 4), round(mean + half, 4)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default=None, help="the bot A is measured against (needed to play)")
    parser.add_argument("--preset", default="kentucky-discard", type=table_argument)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument(
        "--rescore",
        type=Path,
        default=None,
        help="score a --log again under other race spreads and as even odds (no play; give its --preset)",
    )
    opts = parser.parse_args()
    rules, _ = table_rules(opts.preset)
    if opts.rescore:
        rows = read_log(opts.rescore, ("runs",), "a game-point board")
        if not rows:
            parser.error(f"{opts.rescore} holds no boards")
        yardsticks: dict[str, Any] = {}
        for spread in (1.0, race_spread(rules), 2.5, 5.0, None):
            mean, ci = _interval(rescore(rules, rows, spread))
            yardsticks["even" if spread is None else f"spread {spread}"] = {"mean_diff": mean, "ci95": ci}
        print(json.dumps({"preset": opts.preset, "boards": len(rows), "yardsticks": yardsticks}))
        return 0
    if opts.b is None:
        parser.error("--b is needed to play boards")
    rng = random.Random(f"game-point/{opts.seed}")
    seeds = board_seeds(opts.seed, opts.boards)
    jobs = [
        (opts.preset, opts.a, opts.b, i, s, draw_scores(rules, rng), opts.samples)
        for i, s in enumerate(seeds)
    ]
    out = []
    log = opts.log.open("a") if opts.log else None
    with Pool(opts.workers) as pool:
        for row in pool.imap(play, jobs, chunksize=2):
            out.append(row)
            if log:
                log.write(json.dumps(row) + "\n")
                log.flush()
    diffs = [r["diff"] for r in out]
    mean, ci = _interval(diffs)
    summary = {
        "a": opts.a,
        "b": opts.b,
        "preset": opts.preset,
        "boards": len(diffs),
        "samples": opts.samples,
        "mean_diff": mean,
        "ci95": ci,
        "boards_changed": sum(1 for d in diffs if d),
        "games_ended": sum(r["runs"][0]["winner"] is not None for r in out),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
