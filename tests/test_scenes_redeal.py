"""The out-of-turn redeal (docs/RULES.md, ``no_counter_redeal`` with ``redeal_any_time``): a player holding no
counters gets a Redeal button while others bid, and pressing it throws the cards in."""

from __future__ import annotations

import pygame
import pytest
from rules_helpers import scripted_deal
from scene_helpers import click, key, make_app

NO_COUNTERS = ["R6", "R7", "R8", "R9", "R11", "R12", "R13", "Y6", "Y7"]


def table_for(any_time: bool):
    from krook.rules import Match, get_preset
    from krook.scenes.table.scene import TableScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    overrides = {"no_counter_redeal": True, "redeal_any_time": any_time}
    rules = get_preset("kentucky-discard").rules.replace(**overrides)
    lobby = Lobby(
        [SeatConfig(n, "human" if i == 2 else "bot", "medium") for i, n in enumerate(["A", "B", "You", "D"])],
        overrides=overrides,
    )
    match = Match(rules, first_dealer=0, deal=scripted_deal(rules, {2: NO_COUNTERS}))
    session = LocalSession(match, lobby, threaded=False, autosave=False)
    session.bot_delay = 1e9  # the bot to bid (seat 1) thinks for ever: it stays someone else's turn
    app = make_app()
    table = TableScene(app.services, session)
    app.stack.push(table)
    for _ in range(40):
        app.frame([], dt=0.1)
    return app, table, match


@pytest.mark.parametrize("press", ["click", "key"])
def test_a_player_without_counters_redeals_out_of_turn(home, simple_bots, press):
    app, table, match = table_for(any_time=True)
    assert match.to_act == 1 and table.state.viewer == 2
    assert table.view.legal_actions().can_redeal
    button = table.redeal_button
    assert button.visible and table.state.boxes.get("Redeal") == button.rect
    hand = match.hand
    if press == "click":
        click(app, button.rect.center)
    else:
        key(app, pygame.K_r, "r")
    assert hand.thrown_in, "the redeal was not called"
    for _ in range(10):
        app.frame([], dt=0.1)
    assert table.view.phase != "bidding" and not table.redeal_offered()
    table.session.close()


def test_no_out_of_turn_redeal_without_the_setting(home, simple_bots):
    app, table, match = table_for(any_time=False)
    assert match.to_act == 1
    assert not table.view.legal_actions().can_redeal
    assert not table.redeal_button.visible
    key(app, pygame.K_r, "r")
    assert not match.hand.thrown_in
    table.session.close()
