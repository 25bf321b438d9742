"""Crash-safe JSON files with a format tag.

Every file Krook writes is a JSON object whose ``"format"`` member is ``"<kind>/<version>"`` (for example
``"settings/1"``), so a file can say what it is and which layout it uses. Saving writes a temporary file in
the same folder, fsyncs it and renames it over the old one, so a power cut leaves either the old file or
the new one, never half of each.

A file that can't be read back (bad JSON, not an object, unreadable, no format tag) is renamed to
``NAME.corrupt-YYYYmmdd-HHMMSS`` so the player keeps the evidence and the game can start fresh; a file of
the right kind but a version this build can't read is renamed to ``NAME.unsupported-...`` by
:func:`load_or_default` for the same reason and so a later save can't overwrite a newer Krook's data.

:class:`SaveFile` is the API for files a player would miss (saved games, finished-game records): on top
of the above it keeps the last few good copies and falls back to them, recovers a complete temp file left
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
import copy
import glob
import json
import logging
import os
import platform
import re
import shutil
import stat
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "FORMAT_KEY",
    "CorruptFileError",
    "FileLock",
    "FormatMismatchError",
    "Loaded",
    "LoadedSave",
    "LockedError",
    "MissingFileError",
    "SaveFile",
    "StorageError",
    "StorageWriteError",
    "load_json",
    "load_or_default",
    "save_json",
    "set_aside",
]

FORMAT_KEY = "format"
# A save file is a few kilobytes; anything far larger is not ours and reading it would only stall startup.
MAX_FILE_BYTES = 16 * 1024 * 1024

log = logging.getLogger(__name__)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class StorageError(Exception):
    """Base class: a Krook file could not be saved or loaded. ``path`` is the file concerned."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class MissingFileError(StorageError):
    """The file does not exist (a first run, usually)."""


class CorruptFileError(StorageError):
    """The file was unreadable or not a Krook file; ``moved_to`` is where it was set aside (or None)."""

    def __init__(self, message: str, path: Path, moved_to: Path | None) -> None:
        super().__init__(message, path)
        self.moved_to = moved_to


class FormatMismatchError(StorageError):
    """The file's format tag is of another kind or a version this build can't read."""

    def __init__(self, message: str, path: Path, found: str, expected: str) -> None:
        super().__init__(message, path)
        self.found = found
        self.expected = expected
        self.moved_to: Path | None = None


class StorageWriteError(StorageError):
    """Saving failed (disk full, permissions...); the previous file, if any, is untouched."""


@dataclass(frozen=True)
class Loaded:
    """What :func:`load_or_default` returns: the data, and the problem that made it fall back, if any."""

    data: dict[str, Any]
    problem: StorageError | None = None

    @property
    def from_default(self) -> bool:
        return self.problem is not None


def _format_tag(kind: str, version: int) -> str:
    if not kind or "/" in kind or version < 1:
        raise ValueError(f"bad format kind/version: {kind!r}/{version!r}")
    return f"{kind}/{version}"


def _parse_tag(tag: object) -> tuple[str, int] | None:
    if not isinstance(tag, str):
        return None
    kind, sep, number = tag.rpartition("/")
    # ASCII digits only ("²" is a digit to str.isdigit but not to int), and few enough to be a version.
    if not sep or not kind or not (number.isascii() and number.isdigit()) or len(number) > 9:
        return None
    return kind, int(number)


def save_json(path: Path | str, kind: str, version: int, data: Mapping[str, Any]) -> None:
    """Atomically write ``data`` plus ``"format": "<kind>/<version>"`` to ``path``.

    Creates the parent folder. Raises :class:`StorageWriteError` on I/O failure (the old file survives),
    ``TypeError``/``ValueError`` for data JSON can't represent — that is a bug in the caller, not the disk.
    """
    path = Path(path)
    tag = _format_tag(kind, version)
    if FORMAT_KEY in data and data[FORMAT_KEY] != tag:
        raise ValueError(f"data carries {FORMAT_KEY}={data[FORMAT_KEY]!r} but is saved as {tag!r}")
    # Serialise before touching the disk so a bad value can't leave a temp file behind.
    text = _dumps({FORMAT_KEY: tag, **data})
    tmp = _write_temp(path, text)
    _commit(tmp, path)


