"""The score sheet names the called card in words ("called Yellow 14 (Ben)"), as the table does, not by its
code ("Y14")."""

from __future__ import annotations

import pygame

from krook.ui.theme import Theme


def test_the_called_card_is_named_in_words(monkeypatch):
    from krook.app import App
    from krook.devtools.gallery import _table, advance, build_session
    from krook.rules import Phase
    from krook.scenes.common.table_model import describe
    from krook.scenes.table.score import ScoreSheetScene
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings(window_size=(1280, 720)))
    try:
        session = build_session("call-partner", seed=5)
        advance(session, lambda m: len(m.results) >= 1 and m.phase is Phase.HAND_OVER, limit=2000)
        last = session.view(None).results[-1]
        assert last.get("called"), "this deal's hand has a called card"
        table = _table(app, session)
        sheet = ScoreSheetScene(app.services, session, table)
        said: list[str] = []
        original = Theme.text

        def record(self, surface, text, *args, **kw):
            said.append(text)
            return original(self, surface, text, *args, **kw)

        monkeypatch.setattr(Theme, "text", record)
        sheet.draw(pygame.Surface((1280, 720)))
        head = next(s for s in said if " bid " in s and "called" in s)
        assert f"called {describe(last['called'])}" in head, head
        assert last["called"] not in head.split(), head
        session.close()
    finally:
        pygame.quit()
