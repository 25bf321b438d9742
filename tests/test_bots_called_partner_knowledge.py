"""In a called-partner game only the partner knows the pair until the called card is played (docs/RULES.md, A
hand, step by step: calling a partner). The bidder's and the defenders' playouts give every seat that knowledge and
no more: before the card shows, the partner counts the bidder as its teammate, a defender counts the bidder as an
opponent, the bidder counts no one; once the card is played every seat knows the pair. The bidding simulation
plays a contract so."""

from __future__ import annotations

import random

import pytest
from bot_helpers import play_with_bots

from krook.bots import bidding, make_bot
from krook.bots.bidding import play_contract
from krook.bots.knowledge import play_rules, read_view
from krook.bots.playout import hidden_pair_sides, playout, policy
from krook.bots.strengths import HardBot
from krook.rules import PRESETS, Match, Phase
from krook.rules.cards import CARD_BY_NAME


def _at_first_lead(seed: int) -> Match:
    """A Call Partner hand played by easy bots up to the first card, with a partner in another hand."""
    match = Match(PRESETS["call-partner"].rules, seed=seed, preset="call-partner")
    return play_with_bots(match, "easy", seed, lambda m: m.hand.phase is Phase.PLAY)


def _holder(match: Match) -> int | None:
    hand = match.hand
    called = hand.called
    assert called is not None
    return next((s for s in range(4) if hand.hands[s] >> called & 1), None)


def _called_card_shown(match: Match) -> bool:
    called = match.hand.called
    return called is not None and bool(read_view(match.view(0)).played >> called & 1)


def _with_hidden_partner(count: int) -> list[tuple[Match, int]]:
    out: list[tuple[Match, int]] = []
    seed = 0
    while len(out) < count:
        match = _at_first_lead(seed)
        seed += 1
        partner = _holder(match)
        if partner is not None and partner != match.hand.bidder:
            out.append((match, partner))
    return out


def test_before_the_called_card_shows_only_the_partner_knows_the_pair() -> None:
    sides = hidden_pair_sides(4, 1, {1, 3})
    assert sides[3] == [False, True, False, True]  # the partner: the bidder is its teammate, the rest are not
    assert sides[1] == [None, True, None, None]  # the bidder knows no one
    assert sides[0] == [True, False, None, None]  # a defender: the bidder is an opponent, the rest unknown
    assert sides[2] == [None, False, True, None]


@pytest.mark.parametrize("who", ["bidder", "defender"])
def test_hards_playouts_give_each_seat_what_it_knows_until_the_card_is_played(who: str) -> None:
    hard = make_bot("hard")
    assert isinstance(hard, HardBot)
    for match, partner in _with_hidden_partner(4):
        hand = match.hand
        bidder = hand.bidder
        assert bidder is not None
        seat = {"bidder": bidder, "partner": partner}.get(who)
        if seat is None:
            seat = next(s for s in range(4) if s not in (bidder, partner))
        k = read_view(match.view(seat))
        mates = hard._sample_mates(k, list(hand.hands))
        sides, on_bid, reveal = hard._playout_sides(k, mates, bidder in mates)
        pair = {bidder, partner}
        assert sides == hidden_pair_sides(4, bidder, pair)
        assert on_bid == [s in pair for s in range(4)]
        # once the called card is played every seat knows the pair
        assert reveal is not None
        card, known = reveal
        assert card == hand.called
        assert known == [[(s in pair) == (t in pair) for t in range(4)] for s in range(4)]


def test_the_partner_plays_out_the_hand_with_the_pair_known_to_all() -> None:
    # modelling the bidder's ignorance in the partner's own search lost 6.5 a partner's hand at custom table 3
    # (docs/BOTS-JOURNAL.md, issue 29, ninth session): the partner keeps the pair known to every seat
    hard = make_bot("hard")
    assert isinstance(hard, HardBot)
    for match, partner in _with_hidden_partner(4):
        hand = match.hand
        k = read_view(match.view(partner))
        mates = hard._sample_mates(k, list(hand.hands))
        pair = {hand.bidder, partner}
        assert mates == pair
        sides, _, reveal = hard._playout_sides(k, mates, True)
        assert reveal is None
        assert sides == [[(s in pair) == (t in pair) for t in range(4)] for s in range(4)]


