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


@pytest.mark.parametrize(
    "bad",
    [
        b'"seat": 1e999, "action": "bid 70"',
        b'"claim": 1e999',
        b'"claim": -1e999',
        b'"ready": [1e999]',
        b'"seat": NaN, "action": "bid 70"',
    ],
    ids=["seat infinite", "claim infinite", "claim minus infinite", "ready infinite", "seat NaN"],
)
def test_a_line_whose_numbers_are_not_numbers_ends_the_replay_there(tmp_path: Path, bad: bytes) -> None:
    """Before: 1e999 reads as an infinite float, and int() of it raised OverflowError (not a ValueError) out of
    replay_journal, so a damaged journal stopped a hosted game from resuming at all."""
    from krook.net.journal import Replayed, replay_journal
    from krook.rules import Match, Rules

    match = Match(Rules(), seed=3)
    start, seat = match.version, match.to_act
    after = f'{{"v": {start + 1}, "seat": {seat}, "action": "pass"}}'.encode()
    path = tmp_path / "game.journal"
    path.write_bytes(b'{"v": %d, ' % (start + 1) + bad + b"}\n" + after + b"\n")
    state = replay_journal(match, read_journal(path), Replayed(True, {0}))
    assert state.applied == 0 and match.version == start
    assert state.claimed == {0} and state.ready == set()


def test_the_same_line_with_a_seat_applies(tmp_path: Path) -> None:
    """The check above is not vacuous: a well-formed line at the same place is replayed."""
    from krook.net.journal import Replayed, replay_journal
    from krook.rules import Match, Rules

    match = Match(Rules(), seed=3)
    start, seat = match.version, match.to_act
    path = tmp_path / "game.journal"
    path.write_bytes(f'{{"v": {start + 1}, "seat": {seat}, "action": "pass"}}\n'.encode())
    state = replay_journal(match, read_journal(path), Replayed(True, {0}))
    assert state.applied == 1 and match.version == start + 1
