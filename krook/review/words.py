"""A review in a player's words: the lines the review screen and ``krook review`` show."""

from __future__ import annotations

from collections.abc import Sequence

from krook.rules.words import action_words, card_words, cards_words, colour_words

from .bidding import Decision, NestReview
from .engine import HandReview


def _who(seat: int, players: Sequence[str]) -> str:
    return players[seat] if 0 <= seat < len(players) else f"seat {seat}"


def headline(review: HandReview, players: Sequence[str]) -> str:
    side = " & ".join(_who(s, players) for s in review.side) or _who(review.seat, players)
    if review.par is not None:
        par = str(review.par)
    elif review.par_low is not None and review.par_high is not None:
        par = f"{review.par_low}–{review.par_high}…"  # the interval the search has closed in to so far
    else:
        par = "…"
    line = f"Hand {review.hand}, {_who(review.seat, players)}: par {par}, taken {review.actual} ({side})"
    if review.bid is not None and review.par is not None:
        # the card points only: a bonus outside the par (most tricks, a sweep) may still decide the bid
        line += f"; the bid of {review.bid} is {'made' if review.par >= review.bid else 'set'} at par"
    return line


def done_line(review: HandReview) -> str:
    """The finished review's summary; "your side" only when the seat scores with others."""
    who = "your side" if len(review.side) > 1 else "you"
    return f"Done: par {review.par}, {who} took {review.actual}."


def decision_line(d: Decision) -> str:
    yours = action_words(d.yours)
    if d.agrees:
        return f"You {yours}; so would the hard bot."
    return f"You {yours}; the hard bot would have {action_words(d.hard)}."


def nest_lines(nest: NestReview, players: Sequence[str]) -> list[str]:
    if nest.bidder is None or not nest.nest:
        return []
    out = [
        f"Nest ({_who(nest.bidder, players)}): {cards_words(nest.nest)}; buried {cards_words(nest.buried)} "
        f"({nest.buried_points} points)" + (f", trump {colour_words(nest.trump)}." if nest.trump else ".")
    ]
    if nest.dealt_value is not None:
        out.append(
            f"Your hand was worth about {nest.dealt_value} as dealt, {nest.with_nest_value} with the nest and "
            f"{nest.kept_value} after burying."
        )
    return out


def rest_of_table_line(review: HandReview) -> str | None:
    """What everyone else's plays did to the side's points, once the review is done: the par assumes every play
    is perfect, so a side can take its par (or more) after a costly play of yours when others gave points back."""
    if not review.complete or review.par is None:
        return None
    net = review.actual - (review.par - review.lost)
    if net == 0:
        return None
    points = f"{abs(net)} point{'s' if abs(net) != 1 else ''}"
    mine = f"Your plays cost {review.lost} point{'s' if review.lost != 1 else ''}; " if review.lost else ""
    rest = "the rest of the table's plays" if mine else "The rest of the table's plays"
    return f"{mine}{rest} {'gave ' + points + ' back' if net > 0 else 'cost ' + points + ' more'}."


def play_lines(review: HandReview) -> list[str]:
    out = [
        f"Trick {p.trick}: {card_words(p.card)} cost {p.loss} point{'s' if p.loss != 1 else ''}; "
        f"{card_words(p.best)} kept them."
        for p in review.plays
    ]
    if review.complete and not review.plays:
        out.append("No play of yours cost a point.")
    elif not review.complete:
        out.append(f"Checking your plays: {review.checked} of {review.total}…")
    rest = rest_of_table_line(review)
    if rest:
        out.append(rest)
    return out


def review_lines(review: HandReview, players: Sequence[str]) -> list[str]:
    """Every line of a review, headline first."""
    lines = [headline(review, players)]
    if review.nest is not None:
        lines += nest_lines(review.nest, players)
    lines += [decision_line(d) for d in review.decisions]
    lines += play_lines(review)
    return lines
