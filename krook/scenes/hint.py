"""Hints at the table: the hard bot's move for the player's own view, with a reason, computed off the main thread.

The hint sees exactly what the player sees (their ``SeatView``), so asking for one never reveals a hidden card.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from krook.rules import Action, Discard, Play, card_name

if TYPE_CHECKING:
    from .table import TableScene

HINT_BUDGET_S = 0.6


class Hinter:
    """Asks ``krook.bots.hints.suggest`` on a worker thread and shows the answer when it comes back."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[tuple[Action, str]] | None = None
        self._version = -1

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def ask(self, table: TableScene) -> None:
        view = table.view
        if self._future is not None or not table.idle or view.to_act != table.viewer or not table.revealed:
            return
        from krook.bots.hints import suggest

        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="krook-hint")
        self._version = view.version
        self._future = self._executor.submit(suggest, view, HINT_BUDGET_S, view.version)
        table.toast = ("Thinking about a hint…", 30.0)

    def poll(self, table: TableScene) -> None:
        future = self._future
        if future is None or not future.done():
            return
        self._future = None
        if table.view.version != self._version or table.view.to_act != table.viewer:
            table.toast = None  # the game moved on while the hint was thought out
            return
        try:
            action, reason = future.result()
        except Exception as exc:  # a hint is a courtesy: never let it end the game
            table.toast = (f"No hint this time ({exc}).", 3.0)
            return
        table.toast = (reason, 8.0)
        hand = table.hand_codes()
        if isinstance(action, Play) and card_name(action.card) in hand:
            table.focus_zone = "hand"
            table.focus_card = hand.index(card_name(action.card))
        elif isinstance(action, Discard):
            table.selected = {card_name(c) for c in action.cards} & set(hand)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None
