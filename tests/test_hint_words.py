"""A bid hint says what the bid allows, in words that fit the game: "your side" only with partners."""

from __future__ import annotations

import random
import re

import pytest

from krook.bots import BotContext, hints, make_bot
from krook.bots.evaluate import best_trump_value
from krook.bots.knowledge import read_view
from krook.rules import Bid, Match, Pass, Phase, Play
from krook.rules.cards import KROOK
from krook.rules.presets import PRESETS
from krook.rules.settings import from_overrides
from tests.rules_helpers import scripted_deal


def bid_reasons(preset: str) -> list[str]:
    out = []
    for seed in range(6):
        match = Match(PRESETS[preset].rules, seed=seed)
        view = match.view(match.hand.to_act)
        assert view.phase is Phase.BIDDING
        for amount in match.legal_actions().bids()[:3]:
            out.append(hints._reason(view, Bid(amount)))
    return out


@pytest.mark.parametrize("preset", ["three-handed", "five-handed", "six-handed"])
def test_no_partner_no_side(preset: str) -> None:
    assert PRESETS[preset].rules.partnership == "individual"
    for text in bid_reasons(preset):
        assert "side" not in text, text


def test_a_bid_below_the_hands_worth_says_how_far_it_may_go() -> None:
    """'Bid 75 ... should take about 101 points' read as a contradiction: the hint says 75 is safe and how far
    the player could go."""
    seen = 0
    for text in bid_reasons("kentucky-discard"):
        bid, worth = (int(n) for n in re.findall(r"\d+", text)[:2])
        if worth > bid:
            seen += 1
            assert f"up to about {worth}" in text and "your side" in text, text
        assert len(text) < 160
    assert seen


def test_where_an_individual_games_defenders_score_nothing_a_fellow_defenders_trick_is_kept() -> None:
    """A defender not overtaking another defender's trick is told why: the points stay from the bidder (the old
    words said it could not win, or nothing about the other defender)."""
    rules = from_overrides(PRESETS["three-handed"].rules, {"defenders_score": False})
    seen = 0
    for seed in range(6):
        match = Match(rules, seed=seed, preset="three-handed")
        rng = random.Random(seed)
        while match.hand.phase is not Phase.HAND_OVER:
            seat = match.hand.to_act
            assert seat is not None
            view = match.view(seat)
            hand = match.hand
            if view.phase is Phase.PLAY and hand.bidder not in (None, seat) and hand.trick:
                k = read_view(view)
                play = k.play
                first = k.trick[0][1]
                led = play.trump if first >= KROOK else first >> 4
                power = play.power[led]
                best_seat, best_card = max(k.trick, key=lambda sc: power[sc[1]])
                under = [c for c in hints.bits(play.playable(k.hand, first)) if power[c] <= power[best_card]]
                if best_seat != hand.bidder and len(under) > 1:
                    text = hints._reason(view, Play(under[0]))
                    assert "another defender is winning" in text, text
                    seen += 1
            match.apply(make_bot("medium").choose(view, BotContext(rng)), seat)
    assert seen >= 3


def test_a_bid_for_the_game_says_so() -> None:
    """At 230 to 240 hard bids 100 over an opponent's 95 on a hand worth less (the opponents' contract made would
    end the game): the hint says the game is at stake, not that the hand will take 100 points."""
    rules = PRESETS["kentucky-discard"].rules
    match = Match(rules, seed=44, preset="kentucky-discard")
    first = match.hand.to_act
    match.apply(Bid(95), first)
    seat = match.hand.to_act
    match.scores = [230, 240] if seat % 2 == 0 else [240, 230]
    action, text = hints.suggest(match.view(seat), seed=1)
    assert action == Bid(100), text
    assert "can end the game" in text and "should take about 100" not in text, text
    match.scores = [0, 0]
    assert "game" not in hints._reason(match.view(seat), Bid(100))


