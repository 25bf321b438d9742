"""Keyboard burial: once every card to bury is chosen, Enter buries them (it used to put the focused card
back: 5 of 5 chosen, Enter, 4 of 5). Space still puts a chosen card back; Tab then Enter still buries."""

from __future__ import annotations

import pygame
from scene_helpers import key, make_app
from test_keyboard_play import move_focus_to
from test_scenes_game import start_game


def test_enter_after_the_last_card_buries(home, simple_bots, inline_bots):
    app = make_app()
    table = start_game(app, "kentucky-discard")
    for _ in range(3000):
        view = table.view
        if table.my_turn and table.panel_kind == "discard":
            break
        if table.my_turn and view.phase == "bidding":
            key(app, pygame.K_RETURN if not view.high_bid or view.high_bid < 100 else pygame.K_p)
        else:
            app.frame([], dt=0.05)
    else:
        raise AssertionError("the human never won a bid")
    rule = table.view.discard
    allowed = [c for c in table.hand_codes() if c in rule["allowed"]]
    chosen = list(rule["required"])
    chosen += [c for c in allowed if c not in chosen][: rule["count"] - len(chosen)]
    for code in chosen:
        move_focus_to(app, table, code)
        key(app, pygame.K_SPACE, " ")
    assert table.state.selected == set(chosen)
    key(app, pygame.K_SPACE, " ")  # Space puts the focused card back...
    assert len(table.state.selected) == len(chosen) - 1
    key(app, pygame.K_SPACE, " ")  # ...and takes it again
    key(app, pygame.K_RETURN)
    assert set(table.session.view(0).buried) == set(chosen)
