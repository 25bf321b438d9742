"""Bidding, passing out, forced bids, redeals, the nest and burying."""

import pytest
from rules_helpers import scripted_deal

from krook.rules import PASS, Bid, IllegalActionError, Match, Phase, Rules, get_preset


def new(
    rules: Rules, hands: dict[int, list[str]] | None = None, nest: list[str] | None = None, dealer: int = 3
):
    return Match(rules, first_dealer=dealer, deal=scripted_deal(rules, hands or {}, nest))


def test_bidding_order_steps_and_passing_out() -> None:
    match = new(Rules())
    assert match.to_act == 0
    legal = list(match.legal_actions())
    assert legal[0] == "pass" and legal[1] == "bid 70" and legal[-1] == "bid 120" and len(legal) == 12
    match.apply("bid 70")
    with pytest.raises(IllegalActionError, match="must beat 70"):
        match.apply("bid 70")
    with pytest.raises(IllegalActionError, match="steps of 5"):
        match.apply("bid 72")
    match.apply("pass")  # seat 1 is out for the hand
    match.apply("bid 80")  # seat 2
    match.apply("pass")  # seat 3
    assert match.to_act == 0  # seat 1 is skipped from now on
    match.apply("bid 85")
    match.apply("pass")  # seat 2 passes: seat 0 holds the bid
    assert match.phase is Phase.DISCARD and match.hand.bidder == 0 and match.hand.contract == 85
    view = match.view(1)
    assert [(s, str(a)) for s, a in view.bids] == [
        (0, "bid 70"),
        (1, "pass"),
        (2, "bid 80"),
        (3, "pass"),
        (0, "bid 85"),
        (2, "pass"),
    ]
    assert view.bids[0] == (0, Bid(70)) and view.bids[1] == (1, PASS)
    assert view.passed == [1, 2, 3]


def test_all_pass_redeals_and_deal_passes_left() -> None:
    match = new(Rules())
    for _ in range(4):
        match.apply("pass")
    assert match.phase is Phase.HAND_OVER
    result = match.results[-1]
    assert result.thrown_in == "everyone passed" and result.deltas == [0, 0]
    match.next_hand()
    assert match.hand.dealer == 0 and match.to_act == 1


def test_dealer_forced_takes_the_minimum() -> None:
    match = new(get_preset("kentucky-rook").rules)
    for _ in range(3):
        match.apply("pass")
    assert list(match.legal_actions()) == ["bid 100"]
    with pytest.raises(IllegalActionError, match="must bid 100"):
        match.apply("pass")
    match.apply("bid 100")
    assert match.hand.bidder == 3 and match.phase is Phase.DISCARD


def test_first_bid_forced_and_dealer_bids_first() -> None:
    rules = get_preset("three-handed").rules
    match = new(rules, dealer=1)
    assert match.to_act == 1  # the dealer speaks first
    assert "pass" not in match.legal_actions()
    with pytest.raises(IllegalActionError, match="must open"):
        match.apply("pass")
    match.apply("bid 50")
    assert "pass" in match.legal_actions()


def test_redeal_without_counters() -> None:
    rules = Rules(no_counter_redeal=True)
    # seat 0 holds no 5, 10, 14 or Krook
    hands = {0: ["R6", "R7", "R8", "R9", "Y6", "Y7", "Y8", "G6", "G7"]}
    match = new(rules, hands)
    assert "redeal" in match.legal_actions()
    match.apply("redeal")
    assert match.results[-1].thrown_in and "redeal" in match.results[-1].thrown_in
    match.next_hand()
    assert match.hand.dealer == 3  # the same dealer deals again
    # a player holding counters may not
    match2 = new(rules, {0: ["R5", "R7", "R8", "R9", "Y6", "Y7", "Y8", "G6", "G7"]})
    assert "redeal" not in match2.legal_actions()
    with pytest.raises(IllegalActionError, match="only when you hold no counters"):
        match2.apply("redeal")


def test_bid_at_the_maximum_ends_the_bidding() -> None:
    match = new(Rules())
    match.apply("bid 120")
    assert match.phase is Phase.DISCARD and match.hand.bidder == 0


def win_bid(match: Match, amount: int) -> None:
    match.apply(f"bid {amount}")
    for _ in range(match.rules.players - 1):
        match.apply("pass")


