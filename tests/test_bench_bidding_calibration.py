"""The bidding-calibration benchmark: its tables from hand records, and a real hand played by recording hard bots."""

from __future__ import annotations

import pytest

from tests.script_loader import load_script


def _module() -> object:
    return load_script("benchmarks/bidding_calibration.py", "bidding_calibration", register=True)


def _contract(
    bid: float, predicted_made: float, made: bool, predicted: float, points: float
) -> dict[str, float]:
    return {
        "bid": bid,
        "predicted_made": predicted_made,
        "predicted_points": predicted,
        "made": float(made),
        "points": points,
    }


def test_the_contract_table_groups_by_level_and_compares_the_model_with_the_play() -> None:
    m = _module()
    records = [
        m.HandRecord(_contract(100, 0.8, True, 120.0, 150.0)),  # type: ignore[attr-defined]
        m.HandRecord(_contract(100, 0.6, False, 110.0, 90.0)),  # type: ignore[attr-defined]
        m.HandRecord(_contract(120, 0.5, True, 130.0, 125.0)),  # type: ignore[attr-defined]
        m.HandRecord(None),  # type: ignore[attr-defined]  # thrown in: no contract
    ]
    rows = m.contract_table(records)  # type: ignore[attr-defined]
    assert [(r["bid"], r["contracts"]) for r in rows] == [(100, 2), (120, 1)]
    assert rows[0]["predicted_made"] == pytest.approx(0.7)
    assert rows[0]["made"] == pytest.approx(0.5)
    assert rows[0]["predicted_points"] == pytest.approx(115.0)
    assert rows[0]["points"] == pytest.approx(120.0)


def test_the_heard_table_sets_each_decision_beside_the_bound_read_into_it() -> None:
    m = _module()
    slack = m.BID_SLACK  # type: ignore[attr-defined]
    heard = [(100, False, 0.40 + i / 100, 180) for i in range(20)] + [(100, True, 0.70, 180)]
    rows = m.heard_table([m.HandRecord(None, heard)])  # type: ignore[attr-defined]
    passes, bids = rows
    assert (passes["bid"], passes["decisions"], bids["decisions"]) == (0.0, 20, 1)
    assert passes["q05"] == pytest.approx(0.41) and passes["q95"] == pytest.approx(0.59)
    assert passes["assumed"] == pytest.approx(100 / 180 + slack)
    assert bids["assumed"] == pytest.approx(100 / 180 - slack)


def test_a_hand_played_by_recording_hard_bots_prices_its_contract_and_notes_the_auction() -> None:
    m = _module()
    record = m.play_hand(("kentucky-rook", 0, 12345, 1))  # type: ignore[attr-defined]
    # Kentucky Rook's dealer is stuck at 100: every hand has a contract, priced at the declarer's last bid
    contract = record.contract
    assert contract is not None and contract["bid"] >= 100
    assert 0.0 <= contract["predicted_made"] <= 1.0 and contract["predicted_points"] > 0
    assert contract["made"] == float(contract["points"] >= contract["bid"])
    assert record.heard and all(level >= 100 and 0 < value <= 1 for level, _bid, value, _t in record.heard)
