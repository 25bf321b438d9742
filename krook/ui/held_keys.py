"""Keys held down while the screen, or the decision on it, changes: their repeats are dropped until let go.

A key held for a moment repeats (``pygame.key.set_repeat``). Enter held to pass the hot-seat curtain went on
to bid for the player behind it before they had seen their cards; Esc held to open the menu closed it again.
A repeat is only meant for the thing the key was pressed on."""

from __future__ import annotations

from typing import Any

import pygame


def _pressed(key: int) -> bool:
    """Whether the keyboard holds ``key`` down now (SDL's own state, so a release the window missed while it
    was in the background does not leave a key stuck)."""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error):
        return False


class HeldKeys:
    def __init__(self) -> None:
        self.down: set[int] = set()  # pressed and not yet seen released
        self.stale: set[int] = set()  # held across a change: their repeats are dropped

    def settle(self) -> None:
        """What the keys act on has changed: the keys held now act again only once let go and pressed anew."""
        self.stale |= {key for key in self.down if _pressed(key)}

    def lets_through(self, e: Any) -> bool:
        """Whether an event may act: not a repeat of a key held since the last change."""
        if e.type == pygame.KEYDOWN:
            if e.key in self.stale:
                if _pressed(e.key):
                    return False
                self.stale.discard(e.key)  # its release was missed: this is a new press
            self.down.add(e.key)
        elif e.type == pygame.KEYUP:
            self.down.discard(e.key)
            self.stale.discard(e.key)
        elif e.type == pygame.WINDOWFOCUSLOST:
            self.down.clear()
            self.stale.clear()
        return True
