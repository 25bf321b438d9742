"""The race fit: whole games' scores before each hand and their winners, scored by the race's chances."""

from __future__ import annotations

from krook.rules import PRESETS
from tests.script_loader import load_script

THREE = PRESETS["three-handed"].rules


def _module() -> object:
    return load_script("benchmarks/fit_race.py", "fit_race")


def _games(leader_wins: int, of: int) -> list[dict[str, object]]:
    """Games where column 0 leads 150 to 60 to 60 before the last hand and wins ``leader_wins`` of ``of``."""
    before = [[0, 0, 0], [80, 30, 30], [150, 60, 60]]
    return [{"before": before, "winner": 0 if i < leader_wins else 1 + i % 2} for i in range(of)]


def test_a_leader_that_always_wins_fits_a_sure_race_and_an_upset_prone_one_a_loose_race() -> None:
    fit = _module().fit  # type: ignore[attr-defined]
    sure = fit(THREE, _games(20, 20))
    loose = fit(THREE, _games(8, 20))
    assert sure["fitted_spread"] < loose["fitted_spread"]
    assert sure["games"] == 20 and sure["hands"] == 60
    # the calibration counts every column at every hand, and a band's share won is a share
    rows = loose["calibration_fitted"]
    assert sum(r["count"] for r in rows) == 20 * 3 * 3
    assert all(0.0 <= r["won"] <= 1.0 for r in rows)


def test_a_game_that_never_ended_is_left_out() -> None:
    fit = _module().fit  # type: ignore[attr-defined]
    games = [*_games(5, 5), {"before": [[0, 0, 0]], "winner": None}]
    assert fit(THREE, games)["games"] == 5
