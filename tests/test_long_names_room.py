"""Long names use the room there is: the table's score box steps down to the caption size before it cuts a
side's name, and the score sheet's columns show as much of a name as the column holds (not 18 letters)."""

from __future__ import annotations

import os

import pytest
from scene_helpers import make_app


@pytest.fixture(autouse=True)
def _home(home):
    return home


def record_text(app, monkeypatch):
    said: list[str] = []
    real = type(app.services.theme).text

    def text(self, surface, words, *a, **kw):
        said.append(words)
        return real(self, surface, words, *a, **kw)

    monkeypatch.setattr(type(app.services.theme), "text", text)
    return said


def test_long_side_names_are_cut_only_where_they_must_be(monkeypatch, tmp_path):
    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.score import ScoreSheetScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    app = make_app()
    names = ["Grandmother Jo", "Ben", "Uncle Barty", "Cleo"]
    session = LocalSession.new(Lobby([SeatConfig(names[0], "human")] + [SeatConfig(n) for n in names[1:]]))
    table = TableScene(app.services, session)
    app.stack.push(table)
    app.stack.apply()
    said = record_text(app, monkeypatch)
    app.frame([], dt=0.0)
    label = session.view(None).columns[0]
    assert label == "Grandmother Jo & Uncle Barty"
    theme = app.services.theme
    box = table.state.layout.score_rect
    body_cut = theme.fit(label, box.w // 2, "body", True)  # what the body size alone left of it
    shown = [w for w in said if w.startswith("Grandmother")]
    assert shown, said
    assert len(shown[0].rstrip("…")) > len(body_cut.rstrip("…")) or shown[0] == label, (shown, body_cut)
    out = os.environ.get("KROOK_PNG_DIR", str(tmp_path))
    import pygame

    pygame.image.save(app.screen, os.path.join(out, "long_names_table.png"))
    said.clear()
    sheet = ScoreSheetScene(app.services, session, table)
    app.stack.push(sheet)
    app.stack.apply()
    app.frame([], dt=0.0)
    assert label in said, "the score sheet cut a name its column has room for"
    session.close()
