"""Every strength plays legal whole hands in every preset, deterministically, within its time, without peeking."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from krook.bots import BotContext, make_bot
from krook.bots.hints import suggest
from krook.rules import PRESETS, Bid, Hand, Match, Phase, SeatView
from krook.rules.cards import names

STRENGTHS = ["easy", "medium", "hard", "expert"]
SEARCHING = {"hard", "expert"}


def play_hand(
    preset: str, strengths: list[str], seed: int, budget: float = 0.05, samples: int | None = None
) -> Match:
    rules = PRESETS[preset].rules
    bots = [make_bot(strengths[s % len(strengths)], samples=samples) for s in range(rules.players)]
    match = Match(rules, seed=seed, first_dealer=seed % rules.players)
    decision = 0
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        view = match.view(seat)
        action = bots[seat].choose(view, BotContext(random.Random(f"{seed}/{decision}"), budget_s=budget))
        assert action in match.legal_actions(), (preset, strengths[seat % len(strengths)], action)
        match.apply(action, seat)
        decision += 1
    return match


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_plays_legally_in_every_preset(preset: str, strength: str) -> None:
    # the strength under test sits with medium and random opponents so every kind of table is met
    # the searching strengths in fixed-work mode with few deals: quick, and the same on any machine
    for seed in range(2 if strength in SEARCHING else 4):
        match = play_hand(
            preset,
            [strength, "random", strength, "medium"][: PRESETS[preset].rules.players],
            seed,
            budget=0.03,
            samples=3 if strength in SEARCHING else None,
        )
        assert match.results, "the hand was scored"


@pytest.mark.parametrize("strength", STRENGTHS)
def test_same_seed_same_actions(strength: str) -> None:
    # hard in fixed-work mode: a sample count, not the clock, so it is deterministic too
    samples = 3 if strength in SEARCHING else None
    first = play_hand("kentucky-discard", [strength], 7, budget=10.0, samples=samples)
    second = play_hand("kentucky-discard", [strength], 7, budget=10.0, samples=samples)
    assert first.hand.actions == second.hand.actions


def _reachable(root: Any, limit: int = 20000) -> list[Any]:
    """Every object reachable from ``root`` (through gc referents), skipping modules and classes."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def test_the_view_leads_nowhere_near_the_game() -> None:
    """A bot is given a view and a context; nothing reachable from them is the Match, a Hand or another hand."""
    rules = PRESETS["kentucky-discard"].rules
    match = Match(rules, seed=3)
    rng = random.Random(1)
    while match.hand.to_act is not None and len(match.hand.tricks) < 3:
        match.apply(match.legal_actions().sample(rng))
    seat = match.hand.to_act
    view = match.view(seat)
    ctx = BotContext(random.Random(0))
    reachable = _reachable(view) + _reachable(ctx)
    assert not any(isinstance(o, (Match, Hand)) for o in reachable)
    others = [set(match.hand_cards(s)) for s in range(rules.players) if s != seat]
    seen_strings = {o for o in reachable if isinstance(o, str)}
    for hand in others:
        # another seat's cards appear in the view only as cards already played
        played = {c for t in view.tricks for _, c in t.cards} | {c for _, c in view.trick}
        assert not (hand - played) <= seen_strings or not (hand - played)
        assert not (hand & set(view.hand))
    # the view is plain data: it survives a round trip through a dict unchanged
    assert SeatView.from_dict(view.to_dict()) == view


