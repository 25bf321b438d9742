"""A file a player would miss (a saved game, the history): backups, temp recovery, newer versions, masking.

:class:`SaveFile` keeps the last few good copies and falls back to them, recovers a complete temp file left
by a kill, moves a newer Krook's file aside once instead of overwriting it, can mask its contents from a
casual reader, and hands out the :class:`FileLock` that keeps two running copies apart::

    store = SaveFile(paths.user_data_dir() / "history.json", "krook-history", 1, backups=2)
    with store.lock():                 # LockedError if another Krook has it
        loaded = store.load()          # LoadedSave(data, source, notices); MissingFileError on a first run
        store.save({**loaded.data, "games": [...]})
"""

from __future__ import annotations

import base64
import contextlib
import glob
import json
import os
import re
import shutil
import stat
import tempfile
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import (
    CorruptFileError,
    FormatMismatchError,
    MissingFileError,
    ReadOnlyError,
    StorageError,
    StorageWriteError,
    is_read_only,
)
from .lock import FileLock
from .tagged import (
    FORMAT_KEY,
    MAX_FILE_BYTES,
    Migration,
    _commit,
    _Damaged,
    _dumps,
    _format_tag,
    _parse_json,
    _parse_tag,
    _read_tagged,
    _temp_prefix,
    _write_temp,
    fsync_dir,
    log,
    set_aside,
)

_PACKED_KEY = "packed"
_SEQ_KEY = "seq"
_DATA_KEY = "data"
# Not a secret: it only stops a curious reader from seeing hands with a text editor or base64 -d.
_MASK = b"krook-hot-seat-no-peeking"
NEWER_LABEL = "newer"
STALE_TEMP_SECONDS = 30.0


def _pack(data: Mapping[str, Any]) -> str:
    raw = zlib.compress(json.dumps(data, separators=(",", ":"), allow_nan=False).encode("utf-8"), 6)
    masked = bytes(b ^ _MASK[i % len(_MASK)] for i, b in enumerate(raw))
    return base64.b64encode(masked).decode("ascii")


