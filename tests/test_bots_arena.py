"""The arena plays duplicate boards and reports the promised figures."""

from __future__ import annotations

import json

import pytest

from krook.bots.arena import (
    BOARDS_FILE,
    _scored_seats,
    _seatings,
    board_seeds,
    main,
    play_board_solo,
    run_arena,
    summarise,
)
from krook.rules import PRESETS


def test_the_summary_mean_and_interval_are_those_of_the_boards() -> None:
    # four boards: diffs 10, 20, 30, 60 -> mean 30, sample sd 21.60, half-width 1.96 * 21.60 / 2 = 21.17
    boards = [{"diff": d, "runs": [], "times": {}} for d in (10.0, 20.0, 30.0, 60.0)]
    summary = summarise("a", "b", "kentucky-discard", boards, 1.0)
    assert summary["mean_diff"] == 30.0
    assert summary["ci95"] == [8.83, 51.17]
    assert summary["deals_won"] == {"a": 4, "b": 0, "tied": 0}


def test_arena_summary_has_the_promised_fields() -> None:
    summary = run_arena("medium", "random", "kentucky-discard", 6, 1, workers=1)
    assert summary["deals"] == 6
    low = summary["ci95"][0]
    # medium beats random by ~180 a deal over 1,000 boards; on these six stored boards it wins every one
    assert low > 50 and summary["deals_won"]["medium"] == 6
    for bot in ("medium", "random"):
        assert set(summary["decision_ms"][bot]) >= {"p50", "p95", "max"}
    assert set(summary["bids"]["medium"]) == {"made", "set"}


def test_boards_are_stored_and_stable() -> None:
    stored = json.loads(BOARDS_FILE.read_text())["deal_seeds"]
    assert len(stored) >= 2000
    assert board_seeds(1, 10) == stored[:10]
    assert board_seeds(2, 3) == board_seeds(2, 3) != stored[:3]


