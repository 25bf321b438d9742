"""Claims: a claim offered from a seat's view wins every remaining trick in every deal consistent with that view
(checked move by move against every answer, and by the exact solver); claims that are not certain are refused."""

from __future__ import annotations

import random

import pytest

from krook.bots.claims import claim_plan
from krook.bots.fast import PlayRules, bits
from krook.bots.knowledge import read_view
from krook.bots.sampler import sample_deal
from krook.bots.solver import Solver
from krook.rules import PRESETS, Match, Phase
from krook.rules.cards import CARD_NAMES
from tests.test_review import seven_trumps


def plan_wins_everything(play: PlayRules, hands: list[int], seat: int, plan: list[int]) -> bool:
    """The claimant leads ``plan`` in order; every other seat tries every legal card: it must win every trick."""
    n = play.n
    if not plan:
        return True
    lead, rest = plan[0], plan[1:]
    hands = list(hands)
    hands[seat] &= ~(1 << lead)

    def answers(k: int, trick: list[int]) -> bool:
        if k == n:
            if play.winner_index(trick) != 0:
                return False
            return plan_wins_everything(play, hands, seat, rest)
        s = (seat + k) % n
        hand = hands[s]
        for card in bits(play.playable(hand, trick[0])):
            hands[s] = hand ^ (1 << card)
            ok = answers(k + 1, [*trick, card])
            hands[s] = hand
            if not ok:
                return False
        return True

    return answers(1, [lead])


def claimable_positions(count: int, tricks_left: int, preset: str = "kentucky-discard") -> list[Match]:
    """Hands played by a greedy policy (the leader cashes its highest card), stopped at a lead with
    ``tricks_left`` cards: strong leaders are common, so claims are too."""
    rules = PRESETS[preset].rules
    found: list[Match] = []
    rng = random.Random(11)
    while len(found) < count:
        match = Match(rules, seed=rng.randrange(1 << 30))
        while match.phase not in (Phase.PLAY, Phase.HAND_OVER):
            match.apply(match.legal_actions().sample(rng))
        hand = match.hand
        while match.phase is Phase.PLAY:
            seat = hand.to_act
            assert seat is not None
            if not hand.trick and hand.hands[seat].bit_count() == tricks_left:
                found.append(match)
                break
            legal = bits(hand.playable_mask(seat))
            card = max(legal, key=lambda c: hand.rules.rank[c]) if rng.random() < 0.8 else rng.choice(legal)
            match.apply(f"play {CARD_NAMES[card]}")
    return found


def check_claims(positions: list[Match]) -> tuple[int, int]:
    """Every claim offered wins every trick in the real deal and in deals the seat cannot tell from it;
    returns (claimed, refused)."""
    claimed = refused = 0
    for match in positions:
        hand = match.hand
        seat = hand.to_act
        assert seat is not None
        view = match.view(seat)
        plan = claim_plan(view)
        if plan is None:
            refused += 1
            continue
        claimed += 1
        assert sorted(plan) == bits(hand.hands[seat])
        play = PlayRules(hand.rules, hand.trump)
        # the real deal, then deals the seat cannot tell from it
        k = read_view(view)
        rng = random.Random(seat)
        deals = [list(hand.hands)]
        for _ in range(30):
            hands, _nest = sample_deal(k, rng)
            if all(not hands[s] & k.cannot[s] for s in range(k.n) if s != seat):
                deals.append(hands)
        side = [s == seat for s in range(k.n)]
        for hands in deals:
            assert plan_wins_everything(play, hands, seat, plan), (view.hand, plan)
            everything = sum(play.points[c] for h in hands for c in bits(h))
            assert Solver(play, side).value(hands, seat) == everything
    return claimed, refused


@pytest.mark.parametrize(("tricks_left", "count"), [(2, 120), (3, 200), (4, 300)])
def test_claims_hold_in_every_consistent_deal(tricks_left: int, count: int) -> None:
    claimed, refused = check_claims(claimable_positions(count, tricks_left))
    assert claimed >= 2, "the positions should offer some claims"
    assert refused >= 3, "and refuse some"


@pytest.mark.parametrize("preset", sorted(set(PRESETS) - {"kentucky-discard"}))
def test_claims_hold_in_every_preset(preset: str) -> None:
    """Other decks, the 1s, must-trump, no Krook any time, three to six players."""
    claimed, _ = check_claims(claimable_positions(60, 2, preset))
    assert claimed >= 1, "sixty positions of two tricks offer a claim or more in every preset"


def scripted(seat0_last: list[str], others_last: list[list[str]]) -> Match:
    """The review's scripted deal after five cashed trumps: seat 0 leads with B10 B9 and ``seat0_last``."""
    return seven_trumps(seat0_last, others_last, 5)


def test_masters_and_the_last_trumps_are_claimed() -> None:
    match = scripted(["Y14", "G14"], [["Y13", "G6"], ["Y6", "G7"], ["Y7", "G5"]])
    # seat 0 holds B10 B9 Y14 G14: every trump left is its own, Y14 and G14 top their colours
    plan = claim_plan(match.view(0))
    assert plan is not None
    names = [CARD_NAMES[c] for c in plan]
    assert names[:2] == ["B10", "B9"] and set(names[2:]) == {"Y14", "G14"}


def test_a_card_that_may_lose_refuses_the_claim() -> None:
    match = scripted(["Y14", "G5"], [["Y13", "G14"], ["Y6", "G6"], ["Y7", "G7"]])
    view = match.view(0)
    assert claim_plan(view) is None  # G14 is out: G5 may lose
    # and the solver agrees: in the real deal seat 0 cannot take everything
    hand = match.hand
    play = PlayRules(hand.rules, hand.trump)
    everything = sum(play.points[c] for h in hand.hands for c in bits(h))
    assert Solver(play, [s == 0 for s in range(4)]).value(hand.hands, 0) < everything


def test_no_claim_off_lead_or_for_another_seat() -> None:
    match = scripted(["Y14", "G14"], [["Y13", "G6"], ["Y6", "G7"], ["Y7", "G5"]])
    assert claim_plan(match.view(1)) is None  # not seat 1's turn
    assert claim_plan(match.view(None)) is None  # the public view claims nothing
    match.apply("play B10")
    assert claim_plan(match.view(1)) is None  # mid-trick: only the leader claims
