"""``krook arena --from-log NEW --paired-with BASE`` compares two logs of the same boards board by board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from krook.bots.arena import main
from krook.bots.paired import LogMismatchError, paired_summary

RULES = {"preset": "kentucky-discard", "overrides": {}}


def _board(i: int, diff: float, a: str = "hard", seed: int | None = None) -> dict[str, object]:
    return {
        "a": a,
        "b": "medium",
        "rules": RULES,
        "board": i,
        "deal_seed": 1000 + i if seed is None else seed,
        "diff": diff,
        "runs": [{}, {}],
    }


def test_the_pairing_is_the_mean_of_board_differences_over_shared_boards() -> None:
    new = [_board(0, 30), _board(1, 10), _board(2, 50), _board(3, 0)]
    base = [_board(0, 20, "hard@old"), _board(1, 10, "hard@old"), _board(2, 20, "hard@old")]
    # shared boards 0-2: differences 10, 0, 30 -> mean 13.33, sd 15.28, half-width 1.96 * 15.28 / sqrt 3 = 17.28
    p = paired_summary(new, base)
    assert p["boards"] == 3 and p["changed"] == 2
    assert p["mean_diff"] == 13.33
    assert p["ci95"] == [-3.95, 30.62]
    assert (p["new_mean"], p["base_mean"]) == (30.0, 16.67)
    assert (p["new"], p["base"]) == ("hard", "hard@old")


def test_logs_of_other_boards_are_refused_not_paired() -> None:
    with pytest.raises(LogMismatchError, match="board 0 differs"):
        paired_summary([_board(0, 5)], [_board(0, 5, seed=7)])
    other_table = _board(0, 5)
    other_table["rules"] = {"preset": "call-partner", "overrides": {}}
    with pytest.raises(LogMismatchError, match="different tables"):
        paired_summary([_board(0, 5)], [other_table])
    with pytest.raises(LogMismatchError, match="share no board"):
        paired_summary([_board(0, 5)], [_board(1, 5)])


def _write(path: Path, boards: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(b) + "\n" for b in boards))
    return path


def test_the_cli_pairs_two_real_logs_of_one_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two medium-vs-easy runs of the same boards pair to zero; a log of another seed is refused."""
    common = ["--b", "easy", "--deals", "2", "--workers", "1", "--json"]
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    assert main(["--a", "medium", *common, "--log", str(a)]) == 0
    assert main(["--a", "medium", *common, "--log", str(b)]) == 0
    assert main(["--a", "medium", *common, "--seed", "2", "--log", str(c)]) == 0
    capsys.readouterr()
    assert main(["--from-log", str(a), "--paired-with", str(b), "--json"]) == 0
    p = json.loads(capsys.readouterr().out)
    assert (p["boards"], p["changed"], p["mean_diff"]) == (2, 0, 0.0)
    assert main(["--from-log", str(a), "--paired-with", str(c)]) == 2
    assert "differs between the logs" in capsys.readouterr().err


def test_bad_log_arguments_get_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _write(tmp_path / "a.jsonl", [_board(0, 5)])
    assert main(["--paired-with", str(log)]) == 2
    assert "give --from-log too" in capsys.readouterr().err
    assert main(["--from-log", str(log), "--paired-with", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read the log" in capsys.readouterr().err
    garbled = tmp_path / "garbled.jsonl"
    garbled.write_text('{"a": \n')
    assert main(["--from-log", str(garbled)]) == 2
    assert f"cannot read the log: {garbled}, line 1: not JSON" in capsys.readouterr().err
    assert main(["--from-log", str(log), "--paired-with", str(log)]) == 0
    assert "paired difference per deal: +0.00" in capsys.readouterr().out


def test_a_log_line_that_is_not_a_board_is_named_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Valid JSON that is not an arena board (a list, a number, an object missing the score) gets a clear error."""
    good = _write(tmp_path / "good.jsonl", [_board(0, 5)])
    for i, line in enumerate(["[1, 2]", "1e999", '{"board": 0, "a": "hard"}', '"\\u0000\\ud800"']):
        bad = tmp_path / f"bad{i}.jsonl"
        bad.write_text(json.dumps(_board(0, 5)) + "\n" + line + "\n")
        assert main(["--from-log", str(bad)]) == 2
        assert f"{bad}, line 2: not an arena board" in capsys.readouterr().err
        assert main(["--from-log", str(good), "--paired-with", str(bad)]) == 2
        assert "not an arena board" in capsys.readouterr().err


def test_a_log_joined_from_two_matches_is_refused_not_summarised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs' logs joined (the usual way to go on with ``--first``) summarise as one match only when both were
    the same match: another bot, table or work is named, not a KeyError from the summary's tables."""
    # (joined logs of one match summarise as the whole run: test_bots_arena, a run in parts)
    mixed = _write(tmp_path / "mixed.jsonl", [_board(0, 5), _board(1, 7, "hard@old")])
    assert main(["--from-log", str(mixed)]) == 2
    err = capsys.readouterr().err
    assert "mixes matches: line 2 is hard@old against medium" in err and "line 1 hard against medium" in err
    other_work = _board(1, 7)
    other_work["samples"] = 64
    joined = _write(tmp_path / "work.jsonl", [_board(0, 5), other_work])
    assert main(["--from-log", str(joined)]) == 2
    assert "not one match" in capsys.readouterr().err
    good = _write(tmp_path / "good.jsonl", [_board(0, 5), _board(1, 7)])
    assert (
        main(["--from-log", str(good), "--paired-with", str(mixed)]) == 2
    )  # a pairing with it means nothing
    assert f"{mixed} mixes matches" in capsys.readouterr().err


def test_a_hand_edited_log_is_refused_with_its_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A log whose ``a`` was renamed by hand but not its runs' bidders (done to join two runs' logs) was summarised
    as a KeyError; so was a run without its result or a board without its decision times."""
    log = tmp_path / "real.jsonl"
    assert (
        main(["--a", "medium", "--b", "easy", "--deals", "2", "--workers", "1", "--json", "--log", str(log)])
        == 0
    )
    capsys.readouterr()
    boards = [json.loads(line) for line in log.read_text().splitlines()]
    assert any(run["bidder"] == "medium" for b in boards for run in b["runs"])  # the edit below bites
    renamed = [dict(b, a="medium@old") for b in boards]
    no_result = [dict(boards[0], runs=[{"bidder": None}]), boards[1]]
    no_times = [boards[0], {k: v for k, v in boards[1].items() if k != "times"}]
    for name, edited, says in (
        ("renamed", renamed, "line 1: a run's bidder 'medium' is neither medium@old nor easy"),
        ("no_result", no_result, "line 1: a run lacks its result"),
        ("no_times", no_times, "cannot be summarised: 'times'"),
    ):
        path = _write(tmp_path / f"{name}.jsonl", edited)
        assert main(["--from-log", str(path)]) == 2, name
        assert says in capsys.readouterr().err, name
    assert main(["--from-log", str(log), "--json"]) == 0  # the real log still summarises
    assert json.loads(capsys.readouterr().out)["deals"] == 2