def test_nest_pickup_is_secret_and_discard_exact() -> None:
    nest = ["Y6", "Y7", "Y8", "Y9", "Y11"]
    match = new(Rules(), nest=nest)
    assert match.view(0).nest == []
    win_bid(match, 70)
    bidder = match.view(0)
    assert bidder.nest == nest and len(bidder.hand) == 14
    assert bidder.discard is not None and bidder.discard["count"] == 5
    assert match.view(1).nest == [] and match.view(1).hand_sizes[0] == 14
    with pytest.raises(IllegalActionError, match="exactly 5 cards, not 4"):
        match.apply("discard Y6 Y7 Y8 Y9")
    with pytest.raises(IllegalActionError, match="may not be buried"):
        match.apply("discard Y6 Y7 Y8 Y9 B14" if "B14" not in bidder.hand else "discard Y6 Y7 Y8 Y9 G14")
    match.apply("discard Y6 Y7 Y8 Y9 Y11")
    assert match.view(0).buried == nest and match.view(2).buried == []
    assert match.phase is Phase.TRUMP


def test_burying_counters_banned_unless_short_of_other_cards() -> None:
    rules = get_preset("kentucky-rook").rules
    nest = ["Y6", "Y7", "Y8", "Y9", "Y11"]
    match = new(rules, {0: ["R1", "R5", "R10", "R14", "Y1", "Y5", "Y10", "Y14", "K", "B6"]}, nest)
    win_bid(match, 100)
    with pytest.raises(IllegalActionError, match="do not let the bidder bury point cards"):
        match.apply("discard Y6 Y7 Y8 Y9 R5")
    match.apply("discard Y6 Y7 Y8 Y9 Y11")
    # a bidder holding only four plain cards must bury them all, then one counter
    short = new(
        rules,
        {0: ["R1", "R5", "R10", "R14", "Y1", "Y5", "Y10", "Y14", "K", "G1"]},
        ["Y6", "Y7", "Y8", "B5", "G5"],
    )
    win_bid(short, 100)
    rule = short.view(0).discard
    assert rule is not None and sorted(rule["required"]) == ["Y6", "Y7", "Y8"]
    with pytest.raises(IllegalActionError, match="must be buried"):
        short.apply("discard Y6 Y7 B5 G5 R5")
    short.apply("discard Y6 Y7 Y8 B5 G5")


def test_no_nest_goes_straight_to_trump() -> None:
    rules = Rules(deck="56", nest_size=0, ones_high=False, ones_points=0, min_bid=50)
    match = new(rules)
    win_bid(match, 50)
    assert match.phase is Phase.TRUMP and len(match.view(0).hand) == 14


def test_practice_game_has_no_bidding() -> None:
    match = new(get_preset("practice").rules)
    assert match.phase is Phase.PLAY and match.view(0).trump == "B" and match.to_act == 0
    assert match.hand.bidder is None


def test_call_partner_flow_and_secrecy() -> None:
    rules = get_preset("call-partner").rules
    match = new(rules, {2: ["G1"]}, dealer=0)
    assert match.to_act == 0  # the dealer bids first
    win_bid(match, 100)
    match.apply("discard " + " ".join(match.view(0).nest))
    match.apply("trump R")
    assert match.phase is Phase.CALL
    with pytest.raises(IllegalActionError, match="buried"):
        match.apply("call " + match.view(0).buried[0])
    match.apply("call G1")
    assert match.hand.partner == 2
    assert match.view(0).partner is None and match.view(1).partner is None
    assert match.view(2).partner == 2  # the holder knows
    assert match.to_act == 1  # left of the bidder leads
    while "G1" not in {c for _, c in match.view(0).trick} and match.phase is Phase.PLAY:
        seat = match.to_act
        legal = list(match.legal_actions())
        match.apply("play G1" if seat == 2 and "play G1" in legal else legal[0])
    assert match.view(1).partner == 2 and match.view(0).partner == 2


def test_bidder_calling_own_card_plays_alone() -> None:
    rules = get_preset("call-partner").rules
    match = new(rules, {0: ["G1"]}, dealer=0)
    win_bid(match, 100)
    match.apply("discard " + " ".join(match.view(0).nest))
    match.apply("trump R")
    match.apply("call G1")
    assert match.hand.partner == 0 and match.view(0).partner == 0


def test_explicit_maximum_bid_and_custom_point_values() -> None:
    rules = Rules(max_bid=100)
    match = new(rules)
    assert list(match.legal_actions())[-1] == "bid 100"
    match.apply("bid 100")  # the maximum ends the bidding at once
    assert match.phase is Phase.DISCARD
    custom = Rules(deck="45", min_bid=100, krook_points=10, ones_points=20)
    assert custom.card_points_total == 4 * 25 + 10 + 4 * 20
    assert custom.highest_bid == custom.card_points_total
