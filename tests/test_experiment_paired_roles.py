"""benchmarks/experiments/paired_roles.py pairs each run of a log with the same run of a base log and groups the
differences by whether the first log's bot held the contract."""

from __future__ import annotations

from script_loader import load_script


def _board(board: int, a: str, runs: list[tuple[str | None, float]]) -> dict:
    return {"board": board, "a": a, "runs": [{"bidder": b, "diff": d} for b, d in runs]}


def test_runs_are_paired_and_grouped_by_who_declared() -> None:
    roles = load_script("benchmarks/experiments/paired_roles.py", "paired_roles")
    a = [_board(0, "x", [("x", 30.0), ("champ", -10.0)]), _board(1, "x", [(None, 0.0), ("x", 5.0)])]
    base = [_board(0, "h", [("h", 10.0), ("champ", -4.0)]), _board(1, "h", [(None, 0.0), ("champ", 9.0)])]
    got = roles.groups(a, base)
    assert got == {"declaring": [20.0, -4.0], "defending": [-6.0], "thrown in": [0.0]}
    # a board the base log lacks is left out
    assert roles.groups([*a, _board(2, "x", [("x", 1.0), ("x", 1.0)])], base) == got
