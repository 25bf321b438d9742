"""The host's journal: each change to the game on its own line, synced to disk before anyone is told of it.

The full autosave is written now and then on a saver thread. Every journal line carries a sequence number
``n`` and every autosave says the last ``n`` it holds, so a host killed at any moment comes back with every
action a player saw confirmed: the autosave, then the journal lines newer than it. A torn last line (the
power went out mid-write) ends the replay: that change was never confirmed to anyone.

Once an autosave is on disk the lines it holds are dropped from the journal (compaction: the lines still
needed are written to a temporary file, synced and renamed over the journal), so the journal stays about
one hand long however long the host runs.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from krook.rules import KrookError, Match, Phase
from krook.storage import fsync_dir

log = logging.getLogger("krook.net.journal")

MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # far beyond the longest game: a bigger file is not ours


class JournalError(OSError):
    """The journal cannot be written: changes are no longer durable."""


def journal_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".journal")


def _private(path: str, flags: int) -> int:
    """Open for this user only (0600): the journal holds player names and the moves of hidden hands."""
    return os.open(path, flags, 0o600)


class Journal:
    """An append-only file of JSON lines; :meth:`append` returns once the line is on disk.

    Not thread-safe: the host appends and compacts under its lock.
    """

    def __init__(self, path: Path, last: int = 0) -> None:
        self.path = path
        self.last = last  # the sequence number of the newest line (carried on across host restarts)
        self._file: IO[bytes] | None = None
        self._lines: list[tuple[int, bytes]] = []  # the lines in the file now, for compaction

    def open_fresh(self) -> None:
        """Start an empty journal (the autosave just written holds everything before it)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        _temp_path(self.path).unlink(missing_ok=True)  # a compaction that was cut short
        self._file = open(self.path, "wb", opener=_private)  # noqa: SIM115 - kept open for the host's life
        os.fsync(self._file.fileno())
        self._lines = []

    def __len__(self) -> int:
        return len(self._lines)

    def append(self, change: dict[str, Any]) -> None:
        if self._file is None:
            return
        number = self.last + 1
        line = json.dumps({"n": number, **change}, separators=(",", ":"), ensure_ascii=True).encode("ascii")
        line += b"\n"
        try:
            self._file.write(line)
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as exc:
            raise JournalError(exc.errno, f"cannot write the journal {self.path}: {exc.strerror}") from exc
        self.last = number
        self._lines.append((number, line))

    def compact(self, saved: int) -> int:
        """Drop the lines numbered ``saved`` or lower (an autosave on disk holds them); returns how many.

        The lines kept go to a temporary file that is synced and renamed over the journal, so a kill at any
        moment leaves either the old journal or the new one, never a part of either.
        """
        keep = [(n, line) for n, line in self._lines if n > saved]
        dropped = len(self._lines) - len(keep)
        if self._file is None or not dropped:
            return 0
        temp = _temp_path(self.path)
        try:
            with open(temp, "wb", opener=_private) as out:
                out.write(b"".join(line for _, line in keep))
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, self.path)
            fsync_dir(self.path.parent)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temp.unlink()
            log.error("cannot compact the journal %s (it keeps growing): %s", self.path, exc)
            return 0
        old, self._file = self._file, open(self.path, "ab")  # noqa: SIM115 - kept open for the host's life
        with contextlib.suppress(OSError):
            old.close()
        self._lines = keep
        return dropped

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


def _temp_path(path: Path) -> Path:
    return path.with_name(path.name + ".tmp")


def read_journal(path: Path) -> list[dict[str, Any]]:
    """The journal's complete lines, in order; stops at the first torn or unreadable line."""
    try:
        if path.stat().st_size > MAX_JOURNAL_BYTES:
            log.error("journal %s is too large to be ours; ignoring it", path)
            return []
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        log.error("cannot read the journal %s: %s", path, exc)
        return []
    entries: list[dict[str, Any]] = []
    for line in raw.split(b"\n")[:-1]:  # the part after the last newline was never finished
        try:
            entry = json.loads(line.decode("ascii"))
        except (ValueError, RecursionError):  # bad ASCII or JSON, a huge number, nesting past the stack
            log.error("journal %s: unreadable line %d; the replay stops there", path, len(entries) + 1)
            break
        if not isinstance(entry, dict):
            break
        entries.append(entry)
    return entries


@dataclass
class Replayed:
    """The parts of a hosted game the journal can change besides the match."""

    started: bool
    claimed: set[int]
    ready: set[int] = field(default_factory=set)
    applied: int = 0
    last: int = 0  # the newest journal line the game now holds (the autosave's, or one replayed)


def _whole(value: object) -> int:
    """A seat number as the journal writes it; ValueError for anything else (1e999 reads as an infinite float,
    which int() turns into OverflowError, and true would pass for seat 1)."""
    if type(value) is not int:
        raise ValueError(f"not a whole number: {value!r:.40}")
    return value


def replay_journal(match: Match, entries: list[dict[str, Any]], state: Replayed) -> Replayed:
    """Apply the journal's changes newer than ``match`` to it and to ``state``; returns ``state``."""
    ready: tuple[int, set[int]] | None = None
    for number, entry in enumerate(entries, 1):
        line_number = entry.get("n")
        if type(line_number) is int:
            if line_number <= state.last:
                continue  # the autosave holds it (written before the journal was compacted)
            if state.last and line_number != state.last + 1:
                log.error(
                    "journal line %d skips from change %d to %d; stopping", number, state.last, line_number
                )
                break
        version = entry.get("v")
        if type(version) is not int:
            log.error("journal line %d has no version; the replay stops there", number)
            break
        now = match.version
        try:
            if "action" in entry:
                if version <= now:
                    continue
                if version != now + 1:
                    log.error("journal line %d skips from version %d to %d; stopping", number, now, version)
                    break
                match.apply(str(entry["action"]), _whole(entry["seat"]))
                state.applied += 1
            elif "next_hand" in entry:
                if version <= now:
                    continue
                if version != now + 1 or match.phase is not Phase.HAND_OVER:
                    log.error("journal line %d deals a hand out of turn; stopping", number)
                    break
                match.next_hand()
                state.applied += 1
            elif "claim" in entry:
                seat = _whole(entry["claim"])
                if 0 <= seat < len(match.players):
                    state.claimed.add(seat)
                    match.players[seat] = str(entry.get("name", match.players[seat]))[:40]
            elif "start" in entry:
                state.started = True
                players = entry.get("players")
                if isinstance(players, list) and len(players) == len(match.players):
                    match.players[:] = [str(p)[:40] for p in players]
            elif "ready" in entry:
                ready = (version, {_whole(s) for s in entry["ready"]})
        except (KrookError, KeyError, TypeError, ValueError) as exc:
            log.error("journal line %d does not apply (%s); the replay stops there", number, exc)
            break
        if type(line_number) is int:
            state.last = line_number
    if ready is not None and ready[0] == match.version and match.phase is Phase.HAND_OVER:
        state.ready = ready[1]
    return state
