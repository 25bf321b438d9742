""" "How to play" is the table's own rules in plain words; the developer reference is one level down."""

from __future__ import annotations

import re

import pygame
import pytest
from scene_helpers import button, click, key, make_app

from krook.rules import PRESETS
from krook.scenes.menus.how_to_play import how_to_play


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_reads_as_sentences(name):
    rules = PRESETS[name].rules
    page = how_to_play(rules, PRESETS[name].title)
    assert f"start at {rules.min_bid} and go up by {rules.bid_step}" in page
    assert f"first to reach {rules.target} points" in page
    assert f"{len(rules.deck_cards)} cards" in page
    sections = re.findall(r"^## (\d)\. ", page, flags=re.M)
    assert sections == [str(i) for i in range(1, len(sections) + 1)] and len(sections) >= 6
    # no developer vocabulary: setting names, code values
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|=|\bTrue\b|\bFalse\b|\bNone\b", page), page


def test_rules_from_the_pause_menu_describe_the_table_and_open_the_reference(home, simple_bots):
    from test_scenes_game import start_game

    from krook.scenes.menus.rules_reader import RulesScene

    app = make_app()
    table = start_game(app, "call-partner")
    key(app, pygame.K_ESCAPE)
    click(app, button(app.stack.top, "Rules").rect.center)
    page = app.stack.top
    assert isinstance(page, RulesScene)
    rules = table.view.rules_obj
    assert f"start at {rules.min_bid}" in page.source and "calls a card" in page.source
    click(app, page.reference_btn.rect.center)
    reference = app.stack.top
    assert isinstance(reference, RulesScene) and reference is not page and reference.reference_btn is None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is page
    table.session.close()
