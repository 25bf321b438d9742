"""Actions as frozen dataclasses and their text notation: ``bid 85``, ``pass``, ``redeal`` (``redeal 2``),
``discard R5 R6 R7 Y8 Y9``, ``trump G``, ``call G1``, ``play R14``."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_NAMES, Color, is_number, parse_card
from .errors import NotationError


@dataclass(frozen=True, slots=True)
class Bid:
    amount: int

    def __post_init__(self) -> None:
        if type(self.amount) is not int or self.amount < 0:
            raise NotationError(f"a bid is a whole number of points, not {self.amount!r}")

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Redeal:
    """A redeal called by the seat to act, or (``redeal_any_time``) by ``seat`` out of turn: ``redeal 2``."""

    seat: int | None = None

    def __post_init__(self) -> None:
        if self.seat is not None and (type(self.seat) is not int or not 0 <= self.seat < 6):
            raise NotationError(f"a redeal names a seat from 0 to 5, not {self.seat!r}")

    def __str__(self) -> str:
        return "redeal" if self.seat is None else f"redeal {self.seat}"


@dataclass(frozen=True, slots=True)
class Discard:
    cards: frozenset[int]

    def __post_init__(self) -> None:
        for card in self.cards:
            _check_card(card)

    def __str__(self) -> str:
        return "discard " + " ".join(CARD_NAMES[c] for c in sorted(self.cards))


@dataclass(frozen=True, slots=True)
class Trump:
    color: Color

    def __post_init__(self) -> None:
        if type(self.color) is not Color:
            try:
                object.__setattr__(self, "color", Color(self.color))
            except ValueError:
                raise NotationError(
                    f"{self.color!r} is not a colour: use Color.RED ... Color.BLACK"
                ) from None

    def __str__(self) -> str:
        return f"trump {self.color.letter}"


@dataclass(frozen=True, slots=True)
class Call:
    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    def __str__(self) -> str:
        return f"call {CARD_NAMES[self.card]}"


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def __post_init__(self) -> None:
        _check_card(self.card)

    def __str__(self) -> str:
        return f"play {CARD_NAMES[self.card]}"


def _check_card(card: object) -> None:
    if card not in CARD_NAMES:
        raise NotationError(
            f"{card!r} is not a card id (a colour times 16 plus 1-14, or 64/65 for the birds)"
        )


@dataclass(frozen=True, slots=True)
class HiddenDiscard:
    """A burial as the other seats see it: how many cards went under, not which (``discard 5 cards``)."""

    count: int

    def __str__(self) -> str:
        return f"discard {self.count} cards"


Action = Bid | Pass | Redeal | Discard | Trump | Call | Play
ACTION_TYPES = (Bid, Pass, Redeal, Discard, Trump, Call, Play)
BidAction = Bid | Pass | Redeal  # what the bidding log holds
PublicAction = Action | HiddenDiscard  # an action as a seat that may not see a burial reads it
PASS = Pass()
REDEAL = Redeal()


def public_action(action: Action, may_see_burial: bool = False) -> PublicAction:
    """The form of ``action`` a seat may read: a discard hides its cards unless the seat may see them."""
    if isinstance(action, Discard) and not may_see_burial:
        return HiddenDiscard(len(action.cards))
    return action


def parse_public_action(text: str) -> PublicAction:
    """Read an action in its public text form (``discard 5 cards`` too); raises NotationError."""
    words = text.split()
    if len(words) == 3 and words[0] == "discard" and words[2] == "cards" and is_number(words[1]):
        return HiddenDiscard(int(words[1]))
    return parse_action(text)


def as_action(action: Action | str) -> Action:
    """The typed action of an action given typed or as text (raises NotationError for bad text)."""
    return parse_action(action) if isinstance(action, str) else action


def action_text(action: Action | str) -> str:
    """The text of an action given typed or as text (text is returned as it is, to be parsed later)."""
    if isinstance(action, str):
        return action
    if isinstance(action, ACTION_TYPES):
        return str(action)
    raise NotationError(f"an action is an Action or text such as 'play R14', not {type(action).__name__}")


_PASS = PASS
_REDEAL = REDEAL
# Parsed single-token actions are reused: play/bid/trump/call texts repeat millions of times in simulations.
_CACHE: dict[str, Action] = {}


def parse_action(text: str) -> Action:
    """Read an action from its text; raises NotationError saying what is wrong."""
    cached = _CACHE.get(text)
    if cached is not None:
        return cached
    if not isinstance(text, str):
        raise NotationError(f"an action is text such as 'play R14', not {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError(
            "empty action: try 'bid 70', 'pass', 'discard ...', 'trump G', 'call G1' or 'play R14'"
        )
    verb, args = words[0].lower(), words[1:]
    action: Action
    if verb == "redeal" and args:
        if len(args) != 1 or not is_number(args[0]):
            raise NotationError(
                f"{text!r}: a redeal out of turn names the seat that calls it, e.g. 'redeal 2'"
            )
        action = Redeal(int(args[0]))
    elif verb == "pass" or verb == "redeal":
        if args:
            raise NotationError(f"{verb!r} takes nothing after it, but got {' '.join(args)!r}")
        action = _PASS if verb == "pass" else _REDEAL
    elif verb == "bid":
        if len(args) != 1 or not is_number(args[0]):
            raise NotationError(f"{text!r}: a bid is 'bid' and a whole number, e.g. 'bid 85'")
        action = Bid(int(args[0]))
    elif verb == "discard":
        if not args:
            raise NotationError(f"{text!r}: name the cards to discard, e.g. 'discard R5 R6 R7 Y8 Y9'")
        cards = [parse_card(a) for a in args]
        if len(set(cards)) != len(cards):
            raise NotationError(f"{text!r} names the same card twice")
        return Discard(frozenset(cards))  # not cached: too many combinations
    elif verb in ("trump", "call", "play"):
        if len(args) != 1:
            raise NotationError(
                f"{text!r}: '{verb}' takes exactly one {'colour' if verb == 'trump' else 'card'}"
            )
        if verb == "trump":
            action = Trump(Color.parse(args[0]))
        elif verb == "call":
            action = Call(parse_card(args[0]))
        else:
            action = Play(parse_card(args[0]))
    else:
        raise NotationError(
            f"unknown action {words[0]!r}: the actions are bid N, pass, redeal, discard CARDS, trump C, call CARD, "
            "play CARD"
        )
    if len(_CACHE) < 4096:
        _CACHE[text] = action
    return action
