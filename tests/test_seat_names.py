"""A computer player is never called "You": with seat 0 made a bot and its default name kept, the table
said "You's turn" and "You is bidding"."""

from __future__ import annotations

import pytest
from scene_helpers import click, make_app
from test_scenes_game import make_human, open_lobby, set_target_low


@pytest.fixture(autouse=True)
def _home(home, simple_bots):
    return home


def test_a_bot_at_seat_0_keeps_no_you():
    from krook.scenes.table import hud
    from krook.scenes.table.scene import TableScene

    app = make_app(bot_speed="instant", anim_speed="instant")
    lobby = open_lobby(app)
    make_human(app, lobby, 1)
    stepper = lobby.seat_rows[0][1]
    for _ in range(6):
        if stepper.value != "Human here":
            break
        click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert stepper.value != "Human here" and lobby.seat_rows[0][0].text == "You"
    set_target_low(app, lobby)
    click(app, lobby.start_btn.rect.center)
    table = app.stack.find(TableScene)
    players = table.session.view(None).players
    assert "You" not in players, players
    banners = set()
    for _ in range(400):
        app.frame([], dt=0.05)
        banners.add(hud.banner(table.state))
        if table.view.to_act == 1:
            break
    assert not any("You's" in b or "You is" in b for b in banners), banners
    table.session.close()
