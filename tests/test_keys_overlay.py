"""The list of keys (F1): each key's chip ends a clear gap before its words begin, in normal and large text
(large text's "Up / Down, digits" chip ran into "Change your bid")."""

from __future__ import annotations

import pygame
import pytest

from krook.app import MIN_SIZE
from krook.ui.theme import Theme


@pytest.fixture(scope="module")
def app():
    from krook.app import App
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings(window_size=(1280, 720)))
    yield app
    pygame.quit()


def test_every_key_chip_ends_before_its_words(app, monkeypatch):
    from krook.scenes.menus.keys_overlay import KEYS, KeysOverlay

    theme = app.services.theme
    words: dict[str, pygame.Rect] = {}
    chips: list[pygame.Rect] = []
    text, rect = Theme.text, pygame.draw.rect

    def record_text(self, surface, s, *args, **kw):
        drawn = text(self, surface, s, *args, **kw)
        words[s] = drawn
        return drawn

    def record_rect(surface, colour, r, *args, **kw):
        if tuple(colour) == tuple(theme.p.panel_light):
            chips.append(pygame.Rect(r))
        return rect(surface, colour, r, *args, **kw)

    monkeypatch.setattr(Theme, "text", record_text)
    monkeypatch.setattr(pygame.draw, "rect", record_rect)
    try:
        for large in (False, True):
            theme.large_text = large
            theme._fonts.clear()
            theme._text_cache.clear()
            for size in (MIN_SIZE, (1280, 720), (1920, 1080)):
                words.clear()
                chips.clear()
                KeysOverlay(app.services).draw(pygame.Surface(size))
                assert len(chips) == len(KEYS)
                for chip, (key, what) in zip(chips, KEYS, strict=True):
                    assert words[what].left - chip.right >= theme.px(12), (
                        f"{size}{' large text' if large else ''}: the chip of {key!r} ends at {chip.right}, "
                        f"its words start at {words[what].left}"
                    )
    finally:
        theme.large_text = False
        theme._fonts.clear()
        theme._text_cache.clear()
