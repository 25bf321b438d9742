"""The deal animation: cards go one by one from the dealer to each seat and to the nest.

``DealAnimation`` is the deal's clock (``t`` seconds into a deal of ``length`` seconds, -1 when not dealing);
it says who has how many cards at that moment and where the card in the air is going (the table draws it).
"""

from __future__ import annotations

from krook.rules import SeatView

NEST = -1  # the deal order's mark for a card going to the nest


class DealAnimation:
    def __init__(self) -> None:
        self.t = -1.0
        self.length = 0.0
        self._order_for: tuple[int, int, int] | None = None
        self._order: list[int] = []

    @property
    def running(self) -> bool:
        return self.t >= 0

    def start(self, length: float) -> None:
        self.length = max(0.0, length)
        self.t = 0.0 if self.length > 0 else -1.0

    def advance(self, dt: float) -> bool:
        """Move the clock on; True when the deal has just finished."""
        if self.t < 0:
            return False
        self.t += dt
        if self.t >= self.length:
            self.t = -1.0
            return True
        return False

    def order(self, view: SeatView) -> list[int]:
        """Who gets each card of the deal: seats clockwise from the dealer's left, ``NEST`` for the nest."""
        n = len(view.players)
        key = (view.hand_number, view.dealer, n)
        if self._order_for == key:
            return self._order
        rules = view.rules_obj
        order: list[int] = []
        for round_ in range(rules.hand_size):
            for i in range(1, n + 1):
                order.append((view.dealer + i) % n)
            if round_ < rules.nest_size:
                order.append(NEST)
        self._order_for = key
        self._order = order
        return order

    def _progress(self, view: SeatView) -> float:
        return len(self.order(view)) * min(1.0, self.t / self.length) if self.length > 0 else 0.0

    def dealt_count(self, view: SeatView, seat: int) -> int:
        """Cards ``seat`` (or ``NEST``) has received so far."""
        if not self.running:
            return view.hand_sizes[seat] if seat != NEST else int(view.rules.get("nest_size", 0))
        k = int(self._progress(view))
        return sum(1 for s in self.order(view)[:k] if s == seat)

    def flight(self, view: SeatView) -> tuple[int, int, float] | None:
        """The card in the air: (the dealer, the seat or ``NEST`` it goes to, how far it has come, 0 to 1)."""
        order = self.order(view)
        k = self._progress(view)
        i = int(k)
        return (view.dealer, order[i], k - i) if i < len(order) else None
