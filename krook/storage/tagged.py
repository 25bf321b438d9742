"""Crash-safe JSON files with a format tag: the atomic write, the checked read, setting a bad file aside.

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

from .errors import (
    CorruptFileError,
    FormatMismatchError,
    MissingFileError,
    ReadOnlyError,
    StorageError,
    StorageWriteError,
    is_read_only,
)

FORMAT_KEY = "format"
# A save file is a few kilobytes; anything far larger is not ours and reading it would only stall startup.
MAX_FILE_BYTES = 16 * 1024 * 1024

log = logging.getLogger("krook.storage")

Migration = Callable[[dict[str, Any]], dict[str, Any]]


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
        raise _write_error(path, e) from e
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def _write_error(path: Path, e: OSError) -> StorageWriteError:
    if is_read_only(e):
        # The folder refused the temp file, or the rename over a file marked read-only (Windows)
        where = path if path.exists() and not os.access(path, os.W_OK) else path.parent
        return ReadOnlyError(path, where, e.strerror or "")
    return StorageWriteError(f"could not save {path}: {e.strerror or e}", path)


def _commit(tmp: Path, path: Path, durable: bool = True) -> None:
    """Rename the finished temp file over ``path`` (atomic) and make the rename durable."""
    try:
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _write_error(path, e) from e
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