def test_cli_prints_one_json_object(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--a", "medium", "--b", "random", "--deals", "2", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "mean_diff" in out and len(out["ci95"]) == 2


def test_fixed_work_arena_reproduces_its_figures() -> None:
    """With --samples the hard bot's figures come back identical from the same seed (not so on the clock)."""
    first = run_arena("hard", "medium", "kentucky-discard", 2, 3, workers=1, samples=3)
    second = run_arena("hard", "medium", "kentucky-discard", 2, 3, workers=1, samples=3)
    assert first["samples"] == 3
    assert (first["mean_diff"], first["bids"], first["deals_won"]) == (
        second["mean_diff"],
        second["bids"],
        second["deals_won"],
    )


def test_cli_refuses_a_sample_count_below_one(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--samples", "0", "--deals", "1", "--workers", "1"]) == 2
    assert "--samples must be at least 1" in capsys.readouterr().err


def test_whole_games_count_games_won(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Game pairs to the target, seats swapped: medium wins every game against random, and the log keeps them."""
    log = tmp_path / "games.jsonl"
    summary = run_arena("medium", "random", "kentucky-discard", 2, 1, workers=1, games=True, log=log)
    games = summary["games"]
    assert games["pairs"] == 2 and games["won"] == {"medium": 4, "random": 0}
    assert games["win_rate"] == 1.0 and games["hands_per_game"] >= 2
    assert len(log.read_text().splitlines()) == 2


def test_a_log_summarises_like_the_run(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "boards.jsonl"
    assert (
        main(["--a", "medium", "--b", "easy", "--deals", "3", "--workers", "1", "--json", "--log", str(log)])
        == 0
    )
    played = json.loads(capsys.readouterr().out)
    assert main(["--from-log", str(log), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["mean_diff"], again["ci95"], again["calibration"]) == (
        played["mean_diff"],
        played["ci95"],
        played["calibration"],
    )


def test_a_run_in_parts_logs_the_same_boards(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """--first splits a long run: boards 0-1 and 2-3 logged apart, concatenated, summarise like one run of 4."""
    common = ["--a", "medium", "--b", "easy", "--deals", "4", "--workers", "1", "--json"]
    whole, head, tail = tmp_path / "whole.jsonl", tmp_path / "head.jsonl", tmp_path / "tail.jsonl"
    assert main([*common, "--log", str(whole)]) == 0
    assert main(["--a", "medium", "--b", "easy", "--deals", "2", "--workers", "1", "--log", str(head)]) == 0
    assert main([*common, "--first", "2", "--log", str(tail)]) == 0
    capsys.readouterr()

    def boards(*logs):  # what was played; decision times differ from run to run
        return [(b["diff"], b["runs"]) for log in logs for b in map(json.loads, log.read_text().splitlines())]

    assert len(boards(whole)) == 4 and boards(whole) == boards(head, tail)
    # each line names its board and deal seed, so two runs' logs pair board by board
    lines = [json.loads(line) for line in tail.read_text().splitlines()]
    assert [b["board"] for b in lines] == [2, 3]
    assert [b["deal_seed"] for b in lines] == board_seeds(1, 4)[2:]
    assert main([*common, "--first", "4"]) == 2
    assert "--first and --show name a board" in capsys.readouterr().err


def test_show_replays_a_board_action_by_action(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--a", "medium", "--b", "easy", "--deals", "3", "--show", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("holds ") == 8 and out.count("result: ") == 2
    # both runs are the same deal with the bots swapped: seat 0 holds the same cards in each
    holds = [
        line.split("holds ")[1]
        for line in out.splitlines()
        if line.startswith("  seat 0 ") and "holds" in line
    ]
    assert len(holds) == 2 and holds[0] == holds[1]
    assert " bidding " in out and " play " in out


THREE_HANDED_41 = (
    '{"preset": "kentucky-discard", "overrides": {"players": 3, "partnership": "individual", "nest_size": 2}}'
)


def test_rules_spec_plays_the_custom_table(capsys) -> None:  # type: ignore[no-untyped-def]
    """--rules deals the SPEC's table: three seats of 13 cards from the 41-card deck with a nest of 2."""
    assert (
        main(["--a", "medium", "--b", "easy", "--deals", "2", "--rules", THREE_HANDED_41, "--show", "0"]) == 0
    )
    out = capsys.readouterr().out
    holds = [line.split("holds ")[1].split() for line in out.splitlines() if "holds " in line]
    assert len(holds) == 6  # three seats, both ways
    assert all(len(h) == 13 for h in holds)


def test_rules_spec_as_text_or_file_gives_one_summary(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    spec_file = tmp_path / "table.json"
    spec_file.write_text(THREE_HANDED_41)
    common = ["--a", "medium", "--b", "easy", "--deals", "3", "--workers", "1", "--json"]
    log = tmp_path / "boards.jsonl"
    assert main([*common, "--rules", THREE_HANDED_41, "--log", str(log)]) == 0
    as_text = json.loads(capsys.readouterr().out)
    assert main([*common, "--rules", str(spec_file)]) == 0
    as_file = json.loads(capsys.readouterr().out)
    assert as_text["rules"] == as_file["rules"] == json.loads(THREE_HANDED_41)
    assert as_text["preset"] == "kentucky-discard"
    assert (as_text["mean_diff"], as_text["bids"]) == (as_file["mean_diff"], as_file["bids"])
    # the log names the table, and summarises like the run
    first = json.loads(log.read_text().splitlines()[0])
    assert first["rules"] == json.loads(THREE_HANDED_41)
    assert main(["--from-log", str(log), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["rules"], again["mean_diff"]) == (as_text["rules"], as_text["mean_diff"])


def test_a_preset_spec_plays_like_the_preset(capsys) -> None:  # type: ignore[no-untyped-def]
    common = ["--a", "medium", "--b", "easy", "--deals", "3", "--workers", "1", "--json"]
    assert main([*common, "--preset", "keith"]) == 0
    by_name = json.loads(capsys.readouterr().out)
    assert main([*common, "--rules", '{"preset": "keith"}']) == 0
    by_spec = json.loads(capsys.readouterr().out)
    assert by_name["preset"] == by_spec["preset"] == "keith"
    assert (by_name["mean_diff"], by_name["bids"], by_name["calibration"]) == (
        by_spec["mean_diff"],
        by_spec["bids"],
        by_spec["calibration"],
    )


def test_rules_spec_errors_are_refused(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = [
        ('{"preset": "kentucky-discard", "overrides": {"nest_size": 3}}', "nest_size"),
        ('{"preset": "no-such-game"}', "unknown preset"),
        ("{not json", "not JSON"),
        (str(tmp_path / "missing.json"), "no file"),
        ('{"preset": ' + "[" * 3000 + "]" * 3000 + "}", "not JSON"),  # before: a RecursionError traceback
        ('{"preset": "keith", "overrides": {"target": ' + "9" * 5000 + "}}", "not JSON"),
    ]
    for spec, words in bad:
        assert main(["--deals", "1", "--workers", "1", "--rules", spec]) == 2
        assert words in capsys.readouterr().err
    assert main(["--deals", "1", "--preset", "keith", "--rules", '{"preset": "keith"}']) == 2
    assert "not both" in capsys.readouterr().err


def test_solo_seats_a_alone_in_every_seat_and_scores_it_against_the_others() -> None:
    """--solo: one board runs once per seat with A alone there; a run's score is A's change less the mean of the
    other side's, and the board's is the mean of its runs."""
    rules = PRESETS["three-handed"].rules
    assert _seatings("a", "b", 3, solo=True) == [["a", "b", "b"], ["b", "a", "b"], ["b", "b", "a"]]
    assert _scored_seats(rules, ["b", "b", "a"], "a", "b", solo=True) == ([2], [0, 1])
    # fixed partners: A's partner is a B bot on A's side, so A is measured against the other team only
    fixed = PRESETS["kentucky-discard"].rules
    assert _scored_seats(fixed, ["b", "a", "b", "b"], "a", "b", solo=True) == ([1], [0, 2])
    assert _scored_seats(fixed, ["a", "b", "a", "b"], "a", "b", solo=False) == ([0], [1])
    seed = board_seeds(1, 1)[0]
    board = play_board_solo(("three-handed", "medium", "random", 0, seed, None, None))
    assert len(board["runs"]) == 3
    assert board["diff"] == pytest.approx(sum(r["diff"] for r in board["runs"]) / 3)
    again = play_board_solo(("three-handed", "medium", "random", 0, seed, None, None))
    assert again["runs"] == board["runs"]  # seeded: the same board plays the same way


def test_solo_arena_beats_random_and_says_so_in_its_log(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "solo.jsonl"
    args = ["--a", "medium", "--b", "random", "--preset", "three-handed", "--deals", "4", "--workers", "1"]
    assert main([*args, "--solo", "--json", "--log", str(log)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["solo"] is True and played["mean_diff"] > 0
    assert all(json.loads(line)["solo"] for line in log.read_text().splitlines())
    assert main(["--from-log", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solo"] is True
    assert main([*args, "--solo", "--games"]) == 2
    assert "--solo" in capsys.readouterr().err
