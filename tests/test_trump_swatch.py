"""The trump buttons' colour bars: the black one is edged so it reads on a dark button (it looked empty)."""

from __future__ import annotations

import pytest
from scene_helpers import button, make_app


@pytest.fixture(autouse=True)
def _home(home):
    return home


def test_the_black_bar_under_its_trump_button_is_edged():
    from krook.scenes.table.tutorial import TutorialTable
    from krook.session.tutorial import TutorialSession

    app = make_app(anim_speed="instant")
    session = TutorialSession.start()
    for _ in range(50):
        if session.current is not None and session.current.key == "trump":
            break
        if session.waiting:
            session.acknowledge()
        elif session.current is not None and session.current.expect:
            assert session.submit(0, session.current.expect) is None
        session.update(1.0)
    table = TutorialTable(app.services, session)
    app.stack.push(table)
    app.stack.apply()
    for _ in range(20):
        app.frame([], dt=0.1)
    black = button(table, "Black").rect
    theme = app.services.theme
    edge_y = black.bottom - theme.px(8) - 1  # just above the 4 px bar
    lum = [sum(app.screen.get_at((x, edge_y))[:3]) / 3 for x in range(black.centerx - 10, black.centerx + 10)]
    assert min(lum) > 120, lum
    session.close()
