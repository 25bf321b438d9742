"""Every house-rule setting as one frozen dataclass, with a spec per setting for docs and the lobby panel."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .cards import KROOK, KROOK2, Color, iter_mask
from .errors import RulesError

# Deck name -> which numbers each colour keeps and whether the Krook is in it.
DECKS: dict[str, tuple[tuple[int, ...], bool]] = {
    "41": ((5, 6, 7, 8, 9, 10, 11, 12, 13, 14), True),
    "45": ((1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), True),
    "57": (tuple(range(1, 15)), True),
    "56": (tuple(range(1, 15)), False),
    "44": ((4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), False),
}


@dataclass(frozen=True)
class SettingSpec:
    """How one setting is named, what values it takes, and a sentence a player can read in the lobby."""

    name: str
    label: str
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1
    optional: bool = False  # None is allowed (meaning "automatic" or "off")


SETTING_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("players", "Players", "How many sit at the table (3 to 6).", minimum=3, maximum=6),
    SettingSpec(
        "partnership",
        "Partners",
        "fixed: partners sit across and keep together all game; called: the bidder calls a card and its holder "
        "is the secret partner for that hand; individual: everyone scores for themselves.",
        choices=("fixed", "called", "individual"),
    ),
    SettingSpec(
        "deck",
        "Deck",
        "41: 5-14 and the Krook (tournament); 45: adds the 1s; 57: every card; 56: every numbered card, no "
        "Krook; 44: 4-14, no Krook (three-handed).",
        choices=("41", "45", "57", "56", "44"),
    ),
    SettingSpec(
        "double_krook",
        "Second Krook",
        "Adds a second bird card (K2) worth the same as the Krook and ranking just below it.",
        choices=(False, True),
    ),
    SettingSpec(
        "ones_high",
        "1s rank above 14",
        "When the deck has 1s: on, a 1 beats the 14; off, 1s are low.",
        choices=(True, False),
    ),
    SettingSpec(
        "krook_rank",
        "Krook card ranks",
        "high: the Krook is the top trump; middle: between the 10 and 11 of trump; low: the lowest trump "
        "(it still beats every card that is not trump).",
        choices=("high", "middle", "low"),
    ),
    SettingSpec(
        "krook_points",
        "Krook card points",
        "What the Krook (and a second Krook) is worth.",
        minimum=0,
        maximum=50,
        step=5,
    ),
    SettingSpec(
        "ones_points",
        "1s point value",
        "What each 1 is worth, when the deck has 1s.",
        minimum=0,
        maximum=20,
        step=5,
    ),
    SettingSpec(
        "nest_size",
        "Nest size",
        "Cards dealt face down to the middle; 0 plays without a nest.",
        choices=(0, 2, 4, 5, 6),
    ),
    SettingSpec("min_bid", "Minimum bid", "The lowest opening bid.", minimum=5, maximum=300, step=5),
    SettingSpec(
        "bid_step",
        "Bid increment",
        "Each bid must be a multiple of this and beat the last.",
        minimum=1,
        maximum=50,
    ),
    SettingSpec(
        "max_bid",
        "Maximum bid",
        "The highest bid allowed; automatic means every point at stake.",
        minimum=5,
        maximum=400,
        step=5,
        optional=True,
    ),
    SettingSpec(
        "bid_first",
        "Who bids first",
        "Left of dealer (most games) or the dealer (Call Partner).",
        choices=("left_of_dealer", "dealer"),
    ),
    SettingSpec(
        "all_pass",
        "If everyone passes",
        "redeal: throw the cards in and the deal passes left; same dealer: throw them in and the same dealer "
        "deals again; dealer forced: the last player to speak must take the minimum bid.",
        choices=("redeal", "same_dealer", "dealer_forced"),
    ),
    SettingSpec(
        "first_bid_forced",
        "First bidder must open",
        "The first player to speak may not pass (the three-handed game).",
        choices=(False, True),
    ),
    SettingSpec(
        "no_counter_redeal",
        "Redeal without counters",
        "A player holding no counters may call a redeal at their turn to bid; the same dealer deals again.",
        choices=(False, True),
    ),
    SettingSpec(
        "redeal_any_time",
        "Redeal at any time",
        "With a redeal without counters: it may be called at any time during the bidding, not only at your turn.",
        choices=(False, True),
    ),
    SettingSpec(
        "bury_counters",
        "Bidder may bury point cards",
        "Off: the bidder buries counters only when short of other cards.",
        choices=(True, False),
    ),
    SettingSpec(
        "nest_to",
        "Nest points go to",
        "last trick: whoever takes the last trick; bidder: always the bidding side.",
        choices=("last_trick", "bidder"),
    ),
    SettingSpec(
        "first_lead",
        "First lead",
        "Who leads the first trick: the bidder, the player left of the dealer, or left of the bidder.",
        choices=("bidder", "left_of_dealer", "left_of_bidder"),
    ),
    SettingSpec(
        "must_trump",
        "Must play trump when you can't follow",
        "On: a player out of the led colour must play trump if they hold any.",
        choices=(False, True),
    ),
    SettingSpec(
        "krook_any_time",
        "Krook may be played any time",
        "On: the Krook may be played even when you could follow; off: it is just a trump.",
        choices=(True, False),
    ),
    SettingSpec(
        "most_tricks_bonus",
        "Most-tricks bonus",
        "Points for the side taking the most tricks (0 = off).",
        minimum=0,
        maximum=100,
        step=5,
    ),
    SettingSpec(
        "sweep_bonus",
        "Bonus for taking every trick",
        "Points for a side that takes every trick (0 = off).",
        minimum=0,
        maximum=200,
        step=5,
    ),
    SettingSpec(
        "all_points_bonus",
        "Bonus for capturing all card points",
        "Points for a side that captures every card point, nest included (0 = off).",
        minimum=0,
        maximum=100,
        step=5,
    ),
    SettingSpec(
        "last_trick_bonus",
        "Last-trick bonus",
        "Points for taking the last trick (0 = off).",
        minimum=0,
        maximum=100,
        step=5,
    ),
    SettingSpec(
        "defenders_score",
        "Defenders score",
        "On: the defenders keep what they capture; off: they score 0.",
        choices=(True, False),
    ),
    SettingSpec("target", "Play to", "The score that ends the game.", minimum=50, maximum=2000, step=50),
    SettingSpec(
        "both_over_target",
        "Both sides pass the target",
        "bidder wins: the bidding side wins if it made its bid, else the higher total; higher total: the higher "
        "total wins. An exact tie plays another hand.",
        choices=("bidder_wins", "higher_total"),
    ),
    SettingSpec(
        "practice_trump",
        "Practice game",
        "Set a colour to play with that trump fixed and no bidding.",
        choices=("R", "Y", "G", "B"),
        optional=True,
    ),
)
SPEC_BY_NAME: dict[str, SettingSpec] = {spec.name: spec for spec in SETTING_SPECS}


@dataclass(frozen=True)
class Rules:
    """One complete rule set. Defaults are Kentucky Discard, the tournament game."""

    players: int = 4
    partnership: str = "fixed"
    deck: str = "41"
    double_krook: bool = False
    ones_high: bool = True
    krook_rank: str = "high"
    krook_points: int = 20
    ones_points: int = 15
    nest_size: int = 5
    min_bid: int = 70
    bid_step: int = 5
    max_bid: int | None = None
    bid_first: str = "left_of_dealer"
    all_pass: str = "redeal"
    first_bid_forced: bool = False
    no_counter_redeal: bool = False
    redeal_any_time: bool = False
    bury_counters: bool = True
    nest_to: str = "last_trick"
    first_lead: str = "bidder"
    must_trump: bool = False
    krook_any_time: bool = True
    most_tricks_bonus: int = 0
    sweep_bonus: int = 0
    all_points_bonus: int = 0
    last_trick_bonus: int = 0
    defenders_score: bool = True
    target: int = 300
    both_over_target: str = "bidder_wins"
    practice_trump: str | None = None

    def __post_init__(self) -> None:
        self._validate()

    # -- validation ------------------------------------------------------------------------------------
    def _validate(self) -> None:
        for spec in SETTING_SPECS:
            value = getattr(self, spec.name)
            if value is None:
                if not spec.optional:
                    raise RulesError(f"setting {spec.name!r} needs a value")
                continue
            if spec.choices:
                if value not in spec.choices or type(value) is not type(spec.choices[0]):
                    options = ", ".join(repr(c) for c in spec.choices)
                    raise RulesError(f"setting {spec.name!r} is {value!r}; choose one of {options}")
            else:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise RulesError(f"setting {spec.name!r} must be a whole number, not {value!r}")
                if spec.minimum is not None and value < spec.minimum:
                    raise RulesError(f"setting {spec.name!r} is {value}; it must be at least {spec.minimum}")
                if spec.maximum is not None and value > spec.maximum:
                    raise RulesError(f"setting {spec.name!r} is {value}; it must be at most {spec.maximum}")
        has_bird = DECKS[self.deck][1]
        if self.double_krook and not has_bird:
            raise RulesError(f"the {self.deck}-card deck has no Krook, so it cannot have a second one")
        dealt = self.deck_size - self.nest_size
        if dealt % self.players:
            raise RulesError(
                f"{self.deck_size} cards less a nest of {self.nest_size} leaves {dealt}, which does not divide "
                f"among {self.players} players; change the deck, the nest size or the second Krook"
            )
        if not 5 <= self.hand_size <= 15:
            raise RulesError(f"each player would hold {self.hand_size} cards; Krook deals 5 to 15")
        if self.nest_size > self.hand_size:
            raise RulesError(
                f"a nest of {self.nest_size} needs at least {self.nest_size} rounds of dealing, "
                f"but each player gets only {self.hand_size} cards"
            )
        if self.partnership == "fixed" and self.players % 2:
            raise RulesError(
                f"fixed partnerships need an even number of players, not {self.players}; "
                "choose called or individual"
            )
        if self.bid_step <= 0:
            raise RulesError("the bid increment must be above 0")
        if self.min_bid % self.bid_step:
            raise RulesError(
                f"the minimum bid {self.min_bid} is not a multiple of the bid increment {self.bid_step}"
            )
        if self.max_bid is not None:
            if self.max_bid < self.min_bid:
                raise RulesError(f"the maximum bid {self.max_bid} is below the minimum bid {self.min_bid}")
            if self.max_bid % self.bid_step:
                raise RulesError(
                    f"the maximum bid {self.max_bid} is not a multiple of the bid increment {self.bid_step}"
                )
        if self.practice_trump is None and self.min_bid > self.highest_bid:
            raise RulesError(
                f"the minimum bid {self.min_bid} is more than the {self.highest_bid} points at stake in a hand"
            )
        if self.partnership == "called" and self.players < 4:
            raise RulesError("calling a partner needs at least 4 players")
        if self.practice_trump is not None and self.partnership == "called":
            raise RulesError("a practice game has no bidder, so nobody can call a partner")

    # -- derived facts (cached: the hot paths read them millions of times) ----------------------------
    @property
    def has_bird(self) -> bool:
        return DECKS[self.deck][1]

    @property
    def has_bonus(self) -> bool:
        """Whether a hand can score anything beyond its card points (the score sheet's Bonus column)."""
        return bool(
            self.most_tricks_bonus or self.sweep_bonus or self.all_points_bonus or self.last_trick_bonus
        )

    @cached_property
    def deck_mask(self) -> int:
        numbers, has_bird = DECKS[self.deck]
        mask = 0
        for color in range(4):
            for number in numbers:
                mask |= 1 << (color * 16 + number)
        if has_bird:
            mask |= 1 << KROOK
        if self.double_krook:
            mask |= 1 << KROOK2
        return mask

    @cached_property
    def deck_cards(self) -> tuple[int, ...]:
        return tuple(iter_mask(self.deck_mask))

    @cached_property
    def deck_size(self) -> int:
        numbers, has_bird = DECKS[self.deck]
        return 4 * len(numbers) + int(has_bird) + int(self.double_krook)

    @cached_property
    def hand_size(self) -> int:
        return (self.deck_size - self.nest_size) // self.players

    @cached_property
    def points(self) -> dict[int, int]:
        """Card id -> points, for the counters of this deck only."""
        table: dict[int, int] = {}
        for card in self.deck_cards:
            if card >= KROOK:
                value = self.krook_points
            else:
                value = {5: 5, 10: 10, 14: 10, 1: self.ones_points}.get(card & 15, 0)
            if value:
                table[card] = value
        return table

    @cached_property
    def point_list(self) -> tuple[int, ...]:
        """Points indexed by card id (66 entries) for loops that cannot afford a dict lookup."""
        return tuple(self.points.get(card, 0) for card in range(66))

    @cached_property
    def counter_mask(self) -> int:
        mask = 0
        for card in self.points:
            mask |= 1 << card
        return mask

    @cached_property
    def card_points_total(self) -> int:
        return sum(self.points.values())

    @cached_property
    def bonus_total(self) -> int:
        """Bonus points one side can reach in a hand on top of the card points."""
        return (
            max(self.most_tricks_bonus, 0) + self.sweep_bonus + self.all_points_bonus + self.last_trick_bonus
        )

    @cached_property
    def highest_bid(self) -> int:
        if self.max_bid is not None:
            return self.max_bid
        top = self.card_points_total + self.bonus_total
        return top - top % self.bid_step

    @cached_property
    def rank(self) -> tuple[int, ...]:
        """Rank of each card id within its colour (birds ranked within trump); higher wins."""
        table = [0] * 66
        for card in range(66):
            if card >= KROOK:
                continue
            number = card & 15
            table[card] = 4 * (15 if number == 1 and self.ones_high else number)
        bird_rank = {"high": 400, "middle": 42, "low": 2}[self.krook_rank]
        table[KROOK] = bird_rank
        table[KROOK2] = bird_rank - 1
        return tuple(table)

    @property
    def bidding(self) -> bool:
        return self.practice_trump is None

    @property
    def team_count(self) -> int:
        """Score columns: teams in fixed partnerships, else one per seat."""
        return 2 if self.partnership == "fixed" else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership == "fixed" else seat

    # -- serialisation ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _SETTING_NAMES}

    def replace(self, **changes: Any) -> Rules:
        return from_overrides(self, changes)

    def differences(self, other: Rules) -> dict[str, Any]:
        """Settings whose value here differs from ``other`` (the overrides over a preset)."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(other, f.name)
        }


_SETTING_NAMES = tuple(f.name for f in dataclasses.fields(Rules))


def from_overrides(base: Rules, overrides: dict[str, Any]) -> Rules:
    """A rule set made of ``base`` with the named settings changed; unknown names are an error."""
    unknown = [name for name in overrides if name not in SPEC_BY_NAME]
    if unknown:
        raise RulesError(f"unknown setting {unknown[0]!r}; the settings are listed in docs/RULES.md")
    values = base.to_dict()
    for name, value in overrides.items():
        # JSON has one number type and lobby text fields give strings; accept the forms a person would write.
        spec = SPEC_BY_NAME[name]
        if (
            spec.choices
            and isinstance(spec.choices[0], str)
            and isinstance(value, int)
            and not isinstance(value, bool)
        ):
            value = str(value)
        if name == "practice_trump" and isinstance(value, str):
            value = Color.parse(value).letter
        values[name] = value
    return Rules(**values)
