"""The shared bot runner: computer players thinking on one worker thread, with a seeded context and a legal
fallback when a bot fails. The LAN/internet host and a local game (``LocalSession``) both use it.

    runner = BotRunner(seed=match.seed, budget=1.0, delay=0.4, on_done=wake_my_loop)
    runner.ask(seat, match.version, match.view(seat), "hard")   # returns at once; the bot thinks on the thread
    ...
    for move in runner.results():                               # on the owner's thread, later
        if move.version == match.version and match.to_act == move.seat:
            match.apply(move.action, move.seat)                 # stale answers are the owner's to drop
    runner.close()

Contract:

- **Seeded.** Each question gets ``random.Random(key(seed, seat, version))`` (``f"{seed}/{seat}/{version}"``
  by default; a local game keeps its own older order) and ``budget`` seconds in its ``BotContext``: the same
  game asks the same questions and gets the same answers (a seed and the action log replay a game exactly).
- **One bot per (seat, strength)**, made by ``factory`` (``krook.bots.make_bot`` by default; tests inject
  their own) and kept, so a bot may remember what it saw earlier in the game.
- **Never fails the game.** A bot that raises is logged and replaced for that move by a legal action drawn
  from the view (``BotMove.error`` says what happened, for a message to the player).
- **Paced.** ``delay`` is the least time from ``ask`` to the answer (thinking overlaps the pause). A local
  game passes 0 and paces by its frames' ``dt`` instead.
- **Forgettable.** After :meth:`forget` (an undo), answers to earlier questions are dropped: a take-back can
  bring the game back to the same version with another position, so the version alone cannot tell them apart.
- **Threads.** ``ask``, ``results``, ``pending`` and ``close`` are called from the owner's thread (or under
  its lock); the answer is computed on the worker, which calls ``on_done()`` after each one (e.g. to wake a
  selector loop). With ``threaded=False`` a question is answered inside ``ask`` (tools, benchmarks).
- The runner only reads the ``SeatView`` it is handed: it never holds the game, so it cannot leak a hand.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from krook.bots import Bot, BotContext, make_bot
from krook.rules import Action, SeatView, action_text, as_action

log = logging.getLogger("krook.session.bots")


BotFactory = Callable[[str], Bot]
"""Makes the bot of a strength (``krook.bots.make_bot``; tests and the guided hand pass their own)."""


def host_key(seed: object, seat: int, version: int) -> str:
    return f"{seed}/{seat}/{version}"


@dataclass(frozen=True)
class BotMove:
    """A bot's answer: the typed ``action`` for ``seat`` at game ``version``; ``error`` when the bot failed
    and a legal action was played for it."""

    seat: int
    version: int
    action: Action
    error: str | None = None

    @property
    def text(self) -> str:
        """The action in rules notation, for the wire (the host sends it as a player's action)."""
        return action_text(self.action)


_Job = tuple[int, int, int, SeatView, str, float]  # epoch, seat, version, view, strength, asked at


class BotRunner:
    def __init__(
        self,
        seed: object,
        *,
        budget: float = 1.0,
        delay: float = 0.0,
        factory: BotFactory = make_bot,
        on_done: Callable[[], None] | None = None,
        threaded: bool = True,
        key: Callable[[object, int, int], str] = host_key,
    ) -> None:
        self.seed, self.budget, self.delay = seed, budget, delay
        self.factory = factory
        self.on_done = on_done
        self.key = key
        self._bots: dict[tuple[int, str], Bot] = {}
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._results: queue.Queue[tuple[int, BotMove]] = queue.Queue()
        self._pending: tuple[int, int] | None = None
        self._epoch = 0
        self._open = 0  # questions asked and not yet answered, under _answered
        self._answered = threading.Condition()
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._work, name="krook-bots", daemon=True)
            self._thread.start()

    @property
    def pending(self) -> tuple[int, int] | None:
        """The (seat, version) asked about and not yet collected by :meth:`results`, or None."""
        return self._pending

    def ask(self, seat: int, version: int, view: SeatView, strength: str) -> None:
        """Ask the bot of ``strength`` at ``seat`` what to do in ``view`` (the game at ``version``)."""
        self._pending = (seat, version)
        if self._thread is None:
            self._results.put((self._epoch, self._answer(seat, version, view, strength)))
        else:
            with self._answered:
                self._open += 1
            self._jobs.put((self._epoch, seat, version, view, strength, time.monotonic()))

    def results(self) -> list[BotMove]:
        """The answers that came since the last call (maybe stale: compare ``version`` with the game's);
        answers to questions asked before :meth:`forget` are dropped here."""
        moves: list[BotMove] = []
        while True:
            try:
                epoch, move = self._results.get_nowait()
            except queue.Empty:
                break
            if epoch == self._epoch:
                moves.append(move)
        if moves:
            self._pending = None
        return moves

    def forget(self) -> None:
        """Drop what was asked (an undo, a new game): its answer, when it comes, is never returned."""
        self._pending = None
        self._epoch += 1

    def settle(self, timeout: float = 10.0) -> bool:
        """Wait until every question asked so far has been answered (tests, and a kill simulated in them);
        False when the bots are still thinking after ``timeout`` seconds."""
        with self._answered:
            return self._answered.wait_for(lambda: self._open == 0, timeout)

    def close(self, timeout: float = 5.0) -> None:
        self._closed.set()
        if self._thread is not None:
            self._jobs.put(None)
            if self._thread is not threading.current_thread():
                self._thread.join(timeout)

    # -- the worker ----------------------------------------------------------------------------------------
    def _answer(self, seat: int, version: int, view: SeatView, strength: str) -> BotMove:
        try:
            bot = self._bots.get((seat, strength))
            if bot is None:
                bot = self._bots[(seat, strength)] = self.factory(strength)
            rng = random.Random(self.key(self.seed, seat, version))
            return BotMove(seat, version, as_action(bot.choose(view, BotContext(rng, self.budget))))
        except Exception as exc:  # a bot bug must not end the family's game
            log.exception("bot for seat %s failed; playing a legal action", seat)
            fallback = as_action(view.legal_actions().sample(random.Random(version)))
            return BotMove(seat, version, fallback, f"{type(exc).__name__}: {exc}")

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            epoch, seat, version, view, strength, asked = job
            if epoch == self._epoch:  # a question forgotten while it waited is not thought about
                move = self._answer(seat, version, view, strength)
                rest = self.delay - (time.monotonic() - asked)
                if rest > 0:
                    self._closed.wait(rest)
                self._results.put((epoch, move))
            with self._answered:
                self._open -= 1
                self._answered.notify_all()
            if self.on_done is not None:
                self.on_done()


__all__ = ["BotFactory", "BotMove", "BotRunner", "host_key"]
