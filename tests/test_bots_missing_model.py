"""A build without the general bidding model's data still plays, and says so in the log."""

from __future__ import annotations

import logging
import sys

import pytest

import krook.bots
from krook.bots import bidding
from krook.rules import Rules


def test_a_missing_general_model_is_logged_and_the_bot_simulates(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "krook.bots.general_bidding_data", None)  # import now raises ImportError
    # once imported, the module is also an attribute of its package, which ``from . import`` reads first
    monkeypatch.delattr(krook.bots, "general_bidding_data", raising=False)
    bidding.general_model.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="krook.bots.bidding"):
            assert bidding.general_model(Rules(min_bid=75)) is None
        assert any("no general bidding model" in r.getMessage() for r in caplog.records)
    finally:
        bidding.general_model.cache_clear()
