"""The twenty-third session's measuring scripts (benchmarks/experiments/hard_policy_model.py and
nest_calibration.py) still run, and what they record is what the game did: each recorded card is a legal play the
bot made, each card's features are one row per legal card with medium's pick marked once."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

EXPERIMENTS = Path(__file__).resolve().parent.parent / "benchmarks" / "experiments"


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXPERIMENTS / script), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture
def model(monkeypatch):
    monkeypatch.syspath_prepend(str(EXPERIMENTS))
    import hard_policy_model

    return hard_policy_model


def test_each_legal_card_gets_one_row_and_medium_s_pick_is_marked_once(model):
    from krook.bots.knowledge import read_view
    from krook.rules import PRESETS, Match
    from krook.rules.cards import parse_card

    match = Match(PRESETS["kentucky-discard"].rules, seed=11)
    rng = random.Random(3)
    checked = 0
    while match.hand.to_act is not None and checked < 20:
        seat = match.hand.to_act
        view = match.view(seat)
        if view.phase == "play":
            k = read_view(view)
            sides = tuple(s % 2 == seat % 2 for s in range(4))
            rows, pick = model.features(
                k.play, seat, k.hand, k.trick, k.played, sides, seat % 2 == k.bidder % 2, 9, k.cannot
            )
            legal = {parse_card(a.split()[1]) for a in match.legal_actions() if a.startswith("play ")}
            assert {c for c, _ in rows} == legal
            assert all(len(f) == len(model.NAMES) for _, f in rows)
            pick_col = model.NAMES.index("policy_pick")
            assert [c for c, f in rows if f[pick_col] == 1.0] == [pick]
            checked += 1
        match.apply(rng.choice(list(match.legal_actions())), seat)
    assert checked >= 10


def test_collect_records_the_cards_the_bots_played_and_mass_runs(tmp_path, model):
    out = tmp_path / "hands.jsonl"
    _run(
        "hard_policy_model.py", "collect", "--first", "0", "--hands", "1", "--samples", "2", "--out", str(out)
    )
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) >= 10  # a hand of 36 cards has many choices
    for r in records:
        assert r["hand"] >> r["card"] & 1, "the recorded card was in the hand"
    weights = tmp_path / "w.json"
    weights.write_text(json.dumps(dict.fromkeys(model.NAMES, 0.0)))  # every legal card alike
    printed = _run(
        "hard_policy_model.py", "mass", "--weights", str(weights), "--hands", "1", "--samples", "10"
    )
    assert "after 1 tricks" in printed and "learned model" in printed


def test_nest_calibration_runs():
    printed = _run("nest_calibration.py", "--hands", "1", "--samples", "10", "--bot-samples", "2")
    assert printed.count("buried counters") == 3
