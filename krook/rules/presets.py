"""Named rule sets. A preset is data: a description and the settings it changes from the defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .errors import RulesError
from .settings import Rules, from_overrides

DEFAULT_PRESET = "kentucky-discard"


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    description: str
    settings: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @cached_property
    def rules(self) -> Rules:
        # cached: matching a lobby or a new game against every preset must not rebuild and revalidate them
        return from_overrides(Rules(), dict(self.settings))


def _preset(name: str, title: str, description: str, **settings: Any) -> Preset:
    return Preset(name, title, description, MappingProxyType(settings))


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        _preset(
            "kentucky-discard",
            "Kentucky Discard",
            "The tournament game: 41 cards, 9 each, nest of 5, Krook the top trump, bids from 70, play to 300.",
        ),
        _preset(
            "kentucky-rook",
            "Kentucky Rook",
            "45 cards with the 1s high (15 points), bids from 100, no burying counters, dealer stuck at 100, to 500.",
            deck="45",
            min_bid=100,
            target=500,
            all_pass="dealer_forced",
            bury_counters=False,
            first_lead="left_of_bidder",
            krook_any_time=False,
        ),
        _preset(
            "keith",
            "Keith rules",
            "Family rules: 45 cards, Krook the lowest trump, must follow and must trump, 20 more for every point.",
            deck="45",
            krook_rank="low",
            min_bid=90,
            target=500,
            all_points_bonus=20,
            bury_counters=False,
            must_trump=True,
            krook_any_time=False,
        ),
        _preset(
            "classic-full-deck",
            "Classic full deck",
            "All 57 cards, 13 each, 1s high, Krook the lowest trump, 20 for most tricks, to 500.",
            deck="57",
            krook_rank="low",
            min_bid=100,
            target=500,
            most_tricks_bonus=20,
        ),
        _preset(
            "call-partner",
            "Call Partner",
            "57 cards, dealer bids first, the bidder calls a card to find a secret partner, 20 for the last trick.",
            deck="57",
            partnership="called",
            krook_rank="middle",
            min_bid=100,
            target=500,
            bid_first="dealer",
            last_trick_bonus=20,
            first_lead="left_of_bidder",
            krook_any_time=False,
            both_over_target="higher_total",
        ),
        _preset(
            "three-handed",
            "Three-handed",
            "Cutthroat for three: 44 cards (4-14, no Krook), 13 each, nest of 5, the dealer must open at 50, to 200.",
            players=3,
            partnership="individual",
            deck="44",
            min_bid=50,
            target=200,
            bid_first="dealer",
            first_bid_forced=True,
        ),
        _preset(
            "five-handed",
            "Five-handed",
            "Everyone for themselves with the 56 numbered cards and 1s low: 10 each, nest of 6, bids from 30, to 150.",
            players=5,
            partnership="individual",
            deck="56",
            ones_high=False,
            ones_points=0,
            nest_size=6,
            min_bid=30,
            target=150,
        ),
        _preset(
            "six-handed",
            "Six-handed",
            "Everyone for themselves with the 56 numbered cards and 1s low: 9 each, nest of 2, bids from 30, to 150.",
            players=6,
            partnership="individual",
            deck="56",
            ones_high=False,
            ones_points=0,
            nest_size=2,
            min_bid=30,
            target=150,
        ),
        _preset(
            "practice",
            "Practice",
            "Learn the play: Kentucky Discard cards with Black always trump, no bidding, nest to the last trick.",
            practice_trump="B",
        ),
    )
}


def get_preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except (KeyError, TypeError):  # TypeError: a name from outside that is not text (a list in a record)
        known = ", ".join(PRESETS)
        raise RulesError(f"unknown preset {name!r}; the presets are {known}") from None


def rules_from_spec(spec: dict[str, Any]) -> Rules:
    """Build rules from ``{"preset": NAME, "overrides": {...}}`` as written in game records and lobbies."""
    if not isinstance(spec, dict):
        raise RulesError(f"rules must be an object with 'preset' and 'overrides', not {type(spec).__name__}")
    preset = get_preset(spec.get("preset", DEFAULT_PRESET))
    overrides = spec.get("overrides", {}) or {}
    if not isinstance(overrides, dict):
        raise RulesError("rules 'overrides' must be an object of setting names to values")
    return from_overrides(preset.rules, overrides)


def spec_for(rules: Rules, preset: str = DEFAULT_PRESET) -> dict[str, Any]:
    """The ``{"preset", "overrides"}`` form of ``rules`` relative to a preset."""
    return {"preset": preset, "overrides": rules.differences(get_preset(preset).rules)}


def matching_preset(rules: Rules) -> str | None:
    """The preset these rules are exactly, or None for a custom set."""
    for name, preset in PRESETS.items():
        if preset.rules == rules:
            return name
    return None
