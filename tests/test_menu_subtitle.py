"""A big heading's next line starts below the heading's letters, in normal and large text: the "y" of "Play
over the internet" (and of "Pass to Peggy" on the hot-seat curtain) in large text reached into the letters of
the line under it, and the watch list's first row touched its title. (The layout probe forgives a line's
leading, so it cannot see this: the check here is on the letters themselves.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator

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


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every line of text the theme draws from now on, with where it landed."""
    out: list[tuple[str, pygame.Rect]] = []
    original = Theme.text

    def record(self: Theme, surface: pygame.Surface, text: str, *args, **kw) -> pygame.Rect:
        rect = original(self, surface, text, *args, **kw)
        out.append((text, rect))
        return rect

    monkeypatch.setattr(Theme, "text", record)
    return out


def each_size(theme: Theme) -> Iterator[tuple[tuple[int, int], str]]:
    """Every window size in normal and then large text (the theme set for each), with its name."""
    try:
        for large in (False, True):
            theme.large_text = large
            theme._fonts.clear()
            theme._text_cache.clear()
            for size in SIZES:
                yield size, f"{size}{' large text' if large else ''}"
    finally:
        theme.large_text = False
        theme._fonts.clear()
        theme._text_cache.clear()


def letters(theme: Theme, text: str, rect: pygame.Rect, role: str, bold: bool) -> tuple[int, int]:
    """The top and bottom rows of ``text``'s letters as drawn in ``rect`` (descenders included)."""
    ink = theme.render(text, role, theme.p.text, bold).get_bounding_rect()
    return rect.top + ink.top, rect.top + ink.bottom


def check_below(
    theme: Theme,
    drawn: list[tuple[str, pygame.Rect]],
    draw: Callable[[pygame.Surface], object],
    heading: str,
    below: str,
    heading_role: str = "display",
) -> int:
    """Draw at every size and text size; ``below``'s letters start under ``heading``'s. Returns the count."""
    checked = 0
    for size, name in each_size(theme):
        drawn.clear()
        draw(pygame.Surface(size))
        top = next(r for s, r in drawn if s == heading)
        under = next(r for s, r in drawn if s == below)
        _, bottom = letters(theme, heading, top, heading_role, True)
        start, _ = letters(theme, below, under, "label", False)
        assert start > bottom, (
            f"{name}: {below!r} starts at {start}, above {heading!r}'s lowest letter at {bottom}"
        )
        checked += 1
    return checked


@pytest.mark.parametrize("scene_name", ["title", "internet"])
def test_the_subtitle_starts_below_the_titles_letters(app, drawn, scene_name):
    from krook.scenes.internet.menu import InternetScene
    from krook.scenes.menus.title import TitleScene

    cls = {"title": TitleScene, "internet": InternetScene}[scene_name]
    draw = lambda surface: cls(app.services).draw(surface)  # noqa: E731
    assert check_below(app.services.theme, drawn, draw, cls.title, cls.subtitle) == 2 * len(SIZES)


def test_the_curtains_next_line_starts_below_the_names_letters(app, drawn):
    from krook.scenes.table.curtain import CurtainScene

    draw = lambda surface: CurtainScene(app.services, "Peggy", lambda: None).draw(surface)  # noqa: E731
    heading, below = "Pass to Peggy", "Everyone else, please look away."
    assert check_below(app.services.theme, drawn, draw, heading, below) == 2 * len(SIZES)


def test_the_watch_lists_rows_start_below_its_title(app, drawn):
    from krook.devtools.gallery import scenes

    theme = app.services.theme
    scene = scenes(app)["24-watch-list"]()[-1]
    for size, name in each_size(theme):
        drawn.clear()
        scene.draw(pygame.Surface(size))
        text, title = next((s, r) for s, r in drawn if s.startswith("Finished games"))
        _, bottom = letters(theme, text, title, "title", True)
        assert scene.list.rect.top > bottom, f"{name}: rows from {scene.list.rect.top}, title to {bottom}"
