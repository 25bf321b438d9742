"""Palette, type scale and cached fonts, sized to the window: every scene draws through one ``Theme``.

Text is drawn through the gate (``krook.text_gate.outside_text``): every font the theme hands out is a
:class:`GatedFont`, whose ``render`` and ``size`` clean and bound the text first and never raise on it, so
a name from the network, a file or a setting cannot end the window however it is drawn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from krook.render import fonts
from krook.render.palette import PALETTE, TYPE_SCALE, mix
from krook.text_gate import MAX_LINE, MAX_MULTILINE, outside_text

RGB = tuple[int, int, int]

log = logging.getLogger(__name__)

# What drawing text can raise in pygame: a NUL (ValueError), a lone surrogate (UnicodeEncodeError), a text
# too wide for a surface (pygame.error), memory. The gate removes the first two; the rest is caught.
_DRAW_ERRORS = (pygame.error, ValueError, UnicodeError, OverflowError, MemoryError, TypeError)


def _as_text(text: object) -> str:
    if isinstance(text, bytes | bytearray):
        return outside_text(bytes(text).decode("utf-8", "replace"))
    return outside_text("" if text is None else text, MAX_LINE)


def longest_fitting(width_of: Callable[[int], int], most: int, width: int) -> int:
    """The largest n in 0..most whose ``width_of(n)`` is within ``width`` (0 when none is), found by halving:
    a long text is measured a dozen times, not once per character (a 2,000-character path froze a frame)."""
    low, high = 0, most
    while low < high:
        mid = (low + high + 1) // 2
        if width_of(mid) <= width:
            low = mid
        else:
            high = mid - 1
    return low


class GatedFont(pygame.font.Font):
    """A font whose ``render`` and ``size`` take any text: it passes the gate first, and a text pygame
    still refuses draws as nothing (logged) instead of raising."""

    def render(
        self,
        text: object,
        antialias: bool | int,
        color: Any,
        bgcolor: Any = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        clean = _as_text(text)
        try:
            return super().render(clean, bool(antialias), color, bgcolor, wraplength)
        except _DRAW_ERRORS:
            log.warning("text could not be drawn: %r", clean[:80], exc_info=True)
            return pygame.Surface((1, max(1, self.get_height())), pygame.SRCALPHA)

    def size(self, text: object) -> tuple[int, int]:
        clean = _as_text(text)
        try:
            return super().size(clean)
        except _DRAW_ERRORS:
            return (0, self.get_height())


def load_gated_font(weight: str, size: int) -> GatedFont:
    """Open Sans at ``weight`` and ``size`` as a :class:`GatedFont`; pygame's own font when the shipped file
    is missing or damaged (checked as ``krook.render.fonts.load_font`` does)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = fonts.FONTS_DIR / fonts.WEIGHTS[weight]
    problem = fonts.font_problem(path)
    if problem is None:
        try:
            font = GatedFont(str(path), size)
            pygame.font.Font.render(font, "Kg", True, (0, 0, 0))
            if font.get_linesize() > 0:
                return font
            problem = "no line height"
        except (FileNotFoundError, OSError, ValueError, pygame.error) as error:
            problem = str(error) or type(error).__name__
    log.warning("font %s unusable, using the default font: %s", path, problem)
    return GatedFont(None, size)


_GATED_FONTS: dict[tuple[int, bool], GatedFont] = {}


def _font_loader() -> Callable[[int, bool], pygame.font.Font]:
    """A loader of gated fonts (Open Sans, shipped), shared and cached per size and weight."""
    cache = _GATED_FONTS

    def load(size: int, bold: bool) -> pygame.font.Font:
        key = (max(1, int(size)), bold)
        font = cache.get(key)
        if font is not None:
            try:
                font.get_height()  # a font made before pygame.font.quit() is dead: make it again
            except pygame.error:
                font = None
        if font is None:
            font = cache[key] = load_gated_font("bold" if bold else "regular", key[0])
        return font

    return load


