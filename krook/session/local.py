"""A game on this computer: the ``Match``, the local humans (hot-seat) and bots thinking on a worker thread.

The session is the only owner of the ``Match``. A bot is handed ``match.view(seat)`` (a plain-data copy
built on the main thread) through the shared bot runner (``bot_runner.BotRunner``) and its typed answer
comes back on a later frame; the session checks it, applies it and emits an ``ActionEvent``. Every applied action is autosaved (``krook.storage.SaveFile``: atomic, the
last few saves kept as backups, masked so a curious player can't read the hands) to the user data folder,
so a killed app resumes at the last action with :meth:`LocalSession.resume`. A session that saves holds the
save's lock: a second running Krook can't overwrite the game, and is told so instead.
"""

from __future__ import annotations

import functools
import logging
import queue
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from krook import paths, storage
from krook.bots import make_bot
from krook.rules import (
    Action,
    IllegalActionError,
    KrookError,
    Match,
    Phase,
    SeatView,
    as_action,
    match_from_record,
    public_action,
)

from . import finished, history, undo_rule
from .base import ActionEvent, ErrorEvent, GameOverEvent, HandOverEvent, SessionEvent, StatusEvent
from .bot_runner import BotFactory, BotMove, BotRunner

# The lobby model lives in lobby.py; its names stay importable from here.
from .lobby import SEAT_KINDS as SEAT_KINDS
from .lobby import Lobby as Lobby
from .lobby import LobbyError as LobbyError
from .lobby import SeatConfig as SeatConfig

log = logging.getLogger(__name__)

SAVE_FILE = "autosave.json"
SAVE_KIND = finished.AUTOSAVE_KIND
# 2: the SaveFile envelope ({"seq", "packed"}); version 1 files (flat, plain text) still load.
SAVE_VERSION = 2
SAVE_BACKUPS = 3


def _free_name(seat: int, taken: list[str]) -> str:
    """The name "Player N" for a seat (N its number), or the first such name no other seat has."""
    for n in (seat + 1, *range(1, 10)):
        if f"Player {n}" not in taken:
            return f"Player {n}"
    return f"Player {seat + 1}"


def save_path() -> Path:
    return paths.user_data_dir() / SAVE_FILE


def saved_record(path: Path | None = None) -> dict[str, Any] | None:
    """The autosaved game's record without resuming it (the replay viewer shows it, hands hidden); None
    when there is none or it can't be read. Only reads: the game may be open in this or another window."""
    try:
        data = save_file(path).load(repair=False).data
    except storage.StorageError as exc:
        log.info("no saved game to show: %s", exc)
        return None
    record = data.get("record")
    return record if isinstance(record, dict) else None


def save_file(path: Path | None = None) -> storage.SaveFile:
    """The autosave, with its backups and lock (hot-seat hands are masked from a casual reader)."""
    return storage.SaveFile(
        path or save_path(),
        SAVE_KIND,
        SAVE_VERSION,
        backups=SAVE_BACKUPS,
        migrations={1: dict},
        obfuscate=True,
    )


def has_saved_game() -> bool:
    return save_file().exists()


def _check_replays(data: dict[str, Any]) -> None:
    """SaveFile's validator: a save counts only if its record replays into an unfinished game."""
    match = match_from_record(data.get("record"))
    if match.is_over:
        raise ValueError("the saved game was already finished")
    Lobby.from_dict(data.get("lobby") or {})


