"""Card images for the scenes, at the pixel size needed, cached.

The art itself belongs to ``krook.render`` (``CardArt``). While that module is not importable this adapter
falls back to the shipped SVG files, and failing those to plain painted cards, so the game always runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from krook.render.palette import PALETTE, mix

log = logging.getLogger(__name__)

CARD_RATIO = 0.7  # width / height


def card_width(height: int) -> int:
    return round(height * CARD_RATIO)


def _shared_art() -> Any | None:
    import importlib

    for module in ("krook.render.cards", "krook.render.card_art", "krook.render.art", "krook.render"):
        try:
            mod = importlib.import_module(module)
        except Exception:
            continue
        cls = getattr(mod, "CardArt", None)
        if cls is not None:
            try:
                from krook.paths import assets_root

                return cls(assets_root())
            except Exception:
                try:
                    return cls()
                except Exception:
                    log.warning("CardArt could not be built; using plain cards", exc_info=True)
    return None


class CardPainter:
    """``face(code, h)``, ``back(h)``, ``table(size)``: surfaces with per-pixel alpha, cached by size."""

    def __init__(self, colour_blind: bool = False, back_style: str = "classic") -> None:
        self.colour_blind = colour_blind
        self.back_style = back_style
        self._art = _shared_art()
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._table: dict[tuple[int, int], pygame.Surface | None] = {}

    def _remember(self, key: tuple[Any, ...], surf: pygame.Surface) -> pygame.Surface:
        if len(self._cache) > 400:
            self._cache.clear()
        self._cache[key] = surf
        return surf

    def _card(
        self,
        key: tuple[Any, ...],
        from_art: Callable[[Any], pygame.Surface | None],
        svg: tuple[str, str],
        height: int,
        painted: Callable[[], pygame.Surface],
    ) -> pygame.Surface:
        """A cached card image: from ``CardArt``, else the shipped SVG ``(folder, name)``, else painted."""
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        surf = None
        if self._art is not None:
            try:
                surf = from_art(self._art)
            except Exception:
                log.debug("CardArt failed for %s", key, exc_info=True)
        if surf is None:
            surf = self._svg(*svg, height)
        if surf is None:
            surf = painted()
        return self._remember(key, surf)

    def face(self, code: str, height: int) -> pygame.Surface:
        return self._card(
            ("f", code, height, self.colour_blind),
            lambda art: art.face(code, height, colour_blind=self.colour_blind),
            ("cards_cb" if self.colour_blind else "cards", f"{code}.svg"),
            height,
            lambda: self._painted_face(code, height),
        )

    def back(self, height: int) -> pygame.Surface:
        return self._card(
            ("b", height, self.back_style),
            lambda art: art.back(self.back_style, height),
            ("cards", "back.svg"),
            height,
            lambda: self._painted_back(height),
        )

    def table(self, size: tuple[int, int]) -> pygame.Surface | None:
        if size not in self._table:
            surf = None
            if self._art is not None and hasattr(self._art, "table"):
                try:
                    surf = self._art.table(size)
                except Exception:
                    surf = None
            self._table = {size: surf}
        return self._table[size]

    # -- fallbacks ----------------------------------------------------------------------------------------
    def _svg(self, folder: str, name: str, height: int) -> pygame.Surface | None:
        try:
            from krook.paths import asset_path

            path = asset_path(folder, name)
            return pygame.image.load_sized_svg(str(path), (card_width(height), height)).convert_alpha()
        except Exception:
            return None

    def _painted_face(self, code: str, h: int) -> pygame.Surface:
        from krook.ui.theme import _font_loader

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
