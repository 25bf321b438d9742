import pytest

from krook.rules import (
    PRESETS,
    SETTING_SPECS,
    Rules,
    RulesError,
    get_preset,
    matching_preset,
    rules_from_spec,
)


def test_default_is_kentucky_discard() -> None:
    rules = Rules()
    assert rules == PRESETS["kentucky-discard"].rules
    assert (rules.deck_size, rules.hand_size, rules.nest_size, rules.card_points_total) == (41, 9, 5, 120)
    assert rules.highest_bid == 120 and rules.min_bid == 70 and rules.target == 300


@pytest.mark.parametrize(
    ("preset", "players", "deck", "hand", "nest", "points"),
    [
        ("kentucky-discard", 4, 41, 9, 5, 120),
        ("kentucky-rook", 4, 45, 10, 5, 180),
        ("keith", 4, 45, 10, 5, 180),
        ("classic-full-deck", 4, 57, 13, 5, 180),
        ("call-partner", 4, 57, 13, 5, 180),
        ("three-handed", 3, 44, 13, 5, 100),
        ("five-handed", 5, 56, 10, 6, 100),
        ("six-handed", 6, 56, 9, 2, 100),
        ("practice", 4, 41, 9, 5, 120),
    ],
)
def test_preset_shapes(preset: str, players: int, deck: int, hand: int, nest: int, points: int) -> None:
    rules = get_preset(preset).rules
    assert (rules.players, rules.deck_size, rules.hand_size, rules.nest_size) == (players, deck, hand, nest)
    assert rules.card_points_total == points
    assert get_preset(preset).description
    assert matching_preset(rules) == preset


def test_highest_bid_counts_bonuses() -> None:
    assert get_preset("keith").rules.highest_bid == 200
    assert get_preset("call-partner").rules.highest_bid == 200
    assert get_preset("classic-full-deck").rules.highest_bid == 200


def test_every_setting_has_a_spec_and_a_default() -> None:
    rules = Rules()
    names = {spec.name for spec in SETTING_SPECS}
    assert names == set(rules.to_dict())
    assert all(spec.label and spec.help for spec in SETTING_SPECS)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"nest_size": 4}, "does not divide among 4 players"),
        ({"double_krook": True}, "does not divide"),
        ({"deck": "56", "double_krook": True}, "has no Krook"),
        ({"bid_step": 0}, "at least 1"),
        ({"min_bid": 72}, "not a multiple"),
        ({"players": 3}, "even number of players"),
        ({"players": 5}, "does not divide"),
        ({"players": 5, "deck": "56", "nest_size": 6}, "even number of players"),
        ({"krook_rank": "sideways"}, "choose one of"),
        ({"min_bid": 125}, "more than the 120 points"),
        ({"max_bid": 65}, "below the minimum"),
        ({"target": "lots"}, "whole number"),
        ({"practice_trump": "R", "partnership": "called"}, "practice game has no bidder"),
        ({"players": 7}, "at most 6"),
    ],
)
def test_impossible_combinations_are_explained(changes: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().replace(**changes)


def test_valid_variants_from_the_sources() -> None:
    # double bird with a 46-card deck and a nest of 6 divides: 40 / 4
    assert Rules(deck="45", double_krook=True, nest_size=6).hand_size == 10
    # no nest: the 56 numbered cards deal 14 each
    assert Rules(deck="56", nest_size=0, ones_high=False, ones_points=0, min_bid=50).hand_size == 14
    assert Rules(deck="57", nest_size=5).hand_size == 13
    assert Rules(deck="41", nest_size=5, players=4, partnership="called").partnership == "called"


def test_rules_spec_round_trip_and_errors() -> None:
    rules = rules_from_spec({"preset": "kentucky-discard", "overrides": {"target": 500}})
    assert rules.target == 500
    assert rules_from_spec({"preset": "keith"}) == get_preset("keith").rules
    with pytest.raises(RulesError, match="unknown setting 'targett'"):
        rules_from_spec({"preset": "keith", "overrides": {"targett": 5}})
    with pytest.raises(RulesError, match="unknown preset"):
        rules_from_spec({"preset": "rook-deluxe"})
    for junk in ([], {}, 7, None):  # a damaged record's preset is a RulesError, not a TypeError
        with pytest.raises(RulesError, match="unknown preset"):
            rules_from_spec({"preset": junk})
    # JSON numbers for a deck name are accepted as a person would write them
    assert rules_from_spec({"overrides": {"deck": 45}}).deck == "45"


def test_rules_doc_names_every_setting_and_preset() -> None:
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
    for spec in SETTING_SPECS:
        assert f"`{spec.name}`" in doc, spec.name
    for name in PRESETS:
        assert f"`{name}`" in doc, name
