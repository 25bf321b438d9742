"""The review speaks in the player's words: no card codes (``R5``) and no trump letter anywhere in its lines."""

from __future__ import annotations

import re

from krook.review.bidding import NestReview
from krook.review.words import nest_lines

CODE = re.compile(r"\b([RYGB]\d{1,2}|K2?|[RYGB])\b")


def test_the_nest_line_names_cards_and_trump_in_words():
    lines = nest_lines(
        NestReview(0, ("R5", "Y8", "Y9", "Y12", "G5"), ("G5", "B14"), 15, "B", 80, 95, 90), ["Ann"]
    )
    assert lines[0] == (
        "Nest (Ann): Red 5, Yellow 8, Yellow 9, Yellow 12 and Green 5; buried Green 5 and Black 14 (15 points), "
        "trump Black."
    )
    for line in lines:
        assert not CODE.search(line), line
