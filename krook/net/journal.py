"""The host's journal: each change to the game on its own line, synced to disk before anyone is told of it.

The full autosave is written now and then on a saver thread; the journal holds every change since the
host started, so a host killed at any moment comes back with every action a player saw confirmed. A torn
last line (the power went out mid-write) ends the replay: that change was never confirmed to anyone.
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

log = logging.getLogger("krook.net.journal")

MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # far beyond the longest game: a bigger file is not ours


class JournalError(OSError):
    """The journal cannot be written: changes are no longer durable."""


def journal_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".journal")


class Journal:
    """An append-only file of JSON lines; :meth:`append` returns once the line is on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[bytes] | None = None

    def open_fresh(self) -> None:
        """Start an empty journal (the autosave just written holds everything before it)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "wb")  # noqa: SIM115 - kept open for the host's life
        os.fsync(self._file.fileno())

    def append(self, change: dict[str, Any]) -> None:
        if self._file is None:
            return
        line = json.dumps(change, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"
        try:
            self._file.write(line)
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as exc:
            raise JournalError(exc.errno, f"cannot write the journal {self.path}: {exc.strerror}") from exc

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


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
        except (UnicodeDecodeError, ValueError):
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


def replay_journal(match: Match, entries: list[dict[str, Any]], state: Replayed) -> Replayed:
    """Apply the journal's changes newer than ``match`` to it and to ``state``; returns ``state``."""
    ready: tuple[int, set[int]] | None = None
    for number, entry in enumerate(entries, 1):
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
                match.apply(str(entry["action"]), int(entry["seat"]))
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
                seat = int(entry["claim"])
                if 0 <= seat < len(match.players):
                    state.claimed.add(seat)
                    match.players[seat] = str(entry.get("name", match.players[seat]))[:40]
            elif "start" in entry:
                state.started = True
                players = entry.get("players")
                if isinstance(players, list) and len(players) == len(match.players):
                    match.players[:] = [str(p)[:40] for p in players]
            elif "ready" in entry:
                ready = (version, {int(s) for s in entry["ready"]})
        except (KrookError, KeyError, TypeError, ValueError) as exc:
            log.error("journal line %d does not apply (%s); the replay stops there", number, exc)
            break
    if ready is not None and ready[0] == match.version and match.phase is Phase.HAND_OVER:
        state.ready = ready[1]
    return state
