"""The cases an independent referee found: each rule is stated in docs/RULES.md (The end of the game; A hand,
step by step: Bidding; Game records)."""

from __future__ import annotations

import dataclasses

import pytest
from rules_helpers import scripted_deal

from krook.rules import IllegalActionError, Match, Phase, RecordError, Redeal, get_preset, match_from_record
from krook.rules.hand import Hand, Trick
from krook.rules.scoring import HandResult, decide_winner, score_hand

NO_COUNTERS = ["R6", "R7", "R8", "R9", "R11", "R12", "R13", "Y6", "Y7", "Y8"]


def _called_result(bidder: int, partner: int, made: bool) -> HandResult:
    rules = get_preset("call-partner").rules
    hand = Hand(rules, 0, [0] * 4, 0)
    hand.bidder, hand.contract, hand.partner, hand.trump = bidder, 100, partner, 0
    hand.won_tricks = [3, 3, 4, 3]
    hand.tricks = [Trick(0, (), 2, 0)] * 13
    hand.phase, hand.to_act = Phase.HAND_OVER, None
    return dataclasses.replace(score_hand(hand), made=made)


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ([250, 0, 310, 0], 2),  # both partners over: the partner has the highest score
        ([250, 0, 250, 0], None),  # bidder and partner tied at the top: another hand
        ([100, 0, 160, 0], 2),  # only the partner over the target: the partner wins
        ([250, 300, 200, 0], 0),  # a defender higher, but the bidding side made its bid and is over
        ([120, 300, 100, 0], 1),  # nobody of the bidding side over: the one over wins
    ],
)
def test_call_partner_game_end_looks_at_the_whole_bidding_side(scores: list[int], winner: int | None) -> None:
    rules = get_preset("call-partner").rules.replace(target=150, both_over_target="bidder_wins")
    assert decide_winner(rules, scores, _called_result(0, 2, made=True)) == winner


def test_call_partner_preset_follows_its_source_the_highest_score_wins() -> None:
    rules = get_preset("call-partner").rules.replace(target=150)
    assert rules.both_over_target == "higher_total"
    assert decide_winner(rules, [250, 320, 310, 0], _called_result(0, 2, made=True)) == 1
    assert decide_winner(rules, [320, 320, 310, 0], _called_result(0, 2, made=True)) is None


def test_the_stuck_dealer_without_counters_may_call_a_redeal() -> None:
    rules = get_preset("kentucky-rook").rules.replace(no_counter_redeal=True)
    match = Match(rules, first_dealer=3, deal=scripted_deal(rules, {3: NO_COUNTERS}))
    for _ in range(3):
        match.apply("pass")
    assert match.to_act == 3
    legal = match.legal_actions()
    assert legal.bids() == (100,) and not legal.can_pass and legal.can_redeal
    match.apply(Redeal())
    assert match.phase is Phase.HAND_OVER and match.hand.thrown_in
    assert match.next_dealer == 3, "a called redeal keeps the dealer"


def _after_all_pass(all_pass: str) -> dict[str, object]:
    rules = get_preset("kentucky-discard").rules.replace(all_pass=all_pass)
    match = Match(rules, seed=9, first_dealer=0)
    for _ in range(4):
        match.apply("pass")
    match.next_hand()
    return match.to_record()


def test_replay_refuses_a_hand_dealt_by_the_wrong_seat() -> None:
    record = _after_all_pass("redeal")
    assert [h["dealer"] for h in record["hands"]] == [0, 1], "an all-pass redeal passes the deal left"
    match_from_record(record)
    record["hands"][1]["dealer"] = 0
    with pytest.raises(RecordError, match="passes left"):
        match_from_record(record)


def test_all_pass_same_dealer_keeps_the_deal() -> None:
    record = _after_all_pass("same_dealer")
    assert [h["dealer"] for h in record["hands"]] == [0, 0]
    assert match_from_record(record).hand.dealer == 0
    record["hands"][1]["dealer"] = 1
    with pytest.raises(RecordError):
        match_from_record(record)


def _any_time_match(any_time: bool = True) -> Match:
    rules = get_preset("kentucky-discard").rules.replace(no_counter_redeal=True, redeal_any_time=any_time)
    return Match(rules, first_dealer=0, deal=scripted_deal(rules, {2: NO_COUNTERS[:9]}))


def test_a_redeal_at_any_time_is_called_out_of_turn_and_recorded_with_its_seat() -> None:
    match = _any_time_match()
    match.apply("pass")  # seat 1 passes; seat 2 is to act
    match.apply("pass")  # seat 2 passes too: a pass does not end the right to call a redeal
    assert match.to_act == 3
    assert match.view(2).legal == ["redeal"] and not match.view(2).my_turn
    assert match.view(0).legal == [], "a seat holding counters is offered nothing out of turn"
    with pytest.raises(IllegalActionError, match="no counters"):
        match.apply(Redeal(), seat=0)
    match.apply(Redeal(), seat=2)
    assert match.phase is Phase.HAND_OVER and match.next_dealer == 0
    assert match.hand.actions == ["pass", "pass", "redeal 2"]
    again = match_from_record(match.to_record())
    assert again.hand.actions == match.hand.actions and again.phase is Phase.HAND_OVER


def test_without_the_setting_a_redeal_waits_for_your_turn() -> None:
    match = _any_time_match(any_time=False)
    match.apply("pass")
    with pytest.raises(IllegalActionError, match="at your turn"):
        match.apply("redeal 3")
    assert match.to_act == 2 and match.view(3).legal == []
    match.apply("redeal")
    assert match.hand.actions == ["pass", "redeal"]


def test_a_redeal_naming_another_seat_or_a_bad_seat_is_refused() -> None:
    match = _any_time_match()
    with pytest.raises(IllegalActionError, match="names seat 2"):
        match.apply("redeal 2", seat=3)
    with pytest.raises(IllegalActionError, match="not at this table"):
        match.apply("redeal 5")
    assert match.hand.actions == []
