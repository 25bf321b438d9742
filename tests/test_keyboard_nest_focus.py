"""The nest's keyboard focus starts on the first card of the new hand, however the bidding was won."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import button, click, key, make_app


@pytest.fixture(autouse=True)
def _home(home):
    return home


def frames(app, n=40):
    for _ in range(n):
        app.frame([], dt=0.05)


def test_the_tutorials_nest_focus_starts_on_the_first_card():
    app = make_app()
    click(app, button(app.stack.top, "Learn to play").rect.center)
    frames(app)
    table = app.stack.top
    session = table.session
    key(app, pygame.K_RETURN)  # the deal's note
    frames(app)
    # Move the hand's focus along while bidding, as a player trying the keys would.
    table.state.focus_card = 2
    key(app, pygame.K_RETURN)  # bid 70
    frames(app, 80)
    assert session.current.key == "raise"
    key(app, pygame.K_RETURN)  # bid 80
    frames(app, 80)
    assert table.panel_kind == "discard"
    assert table.state.focus_card == 0
    assert table.state.focus_zone.value == "hand"


def test_the_hotseat_nest_after_typing_120_and_a_curtain_starts_on_the_first_card():
    from krook.scenes.table.curtain import CurtainScene
    from krook.scenes.table.scene import TableScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    app = make_app()
    lobby = Lobby(
        [SeatConfig("Ann", "human"), SeatConfig("Bo", "human")]
        + [SeatConfig(n, "bot", "easy") for n in ("Cy", "Di")],
        # a fixed deal: with a random one an easy bot sometimes outbid the 120 typed and took the nest itself
        # (about one deal in 25, seed 24 among them), and the test failed with nobody's keyboard at fault
        seed=1,
    )
    session = LocalSession.new(lobby, bot_delay=0.0)
    app.stack.push(TableScene(app.services, session))
    for _ in range(400):
        app.frame([], dt=0.05)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            key(app, pygame.K_SPACE)  # at the curtain: Space, then Enter to bid
            continue
        if isinstance(top, TableScene) and top.panel_kind == "bidding":
            top.state.focus_card = 3
            for k in (pygame.K_1, pygame.K_2, pygame.K_0):
                key(app, k)
            key(app, pygame.K_RETURN)
        if isinstance(top, TableScene) and top.panel_kind == "discard":
            break
    table = app.stack.top
    assert isinstance(table, TableScene) and table.panel_kind == "discard"
    assert table.state.focus_card == 0
