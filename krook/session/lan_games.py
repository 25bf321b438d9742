"""LAN games kept like local ones: the host keeps the full record, a client keeps only what its seat saw.

A client never receives another seat's cards, so what it keeps is a *seat record* (``krook-seat-record/1``):
the views the host sent its seat, one per action, with the public text of each action (a burial says how many
cards, never which). A client that joins a game already under way (a rejoin after a restart, a player taking
over a seat) asks the host for its seat's earlier views (``history``), so it keeps the whole game all the same; a
game that ends (or had ended) before those pages are in is kept once they are, or at closing with what came.
Watched, it shows the public table and that seat's own hand; it can't be reviewed, since the review needs every
hand. The host's screen keeps the game's full record, counted for its own players.

The sessions call :class:`LanKeeper` (``see`` every view, ``action`` every action event, ``game_over`` once);
the files are written on a short-lived thread so a slow disk never holds up a frame, and quitting before it is
done waits for it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from krook import storage
from krook.records.seat_record import MAX_VIEWS, SEAT_FORMAT
from krook.rules import Match, SeatView
from krook.rules.view import public_action_text

from . import finished, history

log = logging.getLogger(__name__)


class SeatRecorder:
    """Collects one seat's views of a LAN game, action by action."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.views: list[dict[str, Any]] = []
        self.actions: dict[int, tuple[int, str]] = {}  # view version -> (seat, public action text)
        self._last: tuple[int, int] = (-1, -1)  # (hand number, version) of the last view kept
        self.last_view: SeatView | None = None
        # the seat's views from before this screen joined (or while it was away), as the host resent them,
        # by (hand number, version); each with its action already (``actor``, ``action``)
        self.past: dict[tuple[int, int], dict[str, Any]] = {}

    def see(self, view: SeatView) -> None:
        if view.seat is None:
            return
        if self.seat is None:
            self.seat = view.seat
        if view.seat != self.seat:
            return
        key = (view.hand_number, view.version)
        if key < self._last:
            return  # an older view sent again (a reconnection): the table has moved on since
        data = view.to_dict()
        data["results_count"] = len(view.results)
        data["results"] = []  # the score sheet is kept once, from the last view
        if key == self._last and self.views:
            self.views[-1] = data  # the same moment again (a status change, a reconnection): the newer copy
        elif len(self.views) < MAX_VIEWS:
            self.views.append(data)
        self._last = key
        self.last_view = view

    def note(self, view: SeatView) -> None:
        """The seat's view as it stands, already shown before keeping began: the host's pages of earlier views
        hold that moment with the action that led to it, so it is not kept twice, only known as the last."""
        if view.seat is not None and self.last_view is None:
            self.seat = view.seat
            self.last_view = view

    def action(self, seat: int, text: str, version: int) -> None:
        if len(self.actions) < MAX_VIEWS:
            self.actions[version] = (seat, text)

    def see_past(self, views: list[dict[str, Any]]) -> None:
        """Views of this seat the host resent (checked, each with ``actor`` and ``action``)."""
        for data in views:
            if len(self.past) >= MAX_VIEWS:
                return
            self.past[(int(data["hand_number"]), int(data["version"]))] = data

    def record(self) -> dict[str, Any]:
        """The seat record: the views, each with the action that led to it, and the final score sheet."""
        last = self.last_view
        assert last is not None and self.seat is not None
        # the host's copies fill in what this screen did not see; where both hold a moment, its own
        own = {(int(v["hand_number"]), int(v["version"])): v for v in self.views}
        views = []
        told: set[int] = set()
        for key in sorted(own.keys() | self.past.keys())[:MAX_VIEWS]:
            version = key[1]
            data = own.get(key)
            if data is None:
                views.append(self.past[key])  # resent by the host with its action
            else:
                # the action that led to a view; a new deal shares its version with the last card before it
                actor = self.actions.get(version) if version not in told else None
                views.append(dict(data, actor=actor[0] if actor else None, action=actor[1] if actor else ""))
            told.add(version)
        return {
            "format": SEAT_FORMAT,
            "seat": self.seat,
            "players": list(last.players),
            "preset": last.preset,
            "rules": dict(last.rules),
            "results": [dict(r) for r in last.results],
            "views": views,
        }


