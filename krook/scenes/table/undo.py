"""Undo at the table: the button above Hint (and the U key) that takes back your last card or bid against bots.

The session decides whether it may (``TakesBack.undo_problem``: by default only while nothing hidden has
been shown since, in a practice game through the bots' moves; see docs/RULES.md, *Take-backs*); a LAN game
has no undo and shows no button. After an undo the table
is rebuilt from the session as it now stands, without animating anything.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from krook.rules import SeatView
from krook.scenes.common.table_model import Shown
from krook.scenes.table.state import MessageKind, TableState
from krook.session.base import Session, TakesBack
from krook.ui import Button


class UndoTable(Protocol):
    """What Undo needs of the table scene it sits on (``TableScene``)."""

    state: TableState

    @property
    def session(self) -> Session: ...

    def catch_up(self, public: SeatView) -> None: ...


class UndoControl:
    """The table's Undo button; ``table`` is the table scene it belongs to."""

    def __init__(self, table: UndoTable) -> None:
        self.table = table
        self.button = Button("Undo", self.take_back, "secondary", tooltip="Take back your last move (U)")
        self._checked: tuple[int, int] | None = None
        self._problem: str | None = "not checked"

    @property
    def offered(self) -> bool:
        """Only a game on this computer can take a move back (and not the guided first hand)."""
        session = self.table.session
        return isinstance(session, TakesBack) and session.undo_offered

    def problem(self) -> str | None:
        """Why the viewer can't take a move back now (cached per game version and viewer)."""
        t = self.table.state
        session = t.session
        if not isinstance(session, TakesBack) or not session.undo_offered:
            return "there is no undo in a game over the network"
        if not t.revealed:
            return "the table is hidden"
        key = (session.version, t.viewer)
        if key != self._checked:
            self._checked = key
            self._problem = session.undo_problem(t.viewer)
        return self._problem

    def take_back(self) -> None:
        t = self.table.state
        problem = self.problem()
        if problem is None and isinstance(t.session, TakesBack):
            problem = t.session.undo(t.viewer)
        self._checked = None
        if problem:
            t.tell(t.viewer, f"Can't undo: {problem}", seconds=3.0)
            return
        rebuild(self.table)
        t.tell(t.viewer, "Move taken back", MessageKind.INFO, seconds=1.5)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_u and self.offered:
            self.take_back()
            return True
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self.button.handle_event(e)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table.state
        self.button.rect = t.layout.undo_rect
        self.button.visible = self.offered and bool(t.humans) and t.revealed and t.shown.dealt
        self.button.enabled = self.button.visible and self.problem() is None
        self.button.draw(surface, t.theme)


def rebuild(table: UndoTable) -> None:
    """Show the hand as the session now has it: no queued animation survives an undo."""
    t = table.state
    public = t.session.view(None)
    t.queue.clear()
    t.flights = []
    t.sweep = []
    t.wait = 0.0
    t.deal.t = -1.0
    t.bubbles.clear()
    t.selected.clear()
    t.show_last = False
    t.hand_over_pending = False
    t.game_over = None
    t.panel_kind = ""
    t.panel.set([])
    t.status = {s: t.session.seat_status(s) for s in range(t.n)}
    t.shown = Shown(hand_number=public.hand_number, points=[0] * t.n, tricks_won=[0] * t.n)
    table.catch_up(public)
    t.refresh_view()
