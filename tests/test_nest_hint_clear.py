"""The nest's hint box keeps clear of the raised cards' tops and their "nest" tags, at the smallest and a
large window (a guard: it covered them once)."""

from __future__ import annotations

import time

import pygame
import pytest
from scene_helpers import click, key, make_app


@pytest.fixture(autouse=True)
def _home(home):
    return home


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_nest_hint_covers_no_raised_card(size):
    from krook.scenes.table.tutorial import TutorialTable
    from krook.session.tutorial import TutorialSession

    app = make_app(anim_speed="instant", window_size=size)
    s = TutorialSession.start()
    for _ in range(50):
        if s.current is not None and s.current.key == "bury":
            break
        if s.waiting:
            s.acknowledge()
        elif s.current is not None and s.current.expect:
            assert s.submit(0, s.current.expect) is None
        s.update(1.0)
    table = TutorialTable(app.services, s)
    app.stack.push(table)
    app.stack.apply()
    for _ in range(10):
        app.frame([], dt=0.1)
    for code in ("R8", "Y8", "G6", "G9", "G10"):
        r = dict(table.card_rects)[code]
        click(app, (r.x + 8, r.centery))
    key(app, pygame.K_h, "h")
    for _ in range(500):
        time.sleep(0.01)
        app.frame([], dt=0.02)
        if not table.hinter.thinking:
            break
    for _ in range(5):
        app.frame([], dt=0.05)
    message = table.state.boxes["message"]
    tag = app.services.theme.font("caption", True).get_height()  # a "nest" tag sits on a card's top edge
    top = min(r.y for _c, r in table.card_rects) - tag
    assert message.bottom <= top, f"the hint {message} reaches the raised cards' tags at y={top}"
    s.close()