def seat_record_of(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """What ``seat`` saw of a recorded game, as a client keeps it (for the gallery and the tests)."""
    from .replay import Replay

    replay = Replay(record)
    recorder = SeatRecorder()
    actor: int | None = None
    for step in range(len(replay)):
        match = replay.match_at(step)  # one action on from the last step: no replay from the start
        text = replay.action_text(step)
        if text and actor is not None:
            recorder.action(actor, public_action_text(text), match.version)
        recorder.see(match.view(seat))
        actor = match.to_act
    return recorder.record()


class LanKeeper:
    """The hook the LAN sessions call. ``full_record`` is the host's way to read its finished game and the
    seats played at its computer (None on a client, which keeps its own seat's views)."""

    def __init__(self, full_record: Callable[[], tuple[Match, list[int]] | None] | None = None) -> None:
        self.recorder = SeatRecorder()
        self.full_record = full_record
        self.kept = False
        self.error: str | None = None
        self._writer: threading.Thread | None = None
        # a client waiting for the host's pages of its earlier views: the game is kept once they are in (or
        # at closing, with what came), not at the last view, which can come first
        self.awaiting_past = False
        self._over = False

    def see(self, view: SeatView) -> None:
        if self.full_record is None:
            self.recorder.see(view)
            if view.winner is not None and view.seat == self.recorder.seat:
                self.game_over()  # a client keeps its game at the last view (it follows the game-over event)

    def action(self, seat: int, text: str, version: int) -> None:
        if self.full_record is None:
            self.recorder.action(seat, text, version)

    def see_current(self, view: SeatView) -> None:
        """The view shown when keeping began (a client): a game already over is kept once the past is in."""
        if self.full_record is None:
            self.recorder.note(view)
            if view.winner is not None:
                self.game_over()

    def expect_past(self) -> None:
        """The seat's earlier views were asked of the host: keep the game only once they are in."""
        if self.full_record is None and not self.kept:
            self.awaiting_past = True

    def see_past(self, views: list[dict[str, Any]], done: bool = True) -> None:
        """The seat's earlier views, resent by the host (a client that joined a game under way); ``done``:
        the last page."""
        if self.full_record is None and not self.kept:
            self.recorder.see_past(views)
            if done:
                self.awaiting_past = False
                if self._over:
                    self.game_over()

    def flush(self) -> None:
        """Closing: keep a finished game with the earlier views that came, if the rest never did."""
        if self._over and not self.kept:
            log.warning("the host's pages of this seat's earlier views did not all come: keeping what did")
            self.awaiting_past = False
            last = self.recorder.last_view
            if last is not None:
                self.recorder.see(last)  # the final moment, as shown here, in case its page never came
            self.game_over()

    def game_over(self) -> None:
        """Keep the finished game once (the game-over event can come again after a reconnection)."""
        if self.kept:
            return
        at = time.time()
        if self.full_record is not None:
            got = self.full_record()
            if got is None or not got[0].is_over:
                return
            match, humans = got
            job: Callable[[], None] = lambda: _keep_full(match, humans, at)  # noqa: E731
        else:
            view = self.recorder.last_view
            if view is None or view.winner is None:
                return  # the last view is not in yet: kept when it arrives (``see`` then ``game_over``)
            self._over = True
            if self.awaiting_past:
                return  # kept when the last page of earlier views is in (``see_past``) or at closing
            record = self.recorder.record()
            job = lambda: _keep_seat(record, at)  # noqa: E731
        self.kept = True
        # not a daemon: a player who quits right after the last hand must not lose the file (the interpreter
        # joins it on the way out; the write is one small atomic save)
        self._writer = threading.Thread(target=self._write, args=(job,), name="krook-keep-lan", daemon=False)
        self._writer.start()

    def _write(self, job: Callable[[], None]) -> None:
        try:
            job()
        except (storage.StorageError, finished.FinishedGameError) as exc:
            log.error("the finished LAN game could not be kept: %s", exc)
            self.error = f"The finished game could not be kept: {exc}"

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for the files to be written (tests); True when done."""
        writer = self._writer
        if writer is not None:
            writer.join(timeout)
        return writer is None or not writer.is_alive()


def _keep_full(match: Match, humans: list[int], at: float) -> None:
    finished.keep(match, humans, 0, at)
    history.record_game(match, humans, 0, at)


def _keep_seat(record: dict[str, Any], at: float) -> None:
    finished.keep_seat_record(record, at)
    history.record_game(history.game_from_seat_record(record), [int(record["seat"])], 0, at)
