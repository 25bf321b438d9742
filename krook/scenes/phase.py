"""What a phase of the hand gives the table scene while the player is the one to act in it.

The table scene keeps the shared state (the hand, the selection, the focus, the decision panel) and hands
over to the phase for the player's decision: ``prepare`` builds the panel's widgets when the decision
comes up, ``click_card`` and ``handle_event`` take input (before and after the panel's buttons had it),
and ``draw_panel`` lays out and draws the panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

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
