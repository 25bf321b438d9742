"""The lobby's model: seats, the preset and its overrides, the first dealer, a deal number, and whether
take-backs are unlimited (a practice game).

The lobby screen (``krook.scenes.menus.lobby``) only shows this and passes clicks to it: which preset the
rules are, which rules differ from it, a rule set back to the preset's value, which rules mean nothing with
the chosen deck. A LAN host and a local game both start from a ``Lobby``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from krook.bots import strength_names
from krook.rules import PRESETS, KrookError, Rules, get_preset, matching_preset
from krook.rules.settings import DECKS, from_overrides

SEAT_KINDS = ("human", "bot", "open")
DEFAULT_NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eli")
# The rules about the Krook card: nothing to choose when the deck has none.
KROOK_RULES = ("double_krook", "krook_rank", "krook_points", "krook_any_time")
ONES_RULES = ("ones_high", "ones_points")
NEST_RULES = ("bury_counters", "nest_to")


class LobbyError(ValueError):
    """A lobby or seat that cannot be set up (a saved lobby naming a bot that does not exist, ...)."""


@dataclass
class SeatConfig:
    """One seat of the lobby: a name and who plays it (``human``, ``bot``, or ``open`` for a LAN player)."""

    name: str
    kind: str = "bot"
    strength: str = "medium"

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise LobbyError(f"seat kind {self.kind!r} is not one of {', '.join(SEAT_KINDS)}")
        if self.strength not in strength_names():
            known = ", ".join(strength_names())
            raise LobbyError(f"bot strength {self.strength!r} does not exist; the strengths are {known}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "strength": self.strength}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatConfig:
        """Read a saved seat; raises LobbyError for an unknown kind or strength."""
        return cls(
            str(data.get("name", "Player"))[:16],
            data.get("kind", "bot"),
            data.get("strength", "medium"),
        )


@dataclass
class Lobby:
    """Everything needed to start a game: seats, preset + overrides, first dealer, an optional seed, and
    ``practice`` (unlimited take-backs; the game is kept apart in history and statistics)."""

    seats: list[SeatConfig]
    preset: str = "kentucky-discard"
    overrides: dict[str, Any] = field(default_factory=dict)
    first_dealer: int = 0
    seed: int | None = None
    practice: bool = False

    def rules(self) -> Rules:
        """The rules of the lobby's preset and overrides; raises RulesError when they cannot be played."""
        return from_overrides(get_preset(self.preset).rules, dict(self.overrides))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [s.to_dict() for s in self.seats],
            "preset": self.preset,
            "overrides": dict(self.overrides),
            "first_dealer": self.first_dealer,
            "seed": self.seed,
            "practice": self.practice,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lobby:
        seats = [SeatConfig.from_dict(s) for s in data.get("seats", []) if isinstance(s, dict)]
        seed = data.get("seed")
        return cls(
            seats,
            str(data.get("preset", "kentucky-discard")),
            dict(data.get("overrides") or {}),
            int(data.get("first_dealer", 0) or 0),
            seed if isinstance(seed, int) else None,
            data.get("practice") is True,
        )

    @classmethod
    def default(cls, players: int = 4) -> Lobby:
        seats = [SeatConfig(DEFAULT_NAMES[0], "human")]
        seats += [SeatConfig(DEFAULT_NAMES[i], "bot", "medium") for i in range(1, players)]
        return cls(seats)

    # -- what the lobby screen edits -------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        """Every rule's value now, even while the overrides cannot be played (then as set, unchecked)."""
        try:
            return self.rules().to_dict()
        except KrookError:
            base = PRESETS[self.preset].rules.to_dict()
            base.update(self.overrides)
            return base

    def problem(self) -> str | None:
        """Why these rules cannot be played, or None."""
        try:
            self.rules()
        except KrookError as exc:
            return str(exc)
        return None

    def pick_preset(self, name: str) -> None:
        """Play a preset as it is (its own rules, no overrides); "custom" is no preset and changes nothing."""
        if name in PRESETS:
            self.preset, self.overrides = name, {}
            self.fit_seats()

    def set_rule(self, name: str, value: Any) -> None:
        """Set one rule. A value equal to the preset's drops the override; rules that are exactly another
        preset become that preset (no overrides)."""
        preset_value = PRESETS[self.preset].rules.to_dict()[name]
        if value == preset_value and type(value) is type(preset_value):
            self.overrides.pop(name, None)
        else:
            self.overrides[name] = value
        try:
            match = matching_preset(self.rules())
        except KrookError:
            match = None
        if match and match != self.preset:
            self.preset, self.overrides = match, {}
        if name == "players":
            self.fit_seats()

    def shown_preset(self) -> str:
        """The preset these rules are, or "custom" when they differ from every preset (or can't be played)."""
        try:
            return matching_preset(self.rules()) or "custom"
        except KrookError:
            return "custom"

    def changed_rules(self) -> set[str]:
        """The rules whose values differ from the lobby's preset (compared value by value, not by edits)."""
        preset = PRESETS[self.preset].rules.to_dict()
        return {name for name, value in self.values().items() if name in preset and preset[name] != value}

    def idle_rules(self) -> dict[str, str]:
        """Rules that mean nothing with these settings, each with why (the screen greys them out)."""
        values = self.values()
        idle: dict[str, str] = {}
        deck = str(values.get("deck"))
        if deck in DECKS:
            numbers, has_krook = DECKS[deck]
            if not has_krook and not values.get("double_krook"):
                why = f"The {deck}-card deck has no Krook card, so this rule does nothing."
                idle |= dict.fromkeys(KROOK_RULES, why)
            if 1 not in numbers:
                idle |= dict.fromkeys(
                    ONES_RULES, f"The {deck}-card deck has no 1s, so this rule does nothing."
                )
        if not values.get("nest_size"):
            idle |= dict.fromkeys(
                NEST_RULES, "With no nest the bidder buries nothing, so this rule does nothing."
            )
        if not values.get("no_counter_redeal"):
            idle["redeal_any_time"] = "This only applies with Redeal without counters, which is off."
        return idle

    def fit_seats(self) -> None:
        """As many seats as the rules have players (new ones are medium bots), and a first dealer among them."""
        players = int(self.values()["players"])
        while len(self.seats) < players:
            self.seats.append(
                SeatConfig(DEFAULT_NAMES[len(self.seats) % len(DEFAULT_NAMES)], "bot", "medium")
            )
        del self.seats[players:]
        self.first_dealer %= max(1, players)


__all__ = [
    "DEFAULT_NAMES",
    "KROOK_RULES",
    "NEST_RULES",
    "ONES_RULES",
    "SEAT_KINDS",
    "Lobby",
    "LobbyError",
    "SeatConfig",
]
