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
    note_is_clear(app)


def note_is_clear(app):
    """The coach's note covers nothing the table laid out: no seat, card, button, box or panel."""
    from krook.scenes.table.tutorial import TutorialTable

    table = app.stack.top
    if not isinstance(table, TutorialTable) or table.session.current is None:
        return
    note = table.coach_rect
    assert note.w and note.h
    for name, box in table.state.boxes.items():
        assert not note.colliderect(box), f"the note {note} covers the {name} {box}"
    for code, rect in table.card_rects:
        assert not note.colliderect(rect), f"the note {note} covers the card {code}"


def click_card(app, table, code):
    rect = dict(table.card_rects)[code]
    click(app, (rect.x + table.theme.px(8), rect.centery))  # the visible left edge of a fanned card


def test_the_guided_hand_teaches_each_phase_then_a_real_game_starts():
    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.tutorial import TutorialEndScene, TutorialTable

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
    assert [game.session.bot_strength(seat) for seat in range(4)] == [None, "easy", "easy", "easy"]
    game.session.close()


def test_the_guided_hand_is_never_saved(home):
    from krook.session.local import has_saved_game
    from krook.session.tutorial import TutorialSession

    s = TutorialSession.start()
    s.acknowledge()
    assert s.submit(0, "bid 70") is None
    assert not has_saved_game()
    assert s.undo(0) == "there is no undo in the guided hand"


def _learn_scene_loop(app, act):
    """Follow the guided hand to its end, calling ``act(table, lesson)`` whenever the player is to do
    something; returns the end scene."""
    from krook.scenes.table.tutorial import TutorialEndScene, TutorialTable

    table = app.stack.top
    assert isinstance(table, TutorialTable)
    session = table.session
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, TutorialEndScene):
            return top, session
        lesson = session.current
        view = table.view
        if top is table and (
            session.waiting or (table.idle and view.to_act == 0 and (view.legal or view.discard))
        ):
            act(table, lesson)
        settle(app, 3)
    raise AssertionError(f"the guided hand did not end; the note says {session.current}")


def test_a_new_player_finishes_the_guided_hand_with_the_keyboard_only():
    from test_keyboard_play import move_focus_to

    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.tutorial import TutorialTable

    app = make_app()
    title = app.stack.top
    learn = button(title, "Learn to play")
    for _ in range(len(title.focus.widgets)):
        if title.focus.focused is learn:
            break
        key(app, pygame.K_DOWN)
    assert title.focus.focused is learn
    key(app, pygame.K_RETURN)
    settle(app)
    assert isinstance(app.stack.top, TutorialTable)

    def act(table, lesson):
        if table.session.waiting:
            key(app, pygame.K_RETURN)  # Continue
            return
        _verb, _, arg = (lesson.expect if lesson is not None and lesson.expect else "").partition(" ")
        view = table.view
        if view.phase == "bidding":
            for digit in arg or str(view.legal_actions().bids()[0]):
                key(app, getattr(pygame, f"K_{digit}"), digit)
            key(app, pygame.K_RETURN)
        elif view.phase == "discard":
            for code in arg.split():
                move_focus_to(app, table, code)
                key(app, pygame.K_SPACE, " ")
            key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
        elif view.phase == "trump":
            key(app, pygame.K_b, "b")
        else:
            card = arg or next(a.split()[1] for a in view.legal if a.startswith("play "))
            move_focus_to(app, table, card)
            key(app, pygame.K_RETURN)

    _end, session = _learn_scene_loop(app, act)
    assert [lesson.key for lesson in session.lessons][: session.index][-1] == "free"
    assert not session.refusal  # every move was the one the note asked for
    key(app, pygame.K_RETURN)  # Play a game: the focus starts on it
    settle(app, 5)
    game = app.stack.top
    assert type(game) is TableScene and not isinstance(game, TutorialTable)
    game.session.close()


def test_a_new_player_finishes_the_guided_hand_with_the_mouse_only():
    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.tutorial import TutorialTable

    app = make_app()
    click(app, button(app.stack.top, "Learn to play").rect.center)
    settle(app)
    assert isinstance(app.stack.top, TutorialTable)

    def act(table, lesson):
        if table.session.waiting:
            click(app, table.continue_btn.rect.center)
            return
        _verb, _, arg = (lesson.expect if lesson is not None and lesson.expect else "").partition(" ")
        view = table.view
        if view.phase == "bidding":
            click(app, button(table, "Bid").rect.center)  # the panel starts at the least bid: the lesson's
        elif view.phase == "discard":
            for code in arg.split():
                click_card(app, table, code)
            click(app, button(table, "Bury").rect.center)
        elif view.phase == "trump":
            click(app, button(table, "Black").rect.center)
        else:
            card = arg or next(a.split()[1] for a in view.legal if a.startswith("play "))
            click_card(app, table, card)

    end, session = _learn_scene_loop(app, act)
    assert [lesson.key for lesson in session.lessons][: session.index][-1] == "free"
    click(app, end.play_btn.rect.center)
    settle(app, 5)
    game = app.stack.top
    assert type(game) is TableScene and not isinstance(game, TutorialTable)
    game.session.close()


def lesson_notes():
    """Each lesson's words as the guided hand writes them from the view at its step."""
    from krook.session.tutorial import TutorialSession

    s = TutorialSession.start()
    notes = {}
    for _ in range(400):
        if s.current is not None:
            notes.setdefault(s.current.key, s.note())
        if s.waiting:
            s.acknowledge()
        elif s.current is not None and s.current.expect:
            assert s.submit(0, s.current.expect) is None
        elif s.view(0).to_act == 0 and s.view(0).legal:
            s.submit(0, s.view(0).legal[0])
        s.update(0.5)
    s.close()
    return notes


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080), (3840, 2160)])
def test_every_lesson_fits_its_note_in_large_text(size):
    """Each lesson's note, with a refusal under it, fits the column the table keeps free for it."""
    from krook.scenes.common.table_layout import TableLayout
    from krook.scenes.table.tutorial import TutorialTable
    from krook.session.tutorial import LESSONS

    app = make_app(large_text=True)
    theme = app.services.theme
    theme.resize(size)
    table = TutorialTable.__new__(TutorialTable)  # only the note's geometry, no session
    table.theme = theme
    table.state = type("State", (), {"layout": TableLayout(size, theme, 1.0, 2, TutorialTable.aside)})()
    column = table.state.layout.aside_rect()
    notes = lesson_notes()
    for lesson in LESSONS:
        said = f"You can't play that here: {lesson.hint}" if lesson.expect else ""
        rect, lines, refusal, role = table._place_note(notes[lesson.key], said, lesson.needs_ack)
        width = max(
            [theme.font(role).size(line)[0] for line in lines]
            + [theme.font(role, True).size(line)[0] for line in refusal]
        )
        height = theme.px(52) + theme.font(role).get_linesize() * (len(lines) + len(refusal))
        assert column.contains(rect), lesson.key
        assert width <= rect.w - theme.px(32), lesson.key
        assert height + (theme.px(62) if lesson.needs_ack else 0) <= rect.h, lesson.key