def _dumps(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _write_temp(path: Path, text: str, durable: bool = True) -> Path:
    """Write ``text`` to a temp file beside ``path`` (fsynced when ``durable``); on failure nothing is left."""
    tmp_name: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        done, tmp_name = Path(tmp_name), None
        return done
    except OSError as e:
        raise StorageWriteError(f"could not save {path}: {e.strerror or e}", path) from e
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def _commit(tmp: Path, path: Path, durable: bool = True) -> None:
    """Rename the finished temp file over ``path`` (atomic) and make the rename durable."""
    try:
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise StorageWriteError(f"could not save {path}: {e.strerror or e}", path) from e
    if durable:
        fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable; a no-op where folders cannot be synced."""
    # Makes the rename itself durable on POSIX; Windows can't open folders this way, and NTFS journals
    # the rename anyway, so failure here is not an error.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path | str, label: str = "corrupt") -> Path | None:
    """Rename ``path`` to ``NAME.<label>-YYYYmmdd-HHMMSS`` (with a counter if taken); None if that fails."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("could not move %s aside: %s", path, e)
        return None
    log.warning("moved %s aside to %s", path, target.name)
    return target


def load_json(
    path: Path | str,
    kind: str,
    version: int,
    *,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any]:
    """Read a file written by :func:`save_json` and return its data without the format tag.

    ``migrations[n]`` upgrades version-``n`` data to ``n + 1``; older files are walked up to ``version``
    through them. Raises :class:`MissingFileError`, :class:`CorruptFileError` (after moving the file
    aside) or :class:`FormatMismatchError` (file left in place).
    """
    path = Path(path)
    try:
        return _read_tagged(path, kind, version, migrations)
    except _Damaged as e:
        raise _corrupt(path, e.why) from e.__cause__


class _Damaged(Exception):
    """Internal: the file is unusable for ``why``; the caller decides whether to move it aside."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _read_tagged(
    path: Path, kind: str, version: int, migrations: Mapping[int, Migration] | None
) -> dict[str, Any]:
    """Read, check and migrate ``path`` without touching it: raises :class:`_Damaged`,
    :class:`MissingFileError` or :class:`FormatMismatchError`."""
    expected = _format_tag(kind, version)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _Damaged(f"{size} bytes is far too large for a {kind} file")
        raw = path.read_bytes()
    except FileNotFoundError as e:
        raise MissingFileError(f"{path} does not exist", path) from e
    except IsADirectoryError as e:
        raise CorruptFileError(f"{path} is a folder, not a {kind} file", path, None) from e
    except OSError as e:
        raise _Damaged(f"unreadable: {e.strerror or e}") from e
    obj = _parse_json(raw)
    if not isinstance(obj, dict):
        raise _Damaged(f"expected a JSON object, found {type(obj).__name__}")
    data: dict[str, Any] = obj
    tag = data.pop(FORMAT_KEY, None)
    parsed = _parse_tag(tag)
    if parsed is None:
        raise _Damaged(f"no valid {FORMAT_KEY!r} tag (found {_short(repr(tag))}, expected {expected!r})")
    found_kind, found_version = parsed
    tag = _short(str(tag), 60)  # from here on only quoted in messages: a hostile kind can be megabytes long
    if found_kind != kind:
        raise FormatMismatchError(
            f"{path} holds {tag!r}, expected a {expected!r} file", path, str(tag), expected
        )
    migrations = migrations or {}
    while found_version < version and found_version in migrations:
        try:
            data = migrations[found_version](data)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            # Old data a migration can't make sense of is as unusable as bad JSON.
            raise _Damaged(f"could not upgrade {tag!r}: {type(e).__name__}: {e}") from e
        found_version += 1
    if found_version != version:
        newer = "a newer" if found_version > version else "an older"
        raise FormatMismatchError(
            f"{path} is {tag!r}, written by {newer} Krook; this build reads {expected!r}",
            path,
            str(tag),
            expected,
        )
    return data


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number Krook writes")


def _parse_json(raw: bytes) -> Any:
    """JSON from a file that may hold anything; every way it can be unusable is :class:`_Damaged`.

    Beyond bad syntax: an integer longer than Python's int-string limit (a bare ``ValueError``), nesting
    deeper than the stack (``RecursionError``), ``NaN``/``Infinity``, and values that could not be written
    back (a lone surrogate, a float too large for JSON). Krook never writes any of these.
    """
    try:
        obj = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        json.dumps(obj, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except RecursionError as e:
        raise _Damaged("not valid JSON: nested too deeply") from e
    except (ValueError, UnicodeError) as e:  # JSONDecodeError and the int-digit limit are ValueErrors
        raise _Damaged(f"not valid JSON: {_short(str(e))}") from e
    return obj


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _corrupt(path: Path, why: str) -> CorruptFileError:
    moved = set_aside(path, "corrupt")
    where = f"; moved to {moved.name}" if moved else "; could not move it aside"
    return CorruptFileError(f"{path} is damaged ({why}){where}", path, moved)


def load_or_default(
    path: Path | str,
    kind: str,
    version: int,
    default: Mapping[str, Any] | Callable[[], dict[str, Any]],
    *,
    migrations: Mapping[int, Migration] | None = None,
) -> Loaded:
    """Like :func:`load_json` but never raises a :class:`StorageError`: falls back to ``default``.

    ``Loaded.problem`` is None when the file loaded, a :class:`MissingFileError` on a first run (so callers
    can tell "new player" from "your file was damaged"), or the error that made it fall back. A file of the
    wrong kind or version is moved aside as ``NAME.unsupported-...`` before falling back.
    """

    def fresh() -> dict[str, Any]:
        return default() if callable(default) else copy.deepcopy(dict(default))

    try:
        return Loaded(load_json(path, kind, version, migrations=migrations))
    except FormatMismatchError as e:
        e.moved_to = set_aside(e.path, "unsupported")
        log.warning("%s; starting from defaults", e)
        return Loaded(fresh(), e)
    except MissingFileError as e:
        return Loaded(fresh(), e)
    except StorageError as e:
        log.warning("%s; starting from defaults", e)
        return Loaded(fresh(), e)


# --- precious files: backups, temp recovery, newer versions, obfuscation ---------------------------------

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


class LockedError(StorageError):
    """Another running Krook holds the file's lock; ``owner`` says which (pid, computer, since when)."""

    def __init__(self, message: str, path: Path, owner: str) -> None:
        super().__init__(message, path)
        self.owner = owner


class FileLock:
    """An advisory lock beside a file (``NAME.lock``), held while one Krook works on that file.

    The operating system drops it when the process ends, however it ends, so a crash or ``kill -9`` never
    leaves a stale lock. :meth:`acquire` never waits: a second copy learns at once that the file is taken.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def owner(self) -> str:
        """What the holder wrote into the lock file (best effort; empty if unreadable)."""
        try:
            return self.path.read_text(encoding="utf-8", errors="replace").strip()[:200]
        except OSError:
            return ""

    def acquire(self) -> None:
        """Take the lock or raise :class:`LockedError`; :class:`StorageWriteError` if it can't be made."""
        if self._fd is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise StorageWriteError(
                f"could not create the lock {self.path}: {e.strerror or e}", self.path
            ) from e
        try:
            _lock_fd(fd)
        except OSError as e:
            os.close(fd)
            owner = self.owner() or "another Krook"
            raise LockedError(f"{self.path.name} is in use by {owner}", self.path, owner) from e
        self._fd = fd
        text = (
            f"Krook pid {os.getpid()} on {platform.node() or 'this computer'} since {time.strftime('%H:%M')}"
        )
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, text.encode("utf-8"))

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        with contextlib.suppress(OSError):
            _unlock_fd(fd)
        os.close(fd)

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    # Windows byte-range locks are mandatory, so lock a byte far past the text others read.
    _LOCK_OFFSET = 1 << 30

    def _lock_fd(fd: int) -> None:
        os.lseek(fd, _LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, _LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


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
            where = f" (kept as {kept.name})" if kept else ""
            notices.append(f"The last save was {what}{where}; Krook went back to the save before it.")
            log.warning("%s %s; loaded %s", self.path, what, best.path.name)
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
