"""Stepping through a game record: every position from the first deal to the last action, forward and back.

Secrecy: a record of a finished game may be watched with every hand face up (that is what a replay is
for). A record of a game still in progress (an autosave, a file sent mid-game) is watched from the public
seat only: no hand, nest or burial is ever shown that a spectator at the table would not have seen, so the
viewer can't be used to peek at a game someone is still playing.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from krook.rules import Match, PublicAction, SeatView, match_from_record, parse_action, public_action
from krook.rules.cards import names


@dataclass(frozen=True)
class Position:
    """A step of the replay: the hand (0-based) and how many of its actions have been applied."""

    hand: int
    actions: int


class Replay:
    """A record opened for watching. Positions are numbered 0 .. ``len(self) - 1``."""

    own_seat: int | None = None  # a full record: every seat's cards are known (``SeatReplay`` has one seat's)

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = copy.deepcopy(record)
        full = match_from_record(self.record)  # raises RecordError when the record is bad
        self.finished = full.is_over
        self.players = list(full.players)
        self.preset = full.preset
        self.positions: list[Position] = []
        self.hand_starts: list[int] = []
        for h, entry in enumerate(self.record["hands"]):
            self.hand_starts.append(len(self.positions))
            for k in range(len(entry.get("actions", [])) + 1):
                self.positions.append(Position(h, k))
        self._match: Match | None = None
        self._at = -1

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def hands(self) -> int:
        return len(self.hand_starts)

    @property
    def may_show_hands(self) -> bool:
        """Hands may be shown face up only for a finished game."""
        return self.finished

    def match_at(self, step: int) -> Match:
        """The game at ``step``; stepping forward one action reuses the last game, anything else replays."""
        step = max(0, min(step, len(self) - 1))
        pos = self.positions[step]
        m = self._match
        if m is not None and step == self._at:
            return m
        if m is not None and step == self._at + 1 and pos.actions > 0:
            m.apply(self.action_text(step))
        else:
            hands = copy.deepcopy(self.record["hands"][: pos.hand + 1])
            hands[-1]["actions"] = hands[-1].get("actions", [])[: pos.actions]
            m = match_from_record(dict(self.record, hands=hands))
        self._match, self._at = m, step
        return m

    def action_text(self, step: int) -> str:
        """The action that led to ``step`` (empty at the start of a hand)."""
        pos = self.positions[step]
        if pos.actions == 0:
            return ""
        return str(self.record["hands"][pos.hand]["actions"][pos.actions - 1])

    def action_at(self, step: int, seat: int | None = None) -> PublicAction | None:
        """The action that led to ``step``, typed, as ``seat`` may read it (None at the start of a hand)."""
        text = self.action_text(step)
        if not text:
            return None
        # The record edge: a record that replays has only actions the rules accepted, so this parses.
        action = parse_action(text)
        actor = self.match_at(step - 1).to_act
        return public_action(action, may_see_burial=self.may_show_hands or seat == actor)

    def frame(self, step: int, seat: int | None) -> Frame:
        """Everything a screen shows at ``step`` as ``seat`` (always the public seat for a game in progress)."""
        step = max(0, min(step, len(self) - 1))
        actor = self.match_at(step - 1).to_act if self.positions[step].actions > 0 else None
        match = self.match_at(step)
        shown = seat if self.may_show_hands else None
        # Hands face up only for a finished game; otherwise every list stays empty.
        hands = [names(mask) for mask in match.hand.hands] if self.may_show_hands else []
        return Frame(
            step=step,
            view=match.view(shown),
            seat=shown,
            actor=actor,
            action=self.action_at(step, shown),
            hands=hands,
        )

    def actions_in(self, hand: int) -> int:
        return len(self.record["hands"][hand].get("actions", []))

    def hand_of(self, step: int) -> int:
        return self.positions[max(0, min(step, len(self) - 1))].hand


@dataclass(frozen=True)
class Frame:
    """One step as a screen shows it: the view, who did what to get here, and (finished games) all hands."""

    step: int
    view: SeatView
    seat: int | None
    actor: int | None
    action: PublicAction | None  # None: the deal
    hands: list[list[str]]
