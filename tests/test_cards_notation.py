import pytest

from krook.rules import KROOK, KROOK2, Color, NotationError, card_name, parse_action, parse_card
from krook.rules.actions import Bid, Call, Discard, Pass, Play, Redeal, Trump


@pytest.mark.parametrize(
    ("text", "color", "number"), [("R14", 0, 14), ("Y5", 1, 5), ("G1", 2, 1), ("B10", 3, 10)]
)
def test_numbered_cards_round_trip(text: str, color: int, number: int) -> None:
    card = parse_card(text)
    assert card >> 4 == color and card & 15 == number
    assert card_name(card) == text


def test_birds_and_case() -> None:
    assert parse_card("K") == KROOK and parse_card("K2") == KROOK2
    assert parse_card(" r14 ") == parse_card("R14")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R15", "numbers run from 1 to 14"),
        ("R0", "numbers run from 1 to 14"),
        ("X5", "unknown card"),
        ("R", "needs a number"),
        ("", "empty card"),
        ("K3", "unknown card"),
        ("R1x", "needs a number"),
    ],
)
def test_bad_cards_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_card(text)


def test_colours() -> None:
    assert Color.parse("g") is Color.GREEN and Color.GREEN.letter == "G" and Color.BLACK.title == "Black"
    with pytest.raises(NotationError, match="unknown colour"):
        Color.parse("P")


def test_actions_parse_and_print() -> None:
    assert parse_action("bid 85") == Bid(85)
    assert parse_action("pass") == Pass() and parse_action("redeal") == Redeal()
    assert parse_action("trump G") == Trump(Color.GREEN)
    assert parse_action("call G1") == Call(parse_card("G1"))
    assert parse_action("play R14") == Play(parse_card("R14"))
    discard = parse_action("discard Y9 R5 R6 R7 Y8")
    assert isinstance(discard, Discard)
    assert str(discard) == "discard R5 R6 R7 Y8 Y9"
    for text in ("bid 85", "pass", "trump G", "call G1", "play R14"):
        assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bid", "a bid is"),
        ("bid x", "a bid is"),
        ("pass now", "takes nothing"),
        ("discard", "name the cards"),
        ("discard R5 R5", "same card twice"),
        ("play", "exactly one"),
        ("jump R5", "unknown action"),
        ("", "empty"),
        ("trump P", "unknown colour"),
        ("play R99", "1 to 14"),
    ],
)
def test_bad_actions_say_why(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        parse_action("nonsense")


def test_notation_that_is_not_text_is_a_notation_error() -> None:
    from krook.rules import Color, NotationError, parse_card

    for junk in (None, 14, ["R14"], {"R": 14}):
        with pytest.raises(NotationError):
            parse_card(junk)  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            Color.parse(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "bid \u00b2",  # str.isdigit says yes to a superscript; int() says no
        "redeal \u00b2",
        "play R\u00b2",
        "bid " + "9" * 5000,  # longer than int() reads
        "redeal " + "9" * 5000,
        "play R" + "1" * 5000,
        "trump G\u00b9",
    ],
    ids=[
        "bid superscript",
        "redeal superscript",
        "card superscript",
        "bid long",
        "redeal long",
        "card long",
        "trump superscript",
    ],
)
def test_digits_python_will_not_read_are_a_notation_error(text: str) -> None:
    """Before: a plain ValueError from int(), which callers that catch the rules' own errors let through
    (a record file holding such an action escaped the Watch screen's check)."""
    from krook.rules.actions import parse_public_action

    for parse in (parse_action, parse_public_action):
        with pytest.raises(NotationError):
            parse(text)
    with pytest.raises(NotationError):
        parse_public_action("discard \u00b2 cards")
