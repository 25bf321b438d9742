"""The guided hand tells the truth: every claim a lesson's note makes about the cards is checked against the
seat's view at that step, with the tutorial played through the real title and table scenes."""

from __future__ import annotations

import re

import pytest
from scene_helpers import button, click, make_app

COLOURS = {"Red": "R", "Yellow": "Y", "Green": "G", "Black": "B"}
NUMBERS = {
    w: i
    for i, w in enumerate(
        ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
CARD = r"(?:the )?(?:(?:Red|Yellow|Green|Black) \d+|Krook)"
CARDS = rf"{CARD}(?:(?:, | and ){CARD})*"


@pytest.fixture(autouse=True)
def _home(home):
    return home


def codes(words: str) -> list[str]:
    """``the Red 11 and the Red 14`` -> ``["R11", "R14"]``."""
    found = re.findall(r"(Red|Yellow|Green|Black) (\d+)|(Krook)", words)
    return ["K" if k else COLOURS[c] + n for c, n, k in found]


def points(view, cards):
    from krook.rules.cards import parse_card

    table = view.rules_obj.points
    return sum(table.get(parse_card(c), 0) for c in cards)


def of_colour(view, letter):
    return [c for c in view.hand if c[:1] == letter and c != "K"]


def check_claims(text: str, view, table) -> list[str]:
    """Each claim the note makes, checked against the view (and the panel shown); returns the claims checked."""
    checked = []
    names = view.players
    for count, colour, krook in re.findall(
        r"You hold (\w+) (Red|Yellow|Green|Black) cards( and the Krook)?", text
    ):
        held = of_colour(view, COLOURS[colour])
        assert NUMBERS.get(count, count) == len(held), f"{text!r}: the hand holds {held}"
        assert not krook or "K" in view.hand
        for b in table.state.panel.widgets:
            if getattr(b, "label", "").startswith(colour + " ("):
                assert b.label == f"{colour} ({len(held)})", f"the note and the button {b.label!r} disagree"
        checked.append("colour count")
    for cards in re.findall(rf"(?:You hold|Your hand holds) ({CARDS})", text):
        assert set(codes(cards)) <= set(view.hand), f"{text!r}: the hand is {view.hand}"
        checked.append("cards held")
    for colour in re.findall(r"[Yy]our (Red|Yellow|Green|Black) cards are strong", text):
        high = [c for c in of_colour(view, COLOURS[colour]) if int(c[1:]) >= 12]
        assert len(high) >= 2, f"{text!r}: the {colour} cards held are {of_colour(view, COLOURS[colour])}"
        checked.append("strong")
    for name, colour in re.findall(r"(\w+) led (Red|Yellow|Green|Black)", text):
        leader, card = view.trick[0]
        assert (names[leader], card[:1]) == (name, COLOURS[colour])
        mine = re.search(rf"You hold ({CARDS})", text)
        if mine:  # the cards of the led colour: all of them
            assert sorted(codes(mine.group(1))) == sorted(of_colour(view, COLOURS[colour]))
        checked.append("led")
    for name, amount in re.findall(r"(\w+) raised to (\d+)", text):
        assert (names.index(name), int(amount)) in [(s, getattr(a, "amount", None)) for s, a in view.bids]
        checked.append("raised")
    for who in re.findall(r"(\w+(?: and \w+)*) passed", text):
        assert {names.index(n) for n in who.split(" and ")} <= set(view.passed)
        checked.append("passed")
    for amount in re.findall(r"Bid (\d+)", text):
        assert int(amount) in view.legal_actions().bids(), f"{text!r}: the legal bids {view.legal}"
        checked.append("bid")
    for colour in re.findall(r"Name (Red|Yellow|Green|Black)", text):
        assert COLOURS[colour] in [c.letter for c in view.legal_actions().trumps()]
        checked.append("trump")
    for count, worth in re.findall(r"(\w+) counters worth (\d+) points", text):
        counters = [c for c in view.hand if points(view, [c])]
        assert (NUMBERS.get(count), int(worth)) == (len(counters), points(view, counters))
        checked.append("counters held")
    for count, cards in re.findall(rf"bury (\w+) cards.*?: ({CARDS})", text):
        buried = codes(cards)
        assert NUMBERS[count] == len(buried) == view.legal_actions().discard.count
        assert set(buried) <= set(view.hand)
        checked.append("bury")
    for card in re.findall(rf"Lead a low trump, ({CARD})", text):
        (code,) = codes(card)
        trumps = of_colour(view, view.trump)
        assert code in trumps and int(code[1:]) == min(int(c[1:]) for c in trumps)
        checked.append("low trump")
    for whose, cards, total, side in re.findall(
        rf"(\w+(?:'s)?) trick held ({CARDS}): (\d+) points for (your|their) side", text
    ):
        trick = view.tricks[-1]
        in_trick = [c for _s, c in trick.cards]
        assert set(codes(cards)) == {c for c in in_trick if points(view, [c])}
        assert int(total) == points(view, in_trick)
        assert (side == "your") == (trick.winner % 2 == view.seat % 2)
        assert whose == ("Your" if trick.winner == view.seat else f"{names[trick.winner]}'s")
        checked.append("trick points")
    for card, colour in re.findall(rf"Play ({CARD}), the highest (Red|Yellow|Green|Black) there is", text):
        (code,) = codes(card)
        assert code in view.hand and code[:1] == COLOURS[colour] and int(code[1:]) == 14
        checked.append("highest")
    for partner in re.findall(r"(\w+), across the table, is your partner", text):
        assert names.index(partner) == (view.seat + 2) % 4
        checked.append("partner")
    for dealer, cards, nest in re.findall(
        r"(\w+) dealt (\w+) cards to each player and (\w+) face down", text
    ):
        assert names[view.dealer] == dealer and NUMBERS[cards] == len(view.hand)
        assert NUMBERS[nest] == view.rules_obj.nest_size
        checked.append("deal")
    return checked


def click_card(app, table, code):
    rect = dict(table.card_rects)[code]
    click(app, (rect.x + table.theme.px(8), rect.centery))


def test_every_lesson_step_says_only_what_the_cards_shown_bear_out():
    from krook.scenes.table.tutorial import TutorialEndScene, TutorialTable

    app = make_app()
    click(app, button(app.stack.top, "Learn to play").rect.center)
    table = app.stack.top
    assert isinstance(table, TutorialTable)
    session = table.session
    claims: dict[str, list[str]] = {}
    for _ in range(3000):
        app.frame([], dt=0.05)
        top = app.stack.top
        if isinstance(top, TutorialEndScene):
            break
        lesson = session.current
        if top is not table:
            continue
        if lesson is None:  # free play: any legal card
            view = table.view
            if table.idle and view.to_act == 0 and view.legal:
                click_card(app, table, view.legal[0].split()[1])
            continue
        if lesson.key not in claims:
            note = session.note()
            claims[lesson.key] = check_claims(note, table.view, table)
            # A colour is a name, capitalised mid-sentence too (str.capitalize once made it "The green 10").
            assert not re.search(r"\b(red|yellow|green|black) \d", note), note
        if session.waiting:
            click(app, table.continue_btn.rect.center)
            continue
        if not table.idle or table.panel_kind is None:
            continue
        verb, _, arg = (lesson.expect or "").partition(" ")
        if verb == "bid":
            click(app, button(table, "Bid").rect.center)  # 70, then the least legal bid: 80
        elif verb == "discard":
            for code in arg.split():
                click_card(app, table, code)
            click(app, button(table, "Bury").rect.center)
        elif verb == "trump":
            click(app, button(table, "Black").rect.center)
        elif verb == "play":
            click_card(app, table, arg)
    else:
        raise AssertionError("the guided hand did not end")
    # Every step was met and every claim that matters was found and checked (not passed by reading nothing).
    assert list(claims) == [lesson.key for lesson in session.lessons]
    assert {"partner", "deal"} <= set(claims["deal"])
    assert "bid" in claims["bid"]
    assert {"raised", "passed", "bid", "cards held", "counters held"} <= set(claims["raise"])
    assert "bury" in claims["bury"]
    assert {"colour count", "trump"} <= set(claims["trump"])
    assert "trick points" in claims["counters"]
    assert "low trump" in claims["pull"]
    assert {"led", "highest"} <= set(claims["follow"])
