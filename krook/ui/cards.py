"""Card images for the scenes, at the pixel size needed, cached.

The art itself belongs to ``krook.render.card_art`` (``CardArt``). A damaged or missing card file is logged
once and drawn as a plain painted card, so a broken install still plays.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from krook.render.card_art import ART_KROOK_POINTS, ART_ONES_POINTS, CardArt, card_width
from krook.render.palette import PALETTE, mix
from krook.rules import Rules
from krook.ui.theme import _font_loader

log = logging.getLogger(__name__)
__all__ = ["ASSET_ERRORS", "CardPainter", "badge_points", "card_width"]

# What a damaged or missing asset raises while loading (pygame.error, or FileNotFoundError and friends).
ASSET_ERRORS = (pygame.error, OSError)


def badge_points(code: str, rules: Rules | None) -> int | None:
    """What ``code``'s badge should print under ``rules`` where that differs from the art (a 1 or a Krook
    at a table that scores it otherwise), else None: the art as drawn."""
    if rules is None:
        return None
    if code in ("K", "K2"):
        points, printed = rules.krook_points, ART_KROOK_POINTS
    elif code[1:] == "1":
        points, printed = rules.ones_points, ART_ONES_POINTS
    else:
        return None  # 5s, 10s and 14s score the same at every table
    return None if points == printed else points


class CardPainter:
    """``face(code, h)``, ``back(h)``, ``table(size)``: surfaces with per-pixel alpha, cached by size."""

    def __init__(self, colour_blind: bool = False, back_style: str = "classic") -> None:
        self.colour_blind = colour_blind
        self.back_style = back_style
        self._art = CardArt()
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._table: dict[tuple[int, int], pygame.Surface | None] = {}
        self._warned: set[str] = set()

    def _remember(self, key: tuple[Any, ...], surf: pygame.Surface) -> pygame.Surface:
        if len(self._cache) > 400:
            self._cache.clear()
        self._cache[key] = surf
        return surf

    def _card(
        self,
        key: tuple[Any, ...],
        from_art: Callable[[CardArt], pygame.Surface],
        painted: Callable[[], pygame.Surface],
    ) -> pygame.Surface:
        """A cached card image from ``CardArt``, or painted when its file is damaged or missing."""
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        try:
            surf = from_art(self._art)
        except ASSET_ERRORS as exc:
            self._warn(str(key[:2]), "card art %s unavailable, painting it instead: %s", key[:2], exc)
            surf = painted()
        return self._remember(key, surf)

    def _warn(self, what: str, message: str, *args: object) -> None:
        if what not in self._warned:
            self._warned.add(what)
            log.warning(message, *args)

    def face(self, code: str, height: int, rules: Rules | None = None) -> pygame.Surface:
        """A card's face, to be drawn; with the table's ``rules``, its badge prints what a counter scores
        there (the art prints the default table's points)."""
        return self._face(code, height, badge_points(code, rules))

    def warm(self, code: str, height: int, rules: Rules | None = None) -> None:
        """Render a face ahead into the cache (nothing is drawn), so its first use never stalls a frame."""
        self._face(code, height, badge_points(code, rules))

    def _face(self, code: str, height: int, points: int | None) -> pygame.Surface:
        return self._card(
            ("f", code, height, self.colour_blind, points),
            lambda art: art.face(code, height, colour_blind=self.colour_blind, points=points),
            lambda: self._painted_face(code, height),
        )

    def symbol(self, colour: str, size_px: int, rgb: tuple[int, int, int]) -> pygame.Surface | None:
        """Colour ``colour``'s symbol (sun, star, leaf, moon) in ``rgb``, or None when the art is unavailable."""
        key = ("s", colour, size_px, rgb)
        surf = self._cache.get(key)
        if surf is None:
            try:
                surf = self._remember(key, self._art.symbol(colour, size_px, rgb))
            except ASSET_ERRORS as exc:
                self._warn("symbol", "colour symbols unavailable: %s", exc)
                return None
        return surf

    def back(self, height: int) -> pygame.Surface:
        return self._card(
            ("b", height, self.back_style),
            lambda art: art.back(self.back_style, height),
            lambda: self._painted_back(height),
        )

    def table(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The felt at ``size``, or None (the scene fills plain felt colour) when its file is damaged."""
        if size not in self._table:
            surf = None
            try:
                surf = self._art.table(size)
            except ASSET_ERRORS as exc:
                self._warn("table", "table art unavailable, using plain felt: %s", exc)
            self._table = {size: surf}
        return self._table[size]

    # -- fallbacks ----------------------------------------------------------------------------------------
    def _painted_face(self, code: str, h: int) -> pygame.Surface:
        w = card_width(h)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(3, h // 14)
        pygame.draw.rect(s, PALETTE.card_face, s.get_rect(), border_radius=r)
        pygame.draw.rect(s, PALETTE.card_edge, s.get_rect(), max(1, h // 120), border_radius=r)
        load = _font_loader()
        if code.startswith("K"):
            colour = PALETTE.krook if code == "K" else PALETTE.krook2
            inner = s.get_rect().inflate(-w // 6, -h // 8)
            pygame.draw.rect(s, colour, inner, border_radius=r)
            f = load(max(8, h // 5), True)
            t = f.render("KROOK", True, PALETTE.gold)
            s.blit(t, t.get_rect(center=inner.center))
            return s
        letter, number = code[0], code[1:]
        ink = PALETTE.ink(letter, self.colour_blind)
        f = load(max(8, h // 6), True)
        t = f.render(number, True, ink.ink)
        if number in (
            "6",
            "9",
        ):  # upside down they read as each other: a bar under the numeral tells them apart
            t = t.copy()
            bar = max(1, t.get_height() // 14)
            pygame.draw.rect(t, ink.ink, (0, t.get_height() - bar * 2, t.get_width(), bar))
        s.blit(t, (h // 20, h // 40))
        big = load(max(8, h // 3), True).render(number, True, ink.fill)
        pygame.draw.ellipse(s, ink.light, s.get_rect().inflate(-w // 3, -h // 3))
        s.blit(big, big.get_rect(center=(w // 2, h // 2)))
        t2 = pygame.transform.rotate(t, 180)
        s.blit(t2, t2.get_rect(bottomright=(w - h // 20, h - h // 40)))
        return s

    def _painted_back(self, h: int) -> pygame.Surface:
        w = card_width(h)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(3, h // 14)
        pygame.draw.rect(s, (250, 246, 236), s.get_rect(), border_radius=r)
        inner = s.get_rect().inflate(-max(4, h // 14), -max(4, h // 14))
        pygame.draw.rect(s, (128, 34, 40), inner, border_radius=max(2, r - 2))
        step = max(4, h // 12)
        line = mix((128, 34, 40), (255, 220, 200), 0.25)
        s.set_clip(inner)
        for x in range(-h, w + h, step):
            pygame.draw.line(s, line, (inner.x + x, inner.y), (inner.x + x + inner.h, inner.bottom), 1)
        s.set_clip(None)
        pygame.draw.rect(s, PALETTE.gold, inner, max(1, h // 90), border_radius=max(2, r - 2))
        return s
