"""Hints at the table: the hard bot's move for the player's own view, with a reason, computed off the main thread.

The hint sees exactly what the player sees (their ``SeatView``), so asking for one never reveals a hidden card;
its answer is a message private to that seat and that hand, dropped if another player takes the screen.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from krook.rules import Action
from krook.scenes.common.table_model import in_words
from krook.scenes.table.state import MessageKind
from krook.session.base import Coaching

if TYPE_CHECKING:
    from krook.scenes.table.state import TableState

HINT_BUDGET_S = 0.6
THINKING = "Thinking about a hint…"


class Hinter:
    """Asks ``krook.bots.hints.suggest`` on a worker thread and shows the answer when it comes back."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[tuple[Action, str]] | None = None
        self._version = -1
        self._seat = -1

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def ask(self, t: TableState) -> None:
        view = t.view
        if not t.my_turn or (self._future is not None and self._version == view.version):
            return
        from krook.bots import hints

        if self._future is not None:  # a hint for an earlier decision is still being thought out: leave it
            self.close()
        self._version = view.version
        self._seat = t.viewer
        coached = t.session.lesson_advice(t.viewer) if isinstance(t.session, Coaching) else None
        if coached is not None:  # the guided hand: the hint is the move its note asks for
            self._future = Future()
            self._future.set_result(coached)
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="krook-hint")
        self._future = self._executor.submit(hints.suggest, view, HINT_BUDGET_S, view.version)
        t.tell(t.viewer, THINKING, MessageKind.ADVICE, seconds=30.0)

    def poll(self, t: TableState) -> Action | None:
        """The advised action once the hint is ready and still for this decision and viewer (its words
        are told to the viewer); None otherwise."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        t.messages.drop(self._seat, THINKING)
        # the game moved on, or another player took the screen, while the hint was thought out
        if t.view.version != self._version or not t.my_turn or t.viewer != self._seat:
            return None
        try:
            action, reason = future.result()
        except Exception as exc:  # a hint is a courtesy: never let it end the game
            t.tell(t.viewer, f"No hint this time ({exc}).", MessageKind.INFO, seconds=3.0)
            return None
        t.tell(t.viewer, in_words(reason), MessageKind.ADVICE, seconds=8.0)
        return action

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None
