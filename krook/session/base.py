"""The contract between the screens and a running game, local or over the LAN.

The screens never touch a ``Match``: they read ``SeatView``s and receive events in order, so they can
animate every action even when bots act faster than the animations run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from krook.rules import Action, PublicAction, SeatView


@dataclass(frozen=True)
class ActionEvent:
    """An action was applied, typed. A burial the viewer may not see arrives as a ``HiddenDiscard``."""

    seat: int
    action: PublicAction
    version: int

    @property
    def text(self) -> str:
        """The public text of the action, for logs and records (``discard 5 cards`` for a hidden burial)."""
        return str(self.action)


@dataclass(frozen=True)
class HandOverEvent:
    hand_number: int


@dataclass(frozen=True)
class GameOverEvent:
    winner: int


@dataclass(frozen=True)
class ErrorEvent:
    """Something the player should read: an illegal action, a lost connection, a corrupt save."""

    message: str
    fatal: bool = False


@dataclass(frozen=True)
class StatusEvent:
    """A seat's status changed: human, bot, remote, thinking, disconnected, ..."""

    seat: int
    status: str


SessionEvent = ActionEvent | HandOverEvent | GameOverEvent | ErrorEvent | StatusEvent


class Session(Protocol):
    players: list[str]

    @property
    def local_seats(self) -> list[int]:
        """Seats played by humans at this screen (hot-seat: several)."""
        ...

    def view(self, seat: int | None) -> SeatView:
        """The latest view of a local seat, or the public view with ``None``."""
        ...

    def submit(self, seat: int, action: Action | str) -> str | None:
        """Send a human's action (typed, or its text); returns an error message to show, or None when
        accepted (or sent)."""
        ...

    def update(self, dt: float) -> list[SessionEvent]:
        """Advance bots / read the network; return the events since the last call, in order."""
        ...

    def seat_status(self, seat: int) -> str: ...

    @property
    def busy(self) -> bool:
        """A bot on this computer is due to act or thinking: the window keeps drawing frames."""
        ...

    def next_hand(self) -> None:
        """Deal the next hand once the score sheet has been seen (a client tells the host it is ready)."""
        ...

    def close(self) -> None: ...
