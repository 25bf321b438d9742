"""``krook review``: its JSON per hand, its words, and clear refusals of bad records and arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    assert "Trick 8: Yellow 14 cost 15 points; Green 5 kept them." in done.stdout


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
    assert missing.returncode == 2 and "does not exist" in missing.stderr
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


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_damaged_records_never_crash_the_review(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    """A record with one value replaced by junk (odd text, huge or negative numbers, NaN, nulls, lists): the
    review answers 0 (reviewed what it could) or 2 (said why), never a traceback."""
    from krook.review.cli import main

    record = scripted_blunder().to_record()
    paths = [
        ("hands", 0, "actions", data.draw(st.integers(0, 41), label="action")),
        ("hands", 0, "dealer"),
        ("hands", 0, "deal", "nest", 0),
        ("rules", "preset"),
        ("players", 1),
        ("seed",),
    ]
    path = data.draw(st.sampled_from(paths), label="path")
    junk = data.draw(
        st.one_of(
            st.text(max_size=8),
            st.integers(-(10**30), 10**30),
            st.floats(allow_nan=True),
            st.none(),
            st.lists(st.integers(), max_size=3),
        ),
        label="junk",
    )
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = junk
    file = tmp_path_factory.mktemp("fuzz") / "record.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    assert main([str(file), "--json"]) in (0, 2)


def test_the_games_krook_keeps_are_reviewed_and_a_lan_players_copy_is_refused_with_the_reason(
    home: Path,
) -> None:
    """`krook review` reads what the app writes (a kept finished game wraps its record); before, it only read
    plain records and refused every game in the player's own games folder."""
    from test_history_store import play_game
    from test_viewer_fuzz import SEAT_RECORD

    from krook.session import finished

    match = play_game(target=100)
    kept = finished.keep(match, [0])
    done = run_cli(str(kept), "--hand", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hand"] == 1
    lan_copy = home / "lan-copy.json"
    lan_copy.write_text(json.dumps(SEAT_RECORD), encoding="utf-8")
    refused = run_cli(str(lan_copy))
    assert refused.returncode == 2 and "LAN player's copy" in refused.stderr and not refused.stdout