def _strings(obj: Any) -> set[str]:
    """Every string inside a view's plain data, split at spaces (actions such as "play R14" name cards too)."""
    if isinstance(obj, str):
        return set(obj.split())
    if isinstance(obj, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return set().union(set(), *(_strings(x) for x in obj))
    return set()


@pytest.mark.parametrize("preset", ["kentucky-discard", "call-partner", "three-handed"])
def test_a_bot_sees_only_its_own_cards_in_its_view(preset: str) -> None:
    """At every decision of a hand, no card of another seat's hand, nor of the nest hidden from this seat, is
    anywhere in the view's data unless it has been played (or, for the bidder, was in the nest it picked up)."""
    rules = PRESETS[preset].rules
    match = Match(rules, seed=5)
    rng = random.Random(5)
    checked = 0
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        view = match.view(seat)
        data = view.to_dict()
        if view.phase == "call":
            del data["legal"]  # the cards the bidder may call: every card it lacks, which says nothing
        seen = _strings(data)
        played = {c for t in view.tricks for _, c in t.cards} | {c for _, c in view.trick}
        hidden = set().union(*(set(match.hand_cards(s)) for s in range(rules.players) if s != seat)) - played
        if seat != match.hand.bidder:
            hidden |= {c for c in names(match.hand.nest)} - played
        hidden.discard(view.called or "")  # the called card is named aloud, not where it lies
        assert not hidden & seen, (preset, view.phase, sorted(hidden & seen))
        assert set(view.hand) == set(match.hand_cards(seat))
        checked += 1
        match.apply(match.legal_actions().sample(rng))
    assert checked > 20


@pytest.mark.parametrize("preset", ["kentucky-discard", "call-partner", "three-handed", "six-handed"])
def test_hard_in_fixed_work_mode_ignores_the_clock(preset: str) -> None:
    """With a sample count, a budget of 0 s and one of 100 s give the same game: the work, not the time, decides.
    (Decision times are a benchmark's business: ``krook arena`` prints p50, p95 and max.)"""
    quick = play_hand(preset, ["hard", "medium"], 4, budget=0.0, samples=5)
    slow = play_hand(preset, ["hard", "medium"], 4, budget=100.0, samples=5)
    assert quick.results and quick.hand.actions == slow.hand.actions


def test_hard_refuses_a_sample_count_below_one() -> None:
    with pytest.raises(ValueError, match="samples must be at least 1"):
        make_bot("hard", samples=0)


def test_suggest_gives_a_legal_action_and_a_reason() -> None:
    rules = PRESETS["kentucky-discard"].rules
    match = Match(rules, seed=11)
    rng = random.Random(2)
    for _ in range(30):
        if match.hand.to_act is None:
            break
        view = match.view(match.hand.to_act)
        action, reason = suggest(view, budget_s=0.05)
        assert action in match.legal_actions()
        assert reason and len(reason) < 160 and "\n" not in reason
        match.apply(match.legal_actions().sample(rng) if rng.random() < 0.5 else action)


@pytest.mark.parametrize("preset", ["five-handed", "six-handed", "kentucky-discard"])
def test_a_hint_does_the_least_work_when_its_budget_is_spent(preset: str, monkeypatch) -> None:
    """A hint with no time left deals only its floor of deals (4 for a card, 3 rounds for a bury or trump, none
    for a learned bid) and solves small endgames only: counted work, so the check does not depend on the
    machine's speed. (A hard hint in five-handed bidding was once seen to take a minute on a 0.01 s budget.)"""
    from krook.bots import hints
    from krook.bots.strengths import HardBot

    made: list[HardBot] = []

    def counting(budget_s: float) -> HardBot:
        made.append(HardBot(budget_s=budget_s))
        return made[-1]

    monkeypatch.setattr(hints, "HardBot", counting)
    rules = PRESETS[preset].rules
    decisions = 0
    for seed in range(2):
        match = Match(rules, seed=seed, first_dealer=seed % rules.players)
        rng = random.Random(seed)
        while match.hand.to_act is not None:
            view = match.view(match.hand.to_act)
            action, _ = hints.suggest(view, budget_s=0.0, seed=seed)
            bot = made[-1]
            floor = {Phase.PLAY: 4, Phase.DISCARD: 3, Phase.TRUMP: 3}.get(view.phase, 0)
            assert bot.dealt <= floor, (view.phase, bot.dealt)
            # four endgame solves of at most 16 cards: about 2,000 nodes in all here; a minute would be millions
            assert bot.nodes <= 40_000, (view.phase, bot.nodes)
            decisions += 1
            legal = match.legal_actions()
            # bid on (as the hot-seat players did) so the auction runs high and long
            bids = legal.bids() if view.phase is Phase.BIDDING else []
            match.apply(
                Bid(bids[0])
                if bids and rng.random() < 0.8
                else (action if rng.random() < 0.5 else legal.sample(rng))
            )
    assert decisions > 20


def test_a_burial_that_empties_two_colours_is_said_in_words() -> None:
    """A burial emptying two colours reads "empties Red and Green so you can trump them"."""
    from krook.bots import hints
    from krook.devtools.gallery import advance, build_session
    from krook.rules import Discard, Phase, card_id
    from krook.rules.cards import COLOR_LETTERS, Color

    for seed in range(1, 60):
        session = build_session(seed=seed)
        advance(session, lambda m: m.phase is Phase.DISCARD, bid_to=100)
        match = session.match
        view = match.view(match.to_act)
        rule = view.discard
        if rule["required"] or rule["count"] != 5:
            continue
        by_colour = {c: [x for x in view.hand if x[0] == c] for c in COLOR_LETTERS}
        groups = sorted((g for g in by_colour.values() if g), key=len)
        if len(groups) < 3 or len(groups[0]) + len(groups[1]) > 5 or len(groups[-1]) <= 5:
            continue
        chosen = groups[0] + groups[1]
        chosen += groups[-1][: 5 - len(chosen)]
        if not set(chosen) <= set(rule["allowed"]):
            continue
        cards = frozenset(card_id(Color.parse(c[0]), int(c[1:])) for c in chosen)
        text = hints._reason(view, Discard(cards))
        names = sorted(Color.parse(g[0][0]).title for g in groups[:2])
        assert "so you can trump them" in text, text
        assert all(n in text for n in names) and f"{names[0]}, {names[1]}" not in text, text
        return
    raise AssertionError("no seed gave a burial that empties two colours")


@pytest.mark.parametrize(
    ("preset", "exact_tricks"), [("kentucky-discard", 5), ("classic-full-deck", 4), ("five-handed", 3)]
)
def test_hard_solves_exactly_from_five_tricks_left_at_four_players(preset: str, exact_tricks: int) -> None:
    """Four players solve their last five tricks exactly where no trick bonus counts (docs/BOTS.md, "How each
    strength thinks"); the classic full deck's most-tricks bonus keeps four, five players solve three. Solver
    nodes count only in exact decisions: playouts never call the solver."""
    from krook.bots.strengths import HardBot

    rules = PRESETS[preset].rules
    medium = make_bot("medium")
    solved: dict[int, bool] = {}
    for seed in range(3):
        match = Match(rules, seed=seed, first_dealer=seed % rules.players)
        rng = random.Random(seed)
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            view = match.view(seat)
            tricks_left = len(view.hand)
            if view.phase is Phase.PLAY and len(view.legal_actions()) > 1 and tricks_left <= exact_tricks + 1:
                bot = HardBot(samples=2)
                bot.choose(view, BotContext(random.Random(seed), budget_s=10.0))
                solved[tricks_left] = solved.get(tricks_left, False) or bot.nodes > 0
            match.apply(medium.choose(view, BotContext(rng, budget_s=0.05)), seat)
    assert solved.get(exact_tricks + 1) is False, solved  # one trick more: playouts
    assert solved.get(exact_tricks) is True, solved