def _unpack(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        raise _Damaged(f"{_PACKED_KEY!r} is not text")
    try:
        masked = base64.b64decode(text.encode("ascii"), validate=True)
        raw = bytes(b ^ _MASK[i % len(_MASK)] for i, b in enumerate(masked))
        # zlib's own checksum catches a damaged payload; the size cap stops a decompression bomb.
        unz = zlib.decompressobj()
        plain = unz.decompress(raw, MAX_FILE_BYTES)
        if unz.unconsumed_tail or not unz.eof:
            raise ValueError("payload truncated or too large")
    except (ValueError, UnicodeError, zlib.error) as e:
        raise _Damaged(f"packed data unreadable: {e}") from e
    obj = _parse_json(plain)
    if not isinstance(obj, dict):
        raise _Damaged("packed data is not an object")
    return obj


@dataclass(frozen=True)
class LoadedSave:
    """What :meth:`SaveFile.load` found: the data, the file it came from, and what the player should be told."""

    data: dict[str, Any]
    source: Path
    notices: tuple[str, ...] = ()


@dataclass
class _Candidate:
    path: Path
    seq: int
    mtime: float
    data: dict[str, Any] | None = None
    problem: str | None = None
    newer: bool = False


class SaveFile:
    """One precious file (a saved game): every rule a trusted app follows, behind ``save``/``load``.

    * atomic: a fsynced temp file renamed over the old one;
    * versioned: ``"format": "<kind>/<version>"``, older files migrated, a newer Krook's file moved aside
      as ``NAME.newer-<date>`` (never overwritten, never retried) with one notice;
    * backups: the last ``backups`` good saves are kept as ``NAME.bak1`` (newest) ... ``NAME.bakN``, and
      :meth:`load` falls back to them when the file is damaged or fails ``validate``;
    * a complete temp file newer than the file (the app was killed between writing and renaming) is
      recovered; unusable temp files older than ``STALE_TEMP_SECONDS`` are deleted;
    * ``obfuscate``: the data is stored compressed and masked so a casual reader sees no cards;
    * :meth:`lock` gives the :class:`FileLock` that keeps two running copies apart.

    On disk: ``{"format": ..., "seq": n, "data": {...}}`` or ``{"format": ..., "seq": n, "packed": "..."}``;
    a flat ``save_json`` file (no ``data``/``packed``) is read as data, so older files still load.
    """

    def __init__(
        self,
        path: Path | str,
        kind: str,
        version: int,
        *,
        backups: int = 3,
        migrations: Mapping[int, Migration] | None = None,
        obfuscate: bool = False,
    ) -> None:
        if backups < 0:
            raise ValueError(f"backups must be 0 or more, not {backups}")
        self.path = Path(path)
        self.kind = kind
        self.version = version
        self.tag = _format_tag(kind, version)
        self.backups = backups
        self.migrations = dict(migrations or {})
        self.obfuscate = obfuscate
        self._seq = 0
        self._checked_newer = False
        self.notices: list[str] = []  # things the player should hear once (a newer file moved aside)

    # -- names ------------------------------------------------------------------------------------------
    def backup_path(self, n: int) -> Path:
        return self.path.with_name(f"{self.path.name}.bak{n}")

    @property
    def backup_paths(self) -> list[Path]:
        return [self.backup_path(n) for n in range(1, self.backups + 1)]

    def lock(self) -> FileLock:
        return FileLock(self.path.with_name(f"{self.path.name}.lock"))

    def _temps(self) -> list[Path]:
        try:
            return sorted(self.path.parent.glob(f"{glob.escape(_temp_prefix(self.path))}*.tmp"))
        except OSError:
            return []

    def exists(self) -> bool:
        """Is there anything :meth:`load` could try (the file, a backup or a leftover temp file)?"""
        return any(p.is_file() for p in [self.path, *self.backup_paths, *self._temps()])

    def check_writable(self) -> None:
        """Raise :class:`ReadOnlyError` when saving here would be refused (the folder, or the file or its
        lock marked read-only, or a read-only disk); nothing is changed. A full disk is left to :meth:`save`."""
        for path in (self.path, self.lock().path):
            if path.exists() and not os.access(path, os.W_OK):
                raise ReadOnlyError(path, path, "marked read-only")
        # A real file, not os.access: Windows ignores folder ACLs there, and it is the write we care about.
        try:
            fd, probe = tempfile.mkstemp(
                prefix=_temp_prefix(self.path), suffix=".probe", dir=self.path.parent
            )
        except FileNotFoundError:
            return  # no folder yet: the first save makes it
        except OSError as e:
            if is_read_only(e):
                raise ReadOnlyError(self.path, reason=e.strerror or "") from e
            return
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)

    # -- saving -----------------------------------------------------------------------------------------
    def save(self, data: Mapping[str, Any], *, durable: bool = True) -> None:
        """Write ``data`` atomically, keeping the previous file as the newest backup.

        ``durable=False`` skips the fsyncs: the file is whole after the process is killed at any moment
        (the rename is atomic), and :meth:`sync` later makes it survive a power cut too; meanwhile a power
        cut may cost the newest file, and :meth:`load` then falls back to a backup. Raises
        :class:`StorageWriteError` (disk full, read-only folder, a newer file that can't be moved aside);
        the previous file and the backups are untouched by a failed write.
        """
        # Milliseconds, but always rising: orders a new game's first save after an older game's file.
        seq = max(self._seq + 1, time.time_ns() // 1_000_000)
        payload: dict[str, Any] = {FORMAT_KEY: self.tag, _SEQ_KEY: seq}
        if self.obfuscate:
            payload[_PACKED_KEY] = _pack(data)
        else:
            payload[_DATA_KEY] = dict(data)
        text = _dumps(payload)
        if not self._checked_newer:
            self._refuse_newer()
        tmp = _write_temp(self.path, text, durable)
        self._rotate()
        _commit(tmp, self.path, durable)
        self._seq = seq

    def sync(self) -> None:
        """Flush the file and its folder to the disk (after ``save(durable=False)``); errors are logged."""
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError as e:
            log.warning("could not flush %s: %s", self.path, e)
        finally:
            os.close(fd)
        fsync_dir(self.path.parent)

    def _refuse_newer(self) -> None:
        """Before the first write: a newer Krook's file is moved aside, never overwritten."""
        for path in [self.path, *self.backup_paths]:
            if self._is_newer(path):
                moved = set_aside(path, NEWER_LABEL)
                if moved is None:
                    raise StorageWriteError(
                        f"{path.name} was saved by a newer Krook and could not be moved aside; not overwriting it",
                        path,
                    )
                if path == self.path:
                    self._notice_newer(moved)
        self._checked_newer = True

    def _is_newer(self, path: Path) -> bool:
        try:
            with path.open("rb") as f:
                head = f.read(256).decode("utf-8", "replace")
        except OSError:
            return False
        match = _TAG_RE.search(head)
        if not match:
            return False
        parsed = _parse_tag(match.group(1))
        return parsed is not None and parsed[0] == self.kind and parsed[1] > self.version

    def _notice_newer(self, moved: Path) -> None:
        self.notices.append(
            f"Your saved game was made by a newer version of Krook, so this version left it alone: "
            f"it is kept as {moved.name} in {moved.parent}."
        )

    def _rotate(self) -> None:
        """bak(N-1) -> bakN ... bak1 -> bak2, then the current file -> bak1 (as a link or a copy, so the
        file itself never disappears). A failure here costs a backup, never the save."""
        if self.backups == 0 or not self.path.is_file():
            return
        try:
            for n in range(self.backups - 1, 0, -1):
                older = self.backup_path(n)
                if older.exists():
                    os.replace(older, self.backup_path(n + 1))
            fresh = self.path.with_name(f"{self.path.name}.bak-new")
            with contextlib.suppress(FileNotFoundError):
                fresh.unlink()
            try:
                os.link(self.path, fresh)
            except OSError:
                shutil.copy2(self.path, fresh)  # file systems without hard links (FAT, some shares)
            os.replace(fresh, self.backup_path(1))
        except OSError as e:
            log.warning("could not keep a backup of %s: %s", self.path, e)

    def discard(self) -> None:
        """The game is over: remove the file and its backups (a missing file is fine)."""
        for path in [self.path, *self.backup_paths]:
            try:
                path.unlink(missing_ok=True)
            except OSError as e:
                log.warning("could not remove %s: %s", path, e)

    # -- loading ----------------------------------------------------------------------------------------
    def load(
        self, validate: Callable[[dict[str, Any]], object] | None = None, *, repair: bool = True
    ) -> LoadedSave:
        """The newest usable save: the file, a complete newer temp file, or the newest good backup.

        ``validate(data)`` may raise ``ValueError``/``TypeError``/``KeyError`` (or a ``KrookError``, which
        is a ``ValueError``) to reject data that parses but can't be used; it then counts as damaged.
        Damaged files are moved aside as ``NAME.corrupt-<date>``. Raises :class:`MissingFileError` when
        there is nothing, :class:`CorruptFileError` when nothing usable is left (every file kept aside),
        :class:`FormatMismatchError` when the save is a newer Krook's (moved aside, ``moved_to`` set).
        ``repair=False`` only reads: nothing is moved, deleted or promoted (a peek at a save in use).
        """
        notices: list[str] = []
        now = time.time()
        main = self._candidate(self.path, validate)
        temps = [c for c in (self._candidate(p, validate) for p in self._temps()) if c is not None]
        backups = [c for c in (self._candidate(p, validate) for p in self.backup_paths) if c is not None]
        found = [c for c in [main, *temps, *backups] if c is not None]
        newer = [c for c in found if c.newer]
        moved_newer: Path | None = None
        for c in sorted(newer, key=lambda c: c.path != self.path):
            moved = (set_aside(c.path, NEWER_LABEL) if repair else None) or c.path
            moved_newer = moved_newer or moved
        if moved_newer is not None:
            self._notice_newer(moved_newer)
            notices.extend(self.notices)
            self.notices.clear()
        self._checked_newer = self._checked_newer or repair
        best = self._choose(main, temps, backups)
        main_bad = main is not None and main.data is None and not main.newer
        kept: Path | None = None
        if main_bad and main is not None and repair:
            kept = set_aside(self.path, "corrupt")
        for c in temps if repair else []:
            if c is best:
                continue
            stale = c.data is not None or now - c.mtime > STALE_TEMP_SECONDS
            if stale:
                with contextlib.suppress(OSError):
                    c.path.unlink()
        if best is None:
            if newer:
                err = FormatMismatchError(
                    notices[0] if notices else f"{self.path} is from a newer Krook",
                    self.path,
                    "newer",
                    self.tag,
                )
                err.moved_to = moved_newer
                raise err
            if not found:
                raise MissingFileError(f"{self.path} does not exist", self.path)
            why = main.problem if main is not None and main.problem else "no usable copy"
            raise CorruptFileError(
                f"{self.path} is damaged ({why}) and no backup could be used", self.path, kept
            )
        if best.path in {t.path for t in temps} and repair:
            # The app was killed after writing the new save and before renaming it into place.
            self._rotate()
            try:
                os.replace(best.path, self.path)
                fsync_dir(self.path.parent)
                best.path = self.path
            except OSError as e:
                log.warning("could not move the recovered save %s into place: %s", best.path, e)
            log.info("recovered the newest save from a temp file")
        elif best.path != self.path:
            what = "damaged" if main_bad else "missing"
            # short enough for the table's message line; the damaged file's new name goes to the log
            notices.append(f"The last save was {what}; Krook went back to the save before it.")
            kept_as = f" (kept as {kept.name})" if kept else ""
            log.warning("%s %s%s; loaded %s", self.path, what, kept_as, best.path.name)
        self._seq = best.seq
        assert best.data is not None
        return LoadedSave(best.data, best.path, tuple(notices))

    @staticmethod
    def _choose(
        main: _Candidate | None, temps: list[_Candidate], backups: list[_Candidate]
    ) -> _Candidate | None:
        """A complete temp file written after the file wins; then the file; then the newest good backup
        (rotation keeps bak1 the newest, so order, not clocks, decides among backups)."""
        good_main = main if main is not None and main.data is not None else None
        floor = good_main.seq if good_main is not None else -1
        fresh = [t for t in temps if t.data is not None and t.seq > floor]
        if fresh:
            return max(fresh, key=lambda t: t.seq)
        if good_main is not None:
            return good_main
        return next((b for b in backups if b.data is not None), None)

    def _candidate(
        self, path: Path, validate: Callable[[dict[str, Any]], object] | None
    ) -> _Candidate | None:
        try:
            st = path.stat()
        except OSError:
            return None
        if not stat_is_file(st.st_mode):
            return None
        c = _Candidate(path, 0, st.st_mtime)
        try:
            raw = _read_tagged(path, self.kind, self.version, None)
            c.seq = _seq_of(raw)
            c.data = self._payload(raw)
        except FormatMismatchError as e:
            if e.found.startswith(f"{self.kind}/") and self._older_but_migratable(path, e):
                return self._migrated(path, c, validate)
            c.newer = self._is_newer(path)
            c.problem = str(e)
            return c
        except (_Damaged, CorruptFileError) as e:
            c.problem = str(e)
            return c
        except StorageError as e:
            c.problem = str(e)
            return c
        return self._validated(c, validate)

    def _older_but_migratable(self, path: Path, e: FormatMismatchError) -> bool:
        parsed = _parse_tag(e.found)
        return parsed is not None and parsed[1] < self.version

    def _migrated(
        self, path: Path, c: _Candidate, validate: Callable[[dict[str, Any]], object] | None
    ) -> _Candidate:
        try:
            raw = _read_tagged(path, self.kind, self.version, self._envelope_migrations())
            c.seq = _seq_of(raw)
            c.data = self._payload(raw)
        except (StorageError, _Damaged) as e:
            c.problem = str(e)
            c.data = None
            return c
        return self._validated(c, validate)

    def _envelope_migrations(self) -> dict[int, Migration]:
        def wrap(step: Migration) -> Migration:
            def run(raw: dict[str, Any]) -> dict[str, Any]:
                return {_DATA_KEY: step(self._payload(raw)), _SEQ_KEY: raw.get(_SEQ_KEY, 0)}

            return run

        return {n: wrap(step) for n, step in self.migrations.items()}

    def _payload(self, raw: dict[str, Any]) -> dict[str, Any]:
        if _PACKED_KEY in raw:
            return _unpack(raw[_PACKED_KEY])
        if _DATA_KEY in raw and isinstance(raw[_DATA_KEY], dict):
            return dict(raw[_DATA_KEY])
        if _DATA_KEY in raw:
            raise _Damaged(f"{_DATA_KEY!r} is not an object")
        flat = dict(raw)
        flat.pop(_SEQ_KEY, None)
        return flat

    @staticmethod
    def _validated(c: _Candidate, validate: Callable[[dict[str, Any]], object] | None) -> _Candidate:
        if validate is not None and c.data is not None:
            try:
                validate(c.data)
            except (ValueError, TypeError, KeyError, AttributeError) as e:
                c.problem = f"does not replay: {e}"
                c.data = None
        return c


_TAG_RE = re.compile(r'"format"\s*:\s*"([^"]{1,80})"')


def _seq_of(raw: dict[str, Any]) -> int:
    seq = raw.get(_SEQ_KEY, 0)
    # Milliseconds since 1970 fit easily; a larger number is damage and would push every later save's up.
    return seq if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq < 2**63 else 0


def stat_is_file(mode: int) -> bool:
    return stat.S_ISREG(mode)
