"""The arena plays duplicate boards and reports the promised figures."""

from __future__ import annotations

import json

from krook.bots.arena import BOARDS_FILE, board_seeds, main, run_arena


def test_arena_summary_has_the_promised_fields() -> None:
    summary = run_arena("medium", "random", "kentucky-discard", 4, 1, workers=1)
    assert summary["deals"] == 4
    low, high = summary["ci95"]
    assert low <= summary["mean_diff"] <= high
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
