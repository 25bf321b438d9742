"""A review running away from the window: in a worker process by default, so the solver never holds the
window's GIL (frames stay smooth), or on a thread. The screen reads the latest snapshot each frame.

Messages from the worker are ``("snapshot", HandReview)`` after each figure, ``("progress", dict)`` a few times
a second while a search runs (positions searched, the par's bounds so far), ``("error", text)`` and
``("done", None)``. In a frozen build the worker is the app's own executable, made a worker by
``multiprocessing.freeze_support()`` at the start of ``build/entry.py`` and ``krook.cli.main``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from krook.rules import Match, match_from_record

from .engine import HandReview, Reviewer

log = logging.getLogger(__name__)

PROGRESS_EVERY_S = 0.2
WORKER_NICE = 5  # the worker process's priority below the window's (POSIX; Windows keeps normal priority)
Send = Callable[[tuple[str, Any]], None]


def run_review(reviewer: Reviewer, send: Send) -> None:
    """Run a review, sending its snapshots and, while a search runs, its progress; never raises."""
    stop = threading.Event()

    def report() -> None:
        while not stop.wait(PROGRESS_EVERY_S):
            send(("progress", reviewer.progress()))

    watcher = threading.Thread(target=report, name="krook-review-progress", daemon=True)
    watcher.start()
    try:
        for snapshot in reviewer.steps():
            send(("snapshot", snapshot))
    except Exception as exc:  # a failure is shown on the screen, never lost in a worker
        log.exception("the review failed")
        send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        stop.set()
        watcher.join()
        send(("done", None))


def _worker(conn: Connection, record: dict[str, Any], hand_index: int, seat: int, bids: bool) -> None:
    """The worker process: review, sending everything through ``conn``; quits when the window goes away."""
    if hasattr(os, "nice"):
        # below the window: on a busy machine the frames come first and the review takes a little longer
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICE)
    lock = threading.Lock()

    def send(message: tuple[str, Any]) -> None:
        with lock, contextlib.suppress(OSError, ValueError):  # the window closed its end: nobody to tell
            conn.send(message)

    try:
        reviewer = Reviewer(match_from_record(record), hand_index, seat, bids=bids)
    except Exception as exc:
        send(("error", f"{type(exc).__name__}: {exc}"))
        send(("done", None))
        return
    run_review(reviewer, send)
    conn.close()


class ReviewJob:
    """Runs ``Reviewer.steps()`` in a worker process (``process=True``, the default) or on a daemon thread.

    ``latest`` is the newest snapshot (None before the first), with the running search's progress merged in;
    ``error`` the message of a failure; ``cancel()`` stops the work (the process is ended at once).
    """

    process_default = True  # the benchmark of frame times compares both ways

    def __init__(
        self,
        game: Match | dict[str, Any],
        hand_index: int,
        seat: int,
        *,
        bids: bool = True,
        process: bool | None = None,
    ) -> None:
        match = game if isinstance(game, Match) else match_from_record(game)
        # built here, on the caller's thread, so a bad hand or seat raises ReviewError to the caller
        self.reviewer = Reviewer(match, hand_index, seat, bids=bids)
        self.record = match.to_record()
        self.hand_index = hand_index
        self.seat = seat
        self.bids = bids
        self.process = self.process_default if process is None else process
        self.latest: HandReview | None = None
        self.error: str | None = None
        self.finished = False
        self._snapshot: HandReview | None = None
        self._progress: dict[str, int] = {}
        self._proc: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self._thread = threading.Thread(target=self._run, name="krook-review", daemon=True)

    def start(self) -> ReviewJob:
        if self.process:
            try:
                self._start_process()
            except (OSError, ValueError, RuntimeError) as exc:
                # no worker process on this system (a locked-down sandbox): review on a thread instead
                log.warning("review worker process not started (%s); reviewing on a thread", exc)
                self.process = False
        self._thread.start()
        return self

    def _start_process(self) -> None:
        # spawn, never fork: the window's process has SDL and audio threads a fork would copy half-alive
        ctx = multiprocessing.get_context("spawn")
        here, there = ctx.Pipe(duplex=False)
        proc = ctx.Process(
            target=_worker,
            args=(there, self.record, self.hand_index, self.seat, self.bids),
            name="krook-review",
            daemon=True,
        )
        proc.start()
        there.close()  # the worker holds its own copy: reading ``here`` ends when the worker ends
        self._proc, self._conn = proc, here

    def _run(self) -> None:
        """The reading thread: takes the worker's messages (or runs the review itself, ``process=False``)."""
        try:
            if self._conn is None:
                run_review(self.reviewer, self._take)
                return
            heard = False
            while True:
                try:
                    message = self._conn.recv()  # waits without the GIL
                except (EOFError, OSError):
                    if self._cancelled:
                        return
                    if not heard:
                        # the worker died before a word (it could not start here): review on this thread
                        log.warning("the review's worker process ended at once; reviewing on a thread")
                        self.process = False
                        run_review(self.reviewer, self._take)
                    elif self.error is None:
                        self.error = "the review's worker process stopped"
                    return
                heard = True
                self._take(message)
                if message[0] == "done":
                    return
        finally:
            self.finished = True
            if self._conn is not None:
                self._conn.close()
            if self._proc is not None:
                self._proc.join(5)

    _cancelled = False

    def _take(self, message: tuple[str, Any]) -> None:
        kind, value = message
        if kind == "snapshot" and isinstance(value, HandReview):
            self._snapshot = value
            self._progress = {}
        elif kind == "progress" and isinstance(value, dict):
            self._progress = value
        elif kind == "error":
            self.error = str(value)
            return
        else:
            return
        snapshot = self._snapshot
        if snapshot is None:
            return
        if self._progress and not snapshot.complete:
            got = self._progress
            snapshot = dataclasses.replace(
                snapshot,
                nodes=got.get("nodes", snapshot.nodes),
                par_low=got.get("par_low"),
                par_high=got.get("par_high"),
                par_span=got.get("par_span", 0),
            )
        self.latest = snapshot  # one reference assignment: atomic for the reading thread

    def cancel(self) -> None:
        self._cancelled = True
        self.reviewer.cancel()
        proc = self._proc
        if proc is not None and proc.is_alive():
            proc.terminate()  # our own worker, by its handle

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the review (tests, the command line); True when it has ended."""
        if self._thread.is_alive() or not self.finished:
            self._thread.join(timeout)
        return not self._thread.is_alive()
