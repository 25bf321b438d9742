"""The targeted paired benchmark gives what two arena runs paired board by board give, playing only changed runs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from krook.bots.arena import board_seeds, play_board, play_board_solo
from tests.script_loader import ROOT, load_script

pd = load_script("benchmarks/paired_decisions.py", "paired_decisions", register=True)

TABLE = "kentucky-discard"
RIVAL = "medium"
SAMPLES = 4


def _copy_bots(where: Path) -> Path:
    bots = where / "krook" / "bots"
    shutil.copytree(ROOT / "krook" / "bots", bots, ignore=shutil.ignore_patterns("__pycache__"))
    return bots


@pytest.fixture(scope="module")
def bots(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    """(old, an identical copy, a copy that buries the worst of the options it compares), as arena names."""
    root = tmp_path_factory.mktemp("paired")
    old = _copy_bots(root / "old")
    same = _copy_bots(root / "same")
    worse = _copy_bots(root / "worse")
    source = worse / "strengths.py"
    text = source.read_text()
    best = "return options[max(range(len(options)), key=lambda i: totals[i])]"
    assert best in text
    source.write_text(text.replace(best, best.replace("max(", "min(")))
    return f"hard@{old}", f"hard@{same}", f"hard@{worse}"


def _job(
    new: str, old: str, index: int, seed: int, table: str = TABLE, solo: bool = False
) -> tuple[str, str, str, str, int, int, int, tuple[str, ...], bool]:
    return (table, new, old, RIVAL, index, seed, SAMPLES, ("discard", "trump"), solo)


def test_a_changed_bury_scores_as_the_two_arena_runs_paired(bots: tuple[str, str, str]) -> None:
    old, _same, worse = bots
    changed = 0
    for index, seed in enumerate(board_seeds(1, 3)):
        got = pd.play(_job(worse, old, index, seed))
        arena = play_board((TABLE, worse, RIVAL, index, seed, None, SAMPLES))["diff"]
        arena -= play_board((TABLE, old, RIVAL, index, seed, None, SAMPLES))["diff"]
        assert got["diff"] == pytest.approx(arena), f"board {index}: {got}"
        changed += len(got["changed"])
    assert changed > 0  # the worst bury differs from the best somewhere, so runs were played out


def test_identical_bots_change_no_run(bots: tuple[str, str, str]) -> None:
    old, same, _worse = bots
    for index, seed in enumerate(board_seeds(1, 3)):
        got = pd.play(_job(same, old, index, seed))
        assert got["changed"] == [] and got["diff"] == 0.0


def test_alone_in_each_seat_scores_as_the_two_solo_arena_runs_paired(bots: tuple[str, str, str]) -> None:
    old, _same, worse = bots
    table = "three-handed"
    changed = 0
    for index, seed in enumerate(board_seeds(1, 3)):
        got = pd.play(_job(worse, old, index, seed, table, solo=True))
        arena = play_board_solo((table, worse, RIVAL, index, seed, None, SAMPLES))["diff"]
        arena -= play_board_solo((table, old, RIVAL, index, seed, None, SAMPLES))["diff"]
        assert got["runs"] == 3
        assert got["diff"] == pytest.approx(arena), f"board {index}: {got}"
        changed += len(got["changed"])
    assert changed > 0


def _summarise(log: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.argv", ["paired_decisions.py", "--from-log", str(log)])
    return int(pd.main())


def test_a_log_is_summarised_board_by_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.jsonl"
    rows = [{"board": 1, "diff": 4.0, "changed": [{"run": 0, "diff": 8.0}], "runs": 2}]
    rows.append({"board": 0, "diff": 0.0, "changed": [], "runs": 2})
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert _summarise(log, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "boards 2, runs changed 1 of 4" in out
    assert "paired difference per deal: +2.00" in out


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "holds no boards"),
        ("\n\n", "holds no boards"),
        ('{"board": 0, "diff": 0.0, "changed": [], "runs": 2}\n{"board": 1, "di', "line 2"),
        ('{"board": 0}\n', "not a paired_decisions board"),
        ("[1, 2]\n", "not a paired_decisions board"),
    ],
)
def test_an_empty_or_damaged_log_is_refused_with_a_reason(
    text: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text(text)
    assert _summarise(log, monkeypatch) == 2
    assert says in capsys.readouterr().err


def test_a_missing_log_is_refused_with_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _summarise(tmp_path / "nowhere.jsonl", monkeypatch) == 2
    assert "cannot read the log" in capsys.readouterr().err


def _why(log: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.argv", ["paired_decisions.py", "--from-log", str(log), "--why"])
    return int(pd.main())


def test_why_replays_each_changed_run_to_its_first_different_answer(
    bots: tuple[str, str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    old, _same, worse = bots
    boards = [pd.play(_job(worse, old, i, seed)) for i, seed in enumerate(board_seeds(1, 3))]
    runs = [run for b in boards for run in b["changed"]]
    assert runs  # the worst bury differs from the best somewhere
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(b) + "\n" for b in boards))
    assert _why(log, monkeypatch) == 0
    out = capsys.readouterr().out
    lines = [line.split() for line in out.splitlines() if line.split()[:1] and line.split()[0].isdigit()]
    assert len(lines) == len(runs)
    assert all(line[3] == "discard" for line in lines)  # only the bury was changed
    # each run's difference is the logged one, and the totals by what changed add up to all of them
    assert [float(line[-1]) for line in lines] == pytest.approx([run["diff"] for run in runs], abs=0.05)
    totals = [float(line.split("runs, ")[1].split(",")[0]) for line in out.splitlines() if " runs, " in line]
    assert sum(totals) == pytest.approx(sum(run["diff"] for run in runs), abs=0.05 * len(totals))


@pytest.mark.parametrize(
    ("new", "changed"),
    [
        ("gone", [{"run": 0, "diff": 10.0}]),  # the bot folder was deleted since the run
        ("hard", [{"diff": 10.0}]),  # no run number
        ("hard", [{"run": 99, "diff": 10.0}]),  # a run the board does not have
        ("hard", [{"run": "0", "diff": 10.0}]),  # a run number that is not a number
    ],
)
def test_why_refuses_a_log_it_cannot_replay(
    new: str,
    changed: list[dict[str, object]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if new == "gone":
        new = f"hard@{tmp_path / 'gone' / 'krook' / 'bots'}"
    row = {"new": new, "old": "medium", "against": "easy", "table": TABLE, "samples": SAMPLES, "board": 0}
    row |= {"deal_seed": board_seeds(1, 1)[0], "diff": 5.0, "changed": changed, "runs": 2}
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(row) + "\n")
    assert _why(log, monkeypatch) == 2
    assert "cannot replay the log" in capsys.readouterr().err