def test_once_the_called_card_is_played_the_pair_is_known_to_all() -> None:
    hard = make_bot("hard")
    assert isinstance(hard, HardBot)
    checked = 0
    for match, partner in _with_hidden_partner(3):
        called = match.hand.called
        assert called is not None
        play_with_bots(match, "easy", 7, _called_card_shown)
        if match.hand.phase is not Phase.PLAY:
            continue
        checked += 1
        for seat in range(4):
            k = read_view(match.view(seat))
            mates = hard._sample_mates(k, list(match.hand.hands))
            sides, _, reveal = hard._playout_sides(k, mates, match.hand.bidder in mates)
            pair = {match.hand.bidder, partner}
            assert reveal is None
            assert sides == [[(s in pair) == (t in pair) for t in range(4)] for s in range(4)]
    assert checked


Sides = list[list[bool | None]]


def _playout(
    match: Match, sides: Sides, reveal: tuple[int, Sides] | None, first: int | None = None
) -> list[int]:
    """The hand played out from its first lead with medium's policy for every seat (``first`` led already)."""
    hand = match.hand
    assert hand.trump is not None and hand.to_act is not None
    play = play_rules(hand.rules, int(hand.trump))
    pair = {hand.bidder, _holder(match)}
    on_bid: list[bool | None] = [s in pair for s in range(4)]
    hands = list(hand.hands)
    trick: list[tuple[int, int]] = []
    if first is not None:
        hands[hand.to_act] &= ~(1 << first)
        trick = [(hand.to_act, first)]
    played = sum(1 << c for _, c in trick)
    return playout(
        play, hands, hand.to_act, trick, played, sides, on_bid, 0, random.Random(1), 0.0, None, reveal
    )


def test_a_playout_switches_to_the_known_pair_when_the_called_card_is_played() -> None:
    differs = 0
    for match, partner in _with_hidden_partner(8):
        hand = match.hand
        bidder, leader = hand.bidder, hand.to_act
        assert bidder is not None and leader is not None and hand.trump is not None
        pair = {bidder, partner}
        before = hidden_pair_sides(4, bidder, pair)
        known: Sides = [[(s in pair) == (t in pair) for t in range(4)] for s in range(4)]
        # a card nobody holds never shows: the seats play the whole hand knowing what they knew at the start
        assert _playout(match, before, (CARD_BY_NAME["K"] + 1, known)) == _playout(match, before, None)
        # take the first card led as the one that shows the pair: from the next card on every seat knows it
        play = play_rules(hand.rules, int(hand.trump))
        first = policy(
            play, leader, hand.hands[leader], [], 0, before[leader], pair.__contains__(leader), None, 13
        )
        after = _playout(match, known, None, first)
        assert _playout(match, before, (first, known)) == after
        differs += after != _playout(match, before, None)
    assert differs  # what the seats know changed the play on some hand


def test_the_bidding_simulation_plays_the_contract_with_the_pair_hidden_until_the_call_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # what every seat knows changes the play: on some hands the contract takes other points than it would
    # were the pair known to all from the first card
    rules = PRESETS["call-partner"].rules
    deals = []
    for seed in range(12):
        cards = [c for c in range(66) if rules.deck_mask >> c & 1]
        random.Random(seed).shuffle(cards)
        hands = [sum(1 << c for c in cards[i * 13 : i * 13 + 13]) for i in range(4)]
        deals.append((hands, seed % 4, sum(1 << c for c in cards[52:])))

    def points() -> list[float]:
        return [play_contract(rules, list(h), t, n, 0, 3, random.Random(0), 0.0) for h, t, n in deals]

    hidden = points()
    monkeypatch.setattr(
        bidding,
        "hidden_pair_sides",
        lambda n, b, pair: [[(s in pair) == (t in pair) for t in range(n)] for s in range(n)],
    )
    assert hidden != points()
