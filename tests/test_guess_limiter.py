"""The room-code limiter on a clock the test moves (the host's own test tries it over sockets)."""

from __future__ import annotations

import itertools

from krook.net.guessing import GUESSES_FREE, LOCKOUT_AFTER, LOCKOUT_S, MAX_GUESSERS, GuessLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_free_tries_then_a_doubling_wait_then_a_lockout() -> None:
    clock = Clock()
    limiter = GuessLimiter(clock)
    waits = []
    for _ in range(LOCKOUT_AFTER):
        assert limiter.wait("10.0.0.9") == 0.0  # the test waits out each delay before trying again
        limiter.result("10.0.0.9", wrong=True)
        waits.append(limiter.wait("10.0.0.9"))
        clock.now += waits[-1]
    assert waits[: GUESSES_FREE - 1] == [0.0] * (GUESSES_FREE - 1)
    doubling = waits[GUESSES_FREE - 1 : -1]
    assert all(b == min(30.0, 2 * a) for a, b in itertools.pairwise(doubling)), doubling
    assert waits[-1] == LOCKOUT_S
    assert limiter.wait("10.0.0.8") == 0.0  # another address is not slowed by this one


def test_a_right_code_forgives_and_refusals_are_counted() -> None:
    clock = Clock()
    limiter = GuessLimiter(clock)
    for _ in range(GUESSES_FREE):
        limiter.result("a", wrong=True)
    wait = limiter.wait("a")
    assert wait > 0
    assert "wait 1 s" in limiter.refuse(wait) and limiter.refused == 1
    limiter.result("a", wrong=False)
    assert limiter.wait("a") == 0.0


def test_it_remembers_a_bounded_number_of_addresses_forgetting_the_oldest() -> None:
    limiter = GuessLimiter(Clock())
    for i in range(MAX_GUESSERS + 50):
        limiter.result(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}", wrong=True)
    assert len(limiter) == MAX_GUESSERS
