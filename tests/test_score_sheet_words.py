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


def _sheet_words(monkeypatch, preset: str) -> tuple[list[tuple[str, object]], dict]:
    """What the score sheet after a preset's first hand says, each line with its colour, and that hand's result."""
    from krook.app import App
    from krook.devtools.gallery import _table, advance, build_session
    from krook.rules import Phase
    from krook.scenes.table.score import ScoreSheetScene
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings(window_size=(1280, 720)))
    try:
        session = build_session(preset, seed=5)
        advance(session, lambda m: len(m.results) >= 1 and m.phase is Phase.HAND_OVER, limit=2000)
        last = session.view(None).results[-1]
        sheet = ScoreSheetScene(app.services, session, _table(app, session))
        said: list[tuple[str, object]] = []
        original = Theme.text

        def record(self, surface, text, pos, role, colour=None, *args, **kw):
            said.append((text, colour))
            return original(self, surface, text, pos, role, colour, *args, **kw)

        monkeypatch.setattr(Theme, "text", record)
        sheet.draw(pygame.Surface((1280, 720)))
        colours = sheet.theme.p
        session.close()
        return said, {"result": last, "success": colours.success, "danger": colours.danger}
    finally:
        monkeypatch.undo()
        pygame.quit()


def test_the_bonus_column_shows_only_where_a_hand_can_score_one(monkeypatch):
    """Kentucky Discard has no bonus of any kind (docs/RULES.md, Presets): its sheet has no column of zeros.
    The classic full deck gives 20 for most tricks, so its sheet keeps the column and fills it."""
    said, _ = _sheet_words(monkeypatch, "kentucky-discard")
    words = [w for w, _ in said]
    assert "Bonus" not in words and "This hand" in words and "Counters" in words

    said, facts = _sheet_words(monkeypatch, "classic-full-deck")
    words = [w for w, _ in said]
    assert "Bonus" in words
    result = facts["result"]
    assert 20 in result["bonuses"], result["bonuses"]  # most tricks went to one side
    # a delta keeps its colour in the column before the total, with or without the Bonus column
    for delta in result["deltas"]:
        if delta:
            colour = next(c for w, c in said if w == f"{delta:+d}")
            assert colour == (facts["success"] if delta > 0 else facts["danger"])
