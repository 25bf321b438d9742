"""The hand box names the game by its settings, as Watch a game and History do: a Kentucky Discard game
played to 50 reads 'Kentucky Discard, to 50' at the table, not the preset it started from."""

from __future__ import annotations

import pygame
import pytest


def drawn_texts(target: int | None) -> list[str]:
    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table.scene import TableScene
    from krook.session.lobby import Lobby
    from krook.session.local import LocalSession
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    lobby = Lobby.default()
    if target is not None:
        lobby.overrides = {"target": target}
    session = LocalSession.new(lobby, threaded=False)
    theme = Theme()
    services = Services(Settings(), theme, CardPainter(), SilentSound(), SceneStack())
    table = TableScene(services, session)
    texts: list[str] = []
    real = theme.text

    def spy(surface, text, *args, **kw):
        texts.append(text)
        return real(surface, text, *args, **kw)

    theme.text = spy  # type: ignore[method-assign]
    table.draw(pygame.Surface((1280, 800)))
    session.close()
    return texts


@pytest.mark.parametrize(("target", "title"), [(50, "Kentucky Discard, to 50"), (None, "Kentucky Discard")])
def test_the_hand_box_names_the_game_by_its_settings(home, target, title):
    pygame.init()
    texts = drawn_texts(target)
    assert title in texts, texts[:8]
    pygame.quit()


def test_a_game_title_names_what_changed() -> None:
    import dataclasses

    from krook.rules import PRESETS
    from krook.session.finished import game_title

    rules = PRESETS["kentucky-discard"].rules
    assert game_title("kentucky-discard", rules) == "Kentucky Discard"
    practice = dataclasses.replace(rules, target=50, practice_trump="B")
    assert game_title("kentucky-discard", practice) == "Kentucky Discard, to 50, practice, Black trump"
    many = dataclasses.replace(rules, min_bid=60, bid_step=10, must_trump=True, sweep_bonus=20)
    assert game_title("kentucky-discard", many).endswith(", 2 more changes")