class Theme:
    """Colours, sizes and fonts. ``resize(size)`` sets the unit ``u`` (1.0 at 720 px tall)."""

    def __init__(self, large_text: bool = False) -> None:
        self.p = PALETTE
        self.scale = TYPE_SCALE
        self.large_text = large_text
        self.size = (1280, 720)
        self.u = 1.0
        self._load = _font_loader()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text_cache: dict[tuple[str, int, bool, RGB], pygame.Surface] = {}
        self._ink_cache: dict[tuple[str, int, bool], int] = {}  # headings measured once, not every frame
        self._shadow_cache: dict[tuple[int, int, int, int], pygame.Surface] = {}
        self._rounded_cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self._text_cache.clear()
        w, h = size
        self.u = max(0.5, min(h / 720, w / 1280))

    def px(self, value: float) -> int:
        return max(1, round(value * self.u))

    def font_px(self, role: str) -> int:
        base = getattr(self.scale, role)
        return max(10, round(float(base * self.u * (1.2 if self.large_text else 1.0))))

    def font(self, role: str = "body", bold: bool = False, px: int | None = None) -> pygame.font.Font:
        size = px or self.font_px(role)
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = self._load(size, bold)
        return font

    def render(
        self,
        text: str,
        role: str = "body",
        colour: RGB | None = None,
        bold: bool = False,
        px: int | None = None,
    ) -> pygame.Surface:
        colour = colour or self.p.text
        size = px or self.font_px(role)
        text = _as_text(text)
        key = (text, size, bold, colour)
        surf = self._text_cache.get(key)
        if surf is None:
            if len(self._text_cache) > 800:
                self._text_cache.clear()
            surf = self._text_cache[key] = self.font(role, bold, size).render(text, True, colour)
        return surf

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        role: str = "body",
        colour: RGB | None = None,
        bold: bool = False,
        anchor: str = "topleft",
        px: int | None = None,
    ) -> pygame.Rect:
        surf = self.render(text, role, colour, bold, px)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(surf, rect)
        return rect

    def ink_bottom(self, text: str, top: int, role: str = "body", bold: bool = False) -> int:
        """The lowest row of ``text``'s letters drawn with its top at ``top``: below the descenders, if it has
        any, and above the font's empty leading, if not."""
        key = (text, self.font_px(role), bold)
        depth = self._ink_cache.get(key)
        if depth is None:
            if len(self._ink_cache) > 200:
                self._ink_cache.clear()
            depth = self._ink_cache[key] = (
                self.render(text, role, self.p.text, bold).get_bounding_rect().bottom
            )
        return top + depth

    def wrap(self, text: str, width: int, role: str = "body", bold: bool = False) -> list[str]:
        font = self.font(role, bold)
        text = outside_text(text, MAX_MULTILINE, multiline=True)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def elide(self, text: str, width: int, role: str = "body", bold: bool = False) -> str:
        """``text`` cut to ``width`` pixels with an ellipsis in the middle (a path keeps its start and end)."""
        font = self.font(role, bold)
        text = _as_text(text)
        if font.size(text)[0] <= width:
            return text
        half = len(text) // 2

        def cut(n: int) -> str:
            return f"{text[:n]}…{text[len(text) - n :]}" if n else "…"

        return cut(longest_fitting(lambda n: font.size(cut(n))[0], half, width))

    def fit(self, text: str, width: int, role: str = "body", bold: bool = False) -> str:
        """``text`` cut at the end to ``width`` pixels, with an ellipsis when anything was cut."""
        font = self.font(role, bold)
        text = _as_text(text)
        if font.size(text)[0] <= width:
            return text
        keep = longest_fitting(lambda n: font.size(f"{text[:n].rstrip()}…")[0], len(text), width)
        return f"{text[:keep].rstrip()}…" if keep else ""

    # -- shapes -------------------------------------------------------------------------------------------
    def shadow(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        radius: int,
        spread: int | None = None,
        alpha: int = 90,
        offset: tuple[int, int] | None = None,
    ) -> None:
        """A soft drop shadow under ``rect`` (a few stacked translucent rounded rects, cached by size)."""
        spread = spread if spread is not None else self.px(8)
        key = (rect.w, rect.h, radius, spread * 1000 + alpha)
        surf = self._shadow_cache.get(key)
        if surf is None:
            if len(self._shadow_cache) > 200:
                self._shadow_cache.clear()
            surf = pygame.Surface((rect.w + spread * 2, rect.h + spread * 2), pygame.SRCALPHA)
            steps = max(3, min(8, spread))
            for i in range(steps):
                grow = spread * (steps - i) // steps
                a = alpha * (i + 1) // (steps * 3)
                r = pygame.Rect(spread - grow, spread - grow, rect.w + grow * 2, rect.h + grow * 2)
                pygame.draw.rect(surf, (0, 0, 0, a), r, border_radius=radius + grow)
            self._shadow_cache[key] = surf
        ox, oy = offset if offset is not None else (0, self.px(4))
        surface.blit(surf, (rect.x - spread + ox, rect.y - spread + oy))

    def panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        colour: RGB | None = None,
        alpha: int = 235,
        radius: int | None = None,
        edge: RGB | None = None,
        shadow: bool = True,
    ) -> None:
        radius = radius if radius is not None else self.px(12)
        if shadow:
            self.shadow(surface, rect, radius)
        colour = colour or self.p.panel
        if alpha >= 255:
            pygame.draw.rect(surface, colour, rect, border_radius=radius)
        else:
            surface.blit(self.rounded((rect.w, rect.h), (*colour, alpha), radius), rect)
        pygame.draw.rect(surface, edge or self.p.panel_edge, rect, max(1, self.px(1)), border_radius=radius)

    def rounded(self, size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int) -> pygame.Surface:
        """A translucent rounded rectangle, cached (drawing alpha shapes every frame is slow)."""
        key = (size[0], size[1], radius, rgba)
        surf = self._rounded_cache.get(key)
        if surf is None:
            if len(self._rounded_cache) > 300:
                self._rounded_cache.clear()
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, rgba, surf.get_rect(), border_radius=radius)
            self._rounded_cache[key] = surf
        return surf

    def fade_edge(self, surface: pygame.Surface, rect: pygame.Rect, colour: RGB, *, at_top: bool) -> None:
        """Fade what is drawn in rect into colour toward one edge: a list cut by its panel's edge reads as
        "more this way" rather than as a half-drawn row."""
        key = ("fade", rect.w, rect.h, tuple(colour), at_top)
        surf = self._rounded_cache.get(key)
        if surf is None:
            if len(self._rounded_cache) > 300:
                self._rounded_cache.clear()
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            for y in range(rect.h):
                # solid at the edge, clear at the far side; eased so the text melts rather than stops
                t = (rect.h - y) / rect.h if at_top else (y + 1) / rect.h
                pygame.draw.line(surf, (*colour, round(255 * t**1.5)), (0, y), (rect.w - 1, y))
            self._rounded_cache[key] = surf
        surface.blit(surf, rect)

    def dim(self, surface: pygame.Surface, alpha: int = 150) -> None:
        surface.blit(self.rounded(surface.get_size(), (8, 14, 12, alpha), 0), (0, 0))

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table: a radial felt gradient with a soft vignette (cached per size by the caller)."""
        w, h = size
        small = pygame.Surface((64, 36))
        cx, cy = 32, 15
        for y in range(36):
            for x in range(64):
                d = (((x - cx) / 40) ** 2 + ((y - cy) / 26) ** 2) ** 0.5
                t = min(1.0, d)
                small.set_at((x, y), mix(self.p.felt_light, self.p.felt_dark, t**1.3))
        return pygame.transform.smoothscale(small, (w, h))
