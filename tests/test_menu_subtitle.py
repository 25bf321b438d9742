"""A menu's subtitle starts below the ink of its title, in normal and large text: the "y" of "Play over the
internet" in large text reached into the subtitle's letters. (The layout probe forgives a line's leading, so it
cannot see this: the check here is on the letters themselves.)"""

from __future__ import annotations

import pygame
import pytest

from krook.app import MIN_SIZE
from krook.ui.theme import Theme

SIZES = [MIN_SIZE, (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def app():
    from krook.app import App
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings(window_size=(1280, 720)))
    yield app
    pygame.quit()


def _ink_bottom(theme: Theme, text: str, rect: pygame.Rect) -> int:
    """The lowest row of the title's letters on the screen (its descenders, if it has any)."""
    return rect.top + theme.render(text, "display", theme.p.text, True).get_bounding_rect().bottom


@pytest.mark.parametrize("scene_name", ["title", "internet"])
def test_the_subtitle_starts_below_the_titles_letters(app, scene_name, monkeypatch):
    from krook.scenes.internet.menu import InternetScene
    from krook.scenes.menus.title import TitleScene

    cls = {"title": TitleScene, "internet": InternetScene}[scene_name]
    theme = app.services.theme
    drawn: list[tuple[str, pygame.Rect]] = []
    original = Theme.text

    def record(self: Theme, surface: pygame.Surface, text: str, *args, **kw) -> pygame.Rect:
        rect = original(self, surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(Theme, "text", record)
    checked = 0
    try:
        for large in (False, True):
            theme.large_text = large
            theme._fonts.clear()
            theme._text_cache.clear()
            for size in SIZES:
                scene = cls(app.services)
                surface = pygame.Surface(size)
                drawn.clear()
                scene.draw(surface)
                title = next(r for s, r in drawn if s == cls.title)
                subtitle = next(r for s, r in drawn if s == cls.subtitle)
                letters = subtitle.top + theme.render(cls.subtitle, "label").get_bounding_rect().top
                bottom = _ink_bottom(theme, cls.title, title)
                assert letters > bottom, (
                    f"{scene_name} {size}{' large text' if large else ''}: the subtitle's letters start at "
                    f"{letters}, above the title's lowest letter at {bottom}"
                )
                checked += 1
    finally:
        theme.large_text = False
        theme._fonts.clear()
        theme._text_cache.clear()
    assert checked == 2 * len(SIZES)
