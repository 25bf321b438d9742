"""The contract between the screens and a running game, local or over the LAN.

The screens never touch a ``Match``: they read ``SeatView``s and receive events in order, so they can
animate every action even when bots act faster than the animations run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from krook.rules import Action, Match, PublicAction, SeatView


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


# -- what a session can do beyond the contract: small protocols the screens check, never concrete classes ----
@runtime_checkable
class TakesBack(Protocol):
    """A game that can take a human's last move back (a game against bots on this computer)."""

    undos: int  # moves taken back this game (the game's summary counts them)

    @property
    def undo_offered(self) -> bool:
        """The table offers Undo at all (the guided first hand does not)."""
        ...

    @property
    def version(self) -> int: ...

    def undo_problem(self, seat: int) -> str | None:
        """Why ``seat`` cannot take a move back now, or None when it can."""
        ...

    def undo(self, seat: int) -> str | None:
        """Take ``seat``'s last move back; returns why not, or None when done."""
        ...


@runtime_checkable
class Coaching(Protocol):
    """A game that teaches one move at a time (the guided hand): its hint is the move the lesson asks for."""

    def lesson_advice(self, seat: int) -> tuple[Action, str] | None:
        """The move the note on screen asks ``seat`` for, with its words; None while the player is free."""
        ...


@runtime_checkable
class Reviewable(Protocol):
    """A game whose whole record is here, so a finished hand can be reviewed exactly."""

    @property
    def match(self) -> Match: ...


@runtime_checkable
class KeptHere(Protocol):
    """A game saved on this computer: what the player should be told about its save, once."""

    notices: list[str]  # a newer Krook's save moved aside, a damaged save replaced by its backup, ...

    @property
    def save_error(self) -> str | None:
        """Why the game is not being saved now (a full disk, a read-only folder), or None."""
        ...


@dataclass(frozen=True)
class LinkState:
    """How a network game's link stands, as the table shows it."""

    connected: bool  # this screen reaches the game (a host always does)
    hosting_port: int | None = None  # this computer is the host, on this port
    grace_s: float | None = None  # how long a dropped seat is held (known to the host)
    waiting_for_ready: tuple[int, ...] | None = None  # seats not yet ready for the next hand (the host knows)
    own_seat: int | None = None  # the seat this screen plays over the link

    def text(self) -> str:
        if self.hosting_port is not None:
            return f"Hosting on port {self.hosting_port}"
        return "Connected to the host" if self.connected else "Reconnecting to the host..."


@runtime_checkable
class Linked(Protocol):
    """A game played over a network (this computer hosts it, or joined it)."""

    def link(self) -> LinkState: ...
