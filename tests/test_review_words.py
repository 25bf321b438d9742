"""The review's lines name cards in words ("Red 6", "the Krook"), as every other screen does."""

from __future__ import annotations

import re

from krook.review.bidding import NestReview
from krook.review.engine import HandReview, PlayReview
from krook.review.words import review_lines

CODE = re.compile(r"\b(?:[RYGB]\d{1,2}|K2?)\b")


def test_nest_burial_and_plays_are_in_words() -> None:
    nest = NestReview(0, ("R6", "R12", "K", "B1", "Y14"), ("R6", "B1"), 0, "Black", 70, 90, 85)
    review = HandReview(
        hand=1,
        seat=0,
        actual=90,
        total=10,
        par=105,
        checked=10,
        plays=(PlayReview(8, "Y14", "G5", 15),),
        nest=nest,
        complete=True,
        side=(0, 2),
    )
    lines = review_lines(review, ["You", "Ann", "Ben", "Cy"])
    text = "\n".join(lines)
    assert "Nest (You): Red 6, Red 12, the Krook, Black 1 and Yellow 14; buried Red 6 and Black 1" in text
    assert "trump Black." in text
    assert "Trick 8: Yellow 14 cost 15 points; Green 5 kept them." in text
    assert not CODE.findall(text), text


def test_done_line_says_your_side_only_with_partners() -> None:
    from krook.review.words import done_line

    alone = HandReview(hand=1, seat=1, actual=40, total=10, par=55, complete=True, side=(1,))
    assert done_line(alone) == "Done: par 55, you took 40."
    pair = HandReview(hand=1, seat=1, actual=40, total=10, par=55, complete=True, side=(1, 3))
    assert done_line(pair) == "Done: par 55, your side took 40."


def test_the_nest_line_names_trump_by_its_colour_word() -> None:
    """A nest review holds trump as its letter (``nest_review`` reads the hand's trump): said as a word."""
    from krook.review.words import nest_lines

    lines = nest_lines(NestReview(0, ("R5", "Y8", "Y9", "Y12", "G5"), ("G5", "R5"), 10, "B"), ["Ann"])
    assert lines[0].endswith("(10 points), trump Black."), lines
    assert not CODE.findall(lines[0]) and " trump B." not in lines[0]


def test_the_review_says_what_the_rest_of_the_table_did_when_the_points_are_not_par_less_your_losses() -> (
    None
):
    """A side can take its par after a costly play when others gave points back: without a word on it, "par
    100, taken 100" beside "cost 20 points" reads as a contradiction."""
    from krook.review.words import rest_of_table_line

    def review(actual: int, losses: tuple[int, ...], complete: bool = True) -> HandReview:
        plays = tuple(PlayReview(3 + i, "R8", "Y14", loss) for i, loss in enumerate(losses))
        return HandReview(1, 0, actual, 9, par=100, plays=plays, complete=complete, side=(0, 2))

    assert (
        rest_of_table_line(review(100, (20,)))
        == "Your plays cost 20 points; the rest of the table's plays gave 20 points back."
    )
    assert (
        rest_of_table_line(review(70, (20,)))
        == "Your plays cost 20 points; the rest of the table's plays cost 10 points more."
    )
    assert rest_of_table_line(review(101, ())) == "The rest of the table's plays gave 1 point back."
    assert rest_of_table_line(review(80, (20,))) is None  # your plays explain it all
    assert (
        rest_of_table_line(review(100, (20,), complete=False)) is None
    )  # not known until every play is checked
    lines = review_lines(review(100, (15, 5)), ["You", "Ann", "Ben", "Cy"])
    assert lines[-1] == "Your plays cost 20 points; the rest of the table's plays gave 20 points back."
