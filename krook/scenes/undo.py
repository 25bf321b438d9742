"""Undo at the table: the button above Hint (and the U key) that takes back your last card or bid against bots.

The session decides whether it may (``LocalSession.undo_problem``: your own last action, only bots since,
no other human has seen the table); a LAN game has no undo and shows no button. After an undo the table
is rebuilt from the session as it now stands, without animating anything.
"""

from __future__ import annotations

from typing import Any

import pygame

from krook.ui import Button

from .table_model import Shown


class UndoControl:
    """The table's Undo button; ``table`` is the ``TableScene`` it belongs to."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.button = Button("Undo", self.take_back, "secondary", tooltip="Take back your last move (U)")
        self._checked: tuple[int, int] | None = None
        self._problem: str | None = "not checked"

    @property
    def offered(self) -> bool:
        """Only a game on this computer can take a move back (and not the guided first hand)."""
        session = self.table.session
        return callable(getattr(session, "undo", None)) and getattr(session, "undo_offered", True)

    def problem(self) -> str | None:
        """Why the viewer can't take a move back now (cached per game version and viewer)."""
        t = self.table
        if not self.offered:
            return "there is no undo in a game over the network"
        if not t.revealed or t.curtain_up:
            return "the table is hidden"
        key = (t.session.version, t.viewer)
        if key != self._checked:
            self._checked = key
            self._problem = t.session.undo_problem(t.viewer)
        return self._problem

    def take_back(self) -> None:
        t = self.table
        problem = self.problem() if self.offered else "there is no undo in a game over the network"
        if problem is None:
            problem = t.session.undo(t.viewer)
        self._checked = None
        if problem:
            t.toast = (f"Can't undo: {problem}", 3.0)
            return
        rebuild(t)
        t.toast = ("Move taken back", 1.5)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_u and self.offered:
            self.take_back()
            return True
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self.button.handle_event(e)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        hint = t.layout.hint_rect
        self.button.rect = hint.copy()  # above Hint, clear of a wide hand
        self.button.rect.bottom = hint.y - (t.layout.last_rect.x - hint.right)
        self.button.visible = self.offered and bool(t.humans) and t.revealed and t.shown.dealt
        self.button.enabled = self.button.visible and self.problem() is None
        self.button.draw(surface, t.theme)


def rebuild(table: Any) -> None:
    """Show the hand as the session now has it: no queued animation survives an undo."""
    t = table
    public = t.session.view(None)
    t.queue.clear()
    t.flights = []
    t.sweep = []
    t.wait = 0.0
    t.deal_t = -1.0
    t.bubbles.clear()
    t.selected.clear()
    t.show_last = False
    t.hand_over_pending = False
    t.game_over = None
    t.panel_kind = ""
    t.panel.set([])
    t.status = {s: t.session.seat_status(s) for s in range(t.n)}
    t.shown = Shown(hand_number=public.hand_number, points=[0] * t.n, tricks_won=[0] * t.n)
    t._catch_up(public)
    t.refresh_view()
