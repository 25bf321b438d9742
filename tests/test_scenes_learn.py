"""Learn to play: the guided hand through the real title, table and dialogs, with clicks and keys."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import button, click, key, make_app


@pytest.fixture(autouse=True)
def _home(home):
    return home


def settle(app, frames=30):
    for _ in range(frames):
        app.frame([], dt=0.05)


def click_card(app, table, code):
    rect = dict(table.state.card_rects)[code]
    click(app, (rect.x + table.theme.px(8), rect.centery))  # the visible left edge of a fanned card


def test_the_guided_hand_teaches_each_phase_then_a_real_game_starts():
    from krook.scenes.table import TableScene
    from krook.scenes.tutorial import TutorialEndScene, TutorialTable

    app = make_app()
    click(app, button(app.stack.top, "Learn to play").rect.center)
    settle(app)
    table = app.stack.top
    assert isinstance(table, TutorialTable)
    session = table.session
    seen = [session.current.key]
    assert seen == ["deal"] and session.waiting
    assert not table.undo.button.visible  # no Undo in the guided hand
    # While a note waits, the bots wait and clicks on the table do nothing.
    click(app, (640, 600))
    assert session.match.hand.actions == []
    click(app, table.continue_btn.rect.center)
    settle(app)
    assert session.current.key == "bid" and table.panel_kind == "bidding"
    # A wrong bid is refused with the reason, and the game does not move.
    key(app, pygame.K_UP)  # 75
    click(app, button(table, "Bid").rect.center)
    assert "not what this lesson teaches" in session.refusal
    assert session.match.hand.actions == []
    key(app, pygame.K_DOWN)
    click(app, button(table, "Bid").rect.center)
    settle(app, 60)
    assert session.current.key == "raise"
    assert session.match.hand.actions == ["bid 70", "bid 75", "pass", "pass"]
    click(app, button(table, "Bid").rect.center)  # the panel starts at the least legal bid: 80
    settle(app, 60)
    assert session.current.key == "bury" and table.panel_kind == "discard"
    for code in ("R8", "Y8", "G6", "G9", "G10"):
        click_card(app, table, code)
    click(app, button(table, "Bury").rect.center)
    settle(app, 30)
    assert session.current.key == "trump"
    click(app, button(table, "Black").rect.center)
    settle(app, 30)
    assert session.current.key == "krook"
    click_card(app, table, "B8")  # not the lesson's card
    assert session.refusal and "Lead the Krook" in session.refusal
    click_card(app, table, "K")
    settle(app, 80)
    assert session.current.key == "counters" and session.waiting
    key(app, pygame.K_RETURN)
    settle(app, 30)
    assert session.current.key == "pull"
    click_card(app, table, "B7")
    settle(app, 120)
    assert session.current.key == "follow"
    click_card(app, table, "B8")  # Cleo led Red: a Black card is against the rules
    assert session.refusal.startswith("must follow Red")
    click_card(app, table, "R14")
    settle(app, 120)
    assert session.current.key == "free"
    click(app, table.continue_btn.rect.center)
    # Free play: any legal card, until the hand is scored.
    for _ in range(300):
        if isinstance(app.stack.top, TutorialEndScene):
            break
        view = table.view
        if app.stack.top is table and table.idle and view.to_act == 0 and view.legal:
            click_card(app, table, view.legal[0].split()[1])
        settle(app, 4)
    end = app.stack.top
    assert isinstance(end, TutorialEndScene)
    result = session.view(None).results[-1]
    assert ("made it" if result["made"] else "were set") in end.text
    assert [lesson.key for lesson in session.lessons][: session.index] == [
        "deal",
        "bid",
        "raise",
        "bury",
        "trump",
        "krook",
        "counters",
        "pull",
        "follow",
        "free",
    ]
    click(app, end.play_btn.rect.center)
    settle(app, 5)
    game = app.stack.top
    assert type(game) is TableScene and not isinstance(game, TutorialTable)
    assert [type(b).__name__ for b in game.session._bots.values()] == ["EasyBot"] * 3
    game.session.close()


def test_the_guided_hand_is_never_saved(home):
    from krook.session.local import has_saved_game
    from krook.session.tutorial import TutorialSession

    s = TutorialSession.start()
    s.acknowledge()
    assert s.submit(0, "bid 70") is None
    assert not has_saved_game()
    assert s.undo(0) == "there is no undo in the guided hand"
