"""Cards and actions in a player's words, the one place the screens, the review and the replay viewer get them."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Bid, Call, Discard, HiddenDiscard, Pass, Play, PublicAction, Redeal, Trump
from .cards import CARD_NAMES, Color

COLOUR_WORDS = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Black"}


def card_words(card: int | str) -> str:
    """``Red 14``, ``the Krook``; takes a card id or its code (``R14``)."""
    code = CARD_NAMES[card] if isinstance(card, int) else card
    if code == "K":
        return "the Krook"
    if code == "K2":
        return "the second Krook"
    return f"{COLOUR_WORDS.get(code[:1], code[:1])} {code[1:]}"


def cards_words(cards: Iterable[int | str]) -> str:
    """A list of cards in words: ``Red 5, Yellow 8 and the Krook`` (``nothing`` for none)."""
    names = [card_words(c) for c in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def colour_words(colour: Color | str) -> str:
    letter = colour.letter if isinstance(colour, Color) else colour
    return COLOUR_WORDS.get(letter.upper()[:1], letter)


def action_words(action: PublicAction) -> str:
    """What a seat did, as the end of a sentence: ``bid 70``, ``passed``, ``buried 5 cards``, ``played Red 14``.

    Reads after a name (``Ben played Red 14``) and after "would have" (``the hard bot would have passed``)."""
    if isinstance(action, Play):
        return f"played {card_words(action.card)}"
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, Pass):
        return "passed"
    if isinstance(action, Redeal):
        return "asked for a redeal"
    if isinstance(action, HiddenDiscard):
        return f"buried {action.count} cards"
    if isinstance(action, Discard):
        return f"buried {cards_words(sorted(action.cards))}"
    if isinstance(action, Trump):
        return f"named {colour_words(action.color)} trump"
    if isinstance(action, Call):
        return f"called {card_words(action.card)}"
    raise TypeError(f"not an action: {action!r}")


def action_said(action: PublicAction) -> str:
    """What a seat says at the table as it acts, for its speech bubble: ``Bid 70``, ``Pass``, ``Trump: Red``."""
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Redeal):
        return "Redeal!"
    if isinstance(action, (Discard, HiddenDiscard)):
        return "Buried the nest"
    if isinstance(action, Trump):
        return f"Trump: {colour_words(action.color)}"
    if isinstance(action, Call):
        return f"I call {card_words(action.card)}"
    return action_words(action).capitalize()
