"""Crash-safe JSON files with a format tag.

Every file Krook writes is a JSON object whose ``"format"`` member is ``"<kind>/<version>"`` (for example
``"settings/1"``), so a file can say what it is and which layout it uses. Saving writes a temporary file in
the same folder, fsyncs it and renames it over the old one, so a power cut leaves either the old file or
the new one, never half of each.

A file that can't be read back (bad JSON, not an object, unreadable, no format tag) is renamed to
``NAME.corrupt-YYYYmmdd-HHMMSS`` so the player keeps the evidence and the game can start fresh; a file of
the right kind but a version this build can't read is renamed to ``NAME.unsupported-...`` by
:func:`load_or_default` for the same reason and so a later save can't overwrite a newer Krook's data.
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "FORMAT_KEY",
    "CorruptFileError",
    "FormatMismatchError",
    "Loaded",
    "MissingFileError",
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
    if not sep or not kind or not number.isdigit():
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
    text = json.dumps({FORMAT_KEY: tag, **data}, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    tmp_name: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
        _fsync_dir(path.parent)
    except OSError as e:
        raise StorageWriteError(f"could not save {path}: {e.strerror or e}", path) from e
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def _fsync_dir(folder: Path) -> None:
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
    expected = _format_tag(kind, version)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _corrupt(path, f"{size} bytes is far too large for a {kind} file")
        raw = path.read_bytes()
    except FileNotFoundError as e:
        raise MissingFileError(f"{path} does not exist", path) from e
    except IsADirectoryError as e:
        raise CorruptFileError(f"{path} is a folder, not a {kind} file", path, None) from e
    except OSError as e:
        raise _corrupt(path, f"unreadable: {e.strerror or e}") from e
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise _corrupt(path, f"not valid JSON: {e}") from e
    if not isinstance(obj, dict):
        raise _corrupt(path, f"expected a JSON object, found {type(obj).__name__}")
    data: dict[str, Any] = obj
    tag = data.pop(FORMAT_KEY, None)
    parsed = _parse_tag(tag)
    if parsed is None:
        raise _corrupt(path, f"no valid {FORMAT_KEY!r} tag (found {tag!r}, expected {expected!r})")
    found_kind, found_version = parsed
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
            raise _corrupt(path, f"could not upgrade {tag!r}: {type(e).__name__}: {e}") from e
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
