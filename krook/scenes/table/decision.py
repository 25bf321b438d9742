"""A decision of the hand (bid, bury, name trump, call, play): it owns its input and returns the player's choice.

The table keeps the shared state (``TableState``: the hand, the selection, the focus, the panel) and hands
each event to the decision whose panel is up: ``prepare`` builds the panel's widgets when the decision comes
up, ``handle`` takes a click, a key or the wheel and returns the :data:`Action` the player chose, ``True`` for
an event it used without choosing, or ``False``; ``draw_panel`` lays out and draws the panel. A decision never
acts on the game itself: the table submits what it returns (``TableScene.submit``).

Keys are the decision's: Tab moves the focus between the hand and the panel's buttons; in the hand Left /
Right move among the cards that may be chosen and Enter or Space chooses; on the panel Left / Right move
along the buttons and Enter or Space presses one.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from krook.rules import Action, Discard, Play, card_name
from krook.scenes.table import hand_fan
from krook.scenes.table.state import TableState, Zone
from krook.ui import Button
from krook.ui.widgets import ACTIVATE_KEYS, Widget

Handled = Action | bool  # what ``Decision.handle`` returns: the choice, or whether the event was used


class Decision:
    kind = ""
    uses_hand = False  # the decision is made by choosing cards from the hand

    def __init__(self, state: Callable[[], TableState]) -> None:
        self._state = state
        self.rect = pygame.Rect(0, 0, 0, 0)  # the panel's box, once drawn (the layout test reads it)
        self._chosen: Action | None = None  # what a panel button chose (its callback runs inside an event)

    @property
    def state(self) -> TableState:
        return self._state()

    def prepare(self) -> list[Widget]:
        """The panel's widgets for a new decision (and where the keyboard focus starts)."""
        return []

    def first_focus(self) -> int:
        """Which of ``prepare``'s widgets holds the keyboard focus when the decision comes up."""
        return 0

    def choose(self, action: Action) -> None:
        """A panel button's callback: the player chose ``action`` (returned by ``handle``)."""
        self._chosen = action

    def take_choice(self) -> Action | None:
        """The choice a button made, once (also when a button was pressed outside ``handle``)."""
        chosen, self._chosen = self._chosen, None
        return chosen

    # -- input -----------------------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> Handled:
        """One event while the decision is up: the action chosen, else whether the event was used."""
        used = self._handle(e)
        chosen = self.take_choice()
        if chosen is not None:
            return chosen
        return used

    def _handle(self, e: pygame.event.Event) -> Handled:
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            result = self.click_card(e.pos)
            if result is not False:
                return result
        # The panel's buttons take the mouse; keys go to the decision, which moves the focus over the hand
        # or the buttons (so Left / Right reach the hand's cards even when the panel has buttons).
        if e.type != pygame.KEYDOWN and self.state.panel.handle_event(e) and e.type != pygame.MOUSEMOTION:
            return True
        return self.handle_event(e)

    def click_card(self, pos: tuple[int, int]) -> Handled:
        """A left click, before the panel's buttons see it: cards under the pointer."""
        return False

    def handle_event(self, e: pygame.event.Event) -> Handled:
        """Keys, the wheel and clicks the panel's buttons did not take."""
        if e.type == pygame.KEYDOWN:
            return self.key(e)
        return False

    def key(self, e: pygame.event.Event) -> Handled:
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

    def hand_key(self, key: int) -> Handled:
        """Left / Right among the cards that may be chosen; Enter or Space chooses the focused one."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_hand_focus(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in ACTIVATE_KEYS:
            hand = self.state.hand_codes()
            if hand:
                return self.card_chosen(hand[min(self.state.focus_card, len(hand) - 1)])
            return True
        return False

    def panel_key(self, key: int) -> Handled:
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

    def card_chosen(self, code: str) -> Handled:
        """The player clicked a hand card, or pressed Enter on it."""
        return True

    # -- the hand's focus ---------------------------------------------------------------------------------
    def choosable(self, code: str) -> bool:
        """May the focus rest on this hand card (a card that may be played, buried or put back)?"""
        return True

    def move_hand_focus(self, d: int) -> None:
        """Move the focus ``d`` steps along the hand, over the cards this decision lets the player choose."""
        t = self.state
        hand = t.hand_codes()
        if not hand:
            return
        ok = [i for i, c in enumerate(hand) if self.choosable(c)] or list(range(len(hand)))
        here = min(t.focus_card, len(hand) - 1)
        after = [i for i in ok if (i - here) * d > 0]
        if after:
            t.focus_card = min(after, key=lambda i: abs(i - here))
        else:  # wrap around
            t.focus_card = ok[0] if d > 0 else ok[-1]

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

    def click_card(self, pos: tuple[int, int]) -> Handled:
        code = hand_fan.card_at(self.state, pos)
        return False if code is None else self.card_chosen(code)
