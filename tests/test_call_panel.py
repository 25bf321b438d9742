"""The call-a-card panel (Call Partner): a fan of cards per colour, trump first, two colours side by side. The
cards are big enough to read (they were a grid of 36-pixel cards at 1280x720), every callable card shows a
part of its own that a click calls, and the arrows walk the fans: Right runs on into the next colour, Down
goes to the colour below."""

from __future__ import annotations

import itertools

import pygame
import pytest
from test_table_layout import table_at

from krook.app import MIN_SIZE
from krook.rules import Call, parse_card
from krook.rules.cards import CARD_NAMES


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720), (1920, 1080)])
def test_every_callable_card_shows_a_part_a_click_calls(size):
    table, _ = table_at("call-partner", "call", size)
    calling = table.calling
    legal = {CARD_NAMES[c] for c in table.state.legal.calls()}
    shown = dict(table.call_rects)
    assert set(shown) == legal, "every card that may be called is in the panel, and only those"
    for (a, ra), (b, rb) in itertools.combinations(table.call_rects, 2):
        assert not ra.colliderect(rb), f"{size}: {a}'s showing part {ra} overlaps {b}'s {rb}"
    for code, rect in table.call_rects:
        assert table.state.boxes["decision panel"].contains(rect), (
            f"{size}: {code} {rect} is outside the panel"
        )
        assert calling.click_card(rect.center) == Call(parse_card(code)), f"{size}: a click on {code}"
    # big enough to read: a card's height is at least a tenth of the window's (36 px at 720 before)
    heights = {r.h for code, r in table.call_rects if calling.rects[-1][0] != code}
    assert min(heights) >= size[1] * 0.1, f"{size}: cards {min(heights)} px tall"


def test_a_fan_per_colour_trump_first_high_to_low():
    table, _ = table_at("call-partner", "call", (1280, 720))
    rows = table.calling.rows()
    trump = table.state.shown.trump
    assert trump and all(c.startswith(trump) or c.startswith("K") for c in rows[0])
    assert any(c.startswith("K") for c in rows[0]), "the Krook is in the trump row"
    for row in rows[1:]:
        assert len({c[0] for c in row}) == 1, row
    ys = {}
    for code, rect in table.call_rects:
        ys.setdefault(code[0] if not code.startswith("K") else trump, set()).add(rect.y)
    assert all(len(v) == 1 for v in ys.values()), "each colour lies on one line"


def test_the_arrows_walk_the_fans_and_enter_calls():
    table, _ = table_at("call-partner", "call", (1280, 720))
    calling = table.calling
    rows = calling.rows()
    state = table.state

    def press(key):
        assert calling.key(pygame.event.Event(pygame.KEYDOWN, key=key)) is True

    def focused():
        return calling.options()[state.focus_card]

    state.focus_card = 0
    press(pygame.K_DOWN)  # two colours side by side: Down goes to the third fan
    assert focused() == rows[2][0]
    press(pygame.K_UP)
    assert focused() == rows[0][0]
    for _ in range(len(rows[0]) - 1):
        press(pygame.K_RIGHT)
    assert focused() == rows[0][-1]
    press(pygame.K_RIGHT)  # on into the next colour
    assert focused() == rows[1][0]
    press(pygame.K_LEFT)
    assert focused() == rows[0][-1]
    action = calling.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert action == Call(parse_card(rows[0][-1]))


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_the_focus_starts_on_the_highest_trump_you_lack(seed, monkeypatch):
    from krook.devtools import gallery

    build = gallery.build_session
    monkeypatch.setattr(gallery, "build_session", lambda preset, **_: build(preset, seed=seed))
    table, _ = table_at("call-partner", "call", (1280, 720))
    mine = set(table.state.view.hand)
    focused = table.calling.options()[table.state.focus_card]
    trump = table.state.shown.trump
    assert focused not in mine, f"Enter at once would call {focused}, your own card: you would play alone"
    lacking = [c for c in table.calling.rows()[0] if c not in mine]
    assert focused == lacking[0] and focused[0] == trump, (focused, lacking)
