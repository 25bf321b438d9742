"""Crash-safe files: atomic tagged JSON (``tagged``), the lock between running copies (``lock``), and the save
file with its backups (``save_file``). Callers import the names from here: ``from krook import storage``."""

from __future__ import annotations

from .errors import (
    CorruptFileError,
    FormatMismatchError,
    LockedError,
    MissingFileError,
    ReadOnlyError,
    StorageError,
    StorageWriteError,
)
from .lock import FileLock
from .save_file import NEWER_LABEL, STALE_TEMP_SECONDS, LoadedSave, SaveFile, stat_is_file
from .tagged import (
    FORMAT_KEY,
    MAX_FILE_BYTES,
    Loaded,
    Migration,
    fsync_dir,
    load_json,
    load_or_default,
    save_json,
    set_aside,
)

__all__ = [
    "FORMAT_KEY",
    "MAX_FILE_BYTES",
    "NEWER_LABEL",
    "STALE_TEMP_SECONDS",
    "CorruptFileError",
    "FileLock",
    "FormatMismatchError",
    "Loaded",
    "LoadedSave",
    "LockedError",
    "Migration",
    "MissingFileError",
    "ReadOnlyError",
    "SaveFile",
    "StorageError",
    "StorageWriteError",
    "fsync_dir",
    "load_json",
    "load_or_default",
    "save_json",
    "set_aside",
    "stat_is_file",
]
