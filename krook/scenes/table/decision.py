"""What a decision of the hand (bid, bury, name trump, call, play) gives the table while the player makes it.

The table keeps the shared state (``TableState``: the hand, the selection, the focus, the panel) and hands
over to the decision: ``prepare`` builds the panel's widgets when the decision comes up, ``click_card`` and
``handle_event`` take input, and ``draw_panel`` lays out and draws the panel.

Keys are the decision's: Tab moves the focus between the hand and the panel's buttons; in the hand Left /
Right move among the cards that may be chosen and Enter or Space chooses; on the panel Left / Right move
along the buttons and Enter or Space presses one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from krook.rules import Action, Discard, Play, card_name
from krook.scenes.table.state import TableState, Zone
from krook.ui import Button
from krook.ui.widgets import ACTIVATE_KEYS, Widget

if TYPE_CHECKING:
    from krook.scenes.table.scene import TableScene


class Decision:
    kind = ""
    uses_hand = False  # the decision is made by choosing cards from the hand

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.rect = pygame.Rect(0, 0, 0, 0)  # the panel's box, once drawn (the layout test reads it)

    @property
    def state(self) -> TableState:
        return self.table.state

    def prepare(self) -> list[Widget]:
        """The panel's widgets for a new decision (and where the keyboard focus starts)."""
        return []

    def click_card(self, pos: tuple[int, int]) -> bool:
        """A left click, before the panel's buttons see it: cards under the pointer."""
        return False

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Keys, the wheel and clicks the panel's buttons did not take."""
        if e.type == pygame.KEYDOWN:
            return self.key(e)
        return False

    def key(self, e: pygame.event.Event) -> bool:
        t = self.state
        if e.key == pygame.K_TAB:
            back = bool(e.mod & pygame.KMOD_SHIFT)
            if self.uses_hand and t.panel.widgets:
                t.focus_zone = Zone.PANEL if t.focus_zone == Zone.HAND else Zone.HAND
            else:
                t.panel.move(-1 if back else 1)
            return True
        if self.uses_hand and t.focus_zone == Zone.HAND:
            return self.hand_key(e.key)
        return self.panel_key(e.key)

    def hand_key(self, key: int) -> bool:
        """Left / Right among the cards that may be chosen; Enter or Space chooses the focused one."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.table.move_hand_focus(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in ACTIVATE_KEYS:
            self.table.activate_focused_card()
            return True
        return False

    def panel_key(self, key: int) -> bool:
        """Left / Right move along the panel's buttons; Enter or Space presses the focused one."""
        t = self.state
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and t.panel.widgets:
            t.panel.move(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in ACTIVATE_KEYS:
            w = t.panel.focused
            if isinstance(w, Button):
                w.activate()
            return True
        return False

    def choosable(self, code: str) -> bool:
        """May the focus rest on this hand card (a card that may be played, buried or put back)?"""
        return True

    def take_advice(self, action: Action) -> None:
        """Put the keyboard focus on what a hint advises, so Enter or Space then takes the advice."""

    def focus_button(self, label_start: str) -> None:
        """Focus the panel's first button whose label starts with ``label_start``."""
        t = self.state
        for w in t.panel.widgets:
            if isinstance(w, Button) and w.label.startswith(label_start):
                t.panel.focus(w)
                t.focus_zone = Zone.PANEL
                return

    def draw_panel(self, surface: pygame.Surface) -> None:
        """Lay out the panel's widgets and draw what surrounds them."""


class HandDecision(Decision):
    """A decision made by picking cards from the hand: click one, or Left / Right and Enter."""

    uses_hand = True

    def take_advice(self, action: Action) -> None:
        t = self.state
        hand = t.hand_codes()
        if isinstance(action, Play) and card_name(action.card) in hand:
            t.focus_zone = Zone.HAND
            t.focus_card = hand.index(card_name(action.card))
        elif isinstance(action, Discard):
            t.selected = {card_name(c) for c in action.cards} & set(hand)
            self.focus_button("Bury")  # the advised cards are chosen: Enter buries them

    def click_card(self, pos: tuple[int, int]) -> bool:
        return self.table.click_hand_card(pos)
