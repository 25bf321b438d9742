"""A game record read from, or written to, a file."""

from __future__ import annotations

import json
from pathlib import Path

from krook import storage
from krook.rules import Match, RecordError, match_from_record
from krook.rules.match import RECORD_KIND, RECORD_VERSION


def load_record(path: str | Path) -> Match:
    """The game in a record file; raises RecordError saying what is wrong (unreadable, not JSON, no replay)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:  # a number longer than Python reads; nesting past the stack
        raise RecordError(f"{path} is not a readable record: {str(exc)[:120]}") from None
    return match_from_record(data)


def save_record(match: Match, path: str | Path) -> None:
    """Write the game's record atomically (the old file survives a failed write: StorageWriteError)."""
    storage.save_json(path, RECORD_KIND, RECORD_VERSION, match.to_record())
