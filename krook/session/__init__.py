"""Game sessions: what the screens drive. A local session runs the rules core and bots in this process;
a remote session (krook.net) talks to a LAN host. Both satisfy ``Session`` in ``base``."""

from .base import ActionEvent, ErrorEvent, GameOverEvent, HandOverEvent, Session, SessionEvent, StatusEvent

__all__ = [
    "ActionEvent",
    "ErrorEvent",
    "GameOverEvent",
    "HandOverEvent",
    "Session",
    "SessionEvent",
    "StatusEvent",
]
