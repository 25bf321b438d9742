"""Every strength plays legal whole hands in every preset, deterministically, within its time, without peeking."""

from __future__ import annotations

import gc
import random
import time
from typing import Any

import pytest

from krook.bots import BotContext, make_bot
from krook.bots.hints import suggest
from krook.rules import PRESETS, Hand, Match, SeatView

STRENGTHS = ["easy", "medium", "hard"]


def play_hand(preset: str, strengths: list[str], seed: int, budget: float = 0.05) -> Match:
    rules = PRESETS[preset].rules
    bots = [make_bot(strengths[s % len(strengths)]) for s in range(rules.players)]
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
    for seed in range(2 if strength == "hard" else 4):
        match = play_hand(preset, [strength, "random", strength, "medium"][: PRESETS[preset].rules.players], seed,
                          budget=0.03)
        assert match.results, "the hand was scored"


@pytest.mark.parametrize("strength", STRENGTHS)
def test_same_seed_same_actions(strength: str) -> None:
    first = play_hand("kentucky-discard", [strength], 7, budget=10.0) if strength != "hard" else None
    if first is None:
        # hard stops on a deadline; with a sample cap instead of a clock it is deterministic
        from krook.bots.strengths import HardBot

        def run() -> list[str]:
            rules = PRESETS["kentucky-discard"].rules
            match = Match(rules, seed=7)
            bots = [HardBot(budget_s=100.0, max_samples=6) for _ in range(4)]
            while match.hand.to_act is not None:
                seat = match.hand.to_act
                match.apply(bots[seat].choose(match.view(seat), BotContext(random.Random(len(match.hand.actions)),
                                                                            budget_s=100.0)))
            return list(match.hand.actions)

        assert run() == run()
        return
    second = play_hand("kentucky-discard", [strength], 7, budget=10.0)
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


def test_a_bot_sees_only_its_own_cards_in_its_view() -> None:
    rules = PRESETS["kentucky-discard"].rules
    match = Match(rules, seed=5)
    seat = match.hand.to_act
    view = match.view(seat)
    hidden = set(view.to_dict().keys())
    assert "hands" not in hidden and "deal" not in hidden
    assert set(view.hand) == set(match.hand_cards(seat))
    assert view.nest == []


def test_hard_respects_its_deadline() -> None:
    rules = PRESETS["kentucky-discard"].rules
    bot = make_bot("hard")
    worst = 0.0
    for seed in range(2):
        match = Match(rules, seed=seed)
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            view = match.view(seat)
            ctx = BotContext(random.Random(seed), budget_s=0.3)
            started = time.perf_counter()
            action = bot.choose(view, ctx)
            worst = max(worst, time.perf_counter() - started)
            match.apply(action, seat)
    assert worst < 0.3 * 2.5  # generous: the machine may be busy


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
