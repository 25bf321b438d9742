"""Following, the Krook, trumping and trick winners, each on a scripted deal."""

import pytest
from rules_helpers import scripted_deal

from krook.rules import IllegalActionError, Match, Phase, Rules

NEST = ["Y6", "Y7", "Y8", "Y9", "Y11"]


def to_play(rules: Rules, hands: dict[int, list[str]], trump: str = "B", nest: list[str] = NEST) -> Match:
    """Seat 0 wins the bid at the minimum, buries the nest it picked up, names trump, and leads."""
    match = Match(rules, first_dealer=rules.players - 1, deal=scripted_deal(rules, hands, nest))
    match.apply(f"bid {rules.min_bid}")
    for _ in range(rules.players - 1):
        match.apply("pass")
    if rules.nest_size:
        match.apply("discard " + " ".join(nest))
    match.apply(f"trump {trump}")
    assert match.phase is Phase.PLAY
    return match


def legal_cards(match: Match) -> set[str]:
    return {a.split()[1] for a in match.legal_actions()}


HANDS = {
    0: ["R14", "R13", "G5", "G6", "B5", "B6", "B7", "Y5", "Y10"],
    1: ["R5", "R6", "K", "G7", "G8", "G9", "G10", "Y12", "Y13"],
    2: ["R7", "B14", "B13", "G11", "G12", "G13", "G14", "Y14", "R8"],
    3: ["R9", "R10", "R11", "R12", "B8", "B9", "B10", "B11", "B12"],
}


def test_must_follow_the_led_colour() -> None:
    match = to_play(Rules(), HANDS)
    match.apply("play R14")
    with pytest.raises(IllegalActionError, match="must follow Red"):
        match.apply("play G7")
    assert legal_cards(match) == {"R5", "R6", "K"}  # the Krook may come any time by default


def test_krook_not_any_time_when_the_setting_is_off() -> None:
    match = to_play(Rules(krook_any_time=False), HANDS)
    match.apply("play R14")
    assert legal_cards(match) == {"R5", "R6"}
    with pytest.raises(IllegalActionError, match="Krook counts as trump"):
        match.apply("play K")


def test_trump_led_and_the_krook_is_your_only_trump() -> None:
    match = to_play(Rules(krook_any_time=False), HANDS)
    match.apply("play B5")
    assert legal_cards(match) == {"K"}


def test_krook_led_means_trump_was_led() -> None:
    match = to_play(Rules(first_lead="left_of_dealer"), HANDS)
    # left of dealer (seat 3) is seat 0: lead changes through a trick first
    match.apply("play G5")
    match.apply("play K")  # seat 1 plays the Krook although it holds Green: allowed any time
    match.apply("play G11")
    match.apply("play B8")  # seat 3 is out of Green and trumps
    assert match.hand.tricks[-1].winner == 1  # the top trump wins
    assert match.to_act == 1
    # Now seat 1 leads; build a fresh deal where the Krook is led
    hands = {
        0: ["R14", "R13", "G5", "G6", "B5", "B6", "B7", "Y5", "Y10"],
        1: HANDS[1],
        2: HANDS[2],
        3: HANDS[3],
    }
    hands[0], hands[1] = HANDS[1], HANDS[0]
    match = to_play(Rules(), hands)
    match.apply("play K")
    assert legal_cards(match) == {"B5", "B6", "B7"}  # seat 1 must play trump


def test_void_may_play_anything_unless_must_trump() -> None:
    hands = {**HANDS, 1: ["G7", "G8", "G9", "G10", "Y12", "Y13", "B8", "K", "Y6"]}
    hands[3] = ["R5", "R6", "R9", "R10", "R11", "R12", "B9", "B10", "B11"]
    nest = ["B12", "Y7", "Y8", "Y9", "Y11"]
    free = to_play(Rules(), hands, nest=nest)
    free.apply("play R14")
    assert legal_cards(free) == set(hands[1])
    strict = to_play(Rules(must_trump=True), hands, nest=nest)
    strict.apply("play R14")
    assert legal_cards(strict) == {"B8", "K"}
    with pytest.raises(IllegalActionError, match="must play trump"):
        strict.apply("play G7")


