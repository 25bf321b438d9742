"""Containment (issue 26 item 3): an exception in a scene's event handling, update or drawing is logged with
a report, the game is kept, and the player sees a plain message with a way back — never a dead window."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import click, key, make_app


@pytest.fixture(autouse=True)
def _home(home, simple_bots, inline_bots):
    return home


class Boom(RuntimeError):
    pass


def _start_table(app):
    from krook.session.local import Lobby, SeatConfig

    names = ["Ann", "Bob", "Cy", "Di"]
    lobby = Lobby([SeatConfig(n, "human" if i == 0 else "bot", "simple") for i, n in enumerate(names)])
    lobby.seed = 7
    session = app.services.games.new_local(lobby)
    app.stack.push(app.services.go.table(session))
    for _ in range(5):
        app.frame([], dt=0.05)
    from krook.scenes.table.scene import TableScene

    table = app.stack.find(TableScene)
    assert table is not None
    return table


def _trouble(app):
    from krook.scenes.containment import TroubleScene

    top = app.stack.top
    assert isinstance(top, TroubleScene), type(top).__name__
    return top


def _labels(scene):
    return [b.label for b in scene.buttons]


def _press(app, scene, label):
    app.frame([], dt=0.02)  # drawn once: the buttons have their places
    button = next(b for b in scene.buttons if b.label == label)
    click(app, button.rect.center)


def test_an_error_in_a_screen_above_the_table_goes_back_to_the_table(monkeypatch):
    """Before: the exception left App.frame and the program ended."""
    from krook import app_log
    from krook.scenes.menus.pause import PauseScene

    app = make_app()
    table = _start_table(app)
    app.stack.push(app.services.go.pause())
    app.frame([], dt=0.02)
    assert isinstance(app.stack.top, PauseScene)

    def broken(self, e):
        raise Boom("a bug in the pause menu")

    monkeypatch.setattr(PauseScene, "handle_event", broken)
    key(app, pygame.K_DOWN)
    trouble = _trouble(app)
    assert _labels(trouble) == ["Back to the table", "Title"]
    assert "saved" in trouble.body
    reports = list(app_log.crash_dir().glob("crash-*.txt"))
    assert len(reports) == 1 and "a bug in the pause menu" in reports[0].read_text(encoding="utf-8")
    assert str(reports[0]) in trouble.body
    assert app_log.take_unseen_crash() is None  # told already: the next start does not call it a crash
    _press(app, trouble, "Back to the table")
    assert app.stack.top is table
    app.frame([], dt=0.02)
    assert app.running


def test_an_error_in_the_table_builds_the_table_again_on_the_same_game(monkeypatch):
    from krook.scenes.table.scene import TableScene

    app = make_app()
    table = _start_table(app)
    session = table.session
    original = TableScene.draw
    calls = {"n": 0}

    def draw_once_broken(self, surface):
        calls["n"] += 1
        if calls["n"] == 1:
            raise Boom("a bug in the table's drawing")
        original(self, surface)

    monkeypatch.setattr(TableScene, "draw", draw_once_broken)
    app.frame([], dt=0.02)  # the table draws and fails
    trouble = _trouble(app)
    assert _labels(trouble) == ["Back to the table", "Title"]
    _press(app, trouble, "Back to the table")
    app.frame([], dt=0.02)
    fresh = app.stack.top
    assert isinstance(fresh, TableScene) and fresh is not table
    assert fresh.session is session
    assert [type(s).__name__ for s in app.stack.scenes].count("TableScene") == 1


def test_an_error_in_update_offers_the_title_and_the_game_continues_from_it(monkeypatch):
    from krook.scenes.menus.title import TitleScene
    from krook.scenes.table.scene import TableScene

    app = make_app()
    table = _start_table(app)
    for _ in range(200):  # the bots bid until the game has moves saved
        if app.services.games.has_saved_game():
            break
        app.frame([], dt=0.05)
    assert app.services.games.has_saved_game()
    moves = table.session.version
    original = TableScene.update

    def broken(self, dt):
        raise Boom("a bug in the table's update")

    monkeypatch.setattr(TableScene, "update", broken)
    app.frame([], dt=0.02)
    trouble = _trouble(app)
    monkeypatch.setattr(TableScene, "update", original)
    _press(app, trouble, "Title")
    app.frame([], dt=0.02)
    assert isinstance(app.stack.top, TitleScene)
    assert len(app.stack.scenes) == 1
    assert app.services.games.has_saved_game()  # the game was kept: Continue picks it up
    assert app.services.games.resume_local(read_only=True).version == moves


def test_a_table_that_always_fails_leaves_only_the_title(monkeypatch):
    from krook.scenes.containment import MAX_TABLE_RETRIES
    from krook.scenes.table.scene import TableScene

    app = make_app()
    _start_table(app)

    def broken(self, surface):
        raise Boom("always")

    monkeypatch.setattr(TableScene, "draw", broken)
    for _ in range(MAX_TABLE_RETRIES):
        app.frame([], dt=0.02)
        trouble = _trouble(app)
        assert _labels(trouble)[0] == "Back to the table"
        _press(app, trouble, "Back to the table")
        app.frame([], dt=0.02)
    app.frame([], dt=0.02)
    trouble = _trouble(app)
    assert _labels(trouble) == ["Title"]
    assert app.running


def test_an_error_at_the_title_shows_the_message_and_escape_returns(monkeypatch):
    from krook.scenes.menus.title import TitleScene

    app = make_app()
    original = TitleScene.draw
    state = {"broken": True}

    def draw(self, surface):
        if state["broken"]:
            state["broken"] = False
            raise Boom("title")
        original(self, surface)

    monkeypatch.setattr(TitleScene, "draw", draw)
    app.frame([], dt=0.02)
    trouble = _trouble(app)
    assert _labels(trouble) == ["Title"]
    key(app, pygame.K_ESCAPE)
    app.frame([], dt=0.02)
    assert isinstance(app.stack.top, TitleScene)
