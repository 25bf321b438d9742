"""The host's persistence: its journal and its autosave (docs/PROTOCOL.md, *Durable before visible*).

:class:`HostStore` is what the host needs and nothing of sockets or bots:

- ``open(data)`` writes the first autosave synchronously (every seat token is on disk before anyone is
  welcomed with one), starts a fresh journal and the saver thread;
- ``record(change)`` appends one change to the journal and syncs it, under the host's lock, before any
  message about it is queued;
- ``save_soon(data, finished_hands)`` hands the saver thread the game as it is now; the saver writes it
  outside the host's lock, atomically, and after a finished hand (or a long stretch) drops the journal lines
  that save holds (compaction);
- ``close(data)`` stops the saver, writes a last save and closes the journal.

The autosave and the journal are written readable by their user only (0600 where the system has modes):
they hold the seat tokens, the room code and every hand (docs/LAN.md, *What the autosave holds*).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from pathlib import Path
from typing import Any

from .journal import Journal, JournalError, journal_path

log = logging.getLogger("krook.net.host")

SAVE_KIND, SAVE_VERSION = "krook-lan-game", 1
COMPACT_LINES = 256  # the journal is compacted after each hand, or sooner when it reaches this many lines


class HostStore:
    def __init__(self, path: Path, lock: threading.RLock, journal_last: int = 0) -> None:
        self.path = path
        self.lock = lock  # the host's: the journal is appended under it, and compacted under it
        self.journal: Journal | None = None
        self._journal_last = journal_last  # the newest journal line the game holds, before the journal opens
        self._finished_at_compaction = 0  # hands finished when the journal was last compacted
        self._saver: threading.Thread | None = None
        self._cond = threading.Condition()
        self._slot: tuple[dict[str, Any], bool] | None = None
        self._stop = False
        self.save_error: str | None = None
        self.compactions = 0  # times the journal was compacted into the autosave

    @property
    def last(self) -> int:
        """The newest journal line the game holds: an autosave says it, so a restart replays only newer ones."""
        return self.journal.last if self.journal is not None else self._journal_last

    def open(self, data: dict[str, Any]) -> None:
        """The first save and a fresh journal; raises OSError when the folder cannot be written."""
        try:
            self.write(data)  # a failure is in save_error (and the log); the journal below must open
            self.journal = Journal(journal_path(self.path), self._journal_last)
            self.journal.open_fresh()
        except OSError as exc:
            raise OSError(f"cannot save the hosted game in {self.path}: {exc}") from exc
        self._saver = threading.Thread(target=self._work, name="krook-host-save", daemon=True)
        self._saver.start()

    def record(self, change: dict[str, Any]) -> None:
        """One change, synced to the journal (under the host's lock)."""
        if self.journal is None:
            return
        try:
            self.journal.append(change)
        except JournalError as exc:
            # The game goes on (stopping it would lose more), but the screen says saving has failed.
            if self.save_error is None:
                log.error("%s", exc)
            self.save_error = str(exc)

    def save_soon(self, data: dict[str, Any], finished_hands: int) -> None:
        """Hand the saver the game as it is now (``data`` built under the host's lock)."""
        compact = finished_hands > self._finished_at_compaction or (
            self.journal is not None and len(self.journal) >= COMPACT_LINES
        )
        if compact:
            self._finished_at_compaction = finished_hands
        with self._cond:
            if self._slot is not None:  # a save not written yet is replaced: keep its compaction
                compact = compact or self._slot[1]
            self._slot = (data, compact)
            self._cond.notify()

    def close(self, data: dict[str, Any] | None) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()
        if self._saver is not None:
            self._saver.join(10)
        if data is not None:
            self.write(data)
        if self.journal is not None:
            self.journal.close()

    def write(self, data: dict[str, Any]) -> bool:
        from krook import storage

        try:
            storage.save_json(self.path, SAVE_KIND, SAVE_VERSION, data)
            with contextlib.suppress(OSError):  # tokens and the room code: readable by this user only
                os.chmod(self.path, 0o600)
        except storage.StorageError as exc:
            log.error("autosave failed: %s", exc)
            self.save_error = str(exc)
            return False
        return True

    def _work(self) -> None:
        while True:
            with self._cond:
                while self._slot is None and not self._stop:
                    self._cond.wait()
                slot, self._slot = self._slot, None
                if slot is None:
                    return
            data, compact = slot
            if self.write(data) and compact and self.journal is not None:
                with self.lock:  # the network thread appends under it
                    dropped = self.journal.compact(data["journal"])
                self.compactions += dropped > 0
                log.debug("journal compacted: %d lines now in the autosave", dropped)


__all__ = ["COMPACT_LINES", "SAVE_KIND", "SAVE_VERSION", "HostStore"]