class LocalSession:
    """Implements ``krook.session.base.Session`` for a game on this computer.

    ``bot_delay`` is the least time between a bot's turn starting and its action being applied (the
    ``bot speed`` setting); a threaded bot starts thinking when its turn starts, so its think and the pause
    overlap. ``threaded=False`` runs bots inline (tools and benchmarks). ``bot_factory`` makes the bot of a
    strength (``krook.bots.make_bot``; tests and the guided hand bring their own).
    """

    undo_offered = True  # the table offers Undo (the guided hand says no)

    def __init__(
        self,
        match: Match,
        lobby: Lobby,
        *,
        bot_delay: float = 0.0,
        threaded: bool = True,
        bot_factory: BotFactory | None = None,
        autosave: bool = True,
        store: storage.SaveFile | None = None,
        lock: storage.FileLock | None = None,
        save_now: bool = True,
    ) -> None:
        self.match = match
        self.lobby = lobby
        self.players = list(match.players)
        self.bot_delay = bot_delay
        self.autosave = autosave
        n = match.rules.players
        seats = list(lobby.seats) + [SeatConfig(f"Player {i + 1}") for i in range(len(lobby.seats), n)]
        self._kinds = [("human" if s.kind == "human" else "bot") for s in seats[:n]]
        self._strengths = {i: seats[i].strength for i in range(n) if self._kinds[i] == "bot"}
        self._status = ["human" if k == "human" else "bot" for k in self._kinds]
        self._events: list[SessionEvent] = []  # the main thread's own
        # Events from the saver thread: a queue, because the main thread swaps ``_events`` out each frame and
        # an append racing that swap went to the list already handed to the table (lost).
        self._posted: queue.SimpleQueue[SessionEvent] = queue.SimpleQueue()
        self._threaded = threaded
        # Seeded "seed/version/seat" (the host's runner orders it seat/version): older saves replay the same.
        self._bots = BotRunner(
            match.seed,
            delay=0.0,  # paced here by the frames' dt, so a paused or slow window never hurries a bot
            factory=bot_factory or make_bot,
            threaded=threaded,
            key=lambda seed, seat, version: f"{seed}/{version}/{seat}",
        )
        self._wait = 0.0
        self._closed = False
        self.undos = 0  # actions taken back this game (the game's summary shows the count)
        # Set by the saver thread, read by the main thread: the reason the last save failed, or None.
        self.save_error: str | None = None
        self._reported_error: str | None = None
        self.notices: list[str] = []  # for the player, once (a newer Krook's save moved aside, a fallback)
        self._store = store or (save_file() if autosave else None)
        self._lock = lock
        if self._store is not None and self._lock is None:
            self._lock = self._store.lock()
            try:
                self._lock.acquire()
            except storage.LockedError as exc:
                self._lock = None
                self._store = None
                self.save_error = "Another Krook window has the saved game, so this game is not saved."
                log.warning("autosave off: %s", exc)
            except storage.StorageError as exc:
                self._lock = None  # can't lock (read-only folder): saving will say why it fails
                log.warning("no save lock: %s", exc)
        self.autosave = autosave and self._store is not None
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="krook-save") if threaded else None
        self._save_lock = threading.Lock()
        self._sync_queued = False
        if save_now:  # a resumed game is already saved as it is: no write, no backup rolled, until a move
            self._save()

    # -- construction -------------------------------------------------------------------------------------
    @classmethod
    def new(cls, lobby: Lobby, **kw: Any) -> LocalSession:
        rules = lobby.rules()
        names = [s.name for s in lobby.seats][: rules.players]
        names += [f"Player {i + 1}" for i in range(len(names), rules.players)]
        humans = [i for i, s in enumerate(lobby.seats[: rules.players]) if s.kind == "human"]
        if len(humans) > 1:
            # "You" is the one-player default; at one shared screen it would read "Pass to You"
            for i in humans:
                if names[i].strip() in ("You", ""):
                    names[i] = _free_name(i, names)
        for i in range(rules.players):
            if i not in humans and names[i].strip() == "You":
                names[i] = _free_name(i, names)  # a computer player is never "You" (it read "You's turn")
        match = Match(
            rules,
            names,
            seed=lobby.seed,
            first_dealer=lobby.first_dealer % rules.players,
            preset=lobby.preset,
        )
        if kw.get("autosave", True) and kw.get("store") is None:
            finished.keep_replaced(save_file())  # an unfinished saved game stays in the list, abandoned
        return cls(match, lobby, **kw)

    @classmethod
    def resume(cls, path: Path | None = None, *, read_only: bool = False, **kw: Any) -> LocalSession:
        """Rebuild the autosaved game (falling back to a backup when the save is damaged).

        Raises ``storage.LockedError`` when another running Krook has it (``read_only=True`` opens a copy
        that is never saved and changes no file), ``storage.ReadOnlyError`` when the folder or the save
        may not be written (nothing moved), ``storage.MissingFileError``, ``storage.CorruptFileError``
        (every damaged file kept aside) or ``storage.FormatMismatchError`` (a newer Krook's save, moved
        aside). Nothing is written until a move, unless the game came from a backup."""
        store = save_file(path)
        lock = None
        if not read_only:
            lock = store.lock()
            lock.acquire()
        try:
            if lock is not None:
                store.check_writable()
            loaded = store.load(_check_replays, repair=not read_only)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        match = match_from_record(loaded.data.get("record"))
        lobby = Lobby.from_dict(loaded.data.get("lobby") or {})
        if read_only:
            session = cls(match, lobby, autosave=False, save_now=False, **kw)
            session.save_error = "This is a copy: moves made here are not saved."
        else:
            session = cls(match, lobby, store=store, lock=lock, save_now=False, **kw)
        session.notices.extend(loaded.notices)
        undos = loaded.data.get("undos")
        session.undos = undos if isinstance(undos, int) and not isinstance(undos, bool) and undos > 0 else 0
        if not read_only and loaded.source != store.path:
            session._save()  # from a backup: written back now, so the next start does not fall back again
        return session

    # -- the Session protocol -----------------------------------------------------------------------------
    @property
    def local_seats(self) -> list[int]:
        return [i for i, k in enumerate(self._kinds) if k == "human"]

    @property
    def version(self) -> int:
        return self.match.version

    def view(self, seat: int | None) -> SeatView:
        return self.match.view(seat)

    def submit(self, seat: int, action: Action | str) -> str | None:
        if self._closed:
            return "the game is closed"
        if seat not in self.local_seats:
            return "that seat is not played at this screen"
        m = self.match
        if m.is_over or (m.to_act != seat and not m.hand.may_call_redeal(seat)):
            return "it is not your turn"
        try:
            self._apply(seat, action)
        except IllegalActionError as exc:
            return exc.reason
        except KrookError as exc:
            return str(exc)
        return None

    def update(self, dt: float) -> list[SessionEvent]:
        if not self._closed:
            self._run_bots(dt)
        self._report_save_state()
        events, self._events = self._events, []
        while True:
            try:
                events.append(self._posted.get_nowait())
            except queue.Empty:
                return events

    def _report_save_state(self) -> None:
        """A failed save is told once when it starts failing (the table's lasting marker shows the rest)."""
        if self._store is not None and self._store.notices:
            self.notices.extend(self._store.notices)
            self._store.notices.clear()
        while self.notices:  # told at the table at once (a damaged save replaced by its backup, ...)
            self._events.append(ErrorEvent(self.notices.pop(0)))
        error = self.save_error
        if error != self._reported_error:
            self._reported_error = error
            if error is not None:
                self._events.append(ErrorEvent(error))

    def seat_status(self, seat: int) -> str:
        return self._status[seat]

    @property
    def busy(self) -> bool:
        """A bot is due to act or thinking: the window should keep polling (optional extra)."""
        m = self.match
        return not self._closed and not m.is_over and m.to_act is not None and self._kinds[m.to_act] == "bot"

    def next_hand(self) -> None:
        if self.match.is_over or self.match.phase is not Phase.HAND_OVER:
            return
        self.match.next_hand()
        self._save()

    def close(self) -> None:
        self._closed = True
        if self._saver is not None:
            self._saver.shutdown(wait=True)
            self._saver = None
        self._bots.close(timeout=0.0)  # a bot deep in thought is not waited for: its answer is dropped
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # -- undo -------------------------------------------------------------------------------------------
    @property
    def practice(self) -> bool:
        """Unlimited take-backs (a lobby setting): the game is practice, kept apart in the history."""
        return self.lobby.practice

    def undo_problem(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now, or None when it may (see :meth:`undo`)."""
        return undo_rule.why_not(self.match, seat, self._kinds, self._closed, self.practice)

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last action and the bots' actions after it; returns why not, or None.

        The game is replayed from its record without those actions, so the record reads as if they were
        never played; a bot still thinking is forgotten. ``undos`` counts the take-backs.
        """
        problem = self.undo_problem(seat)
        if problem:
            return problem
        keep = undo_rule.kept_actions(self.match, seat)
        record = self.match.to_record()
        record["hands"][-1]["actions"] = record["hands"][-1]["actions"][:keep]
        self.match = match_from_record(record)
        self._bots.forget()  # its answer is for a position that no longer exists
        self._wait = 0.0
        for s in self._strengths:
            self._set_status(s, "bot")
        self._events.clear()
        self.undos += 1
        self._save()
        return None

    # -- internals ----------------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action | str) -> None:
        typed = as_action(action)
        self.match.apply(typed, seat)
        self._events.append(ActionEvent(seat, public_action(typed), self.version))
        if self.match.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            self._events.append(HandOverEvent(len(self.match.hands)))
            if self.match.winner is not None:
                self._events.append(GameOverEvent(self.match.winner))
                self._keep_finished()
        self._save()

    def _run_bots(self, dt: float) -> None:
        m = self.match
        if self._bots.pending is not None:
            # the bot thinks during the table's pause, not after it: its move lands once both are over
            self._wait += dt
            if self._wait < self.bot_delay:
                return
            moves = self._bots.results()
            if moves:
                self._wait = 0.0
                self._play(moves[-1])
            return
        if m.is_over or m.to_act is None or self._kinds[m.to_act] != "bot":
            self._wait = 0.0
            return
        if not self._threaded:  # inline bots (tools): the pause first, then the move
            self._wait += dt
            if self._wait < self.bot_delay:
                return
        self._wait = 0.0
        seat = m.to_act
        view = m.view(seat)
        self._bots.budget = max(0.3, self.bot_delay)
        self._bots.ask(seat, view.version, view, self._strengths[seat])
        if self._threaded:
            self._set_status(seat, "thinking")
        else:
            for move in self._bots.results():
                self._play(move)

    def _play(self, move: BotMove) -> None:
        """Apply a bot's answer if it still fits the game; a bot's mistake is told and a legal action played."""
        m, seat = self.match, move.seat
        self._set_status(seat, "bot")
        if move.version != self.version or m.to_act != seat:
            return  # the game moved on (should not happen locally); think again
        try:
            self._apply(seat, move.action)  # the runner's fallback for a failed bot is legal too
            problem = move.error
        except KrookError as exc:
            log.error("bot at seat %s chose %s, which is illegal (%s)", seat, move.action, exc)
            problem = str(exc)
            self._apply(seat, as_action(m.legal_actions().sample(random.Random(self.version))))
        if problem is not None:
            mistake = f"{self.players[seat]}'s bot made a mistake ({problem}); it played a legal card instead"
            self._events.append(ErrorEvent(mistake))

    def bot_strength(self, seat: int) -> str | None:
        """The strength of the bot playing ``seat`` (``easy``...), or None for a seat played by a person."""
        return self._strengths.get(seat)

    def settle_bots(self, timeout: float = 10.0) -> bool:
        """Wait until a bot asked to think has its answer ready (tools, tests, a kill simulated in them); the
        answer still lands on a frame. False when it is still thinking after ``timeout`` seconds."""
        return self._bots.settle(timeout)

    def _set_status(self, seat: int, status: str) -> None:
        if self._status[seat] != status:
            self._status[seat] = status
            self._events.append(StatusEvent(seat, status))

    def _save(self) -> None:
        """Autosave after every action: atomic, and on the disk once the saver thread has flushed it
        (``flush()`` waits for that)."""
        if not self.autosave:
            return
        if self.match.is_over:
            data = None
        else:
            data = {
                "record": self.match.to_record(),
                "lobby": self.lobby.to_dict(),
                "saved_at": time.time(),
                "undos": self.undos,
            }
        if self._saver is None:
            self._write(data)
            return
        # Written here, before the action returns, without waiting for the disk: a kill at any moment
        # finds the file whole and at most the action in progress behind. The saver thread then flushes
        # it to the disk (coalesced: one flush waiting at most), so a slow disk never stalls a frame.
        self._write(data, durable=False)
        with self._save_lock:
            if self._sync_queued:
                return
            self._sync_queued = True
        self._saver.submit(self._sync)

    def _sync(self) -> None:
        with self._save_lock:
            self._sync_queued = False
        store = self._store
        if store is not None:
            store.sync()

    def _keep_finished(self) -> None:
        """A finished game joins the list of finished games and each human's history (on the saver thread)."""
        if not self.autosave:
            return
        job = functools.partial(self._archive, self.match, self.local_seats, self.undos, time.time())
        if self._saver is None:
            job()
        else:
            self._saver.submit(job)

    def _archive(self, match: Match, humans: list[int], undos: int, at: float) -> None:
        try:
            finished.keep(match, humans, undos, at, practice=self.practice)
            history.record_game(match, humans, undos, at, practice=self.practice)
        except storage.StorageError as exc:
            self._posted.put(ErrorEvent(f"The finished game could not be kept: {exc}"))

    def _write(self, data: dict[str, Any] | None, durable: bool = True) -> None:
        store = self._store
        if store is None:
            return
        if data is None:
            store.discard()
            return
        try:
            store.save(data, durable=durable)
        except storage.StorageError as exc:
            # Logged every time (the log shows how long saving failed); the player sees a lasting marker.
            log.error("autosave failed: %s", exc)
            cause = exc.__cause__
            reason = cause.strerror if isinstance(cause, OSError) and cause.strerror else str(exc)
            self.save_error = f"Saving failed: {reason}."
            return
        if self.save_error is not None:
            log.info("autosave works again")
            self.save_error = None

    def flush(self) -> None:
        """Wait until every autosave so far is on disk."""
        if self._saver is not None:
            self._saver.submit(lambda: None).result()
