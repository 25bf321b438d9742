"""Interchangeable cards: hard scores one card of each group, and the grouping holds up under exact play."""

from __future__ import annotations

import random

import pytest
from bot_helpers import value_after

from krook.bots import BotContext, make_bot
from krook.bots import strengths as strengths_module
from krook.bots.fast import PlayRules, bits, equal_groups
from krook.bots.knowledge import read_view
from krook.bots.positions import random_position
from krook.rules import PRESETS
from krook.rules.cards import CARD_BY_NAME, CARD_NAMES


def _groups_of(match) -> tuple[list[int], list[list[int]]]:  # type: ignore[no-untyped-def]
    hand = match.hand
    k = read_view(match.view(hand.to_act))
    moves = bits(k.play.playable(k.hand, k.trick[0][1] if k.trick else -1))
    live = k.unseen | sum(1 << c for _, c in k.trick)
    return moves, equal_groups(k.play, moves, live)


def test_grouped_cards_are_worth_the_same_under_exact_play() -> None:
    # whoever holds what among the cards the seat cannot see, and whichever seats play together, two cards of one
    # group lead to the same result: checked by plain minimax through the referee on the true deal
    checked = 0
    for preset in sorted(PRESETS):
        rules = PRESETS[preset].rules
        tricks = 3 if rules.players == 3 else 2
        for seed in range(40):
            match = random_position(preset, seed, tricks, seed % rules.players)
            moves, groups = _groups_of(match)
            assert sorted(c for g in groups for c in g) == moves
            big = [g for g in groups if len(g) > 1]
            if not big:
                continue
            hand = match.hand
            rng = random.Random(seed)
            side = [rng.random() < 0.5 for _ in range(rules.players)]
            bonus = rules.last_trick_bonus
            for group in big:
                values = {value_after(hand, f"play {CARD_NAMES[card]}", side, bonus) for card in group}
                assert len(values) == 1, (preset, seed, [CARD_NAMES[c] for c in group], values)
                checked += 1
    assert checked >= 10  # the check met enough real groups to mean something


def test_a_card_between_two_of_mine_in_the_trick_keeps_them_apart() -> None:
    rules = PRESETS["kentucky-discard"].rules
    play = PlayRules(rules, 3)  # black trump
    r7, r8, r9 = (CARD_BY_NAME[name] for name in ("R7", "R8", "R9"))  # none counts points
    assert play.points[r7] == play.points[r9] == 0
    # R8 gone (played in an earlier trick): R7 and R9 are one group
    assert [r7, r9] in equal_groups(play, [r7, r9], live=0)
    # R8 lying in this trick (or in another seat's hand): R7 loses to it and R9 beats it
    assert equal_groups(play, [r7, r9], live=1 << r8) == [[r7], [r9]]


def test_hard_plays_out_one_card_of_each_group_and_shares_its_score(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}
    real = strengths_module.playout

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(strengths_module, "playout", counted)
    bot = make_bot("hard", samples=6)
    found = 0
    for seed in range(60):
        match = random_position("kentucky-discard", seed, 7, seed % 4)
        moves, groups = _groups_of(match)
        if len(groups) == len(moves):
            continue
        view = match.view(match.hand.to_act)
        counts = []
        for merge in (True, False):
            calls["n"] = 0
            scores = bot.card_scores(view, read_view(view), BotContext(random.Random(seed)), moves, merge)  # type: ignore[attr-defined]
            counts.append(calls["n"])
            if merge:
                for group in groups:
                    assert len({scores[c] for c in group}) == 1
        # one playout fewer for every card merged into another, on each of the six deals (a deal the
        # bidding rules out plays nothing either way)
        assert counts[1] - counts[0] == (len(moves) - len(groups)) * counts[1] // len(moves)
        found += 1
        if found == 5:
            break
    assert found == 5
