"""What can go wrong with a Krook file, as exceptions the screens tell apart."""

from __future__ import annotations

import errno
from pathlib import Path

# A write refused for these reasons is the folder's or the file's permissions (or a read-only disk), not
# damage: the player is told the folder, and nothing is moved aside.
READ_ONLY_ERRNOS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})


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


class ReadOnlyError(StorageWriteError):
    """Krook may not write to ``where`` (the file's folder, or the file itself): permissions or a
    read-only disk. Nothing was changed."""

    def __init__(self, path: Path, where: Path | None = None, reason: str = "") -> None:
        self.where = where or path.parent
        why = f" ({reason})" if reason else ""
        super().__init__(f"Krook cannot write to {self.where}{why}", path)


class LockedError(StorageError):
    """Another running Krook holds the file's lock; ``owner`` says which (pid, computer, since when)."""

    def __init__(self, message: str, path: Path, owner: str) -> None:
        super().__init__(message, path)
        self.owner = owner


def is_read_only(e: OSError) -> bool:
    return e.errno in READ_ONLY_ERRNOS
