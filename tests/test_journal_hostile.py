"""A damaged journal line (docs/LAN.md, the host's journal) ends the replay there; it never raises."""

from __future__ import annotations

from pathlib import Path

import pytest

from krook.net.journal import read_journal


@pytest.mark.parametrize(
    "bad",
    [b"[" * 5000, b'{"n": ' + b"9" * 5000 + b"}", b'{"n": NaN', b"\xff\xfe"],
    ids=["nested too deeply", "a number too long", "torn", "not ASCII"],
)
def test_an_unreadable_line_ends_the_journal_there(tmp_path: Path, bad: bytes) -> None:
    """Before: a line nested deeper than the stack raised RecursionError out of read_journal."""
    path = tmp_path / "game.journal"
    path.write_bytes(b'{"seq": 1}\n{"seq": 2}\n' + bad + b'\n{"seq": 4}\n')
    assert read_journal(path) == [{"seq": 1}, {"seq": 2}]
