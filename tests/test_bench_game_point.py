"""The game-point boards benchmark: stake scores only, and a board scored by the game, not the points."""

from __future__ import annotations

import random

from krook.bots.game_point import can_end
from krook.rules import PRESETS
from tests.script_loader import load_script

KD = PRESETS["kentucky-discard"].rules


def _module() -> object:
    return load_script("benchmarks/game_point_boards.py", "game_point_boards")


def test_the_scores_drawn_are_ones_a_hand_can_end_the_game_from() -> None:
    draw = _module().draw_scores  # type: ignore[attr-defined]
    rng = random.Random(1)
    seen = [draw(KD, rng) for _ in range(200)]
    assert all(can_end(KD, s) and max(s) < KD.target and min(s) >= 0 for s in seen)
    assert all(x % KD.bid_step == 0 for s in seen for x in s)
    assert len({tuple(s) for s in seen}) > 100  # spread, not one score


def test_identical_bots_score_every_board_zero_and_a_board_is_scored_by_the_game() -> None:
    play = _module().play  # type: ignore[attr-defined]
    row = play(("kentucky-discard", "medium", "medium", 0, 12345, [250, 270], None))
    assert row["diff"] == 0.0  # both runs alike: each decision's generator is seeded alike
    for chance, run in zip(row["chances"], row["runs"], strict=True):
        assert 0.0 <= chance <= 1.0
        if run["winner"] is not None:
            assert chance == (1.0 if run["winner"] == 0 else 0.0)
            assert max(run["after"]) >= KD.target


def test_a_column_a_seat_puts_a_in_one_seat_and_scores_that_seats_column() -> None:
    """Individual and called games: A plays one seat among B's, turning with the board, then B plays it too;
    two copies of one bot still score the board 0, and every column gets a score."""
    module = _module()
    three = PRESETS["three-handed"].rules
    column, runs = module.seatings(three, "A", "B", 4)  # type: ignore[attr-defined]
    assert column == 1 and runs == [["B", "A", "B"], ["B", "B", "B"]]
    assert module.seatings(KD, "A", "B", 4)[1] == [["A", "B", "A", "B"], ["B", "A", "B", "A"]]  # type: ignore[attr-defined]
    rng = random.Random(2)
    assert all(len(module.draw_scores(three, rng)) == 3 for _ in range(20))  # type: ignore[attr-defined]
    row = module.play(("three-handed", "medium", "medium", 1, 777, [150, 170, 120], None))  # type: ignore[attr-defined]
    assert row["diff"] == 0.0 and row["column"] == 1


def test_a_log_is_scored_again_under_other_yardsticks_for_a_game_that_goes_on() -> None:
    """``--rescore``: an ended game keeps its 1 or 0; one that goes on is judged by the race of the spread asked
    for, or as even odds (1/n), so a figure can be checked against the race's own fit."""
    rescore = _module().rescore  # type: ignore[attr-defined]
    three = PRESETS["three-handed"].rules
    going = {"winner": None, "after": [180, 120, 100]}
    rows = [
        {"column": 0, "runs": [going, {"winner": 1, "after": [150, 210, 100]}]},
        {"column": 2, "runs": [{"winner": 2, "after": [0, 0, 205]}, going]},
    ]
    even = rescore(three, rows, None)
    assert even == [1 / 3, 1.0 - 1 / 3]
    narrow, wide = rescore(three, rows, 0.5), rescore(three, rows, 5.0)
    # the leader at 180 is surer of the race the narrower its spread; the trailer at 100 the reverse
    assert narrow[0] > wide[0] > 1 / 3 and 1.0 - narrow[1] < 1.0 - wide[1] < 1 / 3
