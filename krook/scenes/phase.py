"""What a phase of the hand gives the table scene while the player is the one to act in it.

The table scene keeps the shared state (the hand, the selection, the focus, the decision panel) and hands
over to the phase for the player's decision: ``prepare`` builds the panel's widgets when the decision
comes up, ``click_card`` and ``handle_event`` take input (before and after the panel's buttons had it),
and ``draw_panel`` lays out and draws the panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from krook.ui import Button
from krook.ui.widgets import ACTIVATE_KEYS

if TYPE_CHECKING:
    from .table import TableScene


class Phase:
    kind = ""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def prepare(self) -> list[Any]:
        """The panel's widgets for a new decision (and where the keyboard focus starts)."""
        return []

    def click_card(self, pos: tuple[int, int]) -> bool:
        """A left click, before the panel's buttons see it: cards under the pointer."""
        return False

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Whatever the panel's buttons left: keys, the wheel, other clicks."""
        return False

    def draw_panel(self, surface: pygame.Surface) -> None:
        """Lay out the panel's widgets and draw what surrounds them."""

    def panel_key(self, key: int) -> bool:
        """Left / Right move along the panel's buttons; Enter or Space presses the focused one."""
        t = self.table
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            t.panel.move(-1 if key == pygame.K_LEFT else 1)
            t.panel.keyboard_used = True
            return True
        if key in ACTIVATE_KEYS:
            w = t.panel.focused
            if isinstance(w, Button):
                w.activate()
            return True
        return False


class HandPhase(Phase):
    """A decision made by picking cards from the hand: click one, or Left / Right and Enter."""

    def click_card(self, pos: tuple[int, int]) -> bool:
        return self.table.click_hand_card(pos)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type != pygame.KEYDOWN:
            return False
        if self.table.move_hand_focus(e.key):
            return True
        return self.hand_key(e.key)

    def hand_key(self, key: int) -> bool:
        """A key that did not move along the hand: Enter or Space picks the focused card."""
        if key in ACTIVATE_KEYS:
            self.table.activate_focused_card()
            return True
        return False
