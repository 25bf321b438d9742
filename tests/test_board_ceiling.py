"""The board-ceiling benchmark reads arena logs: the share of runs that moved the score and the bound it sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.script_loader import load_script


def _module() -> object:
    return load_script("benchmarks/board_ceiling.py", "board_ceiling")


def _run(diff: float, thrown_in: bool = False) -> dict[str, object]:
    return {"diff": diff, "thrown_in": thrown_in}


BOARDS = [
    # a called partner of the other bot: neither run moves the score
    {"diff": 0.0, "runs": [_run(0.0), _run(0.0)]},
    # one run counts, A's way
    {"diff": 60.0, "runs": [_run(120.0), _run(0.0)]},
    # both count and cancel
    {"diff": 0.0, "runs": [_run(-40.0), _run(40.0)]},
    # a thrown-in deal
    {"diff": 0.0, "runs": [_run(0.0, True), _run(0.0, True)]},
]


def test_the_figures_of_a_log() -> None:
    c = _module().ceiling(BOARDS)  # type: ignore[attr-defined]
    assert c["boards"] == 4 and c["runs"] == 8 and c["contracts"] == 6
    assert c["moved_share"] == pytest.approx(3 / 8)
    assert c["moved_mean"] == pytest.approx(200 / 3)
    # every run that moved the score gone A's way: (0 + 60 + 40 + 0) / 4
    assert c["bound"] == pytest.approx(25.0)
    assert c["observed"] == pytest.approx(15.0)


def test_the_command_prints_a_row_per_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "table.log"
    log.write_text("\n".join(json.dumps(b) for b in BOARDS) + "\n")
    empty = tmp_path / "empty.log"
    empty.write_text("")
    assert _module().main([str(log), str(empty)]) == 0  # type: ignore[attr-defined]
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "| table.log | 4 | 38% | 66.7 | +25.0 | +15.00 |"
    assert out[3].startswith("| empty.log | 0 |")
