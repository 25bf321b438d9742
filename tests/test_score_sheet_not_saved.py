"""While saving fails, the score sheet says "Not saved" in its own footer; the app's red card (drawn under
the table's top-left panel) no longer covers the sheet's team names."""

from __future__ import annotations

import os

import pygame
import pytest
from scene_helpers import make_app


@pytest.fixture(autouse=True)
def _home(home):
    return home


def test_not_saved_on_the_score_sheet_covers_no_names(monkeypatch, tmp_path):
    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.score import ScoreSheetScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    app = make_app()
    session = LocalSession.new(
        Lobby([SeatConfig("Grandmother Josephine", "human")] + [SeatConfig(f"B{i}") for i in range(3)]),
        threaded=False,
    )
    for _ in range(500):  # one hand played out, so the sheet lists the sides' names under its heading
        view = session.view(0)
        if view.phase == "hand_over":
            break
        if view.my_turn:
            legal = view.legal_actions()
            session.submit(0, next(legal.discard.texts()) if view.phase == "discard" else view.legal[0])
        session.update(1.0)
    table = TableScene(app.services, session)
    app.stack.push(table)
    app.stack.apply()
    app.frame([], dt=0.0)
    session.save_error = "Saving failed: No space left on device (/home/someone/.local/share/krook)."
    said: list[tuple[str, pygame.Rect]] = []
    real = type(app.services.theme).text

    def text(self, surface, words, *a, **kw):
        rect = real(self, surface, words, *a, **kw)
        said.append((words, rect))
        return rect

    monkeypatch.setattr(type(app.services.theme), "text", text)
    sheet = ScoreSheetScene(app.services, session, table)
    app.stack.push(sheet)
    app.stack.apply()
    app.frame([], dt=0.0)
    pygame.image.save(
        app.screen, os.path.join(os.environ.get("KROOK_PNG_DIR", str(tmp_path)), "sheet_not_saved.png")
    )
    danger = app.services.theme.p.danger
    names = [r for w, r in said if "Grandmother" in w or w.startswith("B1")]
    assert names
    for rect in names:
        for x in range(rect.x, rect.right, 3):
            assert app.screen.get_at((x, rect.centery))[:3] != danger, f"the red card covers {rect}"
    footer = [(w, r) for w, r in said if w.startswith("Not saved")]
    assert footer and "No space left" in footer[0][0]
    assert not any(r.colliderect(b.rect) for _w, r in footer for b in sheet.buttons if b.visible)
    session.close()
