"""A bid hint says what the bid allows, in words that fit the game: "your side" only with partners."""

from __future__ import annotations

import re

import pytest

from krook.bots import hints
from krook.rules import Bid, Match, Phase
from krook.rules.presets import PRESETS


def bid_reasons(preset: str) -> list[str]:
    out = []
    for seed in range(6):
        match = Match(PRESETS[preset].rules, seed=seed)
        view = match.view(match.hand.to_act)
        assert view.phase is Phase.BIDDING
        for amount in match.legal_actions().bids()[:3]:
            out.append(hints._reason(view, Bid(amount)))
    return out


@pytest.mark.parametrize("preset", ["three-handed", "five-handed", "six-handed"])
def test_no_partner_no_side(preset: str) -> None:
    assert PRESETS[preset].rules.partnership == "individual"
    for text in bid_reasons(preset):
        assert "side" not in text, text


def test_a_bid_below_the_hands_worth_says_how_far_it_may_go() -> None:
    """'Bid 75 ... should take about 101 points' read as a contradiction: the hint says 75 is safe and how far
    the player could go."""
    seen = 0
    for text in bid_reasons("kentucky-discard"):
        bid, worth = (int(n) for n in re.findall(r"\d+", text)[:2])
        if worth > bid:
            seen += 1
            assert f"up to about {worth}" in text and "your side" in text, text
        assert len(text) < 160
    assert seen
