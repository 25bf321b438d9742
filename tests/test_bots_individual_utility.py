"""Each alone, hard's playouts score every seat as the table does: a defender gains from the bidder's set, and
nothing from its own points where the defenders do not score (docs/RULES.md, Sides and scores)."""

from __future__ import annotations

import pytest
from bot_helpers import finish_hand_with_bots

from krook.bots.knowledge import read_view
from krook.bots.utility import individual_utility, seat_points, trick_bonuses
from krook.rules import PRESETS, Match
from krook.rules.cards import CARD_BY_NAME
from krook.rules.scoring import score_hand
from krook.rules.settings import from_overrides

TABLES: dict[str, tuple[str, dict[str, object]]] = {
    "three-handed": ("three-handed", {}),
    "five-handed, most tricks": ("five-handed", {"most_tricks_bonus": 20}),
    # custom table 6's shape: the nest goes to the bidder and the defenders score nothing
    "five-handed, defenders score nothing": (
        "five-handed",
        {"defenders_score": False, "nest_to": "bidder", "min_bid": 50, "sweep_bonus": 20},
    ),
}


def _played(preset: str, overrides: dict[str, object], count: int) -> list[Match]:
    """Hands played to their end by easy bots (they overbid: sets as well as made bids), those with a contract."""
    rules = from_overrides(PRESETS[preset].rules, overrides)
    out = []
    for seed in range(count):
        match = finish_hand_with_bots(Match(rules, seed=seed, preset=preset), "easy", seed)
        if match.hand.bidder is not None:
            out.append(match)
    return out


@pytest.mark.parametrize("table", list(TABLES))
def test_every_seat_is_scored_as_the_referee_scores_it(table: str) -> None:
    """Over whole hands: my score change less the others' mean, as the search counts it, is the referee's."""
    preset, overrides = TABLES[table]
    hands = _played(preset, overrides, 24)
    assert len(hands) >= 8
    made = set()
    for match in hands:
        hand = match.hand
        result = score_hand(hand)
        made.add(result.made)
        hidden = sum(1 << CARD_BY_NAME[c] for c in (result.buried or result.nest))
        for seat in range(hand.n):
            k = read_view(match.view(seat))
            points = seat_points(k, hidden)
            if hand.rules.nest_to == "last_trick":  # a playout's last trick carries the hidden cards' points
                assert result.nest_to is not None
                points[result.nest_to] += result.nest_points
            points = [p + trick_bonuses(k, {s}, list(hand.won_tricks))[0] for s, p in enumerate(points)]
            deltas = result.deltas
            expected = deltas[seat] - (sum(deltas) - deltas[seat]) / (hand.n - 1)
            assert individual_utility(k, points) == pytest.approx(expected), (table, seat)
    assert made == {True, False}  # both a made and a set contract were checked


def test_a_defender_gains_from_the_bidders_set() -> None:
    """Three defenders' points alike, the bidder one point short: setting it is worth its bid to each of them."""
    match = _played("five-handed", {}, 12)[0]
    hand = match.hand
    assert hand.bidder is not None
    defender = (hand.bidder + 1) % hand.n
    k = read_view(match.view(defender))
    assert k.bidder == hand.bidder and k.bid is not None
    bid = k.bid
    short = [10.0] * hand.n
    short[hand.bidder] = bid - 1
    enough = list(short)
    enough[hand.bidder] = bid
    # the bidder's one more point swings its score from -bid to +bid, shared among my n - 1 rivals
    swing = individual_utility(k, short) - individual_utility(k, enough)
    assert swing == pytest.approx((2 * bid) / (hand.n - 1))


@pytest.mark.parametrize("defenders_score", [False, True])
def test_hard_scores_its_playouts_so_only_where_the_defenders_score_nothing(
    defenders_score: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hard's card play uses the table's scoring of every seat where the defenders score nothing; where they
    score, it keeps counting a defender's own points (even in the arena: docs/BOTS.md, issue 29)."""
    import krook.bots.strengths as strengths

    seen: list[int] = []

    def counting(k: object, points: list[float]) -> float:
        seen.append(len(points))
        return individual_utility(k, points)  # type: ignore[arg-type]

    monkeypatch.setattr(strengths, "individual_utility", counting)
    overrides = {"defenders_score": defenders_score, "nest_to": "bidder", "min_bid": 50}
    rules = from_overrides(PRESETS["five-handed"].rules, overrides)
    match = finish_hand_with_bots(Match(rules, seed=3, preset="five-handed"), "hard", 3, samples=4)
    assert match.hand.bidder is not None
    if defenders_score:
        assert seen == []
    else:
        assert seen and set(seen) == {rules.players}
