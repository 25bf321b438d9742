"""History names a custom game by its settings ("Kentucky Discard, to 200"), not as the preset it started
from; a game kept before titles were stored still shows its preset's name."""

from __future__ import annotations

import pytest
from scene_helpers import make_app
from test_history_store import play_game

from krook.session import history


@pytest.fixture(autouse=True)
def _home(home):
    return home


def drawn_texts(app, scene, monkeypatch):
    seen: list[str] = []
    real = type(app.services.theme).text

    def text(self, surface, words, *a, **kw):
        seen.append(words)
        return real(self, surface, words, *a, **kw)

    monkeypatch.setattr(type(app.services.theme), "text", text)
    scene.draw(app.screen)
    return seen


def test_history_names_a_custom_game_by_its_settings(monkeypatch):
    from krook.scenes.archive.history import HistoryScene

    play_game(target=200)  # the preset plays to 300
    ann = history.load_history().player("Ann")
    assert ann is not None and ann.recent[-1].title == "Kentucky Discard, to 200"
    app = make_app()
    scene = HistoryScene(app.services, "Ann")
    titles = [w for w in drawn_texts(app, scene, monkeypatch) if w.startswith("Game 1 of")]
    assert titles and "Kentucky Discard, to 200" in titles[0], titles


def test_an_older_history_line_keeps_its_preset_name():
    line = history._game_line({"at": 1, "preset": "kentucky-discard", "columns": ["A", "B"], "series": []})
    assert line is not None and line.title == ""
