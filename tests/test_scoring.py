"""Scoring a hand (the worked examples of the sources, bonuses, sides) and the end of the game."""

import random

import pytest
from rules_helpers import finish_hand_randomly, scripted_deal

from krook.rules import Match, Phase, Rules, get_preset
from krook.rules.cards import mask_of, parse_cards
from krook.rules.hand import Hand, Trick
from krook.rules.scoring import decide_winner, score_hand


def finished_hand(
    rules: Rules,
    *,
    bidder: int | None,
    contract: int | None,
    points: list[int],
    tricks: list[int],
    last: int,
    buried: list[str] = (),
    partner: int | None = None,
) -> Hand:
    """A hand as it stands after its last trick, with the captures given per seat."""
    hand = Hand(rules, 3, [0] * rules.players, mask_of(parse_cards(buried)))
    hand.bidder, hand.contract, hand.partner = bidder, contract, partner
    hand.buried = mask_of(parse_cards(buried))
    hand.won_points, hand.won_tricks = list(points), list(tricks)
    hand.tricks = [Trick(0, (), last, 0)] * sum(tricks)
    hand.trump, hand.phase, hand.to_act = 0, Phase.HAND_OVER, None
    return hand


def test_made_bid_scores_everything_taken() -> None:
    # bid 90, the bidding side takes 105: it scores 105 (RULES.md, Scoring, 1st worked example)
    hand = finished_hand(Rules(), bidder=0, contract=90, points=[60, 15, 45, 0], tricks=[4, 2, 3, 0], last=0)
    result = score_hand(hand)
    assert result.made and result.captured == [105, 15] and result.deltas == [105, 15]


def test_set_bid_loses_the_bid_and_defenders_keep_theirs() -> None:
    # bid 95, the bidding side takes 75: it scores -95, the opponents 45 (RULES.md, Scoring, 2nd worked example)
    hand = finished_hand(Rules(), bidder=1, contract=95, points=[30, 40, 15, 35], tricks=[2, 3, 2, 2], last=3)
    result = score_hand(hand)
    assert result.made is False and result.captured == [45, 75] and result.deltas == [45, -95]


def test_defenders_score_off() -> None:
    hand = finished_hand(
        Rules(defenders_score=False),
        bidder=0,
        contract=70,
        points=[50, 20, 30, 20],
        tricks=[3, 2, 3, 1],
        last=0,
    )
    assert score_hand(hand).deltas == [80, 0]


@pytest.mark.parametrize(("nest_to", "expected"), [("last_trick", [60, 60]), ("bidder", [80, 40])])
def test_nest_points_go_to_the_right_side(nest_to: str, expected: list[int]) -> None:
    # 20 points buried (R10 + R5 + Y5); seat 1 takes the last trick
    hand = finished_hand(
        Rules(nest_to=nest_to),
        bidder=0,
        contract=70,
        points=[40, 20, 20, 20],
        tricks=[3, 2, 2, 2],
        last=1,
        buried=["R10", "R5", "Y5", "Y6", "Y7"],
    )
    result = score_hand(hand)
    assert result.nest_points == 20 and result.captured == expected
    assert result.nest_to == (0 if nest_to == "bidder" else 1)


def test_most_tricks_and_sweep_bonuses() -> None:
    rules = Rules(most_tricks_bonus=20, sweep_bonus=50)
    hand = finished_hand(rules, bidder=0, contract=100, points=[60, 20, 40, 0], tricks=[5, 1, 3, 0], last=0)
    result = score_hand(hand)
    assert result.bonuses == [20, 0] and result.deltas == [120, 20]
    tie = finished_hand(rules, bidder=0, contract=70, points=[60, 20, 40, 0], tricks=[4, 3, 1, 1], last=0)
    assert score_hand(tie).bonuses == [20, 0]
    even = finished_hand(
        Rules(deck="45", nest_size=5, min_bid=100, most_tricks_bonus=20),
        bidder=0,
        contract=100,
        points=[60, 20, 40, 60],
        tricks=[3, 2, 2, 3],
        last=0,
    )
    assert score_hand(even).bonuses == [0, 0]  # 5 tricks each: nobody has the most
    sweep = finished_hand(rules, bidder=0, contract=120, points=[60, 0, 60, 0], tricks=[5, 0, 4, 0], last=0)
    assert score_hand(sweep).bonuses == [70, 0]


