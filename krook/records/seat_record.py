"""A LAN seat's record of a game: what that seat saw, view by view (the format, its limits and its check).

The client keeps one as the game goes (``krook.session.lan_games``); the games list opens it for watching.
"""

from __future__ import annotations

import dataclasses

from krook.rules import SeatView
from krook.rules.errors import RecordError

from .checks import CheckError, check_result, check_view

SEAT_FORMAT = "krook-seat-record/1"
MAX_VIEWS = 20000  # far more actions than any game has: a host flooding views can't fill the disk


def is_seat_record(record: object) -> bool:
    return isinstance(record, dict) and record.get("format") == SEAT_FORMAT


def check_seat_record(record: object) -> tuple[int, list[SeatView]]:
    """(the seat, its views with the score sheet as it stood at each); raises RecordError saying what is wrong."""
    if not is_seat_record(record):
        raise RecordError(f"not a seat record (its format should be {SEAT_FORMAT!r})")
    assert isinstance(record, dict)
    seat, raw_views, raw_results = record.get("seat"), record.get("views"), record.get("results")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 8:
        raise RecordError(f"the seat record's seat {seat!r} is not a seat")
    if not isinstance(raw_views, list) or not 1 <= len(raw_views) <= MAX_VIEWS:
        raise RecordError("the seat record holds no views, or far too many")
    if not isinstance(raw_results, list) or len(raw_results) > MAX_VIEWS:
        raise RecordError("the seat record's score sheet is not a list")
    try:
        results = [check_result(r) for r in raw_results]
        views = []
        for raw in raw_views:
            if not isinstance(raw, dict):
                raise RecordError("a view of the seat record is not an object")
            count = raw.get("results_count")
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= len(results):
                raise RecordError(f"a view counts {count!r} score-sheet rows of {len(results)}")
            body = {k: v for k, v in raw.items() if k not in ("results_count", "actor", "action")}
            view = check_view(dict(body, results=[]))
            if view.seat != seat:
                raise RecordError(f"a view of seat {view.seat} in seat {seat}'s record")
            views.append(dataclasses.replace(view, results=results[:count]))
    except CheckError as exc:
        raise RecordError(f"the seat record does not hold together: {exc}") from None
    return seat, views
