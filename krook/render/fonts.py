"""Fonts for the whole app: the shipped Open Sans, cached per (weight, pixel size).

Scenes ask by role ("body", "title", ...) so that text sizes come from the one type scale in palette.py and
follow the window height and the large-text setting together.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Final

import pygame

from krook.paths import assets_root
from krook.render.palette import TYPE_SCALE, TypeScale

FONTS_DIR: Final = assets_root() / "fonts"
WEIGHTS: Final = {
    "regular": "OpenSans-Regular.ttf",
    "bold": "OpenSans-Bold.ttf",
    "extrabold": "OpenSans-ExtraBold.ttf",
}
ROLE_WEIGHTS: Final = {
    "caption": "regular",
    "body": "regular",
    "label": "bold",
    "title": "bold",
    "heading": "extrabold",
    "display": "extrabold",
}

_log = logging.getLogger(__name__)


class FontCache:
    def __init__(self, fonts_dir: Path | None = None, type_scale: TypeScale = TYPE_SCALE) -> None:
        self.fonts_dir = Path(fonts_dir) if fonts_dir is not None else FONTS_DIR
        self.type_scale = type_scale
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def get(self, role: str, screen_height: int = 720, large_text: bool = False) -> pygame.font.Font:
        """The font for a type-scale role ("caption", "body", "label", "title", "heading", "display")."""
        if role not in ROLE_WEIGHTS:
            raise ValueError(f"unknown text role {role!r}; expected one of {', '.join(ROLE_WEIGHTS)}")
        return self.sized(ROLE_WEIGHTS[role], self.type_scale.size(role, screen_height, large_text))

    def sized(self, weight: str, size_px: int) -> pygame.font.Font:
        """Open Sans at `weight` ("regular", "bold", "extrabold") and `size_px` pixels."""
        if weight not in WEIGHTS:
            raise ValueError(f"unknown font weight {weight!r}; expected one of {', '.join(WEIGHTS)}")
        key = (weight, max(1, int(size_px)))
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = self.fonts_dir / WEIGHTS[weight]
            try:
                font = pygame.font.Font(str(path), key[1])
            except (FileNotFoundError, OSError, pygame.error) as error:
                # pygame's built-in font keeps the game readable if the package lost its data files.
                _log.warning("font %s unavailable, using the default font: %s", path, error)
                font = pygame.font.Font(None, key[1])
            self._fonts[key] = font
        return font

    def line_height(self, role: str, screen_height: int = 720, large_text: bool = False) -> int:
        return self.get(role, screen_height, large_text).get_linesize()
