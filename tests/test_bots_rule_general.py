"""At a custom table the bots judge the rules, not the name of the preset the lobby started from."""

from __future__ import annotations

from krook.bots.bidding import general_model, hand_features, model_for, rule_features
from krook.bots.knowledge import read_view
from krook.bots.strengths import bidding_model, table_preset
from krook.rules import PRESETS, Match, Phase
from krook.rules.cards import parse_cards
from krook.rules.settings import from_overrides

SIX_FIXED = {"players": 6, "deck": "56", "nest_size": 2}


def _mask(text: str) -> int:
    return sum(1 << c for c in parse_cards(text.split()))


def test_the_table_is_the_preset_only_when_the_rules_are() -> None:
    for name, preset in PRESETS.items():
        assert table_preset(preset.rules) == name
    assert table_preset(from_overrides(PRESETS["kentucky-discard"].rules, SIX_FIXED)) is None


def test_a_custom_table_bids_by_the_general_model_not_its_presets() -> None:
    rules = from_overrides(PRESETS["kentucky-discard"].rules, SIX_FIXED)
    match = Match(rules, seed=3, preset="kentucky-discard")  # as a lobby's custom table makes it
    assert match.hand.phase is Phase.BIDDING
    view = match.view(match.hand.to_act or 0)
    assert view.preset == "kentucky-discard"
    k = read_view(view)
    assert bidding_model(k.rules) is general_model(rules) is not None
    assert bidding_model(k.rules) != model_for("kentucky-discard")
    assert bidding_model(PRESETS["keith"].rules) is model_for("keith")


def test_the_general_model_reads_the_rules() -> None:
    kd = PRESETS["kentucky-discard"].rules
    model = general_model(kd)
    assert model is not None and general_model(kd) is model  # one fit per rule set
    assert len(model.values) == 40 and list(model.values) == sorted(model.values)
    strong = hand_features(kd, _mask("R14 R13 R12 R11 R10 K R9 Y14 G14"))
    weak = hand_features(kd, _mask("R5 R6 Y5 Y6 Y7 G5 G6 B5 B6"))
    assert model.mean([*strong, 0.3, 0.3]) > model.mean([*weak, 0.3, 0.3]) + 0.2
    # a richer partner helps in fixed partnerships
    assert model.mean([*weak, 0.6, 0.3]) > model.mean([*weak, 0.2, 0.3])
    six = general_model(from_overrides(kd, SIX_FIXED))
    assert six is not None and six.weights != model.weights
    assert rule_features(kd) != rule_features(from_overrides(kd, SIX_FIXED))


def test_the_general_model_is_calibrated_at_its_table() -> None:
    """At a table's first bid the general fit is shifted so its mean meets the contracts simulated there."""
    from krook.bots.bidding import _calibration_shift

    rules = from_overrides(PRESETS["kentucky-discard"].rules, SIX_FIXED)
    model = general_model(rules)
    assert model is not None
    assert abs(_calibration_shift(rules, model.weights)) < 1e-9


def test_bonuses_a_made_bid_counts_come_on_top_of_the_points_in_play() -> None:
    from krook.bots.bidding import with_bonuses

    rules = from_overrides(
        PRESETS["kentucky-discard"].rules,
        {"most_tricks_bonus": 30, "sweep_bonus": 20, "all_points_bonus": 10},
    )
    everything = rules.card_points_total + rules.last_trick_bonus
    assert with_bonuses(rules, 40) == 40  # a minority of the points: no bonus
    assert with_bonuses(rules, 80) == 110  # most of them: most tricks, very likely
    assert with_bonuses(rules, everything) == everything + 60
    assert with_bonuses(PRESETS["kentucky-discard"].rules, 80) == 80