def test_keith_all_points_bonus_makes_200() -> None:
    rules = get_preset("keith").rules
    hand = finished_hand(rules, bidder=0, contract=200, points=[100, 0, 80, 0], tricks=[6, 1, 3, 0], last=0)
    result = score_hand(hand)
    assert result.captured == [180, 0] and result.bonuses == [20, 0] and result.deltas == [200, 0]
    assert result.made
    # the bonus does not come from winning every trick; missing 5 points loses it
    short = finished_hand(rules, bidder=0, contract=180, points=[100, 5, 75, 0], tricks=[9, 0, 1, 0], last=0)
    assert score_hand(short).bonuses == [0, 0] and score_hand(short).deltas == [-180, 5]


def test_last_trick_bonus_counts_toward_the_bid() -> None:
    rules = get_preset("call-partner").rules
    hand = finished_hand(
        rules, bidder=0, contract=100, points=[50, 40, 30, 60], tricks=[4, 3, 2, 4], last=2, partner=2
    )
    result = score_hand(hand)
    # bidder 0 and partner 2 take 80 + 20 for the last trick = 100: made; each scores the side's 100
    assert result.made and result.bidding_total == 100
    assert result.deltas == [100, 100, 100, 100]  # the defenders 1 and 3 took 100 together too
    assert result.captured == [50, 40, 30, 60] and sum(result.bonuses) == 20


def test_called_partner_alone_and_individual_scoring() -> None:
    rules = get_preset("call-partner").rules
    alone = finished_hand(
        rules, bidder=1, contract=125, points=[30, 100, 30, 20], tricks=[3, 7, 2, 1], last=1, partner=1
    )
    result = score_hand(alone)
    assert result.deltas == [80, -125, 80, 80]  # 100 + 20 for the last trick < 125: set
    cut = finished_hand(
        get_preset("three-handed").rules, bidder=2, contract=50, points=[30, 10, 60], tricks=[4, 2, 7], last=2
    )
    assert score_hand(cut).deltas == [30, 10, 60]


def test_score_of_a_real_hand_adds_up() -> None:
    rng = random.Random(7)
    for preset in ("kentucky-discard", "keith", "call-partner", "five-handed", "practice"):
        rules = get_preset(preset).rules
        match = Match(rules, seed=11)
        while not match.results or match.results[-1].thrown_in:
            if match.phase is Phase.HAND_OVER:
                match.next_hand()
            finish_hand_randomly(match, rng)
        result = match.results[-1]
        assert sum(result.captured) == rules.card_points_total
        assert match.scores == [sum(r.deltas[i] for r in match.results) for i in range(rules.team_count)]


def _result(bidder: int, made: bool):
    hand = finished_hand(
        Rules(), bidder=bidder, contract=70, points=[60, 0, 10, 50], tricks=[5, 0, 1, 3], last=0
    )
    result = score_hand(hand)
    return result.__class__(**{**result.to_dict(), "made": made})


def test_game_end_rules_of_the_rules_document() -> None:
    rules = Rules()
    assert decide_winner(rules, [250, 290], _result(0, True)) is None
    assert decide_winner(rules, [310, 290], _result(0, True)) == 0
    # both over: the bidding side wins if it made its bid, even with the lower total
    assert decide_winner(rules, [305, 340], _result(0, True)) == 0
    # ... otherwise the higher total
    assert decide_winner(rules, [305, 340], _result(0, False)) == 1
    # an exact tie plays another hand
    assert decide_winner(rules, [320, 320], _result(0, False)) is None
    higher = Rules(both_over_target="higher_total")
    assert decide_winner(higher, [305, 340], _result(0, True)) == 1
    assert decide_winner(higher, [340, 340], _result(0, True)) is None


def test_the_match_ends_and_refuses_more() -> None:
    match = Match(Rules(target=50), seed=3)
    rng = random.Random(3)
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
        else:
            finish_hand_randomly(match, rng)
        assert len(match.hands) < 100
    assert match.phase is Phase.GAME_OVER and match.view(0).winner == match.winner
    assert max(match.scores) >= 50
    with pytest.raises(ValueError, match="game is over"):
        match.apply("pass")


def test_explicit_deal_is_checked() -> None:
    rules = Rules()
    hands, nest = scripted_deal(rules, {})
    lowest = hands[0] & -hands[0]
    hands[0] = (hands[0] ^ lowest) | (nest & -nest)  # a nest card dealt to seat 0 as well
    from krook.rules.deal import deal_from_dict, deal_to_dict

    with pytest.raises(ValueError, match="repeats a card"):
        deal_from_dict(rules, deal_to_dict(hands, nest))
