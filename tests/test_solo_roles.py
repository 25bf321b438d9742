"""benchmarks/solo_roles.py pairs a lone bot's runs with a baseline's, seat by seat, and groups them by role."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_loader import load_script


def _module() -> ModuleType:
    return load_script("benchmarks/solo_roles.py", "solo_roles")


def _run(diff: float, bidder: str, made: bool) -> dict[str, object]:
    return {"diff": diff, "bidder": bidder, "bid": 100, "points": 0, "made": made, "thrown_in": False}


def _log(path: Path, a: str, boards: list[list[dict[str, object]]]) -> Path:
    lines = [
        json.dumps({"a": a, "b": "medium", "solo": True, "board": i, "runs": r}) for i, r in enumerate(boards)
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_runs_are_paired_seat_by_seat_and_grouped_by_who_declared(tmp_path: Path) -> None:
    roles = _module()
    bot = _log(
        tmp_path / "a.jsonl",
        "hard",
        [
            [_run(30, "hard", True), _run(-5, "medium", True)],
            [_run(4, "medium", False), _run(-50, "hard", False)],
        ],
    )
    base = _log(
        tmp_path / "b.jsonl",
        "medium@F",
        [
            [_run(10, "medium@F", True), _run(-8, "medium", True)],
            [_run(2, "medium@F", True), _run(-3, "medium", True)],
        ],
    )
    groups = roles.role_split(roles.load(bot), roles.load(base), "hard", "medium@F")
    diffs = {k: [ra["diff"] - rb["diff"] for ra, rb in v] for k, v in groups.items()}
    assert diffs == {
        "declares / baseline declares": [20],
        "defends / baseline defends": [3],
        "defends / baseline declares": [2],
        "declares / baseline defends": [-47],
    }


def test_it_refuses_logs_that_are_not_solo_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roles = _module()
    log = tmp_path / "even.jsonl"
    log.write_text(json.dumps({"a": "hard", "b": "medium", "board": 0, "runs": []}) + "\n")
    assert roles.main([str(log), str(log)]) == 2
    assert "--solo" in capsys.readouterr().err
