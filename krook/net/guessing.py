"""How often one address may try a room code (docs/PROTOCOL.md, "Limits").

A few free tries, then a doubling wait, then a lockout; a right code forgives the mistyped ones before it.
A try that comes before its wait is over is refused without testing the code, so racing tells a guesser
nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

GUESSES_FREE = 3
GUESS_DELAY_S = 1.0
GUESS_DELAY_MAX_S = 30.0
LOCKOUT_AFTER = 10
LOCKOUT_S = 300.0
MAX_GUESSERS = 4096  # addresses remembered; the one heard from longest ago is forgotten first


@dataclass
class _Guesser:
    failed: int = 0
    next_try: float = 0.0


class GuessLimiter:
    """Wrong room codes per address, and how long each address must wait before its next try."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._guessers: dict[str, _Guesser] = {}
        self.refused = 0  # tries refused unread because their address had to wait

    def __len__(self) -> int:
        return len(self._guessers)

    def wait(self, address: str) -> float:
        """Seconds ``address`` must still wait; 0 when it may try now."""
        guesser = self._guessers.get(address)
        return 0.0 if guesser is None else max(0.0, guesser.next_try - self._clock())

    def refuse(self, wait: float) -> str:
        """Count a try refused for waiting, and say why in words for the player."""
        self.refused += 1
        return f"too many wrong room codes from your address: wait {wait:.0f} s and try again"

    def result(self, address: str, wrong: bool) -> None:
        now = self._clock()
        if not wrong:
            self._guessers.pop(address, None)
            return
        guesser = self._guessers.pop(address, None) or _Guesser()
        guesser.failed += 1
        if guesser.failed >= LOCKOUT_AFTER:
            guesser.next_try = now + LOCKOUT_S
        elif guesser.failed >= GUESSES_FREE:
            delay = GUESS_DELAY_S * 2 ** (guesser.failed - GUESSES_FREE)
            guesser.next_try = now + min(GUESS_DELAY_MAX_S, delay)
        self._guessers[address] = guesser  # last in the dict: heard from most recently
        while len(self._guessers) > MAX_GUESSERS:
            del self._guessers[next(iter(self._guessers))]