@pytest.mark.parametrize(
    ("krook_rank", "cards", "winner"),
    [
        ("high", ["B5", "K", "B14", "B13"], 1),
        ("low", ["B5", "K", "B14", "B13"], 2),
        ("low", ["R14", "K", "R7", "R9"], 1),  # the lowest trump still beats every non-trump
        ("middle", ["B10", "K", "B8", "B9"], 1),
        ("middle", ["B5", "K", "B11", "B9"], 2),
    ],
)
def test_krook_rank(krook_rank: str, cards: list[str], winner: int) -> None:
    hands = {
        0: ["R14", "B5", "B10", "G5", "G6", "G7", "G8", "Y5", "Y10"],
        1: ["K", "R5", "R6", "G9", "G10", "G11", "G12", "G13", "Y12"],
        2: ["B14", "R7", "B8", "B11", "G14", "Y13", "Y14", "R8", "B6"],
        3: ["B13", "R9", "B9", "R10", "R11", "R12", "R13", "B7", "B12"],
    }
    match = to_play(Rules(krook_rank=krook_rank), hands)
    for card in cards:
        match.apply(f"play {card}")
    assert match.hand.tricks[0].winner == winner


@pytest.mark.parametrize(("ones_high", "winner"), [(True, 1), (False, 0)])
def test_ones_rank(ones_high: bool, winner: int) -> None:
    rules = Rules(deck="45", ones_high=ones_high, min_bid=100)
    hands = {0: ["R14"], 1: ["R1"], 2: ["R5"], 3: ["R6"]}
    match = to_play(rules, hands, nest=["Y6", "Y7", "Y8", "Y9", "Y11"])
    for card in ("R14", "R1", "R5", "R6"):
        match.apply(f"play {card}")
    assert match.hand.tricks[0].winner == winner
    assert match.hand.tricks[0].points == 10 + 15 + 5  # a 1 keeps its 15 points whether high or low


def test_second_krook_ranks_just_below_the_first() -> None:
    rules = Rules(deck="45", double_krook=True, nest_size=6, min_bid=100)
    hands = {0: ["B5"], 1: ["K2"], 2: ["K"], 3: ["B14"]}
    match = to_play(rules, hands, nest=["Y6", "Y7", "Y8", "Y9", "Y11", "Y12"])
    for card in ("B5", "K2", "K", "B14"):
        match.apply(f"play {card}")
    trick = match.hand.tricks[0]
    assert trick.winner == 2 and trick.points == 5 + 20 + 20 + 10


def test_off_colour_high_card_does_not_win() -> None:
    match = to_play(Rules(), HANDS)
    for card in ("R13", "R5", "R7", "R9"):
        match.apply(f"play {card}")
    assert match.hand.tricks[0].winner == 0 and match.to_act == 0


def test_first_lead_options() -> None:
    for lead, expected in (("bidder", 0), ("left_of_dealer", 0), ("left_of_bidder", 1)):
        assert to_play(Rules(first_lead=lead), HANDS).to_act == expected
    # with the dealer at seat 0, left of dealer is seat 1 even though seat 3 won the bid
    match = Match(
        Rules(first_lead="left_of_dealer"), first_dealer=0, deal=scripted_deal(Rules(), HANDS, NEST)
    )
    match.apply("pass")  # seat 1
    match.apply("pass")  # seat 2
    match.apply("bid 70")  # seat 3
    match.apply("pass")  # seat 0
    match.apply("discard " + " ".join(NEST))
    match.apply("trump R")
    assert match.to_act == 1


def test_not_your_card_and_out_of_turn() -> None:
    match = to_play(Rules(), HANDS)
    with pytest.raises(IllegalActionError, match="you don't hold G7"):
        match.apply("play G7")
    with pytest.raises(IllegalActionError, match="seat 0's turn, not seat 2's"):
        match.apply("play R14", seat=2)
    with pytest.raises(IllegalActionError, match="the bidding is over"):
        match.apply("bid 75")
