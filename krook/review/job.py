"""A review running on a worker thread: the screen reads the latest snapshot each frame and never waits."""

from __future__ import annotations

import threading
from typing import Any

from krook.rules import Match, match_from_record

from .engine import HandReview, Reviewer


class ReviewJob:
    """Runs ``Reviewer.steps()`` on a daemon thread. ``latest`` is the newest snapshot (None before the first);
    ``error`` the message of a failure; ``cancel()`` stops it at the next trick boundary of the search."""

    def __init__(
        self, game: Match | dict[str, Any], hand_index: int, seat: int, *, bids: bool = True
    ) -> None:
        match = game if isinstance(game, Match) else match_from_record(game)
        # built here, on the caller's thread, so a bad hand or seat raises ReviewError to the caller
        self.reviewer = Reviewer(match, hand_index, seat, bids=bids)
        self.latest: HandReview | None = None
        self.error: str | None = None
        self.finished = False
        self._thread = threading.Thread(target=self._run, name="krook-review", daemon=True)

    def start(self) -> ReviewJob:
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            for snapshot in self.reviewer.steps():
                self.latest = snapshot  # one reference assignment: atomic for the reading thread
        except Exception as exc:  # a failure is shown on the screen, never lost in a thread
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.finished = True

    def cancel(self) -> None:
        self.reviewer.cancel()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread (tests, the command line); True when it has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()
