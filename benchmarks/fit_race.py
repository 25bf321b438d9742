"""How sure is the race to the target? Fit ``game_point``'s race spread to whole games and show its calibration.

    python benchmarks/fit_race.py --preset three-handed --games 200 --bot hard --samples 8 --workers 2

Plays whole games with one bot in every seat (each decision's generator seeded from the game), records the
scores before every hand and who won, and finds the race spread under which the chances ``race_chance`` gives
the eventual winner's column, hand by hand, are the most likely (a grid of spreads, log-likelihood summed over
every hand of every game). Then it prints, for the spread the bots use and the fitted one, how often a column
given a chance in each band went on to win. ``--log`` keeps the games (JSON lines) and ``--from-log`` fits a
kept log again without playing. The shipped spread was fitted this way on Kentucky Discard (docs/BOTS-JOURNAL.md,
issue 29, thirteenth and fourteenth sessions).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krook.bots.arena import _drive, arena_bot, read_log, table_argument, table_rules
from krook.bots.game_point import race_chance, race_spread
from krook.rules import Match, Rules

SPREADS = [round(0.6 + 0.2 * i, 1) for i in range(23)]  # 0.6 .. 5.0
BANDS = (0.0, 0.1, 0.25, 0.4, 0.6, 0.75, 0.9, 1.0001)
MAX_HANDS = 60  # a game that has not ended by then is dropped (a tie at the top plays on)


def play_game(job: tuple[str, str, int | None, int]) -> dict[str, Any]:
    """One whole game: the scores before each hand, and the winning column (None if it ran too long)."""
    table, bot, samples, seed = job
    rules, preset = table_rules(table)
    bots = [arena_bot(bot, samples) for _ in range(rules.players)]
    names = [bot] * rules.players
    match = Match(rules, seed=seed, first_dealer=seed % rules.players, preset=preset)
    before: list[list[int]] = []
    for hand in range(MAX_HANDS):
        before.append(list(match.scores))
        _drive(match, bots, names, {bot: {}}, f"{seed}/race/{hand}", None)
        if match.winner is not None:
            break
        match.next_hand()
    return {"seed": seed, "before": before, "winner": match.winner}


def log_likelihood(rules: Rules, games: list[dict[str, Any]], spread: float) -> float:
    """Sum over every hand of every finished game of log(chance the race gave the eventual winner)."""
    total = 0.0
    for game in games:
        if game["winner"] is None:
            continue
        for scores in game["before"]:
            chance = race_chance(rules, scores, game["winner"], spread)
            total += math.log(min(1.0 - 1e-9, max(1e-9, chance)))
    return total


def calibration(rules: Rules, games: list[dict[str, Any]], spread: float) -> list[dict[str, Any]]:
    """For each band of given chances: how many (column, hand) pairs fell in it, the mean chance, the share won."""
    rows: list[list[float]] = [[] for _ in BANDS[:-1]]
    won: list[int] = [0] * (len(BANDS) - 1)
    for game in games:
        if game["winner"] is None:
            continue
        for scores in game["before"]:
            for column in range(len(scores)):
                chance = race_chance(rules, scores, column, spread)
                band = next(i for i in range(len(BANDS) - 1) if chance < BANDS[i + 1])
                rows[band].append(chance)
                won[band] += column == game["winner"]
    return [
        {
            "band": f"{BANDS[i]:.2f}-{min(BANDS[i + 1], 1.0):.2f}",
            "count": len(rows[i]),
            "given": round(sum(rows[i]) / len(rows[i]), 3),
            "won": round(won[i] / len(rows[i]), 3),
        }
        for i in range(len(rows))
        if rows[i]
    ]


def fit(rules: Rules, games: list[dict[str, Any]]) -> dict[str, Any]:
    scored = {spread: log_likelihood(rules, games, spread) for spread in SPREADS}
    best = max(scored, key=scored.__getitem__)
    return {
        "games": sum(g["winner"] is not None for g in games),
        "hands": sum(len(g["before"]) for g in games if g["winner"] is not None),
        "fitted_spread": best,
        "shipped_spread": race_spread(rules),
        "log_likelihood": {
            "fitted": round(scored[best], 1),
            "shipped": round(log_likelihood(rules, games, race_spread(rules)), 1),
        },
        "calibration_shipped": calibration(rules, games, race_spread(rules)),
        "calibration_fitted": calibration(rules, games, best),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument(
        "--preset", default="kentucky-discard", help="a preset or a rules SPEC", type=table_argument
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--from-log", type=Path, default=None)
    opts = parser.parse_args()
    rules, _ = table_rules(opts.preset)
    if opts.from_log:
        games = read_log(opts.from_log, ("before", "winner"), "a whole game")
    else:
        rng = random.Random(f"fit-race/{opts.seed}")
        jobs = [(opts.preset, opts.bot, opts.samples, rng.randrange(2**40)) for _ in range(opts.games)]
        games = []
        log = opts.log.open("a") if opts.log else None
        with Pool(opts.workers) as pool:
            for game in pool.imap_unordered(play_game, jobs):
                games.append(game)
                if log:
                    log.write(json.dumps(game) + "\n")
                    log.flush()
    if not any(g["winner"] is not None for g in games):
        parser.error("no finished game to fit")
    print(json.dumps({"preset": opts.preset, "bot": opts.bot, "samples": opts.samples, **fit(rules, games)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
