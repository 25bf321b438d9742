"""Watching a seat record (what one seat of a LAN game saw): its views one after another, as a replay.

A seat record holds no other seat's cards, so its replay shows the public table and that seat's hand only;
it is checked like a host's message (the file may come from anyone) before anything is drawn.
"""

from __future__ import annotations

import copy
from typing import Any

from krook.records.seat_record import check_seat_record
from krook.rules import KrookError, PublicAction, parse_public_action

from .replay import Frame, Position


class SeatReplay:
    """A seat record opened for watching; the same surface as :class:`krook.session.replay.Replay`."""

    may_show_hands = False

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = copy.deepcopy(record)
        self.own_seat, self.views = check_seat_record(self.record)
        last = self.views[-1]
        self.finished = last.winner is not None
        self.players = list(last.players)
        self.preset = last.preset
        self.actors: list[tuple[int | None, PublicAction | None]] = []
        n = len(self.players)
        for raw in self.record["views"]:
            actor, action = raw.get("actor"), raw.get("action")
            ok = isinstance(actor, int) and not isinstance(actor, bool) and 0 <= actor < n
            self.actors.append((actor if ok else None, _recorded_action(action) if ok else None))
        self.positions: list[Position] = []
        self.hand_starts: list[int] = []
        numbers: list[int] = []
        for step, view in enumerate(self.views):
            if not numbers or view.hand_number != numbers[-1]:
                numbers.append(view.hand_number)
                self.hand_starts.append(step)
            self.positions.append(Position(len(numbers) - 1, step - self.hand_starts[-1]))

    def __len__(self) -> int:
        return len(self.views)

    @property
    def hands(self) -> int:
        return len(self.hand_starts)

    def actions_in(self, hand: int) -> int:
        end = self.hand_starts[hand + 1] if hand + 1 < len(self.hand_starts) else len(self.views)
        return end - self.hand_starts[hand] - 1

    def frame(self, step: int, seat: int | None = None) -> Frame:
        """The seat's own view at ``step`` (``seat`` is ignored: only the recorded seat's cards are known)."""
        step = max(0, min(step, len(self) - 1))
        view = self.views[step]
        actor, action = self.actors[step]
        hands = [list(view.hand) if s == self.own_seat else [] for s in range(len(self.players))]
        return Frame(step=step, view=view, seat=self.own_seat, actor=actor, action=action, hands=hands)

    def hand_of(self, step: int) -> int:
        return self.positions[max(0, min(step, len(self) - 1))].hand


def _recorded_action(raw: object) -> PublicAction | None:
    """A seat record's action, read at the record edge; anything unreadable is shown as no action."""
    if not isinstance(raw, str) or len(raw) > 60 or not raw.isprintable():
        return None
    try:
        return parse_public_action(raw)
    except KrookError:
        return None
