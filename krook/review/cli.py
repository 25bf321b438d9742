"""``krook review RECORD [--hand N] [--seat S] [--json] [--bids]``: the exact review of recorded hands."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from krook.rules import KrookError, Match, match_from_record
from krook.text_gate import MAX_MULTILINE, outside_text

from .engine import HandReview, Reviewer, ReviewError
from .words import review_lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="krook review",
        description="Review a recorded game's hands with the exact solver: par, the costliest plays of a seat and "
        "(with --bids) the hard bot's bidding choices.",
    )
    parser.add_argument(
        "record",
        help="a game record (.json): a finished game Krook kept, an exported game or one from 'krook sim' (not the "
        "autosave: its game is not over)",
    )
    parser.add_argument("--hand", type=int, help="the hand to review, 1 for the first (default: every hand)")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review, 0 to 3 at four (default 0)")
    parser.add_argument("--json", action="store_true", help="one JSON object per hand on its own line")
    parser.add_argument("--bids", action="store_true", help="also ask the hard bot about the seat's bidding")
    return parser


def _say(text: str) -> None:
    # a closed or missing stdout (a windowed build, a closed pipe) must not turn a review into a crash
    if sys.stdout is None:
        return
    with contextlib.suppress(BrokenPipeError, OSError):
        # names come from the record: a lone surrogate or a bidi override in one must not reach the terminal
        print(outside_text(text, MAX_MULTILINE, multiline=True), flush=True)


def load_for_review(path: Path) -> Match:
    """The game in a record file or a kept game (not the autosave: its game is not over); a LAN player's own copy
    is refused with the reason, since it holds no other seat's cards to solve with."""
    from krook.records.seat_record import is_seat_record
    from krook.session.finished import load_record_file

    record = load_record_file(path)
    if is_seat_record(record):
        raise ReviewError(
            f"{path.name} is a LAN player's copy of a game: it holds only that seat's cards, and the review needs "
            "every hand. Review the host's copy."
        )
    return match_from_record(record)


def main(argv: Sequence[str]) -> int:
    opts = _parser().parse_args(list(argv))
    try:
        match = load_for_review(Path(opts.record))
    except (KrookError, ValueError) as exc:
        print(f"krook review: {opts.record}: {exc}", file=sys.stderr)
        return 2
    count = len(match.hands)
    if opts.hand is not None and not 1 <= opts.hand <= count:
        print(f"krook review: --hand {opts.hand}: the record has hands 1 to {count}", file=sys.stderr)
        return 2
    if not 0 <= opts.seat < match.rules.players:
        print(f"krook review: --seat {opts.seat}: seats are 0 to {match.rules.players - 1}", file=sys.stderr)
        return 2
    wanted = [opts.hand - 1] if opts.hand is not None else list(range(count))
    reviewed = 0
    for index in wanted:
        try:
            reviewer = Reviewer(match, index, opts.seat, bids=opts.bids)
        except ReviewError as exc:
            if opts.hand is not None:
                print(f"krook review: {exc}", file=sys.stderr)
                return 2
            if not opts.json:
                _say(f"hand {index + 1}: not reviewed ({exc})")
            continue
        review: HandReview = reviewer.run()
        reviewed += 1
        if opts.json:
            data = review.to_dict()
            if opts.bids:
                data["decisions"] = [
                    {"phase": d.phase, "yours": str(d.yours), "hard": str(d.hard)} for d in review.decisions
                ]
            _say(json.dumps(data))
        else:
            for line in review_lines(review, match.players):
                _say(line)
    return 0 if reviewed or opts.hand is None else 2
