"""The learned bidding model (``krook/bots/bidding.py``, data from ``build/learn_bidding.py``) and its use by hard."""

from __future__ import annotations

import random

import pytest

from krook.bots import BotContext
from krook.bots.bidding import FEATURES, hand_features, model_for
from krook.bots.knowledge import read_view
from krook.bots.strengths import HardBot
from krook.rules import PRESETS, Match
from krook.rules.actions import action_text
from krook.rules.cards import mask_of
from krook.rules.deal import deal_from_seed
from tests.script_loader import load_script

BIDDING_PRESETS = sorted(p for p in PRESETS if PRESETS[p].rules.bidding)


def _script():  # type: ignore[no-untyped-def]
    return load_script("build/learn_bidding.py", "learn_bidding")


@pytest.mark.parametrize("preset", BIDDING_PRESETS)
def test_every_bidding_preset_has_a_learned_model(preset: str) -> None:
    model = model_for(preset)
    assert model is not None, preset
    assert len(model.weights) == len(FEATURES)
    assert model.deals >= 1000
    assert list(model.residuals) == sorted(model.residuals) and list(model.values) == sorted(model.values)
    rules = PRESETS[preset].rules
    hands, _ = deal_from_seed(rules, 0, 1)
    assert len(hand_features(rules, hands[0])) == len(FEATURES) - 2  # help and threat come from the bids


def test_a_custom_rule_set_has_no_model() -> None:
    assert model_for("no-such-preset") is None


def _strong_and_weak(preset: str) -> tuple[int, int]:
    rules = PRESETS[preset].rules
    deck = rules.deck_cards
    black = sorted((c for c in deck if c >> 4 == 3), reverse=True)
    strong = mask_of((black + [c for c in deck if c not in black])[: rules.hand_size])
    weak = mask_of(
        sorted((c for c in deck if c < 64 and rules.point_list[c] == 0), key=lambda c: rules.rank[c])[
            : rules.hand_size
        ]
    )
    return strong, weak


@pytest.mark.parametrize("preset", ["kentucky-discard", "call-partner", "three-handed", "six-handed"])
def test_a_strong_hand_is_worth_more_than_a_weak_one(preset: str) -> None:
    model = model_for(preset)
    assert model is not None
    rules = PRESETS[preset].rules
    strong, weak = _strong_and_weak(preset)
    mean = model.expected_value()
    assert (
        model.mean([*hand_features(rules, strong), mean, mean])
        > model.mean([*hand_features(rules, weak), mean, mean]) + 0.15
    )


def _bidding_view(preset: str, hand: int, script: list[str]) -> Match:
    """A match where the seat after ``script`` holds ``hand`` (swapped in from another seat's deal)."""
    rules = PRESETS[preset].rules
    hands, nest = deal_from_seed(rules, 0, 5)
    first = (0 + 1) % rules.players  # left of the dealer bids first in these presets
    target = (first + len(script)) % rules.players
    # swap every card of ``hand`` into the target seat, one for one
    want = hand & ~hands[target]
    give = hands[target] & ~hand
    owners = {c: s for s in range(rules.players) for c in range(66) if hands[s] >> c & 1}
    owners.update({c: -1 for c in range(66) if nest >> c & 1})
    for a, b in zip(
        sorted(c for c in range(66) if want >> c & 1),
        sorted(c for c in range(66) if give >> c & 1),
        strict=True,
    ):
        where = owners[a]
        if where == -1:
            nest = nest & ~(1 << a) | (1 << b)
        else:
            hands[where] = hands[where] & ~(1 << a) | (1 << b)
        hands[target] = hands[target] & ~(1 << b) | (1 << a)
    match = Match(rules, first_dealer=0, deal=(hands, nest))
    for action in script:
        match.apply(action)
    assert match.hand.to_act == target
    return match


def test_hard_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong, weak = _strong_and_weak("kentucky-discard")
    bot = HardBot(samples=4)
    for hand, expected in ((strong, "bid 70"), (weak, "pass")):
        match = _bidding_view("kentucky-discard", hand, [])
        assert (
            action_text(bot.choose(match.view(match.hand.to_act), BotContext(random.Random(1)))) == expected
        )


def test_a_partners_bid_raises_what_my_hand_is_worth() -> None:
    """Fixed partners: after my partner bids (and an opponent overcalls), my hand's contract is worth more than
    after my partner passed; that is what lets hard push its partner."""
    strong, _ = _strong_and_weak("kentucky-discard")
    # seats 1 (opponent), 2 (my partner), 3 (opponent) have spoken; I am seat 0, the dealer
    partner_bid = _bidding_view("kentucky-discard", strong, ["pass", "bid 70", "bid 75"])
    partner_pass = _bidding_view("kentucky-discard", strong, ["pass", "pass", "bid 75"])
    values = []
    for match in (partner_bid, partner_pass):
        view = match.view(match.hand.to_act)
        value = HardBot._learned_value(view, read_view(view), 80)
        assert value is not None
        values.append(value)
    assert values[0] > values[1]


def test_the_generator_recovers_known_weights() -> None:
    script = _script()
    rng = random.Random(3)
    xs = [
        [1.0, rng.random(), rng.random() * 5, 0.0] for _ in range(400)
    ]  # a constant-zero column is tolerated
    ys = [0.2 + 0.5 * x[1] - 0.03 * x[2] + rng.gauss(0, 0.001) for x in xs]
    weights = script.solve(xs, ys)
    assert weights[0] == pytest.approx(0.2, abs=0.01)
    assert weights[1] == pytest.approx(0.5, abs=0.01)
    assert weights[2] == pytest.approx(-0.03, abs=0.005)
    assert weights[3] == 0.0
    assert script.quantiles([3.0, 1.0, 2.0, 4.0], 2) == [2.0, 4.0]
