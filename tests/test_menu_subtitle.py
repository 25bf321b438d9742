"""A big heading's next line starts below the heading's letters, in normal and large text: the "y" of "Play
over the internet" (and of "Pass to Peggy" on the hot-seat curtain) in large text reached into the letters of
the line under it. (The layout probe forgives a line's leading, so it cannot see this: the check here is on the
letters themselves.)"""

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


def test_the_curtains_next_line_starts_below_the_names_letters(app, monkeypatch):
    from krook.scenes.table.curtain import CurtainScene

    theme = app.services.theme
    drawn: list[tuple[str, pygame.Rect]] = []
    original = Theme.text

    def record(self: Theme, surface: pygame.Surface, text: str, *args, **kw) -> pygame.Rect:
        rect = original(self, surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(Theme, "text", record)
    heading, below = "Pass to Peggy", "Everyone else, please look away."
    try:
        for large in (False, True):
            theme.large_text = large
            theme._fonts.clear()
            theme._text_cache.clear()
            for size in SIZES:
                drawn.clear()
                CurtainScene(app.services, "Peggy", lambda: None).draw(pygame.Surface(size))
                title = next(r for s, r in drawn if s == heading)
                line = next(r for s, r in drawn if s == below)
                letters = line.top + theme.render(below, "label").get_bounding_rect().top
                bottom = _ink_bottom(theme, heading, title)
                assert letters > bottom, f"{size}{' large text' if large else ''}: {letters} <= {bottom}"
    finally:
        theme.large_text = False
        theme._fonts.clear()
        theme._text_cache.clear()


def test_the_watch_lists_rows_start_below_its_title(app, monkeypatch):
    from krook.devtools.gallery import scenes

    theme = app.services.theme
    drawn: list[tuple[str, pygame.Rect]] = []
    original = Theme.text

    def record(self: Theme, surface: pygame.Surface, text: str, *args, **kw) -> pygame.Rect:
        rect = original(self, surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    stack = scenes(app)["24-watch-list"]()
    monkeypatch.setattr(Theme, "text", record)
    try:
        for large in (False, True):
            theme.large_text = large
            theme._fonts.clear()
            theme._text_cache.clear()
            for size in SIZES:
                drawn.clear()
                stack[-1].draw(pygame.Surface(size))
                text, title = next((s, r) for s, r in drawn if s.startswith("Finished games"))
                bottom = (
                    title.top + theme.render(text, "title", theme.p.text, True).get_bounding_rect().bottom
                )
                top = stack[-1].list.rect.top
                assert top > bottom, (
                    f"{size}{' large text' if large else ''}: rows from {top}, title to {bottom}"
                )
    finally:
        theme.large_text = False
        theme._fonts.clear()
        theme._text_cache.clear()
