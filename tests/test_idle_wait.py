"""Idle ≈ 0 (issue 26 item 10): on a real display the main loop blocks in SDL's own wait until an event or
its timeout instead of waking 100 times a second to poll; under the dummy driver (tests) it keeps polling.
Figures: ``python benchmarks/bench_idle.py --seconds 8 --x11`` (needs Xvfb)."""

from __future__ import annotations

import time

import pygame
from scene_helpers import make_app

from krook.event_wait import _SDL_NAME, EventWaiter


class FakeWaiter:
    available = True

    def __init__(self) -> None:
        self.waits: list[float] = []

    def wait(self, seconds: float) -> None:
        self.waits.append(seconds)


def test_the_idle_loop_blocks_once_instead_of_polling(monkeypatch):
    """Before: 0.5 s idle was 50 looks at the queue with 10 ms sleeps between them."""
    app = make_app()
    fake = FakeWaiter()
    app._waiter = fake
    pygame.event.clear()
    sleeps: list[float] = []
    monkeypatch.setattr(time, "sleep", lambda s: sleeps.append(s))
    assert app._wait_for_events(0.5) == []
    assert fake.waits == [0.5]
    assert sleeps == []


def test_queued_events_are_returned_without_waiting():
    app = make_app()
    fake = FakeWaiter()
    app._waiter = fake
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, x=1))
    events = app._wait_for_events(0.5)
    assert [e.type for e in events] == [pygame.USEREVENT]
    assert fake.waits == []


def test_the_dummy_driver_polls():
    make_app()
    assert pygame.display.get_driver() == "dummy"
    assert not EventWaiter().available


def test_the_sdl_library_is_recognised_by_name():
    for name in ("libSDL2-2.0.so.0", "libSDL2-2-50d19f93.0.so.0.3200.10"):
        assert _SDL_NAME.match(name), name
    for name in ("libSDL2_ttf-2-e69aa315.0.so.0.2400.0", "libSDL2_mixer-2-6719e6f6.0.so.0.800.2"):
        assert not _SDL_NAME.match(name), name
