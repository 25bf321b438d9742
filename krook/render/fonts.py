"""Fonts for the whole app: the shipped Open Sans, cached per (weight, pixel size).

Scenes ask by role ("body", "title", ...) so that text sizes come from the one type scale in palette.py and
follow the window height and the large-text setting together.
"""

from __future__ import annotations

import logging
import struct
from array import array
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

# Tables every TrueType/OpenType font has; glyph outlines are in "glyf" or "CFF ".
_REQUIRED_TABLES: Final = (b"cmap", b"head", b"hhea", b"hmtx", b"maxp")
_verdicts: dict[Path, str | None] = {}


def font_problem(path: Path) -> str | None:
    """Why the font file at ``path`` must not be handed to FreeType, or None when it looks whole.

    A damaged TTF can crash FreeType deep in C (a NULL pointer, even a segfault) where Python can't catch
    it, so the file's structure is checked first: the table directory, the required tables, and every
    table's checksum (which catches flipped bytes and truncation). Results are cached per path.
    """
    path = Path(path)
    if path in _verdicts:
        return _verdicts[path]
    try:
        data = path.read_bytes()
    except OSError as e:
        verdict: str | None = f"unreadable: {e.strerror or e}"
    else:
        verdict = _sfnt_problem(data)
    _verdicts[path] = verdict
    return verdict


def _sfnt_problem(data: bytes) -> str | None:
    if len(data) < 12:
        return "too short to be a font"
    version, count = struct.unpack(">4sH", data[:6])
    if version not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        return f"not a TrueType/OpenType font (starts {version!r})"
    if not 1 <= count <= 200 or 12 + 16 * count > len(data):
        return f"bad table directory ({count} tables)"
    tables: dict[bytes, tuple[int, int]] = {}
    for i in range(count):
        tag, checksum, offset, length = struct.unpack(">4sLLL", data[12 + 16 * i : 28 + 16 * i])
        if offset + length > len(data):
            return f"table {tag!r} runs past the end of the file (truncated?)"
        chunk = data[offset : offset + length]
        if tag == b"head" and length >= 12:
            chunk = chunk[:8] + b"\x00\x00\x00\x00" + chunk[12:]  # checkSumAdjustment is left out of the sum
        if _checksum(chunk) != checksum:
            return f"table {tag!r} is damaged (checksum mismatch)"
        tables[tag] = (offset, length)
    missing = [t.decode() for t in _REQUIRED_TABLES if t not in tables]
    if missing or not (b"glyf" in tables or b"CFF " in tables):
        return f"missing font tables: {', '.join(missing) or 'glyph outlines'}"
    return None


def _checksum(chunk: bytes) -> int:
    padded = chunk + b"\x00" * (-len(chunk) % 4)
    words = array("I")
    if words.itemsize != 4:  # pragma: no cover - every platform Krook ships on has a 4-byte "I"
        return int(sum(struct.unpack(f">{len(padded) // 4}L", padded))) & 0xFFFFFFFF
    words.frombytes(padded)
    if struct.pack("=I", 1) != struct.pack(">I", 1):
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def load_font(path: Path, size: int) -> pygame.font.Font:
    """The font at ``path``, or pygame's built-in font when the file is missing or damaged.

    A glyph is rendered and measured before the font is used, so a file that passes the structure check
    but still can't be drawn is caught here rather than on the first frame.
    """
    problem = font_problem(path)
    if problem is None:
        try:
            font = pygame.font.Font(str(path), size)
            font.render("Kg", True, (0, 0, 0))
            if font.get_linesize() <= 0:
                raise ValueError("no line height")
            return font
        except (FileNotFoundError, OSError, ValueError, pygame.error) as error:
            problem = str(error) or type(error).__name__
    # pygame's built-in font keeps the game readable if the package lost or damaged its data files.
    _log.warning("font %s unusable, using the default font: %s", path, problem)
    return pygame.font.Font(None, size)


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
            font = self._fonts[key] = load_font(self.fonts_dir / WEIGHTS[weight], key[1])
        return font

    def line_height(self, role: str, screen_height: int = 720, large_text: bool = False) -> int:
        return self.get(role, screen_height, large_text).get_linesize()
