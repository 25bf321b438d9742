"""Game records on disk: reading and writing them (the rules core only builds and replays them, no files)."""

from .files import load_record, save_record

__all__ = ["load_record", "save_record"]
