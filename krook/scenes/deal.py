"""The deal animation: cards go one by one from the dealer to each seat and to the nest.

The table scene owns the clock (``deal_t`` seconds into a deal of ``deal_len`` seconds, -1 when not
dealing); this module says who has how many cards at that moment and draws the card in the air.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .table import TableScene

NEST = -1  # the deal order's mark for a card going to the nest


class DealAnimation:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._order_for: tuple[int, int] | None = None
        self._order: list[int] = []

    @property
    def running(self) -> bool:
        return self.table.deal_t >= 0

    def order(self) -> list[int]:
        """Who gets each card of the deal: seats clockwise from the dealer's left, ``NEST`` for the nest."""
        t = self.table
        key = (t.shown.hand_number, t.view.dealer)
        if self._order_for == key:
            return self._order
        rules = t.view.rules_obj
        order: list[int] = []
        for round_ in range(rules.hand_size):
            for i in range(1, t.n + 1):
                order.append((t.view.dealer + i) % t.n)
            if round_ < rules.nest_size:
                order.append(NEST)
        self._order_for = key
        self._order = order
        return order

    def _progress(self) -> float:
        t = self.table
        return len(self.order()) * min(1.0, t.deal_t / t.deal_len)

    def dealt_count(self, seat: int) -> int:
        """Cards ``seat`` (or ``NEST``) has received so far."""
        t = self.table
        if t.deal_len <= 0:
            return t.view.hand_sizes[seat]
        k = int(self._progress())
        return sum(1 for s in self.order()[:k] if s == seat)

    def draw_flying_card(self, surface: pygame.Surface) -> None:
        t = self.table
        order = self.order()
        k = self._progress()
        i = int(k)
        if i < len(order):
            frac = k - i
            target = order[i]
            dealer = t.seat_anchor(t.view.dealer)
            end = t.layout.center if target < 0 else t.seat_anchor(target)
            pos = (dealer[0] + (end[0] - dealer[0]) * frac, dealer[1] + (end[1] - dealer[1]) * frac)
            t.sprites.draw(surface, None, pos, t.layout.back_h)