def test_a_bid_for_the_game_in_an_individual_game_speaks_of_the_player_not_a_side() -> None:
    """Three-handed, the leader at 190 of 200 opened 70: the hint overcalls for the game, and says it is the
    player's own chance (nobody there has a side)."""
    rules = PRESETS["three-handed"].rules
    match = Match(rules, seed=0, preset="three-handed")
    first = match.hand.to_act
    match.apply(Bid(70), first)
    seat = match.hand.to_act
    match.scores = [100, 100, 100]
    match.scores[seat], match.scores[first] = 130, 190
    action, text = hints.suggest(match.view(seat), seed=1)
    assert action == Bid(75), text
    assert "can end the game" in text and "your best chance" in text and "side" not in text, text


CONTESTS = {
    # Kentucky Discard: a fair hand worth about 65 contests 85 over the opponents' 80 (its partner passed)
    "kentucky-discard": (
        1,
        ["R7", "R12", "Y6", "Y11", "G7", "G8", "G10", "G13", "B10"],
        ("bid 70", "bid 75", "pass", "bid 80"),
        "Bid 85: the other side would have the contract cheaply at 80;",
    ),
    # three-handed, everyone for themselves: five reds to the 13, worth about 44, bid 60 over a 55
    "three-handed": (
        2,
        ["R9", "R10", "R11", "R12", "R13", "Y5", "Y6", "Y7", "Y9", "G13", "B5", "B7", "B13"],
        ("bid 50", "bid 55"),
        "Bid 60: another player would have the contract cheaply at 55;",
    ),
}


@pytest.mark.parametrize("preset", sorted(CONTESTS))
def test_a_contested_bid_says_it_fights_for_the_contract(preset: str) -> None:
    """Contesting another seat's cheap contract with a fair hand (docs/BOTS.md) was explained as "your side
    should take about 85 points" from a hand worth about 65: the hint now says why it bids."""
    seat, hand, auction, opening = CONTESTS[preset]
    rules = PRESETS[preset].rules
    match = Match(rules, first_dealer=0, deal=scripted_deal(rules, {seat: hand}))
    for action in auction:
        match.apply(action)
    action, text = hints.suggest(match.view(seat), budget_s=0.2)
    assert text.startswith(opening), text
    assert isinstance(action, Bid) and f"should take about {action.amount}" not in text


def test_a_forced_opening_says_it_is_forced() -> None:
    """The three-handed dealer must open (docs/RULES.md): with a hand worth about 48 the hint said "with the nest
    you should take about 50 points", as if the hand had earned the bid."""
    hand = ["B6", "B7", "R8", "R10", "R13", "G11", "G12", "Y7", "Y9", "Y10", "Y11", "Y12", "Y13"]
    rules = PRESETS["three-handed"].rules
    match = Match(rules, first_dealer=0, deal=scripted_deal(rules, {0: hand}))
    view = match.view(0)
    assert not view.legal_actions().can_pass
    assert best_trump_value(rules, read_view(view).hand)[0] <= 50
    action, text = hints.suggest(view, budget_s=0.2)
    assert action == Bid(50)
    assert text == "Bid 50: you must bid here, and the lowest bid is the cheapest contract to hold.", text


def test_a_pass_with_a_hand_worth_the_next_bid_says_why() -> None:
    """ "Worth about 45 points, not enough for the next bid" read wrong when the next bid was 45: a pass with a
    hand worth the next bid on paper says the contract would be a coin toss (six-handed, issue 29, 38th session)."""
    thin = ["R8", "R11", "Y8", "Y12", "Y14", "G1", "G4", "G5", "G8"]
    rules = PRESETS["six-handed"].rules
    match = Match(rules, first_dealer=0, deal=scripted_deal(rules, {0: thin}))
    for action in ("bid 30", "pass", "pass", "bid 35", "bid 40"):
        match.apply(action)
    view = match.view(0)
    assert int(best_trump_value(rules, read_view(view).hand)[0]) >= 45  # worth the next bid on paper
    reason = hints._reason(view, Pass())
    assert reason.startswith("Pass: your hand is worth about 45, so 45 would be a coin toss"), reason
    assert "not enough" not in reason
