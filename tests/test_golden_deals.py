"""Seed -> deal is pinned for every deck: a change here breaks every saved record and bug report."""

import hashlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krook.rules import PRESETS, Match, Rules
from krook.rules.deal import deal_from_seed, deal_to_dict, hand_seed

DECKS = {
    "41": ({}, ["Y5", "Y8", "Y11", "Y14", "G10"], ["R6", "Y13", "B10", "B11", "B12"], "a194d5d5f5a1c8e2"),
    "45": (
        {"min_bid": 100},
        ["R6", "R14", "Y6", "Y9", "G7"],
        ["R5", "Y11", "G11", "B10", "B11"],
        "c8baa47a1ee61cdc",
    ),
    "57": (
        {"min_bid": 100},
        ["R3", "R4", "R13", "Y9", "Y11"],
        ["R5", "R11", "G2", "B1", "B9"],
        "ea0f517ef8d4de18",
    ),
    "56": (
        {
            "ones_high": False,
            "ones_points": 0,
            "players": 5,
            "partnership": "individual",
            "nest_size": 6,
            "min_bid": 30,
        },
        ["R14", "Y6", "Y8", "Y10", "Y12"],
        ["R4", "R11", "Y4", "Y5", "Y11", "Y14"],
        "babaaf62cac30381",
    ),
    "44": (
        {"players": 3, "partnership": "individual", "min_bid": 50},
        ["R6", "R9", "R14", "Y4", "Y7"],
        ["Y9", "Y10", "G6", "G9", "B10"],
        "0a8d665af96b3b81",
    ),
}


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_seed_2026_deals_the_same_cards(deck: str) -> None:
    extra, seat1_start, nest, digest = DECKS[deck]
    rules = Rules(deck=deck, **extra)
    hands, nest_mask = deal_from_seed(rules, 0, 2026)
    deal = deal_to_dict(hands, nest_mask)
    assert deal["hands"][1][:5] == seat1_start
    assert deal["nest"] == nest
    assert hashlib.sha256(json.dumps(deal).encode()).hexdigest()[:16] == digest


def test_game_seed_to_hand_seeds_is_pinned() -> None:
    assert Match(Rules(), seed=7).to_record()["hands"][0]["deal"] == deal_to_dict(
        *deal_from_seed(Rules(), 0, hand_seed(7, 0))
    )
    assert hand_seed(7, 0) == 3624693708663


def _reference_deal(rules: Rules, dealer: int, seed: int) -> tuple[list[int], int]:
    """The deal as the rules describe it, the slow and obvious way: random.shuffle, then card by card."""
    deck = list(rules.deck_cards)
    random.Random(seed).shuffle(deck)
    cards = iter(deck)
    hands = [0] * rules.players
    nest = 0
    for round_ in range(rules.hand_size):
        for i in range(1, rules.players + 1):
            hands[(dealer + i) % rules.players] |= 1 << next(cards)
        if round_ < rules.nest_size:
            nest |= 1 << next(cards)
    return hands, nest


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    dealer=st.integers(0, 5),
    seed=st.integers(0, 1 << 48),
)
def test_the_fast_deal_is_random_shuffle_dealt_round_by_round(preset: str, dealer: int, seed: int) -> None:
    rules = PRESETS[preset].rules
    dealer %= rules.players
    assert deal_from_seed(rules, dealer, seed) == _reference_deal(rules, dealer, seed)
