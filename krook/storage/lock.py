"""The advisory lock that keeps two running copies of Krook off one file."""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import time
from pathlib import Path

from .errors import LockedError, ReadOnlyError, StorageWriteError, is_read_only


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
        """Take the lock or raise :class:`LockedError`; :class:`StorageWriteError` if it can't be made
        (:class:`ReadOnlyError` when the folder, or a lock file left read-only, refuses it)."""
        if self._fd is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            if is_read_only(e):
                where = self.path if self.path.exists() else self.path.parent
                raise ReadOnlyError(self.path, where, e.strerror or "") from e
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
