"""Events posted by the saver thread reach the table even when the table collects events at that moment."""

from __future__ import annotations

import random
import threading

from krook import storage
from krook.bots import BotContext, make_bot
from krook.session import finished
from krook.session.base import ErrorEvent
from krook.session.local import Lobby, LocalSession, SeatConfig


def test_an_event_from_the_saver_thread_is_not_lost_while_the_table_collects(home, monkeypatch):
    def full_disk(*args, **kw):
        raise storage.StorageError("the disk is full", home / "games")

    monkeypatch.setattr(finished, "keep", full_disk)
    lob = Lobby([SeatConfig(n, "human") for n in ("Ann", "Bob", "Cy", "Di")], seed=5)
    lob.overrides = {"target": 100}
    s = LocalSession.new(lob, threaded=True)
    entered, go = threading.Event(), threading.Event()

    class Gate(list):
        """The old event list: an append from another thread stops half-way (the list read, not yet
        appended) until the table has swapped it out."""

        def append(self, item):
            if threading.current_thread() is not threading.main_thread():
                entered.set()
                go.wait(5)
            super().append(item)

    s._events = Gate()  # only the pre-fix interleaving goes through here; a queue never touches it
    bot, rng = make_bot("simple"), random.Random(1)
    collected: list[object] = []
    try:
        for _ in range(5000):
            m = s.match
            if m.is_over:
                break
            if m.phase.value == "hand_over":
                s.next_hand()
            else:
                assert m.to_act is not None
                assert s.submit(m.to_act, bot.choose(s.view(m.to_act), BotContext(rng, budget_s=0.1))) is None
        assert s.match.is_over
        if entered.wait(2):  # the saver thread is between reading the list and appending to it
            collected += s.update(0.0)
        go.set()
        s.flush()
        collected += s.update(0.0)
    finally:
        go.set()
        s.close()
    errors = [e.message for e in collected if isinstance(e, ErrorEvent)]
    assert any("could not be kept" in m and "disk is full" in m for m in errors), errors
