"""The hand on the table is sorted as the table ranks its cards (docs/PLAYING.md, "Your hand"): once trump is
named the Krook sits among trump where it ranks (first where it is the top trump, between the 11 and the 10 where
it ranks in the middle, last where it is the lowest), and where 1s rank low they close their colour."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from krook.devtools.gallery import advance, build_session
from krook.scenes.base import SceneStack, Services, SilentSound
from krook.scenes.table.scene import TableScene
from krook.settings_store import Settings
from krook.ui.cards import CardPainter
from krook.ui.theme import Theme


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _hand_in_play(preset: str, wanted: Callable[[list[str]], bool]) -> tuple[list[str], str]:
    """Seat 0's hand as the table shows it in the play, trump named, on the first deal where it is ``wanted``."""
    for seed in range(1, 200):
        session = build_session(preset, seed=seed)
        advance(session, lambda m: m.phase.value == "play" and m.to_act == 0, bid_to=200)
        match = session.match
        if match.phase.value != "play" or match.hand.trump is None:
            continue
        services = Services(Settings(), Theme(False), CardPainter(), SilentSound(), SceneStack())
        table = TableScene(services, session)
        table.shown.dealt = True
        table.update(0.0)
        codes = table.state.hand_codes()
        trump = table.state.shown.trump
        if trump and wanted(codes):
            return codes, trump
    raise AssertionError(f"no {preset} deal gives seat 0 such a hand in the play")


def _krook(codes: list[str]) -> bool:
    return "K" in codes


def _a_1_and_another_of_its_colour(codes: list[str]) -> bool:
    return any(c[1:] == "1" and sum(d[0] == c[0] for d in codes) > 1 for c in codes if c != "K")


def _trump_group(codes: list[str], trump: str) -> list[str]:
    group = [c for c in codes if c.startswith(trump) or c.startswith("K")]
    assert codes[: len(group)] == group, f"trump and the Krook lead the hand: {codes}"
    return group


def _number(code: str) -> int:
    return int(code[1:])


def test_where_the_krook_is_the_top_trump_it_leads_the_hand() -> None:
    codes, _ = _hand_in_play("kentucky-discard", _krook)
    assert codes[0] == "K", codes


def test_where_the_krook_ranks_in_the_middle_it_sits_between_the_11_and_the_10() -> None:
    codes, trump = _hand_in_play("call-partner", _krook)
    group = _trump_group(codes, trump)
    at = group.index("K")
    assert all(_number(c) >= 11 or _number(c) == 1 for c in group[:at]), group
    assert all(2 <= _number(c) <= 10 for c in group[at + 1 :]), group


def test_where_the_krook_is_the_lowest_trump_it_closes_the_trump_cards() -> None:
    codes, trump = _hand_in_play("keith", _krook)
    group = _trump_group(codes, trump)
    assert group[-1] == "K", group


@pytest.mark.parametrize("preset", ["five-handed", "kentucky-rook"])
def test_each_colour_runs_high_to_low_as_the_table_ranks_its_1s(preset: str) -> None:
    codes, _ = _hand_in_play(preset, _a_1_and_another_of_its_colour)
    ones_high = preset != "five-handed"  # five-handed plays 1s low (docs/RULES.md, presets)
    colours = {c[0] for c in codes if not c.startswith("K")}
    for colour in colours:
        numbers = [_number(c) for c in codes if c.startswith(colour)]
        ranked = [15 if n == 1 and ones_high else n for n in numbers]
        assert ranked == sorted(ranked, reverse=True), (preset, colour, numbers)
