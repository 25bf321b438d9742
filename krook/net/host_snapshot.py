"""What the host's screens show of the seats and the game, copied out of the host under its lock."""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import HUMAN


@dataclass(frozen=True)
class HostSnapshot:
    """What the host's screens show, copied out under the lock: they never read the protocol object."""

    name: str
    port: int
    players: tuple[str, ...]
    statuses: tuple[str, ...]
    kinds: tuple[str, ...]
    started: bool
    grace_s: float
    password: str | None
    waiting_for_ready: tuple[int, ...]
    open_seats: int
    game_over: bool
    failed: str | None

    @property
    def human_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]
