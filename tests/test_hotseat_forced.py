"""Hot-seat: a forced play (one legal card) plays itself with no hand-over; the curtain comes only when a
choice is next. Played through the real lobby and table with two humans at one screen."""

from __future__ import annotations

import pytest
from test_scenes_game import Driver, start_game


@pytest.fixture(autouse=True)
def _home(home, simple_bots):
    return home


def play_hand(app, table):
    """One hand through the UI; returns (curtains, curtains raised for a seat whose move was forced)."""
    from krook.scenes.table.curtain import CurtainScene

    driver = Driver(app)
    forced = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, CurtainScene):
            seat = table.session.view(None).players.index(top.name)
            view = table.session.view(seat)
            forced += view.phase == "play" and len(view.legal_actions().cards()) == 1
        driver.step()
        if driver.hands:
            return driver.curtains, forced
    raise AssertionError("the hand did not end")


def test_a_forced_card_plays_itself_without_a_curtain(home):
    from scene_helpers import make_app

    app = make_app(bot_speed="instant", anim_speed="instant")
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    assert table.hotseat
    curtains, forced = play_hand(app, table)
    print(f"{curtains} curtains in the hand, {forced} for a forced card")
    assert forced == 0
    assert curtains >= 4  # the choices still hand the screen over: bidding, the play
    # Both humans' last cards were played, with no one at the screen for them.
    assert all(size == 0 for size in table.session.view(None).hand_sizes)


def test_with_the_setting_off_every_card_is_the_players_own(home):
    from scene_helpers import make_app

    app = make_app(bot_speed="instant", anim_speed="instant", auto_finish=False)
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    _curtains, forced = play_hand(app, table)
    assert forced >= 2  # each human's last card at least: they asked to play it themselves
