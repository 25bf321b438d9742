"""Cached card pictures for the table: rotated faces, dimmed faces, and a seat's fan of backs."""

from __future__ import annotations

from typing import Any

import pygame

from krook.rules import Rules
from krook.ui.theme import Theme


class CardSprites:
    def __init__(self, cards: Any, theme: Theme, rules: Rules | None = None) -> None:
        self.cards = cards
        self.rules = rules  # the table's, so a counter's face prints what it scores here
        self.theme = theme
        self._rotated: dict[tuple[str | None, int, float], pygame.Surface] = {}
        self._dims: dict[tuple[str, int, bool], pygame.Surface] = {}
        self.fans: dict[tuple[int, int, int], pygame.Surface] = {}

    def draw(
        self,
        surface: pygame.Surface,
        code: str | None,
        center: tuple[float, float],
        height: int,
        angle: float = 0.0,
        shadow: bool = True,
    ) -> pygame.Rect:
        """A face (or a back when ``code`` is None) centred on ``center``, tilted by ``angle`` degrees."""
        img: pygame.Surface = self.cards.face(code, height, self.rules) if code else self.cards.back(height)
        if angle:
            key = (code, height, angle)
            rotated = self._rotated.get(key)
            if rotated is None:
                if len(self._rotated) > 64:
                    self._rotated.clear()
                rotated = self._rotated[key] = pygame.transform.rotozoom(img, angle, 1.0)
            img = rotated
        rect = img.get_rect(center=(round(center[0]), round(center[1])))
        if shadow:
            self.theme.shadow(surface, rect, max(3, height // 14), spread=self.theme.px(7), alpha=85)
        surface.blit(img, rect)
        return rect

    def dimmed(self, code: str, height: int) -> pygame.Surface:
        """A card face darkened in place (its own shape, so rounded corners stay clean), cached."""
        cache = self._dims
        key = (code, height, self.cards.colour_blind)
        surf = cache.get(key)
        if surf is None:
            surf = self.cards.face(code, height, self.rules).copy()  # the dimmed copy is what gets drawn
            surf.fill((150, 156, 152), special_flags=pygame.BLEND_RGB_MULT)
            if len(cache) > 80:
                cache.clear()
            cache[key] = surf
        return surf

    def fan(self, count: int, spread: float, back_h: int) -> pygame.Surface:
        """A seat's face-down cards with their shadow as one cached picture (one blit per frame)."""
        key = (count, round(spread * 100), back_h)
        cache = self.fans
        fan = cache.get(key)
        if fan is None:
            theme = self.theme
            back = self.cards.back(back_h)
            pad = theme.px(6)
            total = round(back.get_width() + spread * (count - 1))
            fan = pygame.Surface((total + pad * 2, back_h + pad * 3), pygame.SRCALPHA)
            theme.shadow(fan, pygame.Rect(pad, pad, total, back_h), pad, spread=pad, alpha=70)
            for i in range(count):
                fan.blit(back, (round(pad + i * spread), pad))
            if len(cache) > 64:
                cache.clear()
            cache[key] = fan
        return fan
