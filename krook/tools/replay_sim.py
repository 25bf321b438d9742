"""``krook replay RECORD [--json]`` and ``krook sim --preset P --games N --seed S``: the headless rules tools."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from krook import cli_values
from krook.rules import PRESETS, KrookError, Match, Phase, match_from_record
from krook.rules.words import colour_words
from krook.text_gate import MAX_MULTILINE, outside_text


def replay_summary(match: Match) -> dict[str, Any]:
    return {
        "hands": [
            {
                "dealer": r.dealer,
                "bidder": r.bidder,
                "bid": r.bid,
                "trump": r.trump,
                "made": r.made,
                "captured": r.captured,
                "deltas": r.deltas,
            }
            for r in match.results
        ],
        "scores": list(match.scores),
        "winner": match.winner,
    }


def _say(text: str) -> None:
    # names come from the record: a lone surrogate or a bidi override in one must not reach the terminal
    print(outside_text(text, MAX_MULTILINE))


def _replay(opts: argparse.Namespace) -> int:
    # The same reader as the window's Finished games and ``krook review``: a record file, or a kept game (the
    # saved-games folder's files), whose record it unwraps.
    from krook.records.seat_record import is_seat_record
    from krook.session.finished import FinishedGameError, load_record_file

    try:
        record = load_record_file(Path(opts.record))
        if is_seat_record(record):
            raise FinishedGameError(
                "this is one seat's record of a home-network game (it holds only that seat's cards): "
                "open it in Krook, under Watch a game"
            )
        match = match_from_record(record)
    except (KrookError, FinishedGameError) as exc:  # as krook review words it: the path, then the reason
        print(f"krook replay: {opts.record}: {exc}", file=sys.stderr)
        return 2
    summary = replay_summary(match)
    if opts.json:
        print(json.dumps(summary))
        return 0
    _say(f"{len(match.hands)} hand(s), rules: {match.preset}, players: {', '.join(match.players)}")
    # the text names the players and colours (the JSON keeps the seat and column numbers)
    labels = [match.column_label(c) for c in range(len(match.scores))]

    def columns(values: list[int], signed: bool = False) -> str:
        return ", ".join(
            f"{label} {value:+d}" if signed else f"{label} {value}"
            for label, value in zip(labels, values, strict=True)
        )

    for number, hand in enumerate(summary["hands"], 1):
        if hand["bidder"] is None:
            _say(
                f"  hand {number}: dealt by {match.players[hand['dealer']]}, thrown in"
                if hand["trump"] is None
                else f"  hand {number}: practice; {columns(hand['deltas'], signed=True)}"
            )
            continue
        verdict = "made" if hand["made"] else "set"
        _say(
            f"  hand {number}: {match.players[hand['bidder']]} bid {hand['bid']} in {colour_words(hand['trump'])}, "
            f"{verdict}; took {columns(hand['captured'])}; scored {columns(hand['deltas'], signed=True)}"
        )
    status = f"winner: {match.column_label(match.winner)}" if match.winner is not None else "game not over"
    _say(f"scores: {columns(summary['scores'])}; {status}")
    return 0


def simulate(
    preset: str, games: int, seed: int, strengths: Sequence[str] = ("simple", "random")
) -> dict[str, Any]:
    """Bot-only games; returns the summary the ``sim`` command prints."""
    from krook.bots import BotContext, make_bot

    rules = PRESETS[preset].rules
    bots = [make_bot(strengths[s % len(strengths)]) for s in range(rules.players)]
    rng = random.Random(seed)
    hands = made = bid_hands = points = 0
    started = time.perf_counter()
    for game in range(games):
        match = Match(rules, seed=seed * 100_003 + game, first_dealer=game % rules.players)
        while not match.is_over and len(match.hands) < 400:
            if match.phase is Phase.HAND_OVER:
                match.next_hand()
                continue
            seat = match.to_act
            assert seat is not None
            match.apply(bots[seat].choose(match.view(seat), BotContext(rng)))
        for result in match.results:
            if result.thrown_in:
                continue
            hands += 1
            points += sum(abs(d) for d in result.deltas)
            if result.bidder is not None:
                bid_hands += 1
                made += bool(result.made)
    elapsed = time.perf_counter() - started
    return {
        "preset": preset,
        "games": games,
        "hands": hands,
        "mean_points_per_hand": round(points / max(hands, 1), 1),
        "bids_made": made,
        "bid_hands": bid_hands,
        "hands_per_second": round(hands / elapsed, 1) if elapsed else None,
        "bots": list(strengths),
    }


def _sim(opts: argparse.Namespace) -> int:
    if opts.preset not in PRESETS:
        print(f"krook sim: unknown preset {opts.preset!r}; choose from {', '.join(PRESETS)}", file=sys.stderr)
        return 2
    summary = simulate(opts.preset, opts.games, opts.seed, opts.bots.split(","))
    if opts.json:
        print(json.dumps(summary))
        return 0
    print(f"preset {summary['preset']}: {summary['games']} games, {summary['hands']} hands")
    print(f"mean points per hand (sum of |score change| over sides): {summary['mean_points_per_hand']}")
    print(f"bids made: {summary['bids_made']} of {summary['bid_hands']}")
    print(f"hands per second: {summary['hands_per_second']} (bots: {', '.join(summary['bots'])})")
    return 0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="krook")
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a game record and print the hands and scores")
    replay.add_argument("record")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    sim = sub.add_parser("sim", help="play bot-only games and print a summary")
    sim.add_argument("--preset", default="kentucky-discard")
    sim.add_argument("--games", type=cli_values.at_least(1), default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="simple,random", help="strengths seated in turn, e.g. simple,random")
    sim.add_argument("--json", action="store_true")
    opts = parser.parse_args(list(argv))
    return _replay(opts) if opts.command == "replay" else _sim(opts)
