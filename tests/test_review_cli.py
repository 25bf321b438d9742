"""``krook review``: its JSON per hand, its words, and clear refusals of bad records and arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_review import scripted_blunder


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "krook", "review", *args], capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "blunder.json"
    path.write_text(json.dumps(scripted_blunder().to_record()), encoding="utf-8")
    return path


def test_json_per_hand(record: Path) -> None:
    done = run_cli(str(record), "--json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [json.loads(line) for line in lines] == [
        {
            "hand": 1,
            "seat": 0,
            "par": 105,
            "actual": 90,
            "plays": [
                {"trick": 7, "card": "B9", "best": "G5", "loss": 15},
                {"trick": 8, "card": "Y14", "best": "G5", "loss": 15},
            ],
        }
    ]
    seat1 = json.loads(run_cli(str(record), "--json", "--hand", "1", "--seat", "1").stdout)
    assert (seat1["seat"], seat1["par"], seat1["actual"]) == (1, 15, 30)
    assert seat1["plays"] == [{"trick": 7, "card": "G9", "best": "Y13", "loss": 15}]


def test_words(record: Path) -> None:
    done = run_cli(str(record))
    assert done.returncode == 0, done.stderr
    assert "par 105, taken 90" in done.stdout
    assert "Trick 8: Y14 cost 15 points; G5 kept them." in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "2"], "the record has hands 1 to 1"),
        (["--hand", "0"], "the record has hands 1 to 1"),
        (["--seat", "7"], "seats are 0 to 3"),
    ],
)
def test_bad_arguments_say_why(record: Path, args: list[str], message: str) -> None:
    done = run_cli(str(record), *args)
    assert done.returncode == 2 and message in done.stderr and not done.stdout


def test_bad_records_say_why(tmp_path: Path) -> None:
    missing = run_cli(str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"format": "krook-record/1", "hands": [\xff')
    done = run_cli(str(broken))
    assert done.returncode == 2 and "krook review" in done.stderr and "Traceback" not in done.stderr
    hostile = tmp_path / "hostile.json"
    hostile.write_text(
        json.dumps(
            {
                "format": "krook-record/1",
                "rules": {},
                "hands": [{"deal": {"hands": [["K"] * 9] * 4, "nest": []}}],
            }
        )
    )
    done = run_cli(str(hostile))
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_an_unfinished_hand_is_refused(tmp_path: Path) -> None:
    data = scripted_blunder().to_record()
    data["hands"][0]["actions"] = data["hands"][0]["actions"][:20]
    path = tmp_path / "half.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_cli(str(path), "--hand", "1")
    assert done.returncode == 2 and "not finished" in done.stderr
    done = run_cli(str(path))
    assert done.returncode == 0 and "not reviewed" in done.stdout
