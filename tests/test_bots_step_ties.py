"""Where the defenders score nothing, hard's bury and trump are not left to the made-or-set step's ties."""

from __future__ import annotations

import random

from krook.bots import BotContext, make_bot
from krook.rules import Match, Phase, rules_from_spec
from krook.rules.actions import action_text
from krook.rules.cards import CARD_BY_NAME, mask_of

# A called-partner table a family could set up (seed 32's table 3 of benchmarks/custom_tables.py): 41 cards,
# bids from 110 in tens, the defenders score nothing (docs/BOTS-JOURNAL.md, issue 29, seventh session)
SPEC = {
    "preset": "call-partner",
    "overrides": {
        "all_pass": "same_dealer",
        "all_points_bonus": 50,
        "bid_step": 10,
        "both_over_target": "bidder_wins",
        "bury_counters": False,
        "deck": "41",
        "defenders_score": False,
        "first_lead": "left_of_dealer",
        "krook_any_time": True,
        "krook_points": 15,
        "last_trick_bonus": 0,
        "min_bid": 110,
        "most_tricks_bonus": 30,
        "must_trump": True,
        "sweep_bonus": 10,
        "target": 800,
    },
}


def _trump_position(defenders_score: bool) -> Match:
    """Seat 0 (the dealer, first to bid) holds a long, strong green and has bid the most there is, which it
    cannot make: every trump fails in every simulation, and only the points taken tell the colours apart."""
    spec = {"preset": SPEC["preset"], "overrides": dict(SPEC["overrides"], defenders_score=defenders_score)}
    rules = rules_from_spec(spec)
    mine = ["G14", "G13", "G12", "G11", "G10", "G9", "G8", "R5", "Y5"]
    rest = [c for c in rules.deck_cards if c not in {CARD_BY_NAME[name] for name in mine}]
    random.Random(3).shuffle(rest)
    size = len(mine)
    hands = [mask_of([CARD_BY_NAME[name] for name in mine])]
    hands += [mask_of(rest[i * size : (i + 1) * size]) for i in range(3)]
    nest = mask_of(rest[3 * size :])
    match = Match(rules, first_dealer=0, deal=(hands, nest))
    match.apply(f"bid {rules.highest_bid}")  # the top bid ends the auction
    assert match.hand.phase is Phase.DISCARD
    seat = match.hand.to_act
    match.apply(make_bot("medium").choose(match.view(seat), BotContext(random.Random(1))), seat)
    assert match.hand.phase is Phase.TRUMP
    return match


def test_hard_names_its_strong_colour_when_every_trump_fails() -> None:
    match = _trump_position(defenders_score=False)
    bot = make_bot("hard", samples=12)
    choice = action_text(bot.choose(match.view(0), BotContext(random.Random(5))))
    assert choice == "trump G", choice


def test_where_the_defenders_score_the_points_already_count() -> None:
    match = _trump_position(defenders_score=True)
    bot = make_bot("hard", samples=12)
    assert action_text(bot.choose(match.view(0), BotContext(random.Random(5)))) == "trump G"


def _first_counter_trick() -> Match:
    """The hand of ``_trump_position`` played on by medium bots until seat 0, the bidder, follows to a trick
    with a counter in it (its partner, who holds the called card, leads the red 14)."""
    match = _trump_position(defenders_score=False)
    medium = make_bot("medium")
    rng = random.Random(1)
    while True:
        seat = match.hand.to_act
        assert seat is not None and match.hand.phase is not Phase.HAND_OVER
        trick = match.hand.trick
        if seat == 0 and trick and any(match.rules.point_list[c] for _, c in trick):
            return match
        match.apply(medium.choose(match.view(seat), BotContext(rng)), seat)


def test_a_bidder_that_cannot_make_its_bid_still_plays_for_the_points() -> None:
    # every card fails the contract in every sampled deal: the step alone left the red 5 and the red 10 tied
    # (and hard played the lower); the points taken make it feed its 10 to its partner's trick
    match = _first_counter_trick()
    assert [CARD_BY_NAME["R14"]] == [c for _, c in match.hand.trick]
    assert match.hand.hands[3] >> match.hand.called & 1  # the leader is the bidder's partner
    bot = make_bot("hard", samples=12)
    assert action_text(bot.choose(match.view(0), BotContext(random.Random(5)))) == "play R10"


def test_hard_names_the_trump_its_bury_was_chosen_for_without_dealing_again() -> None:
    # the bury is compared together with its trump; comparing the four colours again on fresh deals only added
    # noise (docs/BOTS-JOURNAL.md, issue 29, ninth session)
    for defenders_score in (False, True):
        spec = {
            "preset": SPEC["preset"],
            "overrides": dict(SPEC["overrides"], defenders_score=defenders_score),
        }
        rules = rules_from_spec(spec)
        for seed in range(4):
            match = Match(rules, seed=seed, first_dealer=0)
            match.apply(f"bid {rules.highest_bid}")
            seat = match.hand.to_act
            assert seat is not None and match.hand.phase is Phase.DISCARD
            bot = make_bot("hard", samples=12)
            match.apply(bot.choose(match.view(seat), BotContext(random.Random(seed))), seat)
            plan = bot._planned_trump  # type: ignore[attr-defined]
            assert plan is not None and plan[0] == mask_of(CARD_BY_NAME[c] for c in match.view(seat).hand)
            dealt = bot.dealt  # type: ignore[attr-defined]
            trump = action_text(bot.choose(match.view(seat), BotContext(random.Random(seed))))
            assert trump == f"trump {'RYGB'[plan[1]]}"
            assert bot.dealt == dealt  # type: ignore[attr-defined]
