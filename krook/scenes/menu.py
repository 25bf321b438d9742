"""What every menu screen shares: the felt backdrop, a column of buttons, and the menu scene base."""

from __future__ import annotations

import pygame

from krook.ui import Button, FocusGroup

from .base import Scene, Services


def draw_backdrop(scene: Scene, surface: pygame.Surface) -> None:
    """The felt with a dark veil: the background of every menu."""
    size = surface.get_size()
    cache = getattr(scene, "_backdrop", None)
    if cache is None or cache.get_size() != size:
        felt = scene.services.cards.table(size) or scene.theme.felt(size)
        cache = felt.copy()
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((6, 16, 12, 120))
        cache.blit(veil, (0, 0))
        scene._backdrop = cache  # type: ignore[attr-defined]
    surface.blit(cache, (0, 0))


def layout_column(buttons: list[Button], center_x: int, top: int, width: int, height: int, gap: int) -> int:
    y = top
    for b in buttons:
        b.rect = pygame.Rect(0, 0, width, height)
        b.rect.midtop = (center_x, y)
        y += height + gap
    return y


class MenuScene(Scene):
    """A column of buttons under a title; Up/Down/Tab move, Enter picks, Esc backs out."""

    title = ""
    subtitle = ""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.focus = FocusGroup()
        self.buttons: list[Button] = []

    def set_buttons(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus.set(buttons)

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.focus.handle_event(e)

    def layout(self, surface: pygame.Surface, top: float = 0.42) -> None:
        t = self.theme
        w, h = surface.get_size()
        layout_column(self.buttons, w // 2, round(h * top), t.px(320), t.px(52), t.px(12))

    def draw_title(self, surface: pygame.Surface, y: float) -> None:
        t = self.theme
        w = surface.get_width()
        t.text(surface, self.title, (w / 2, y), "display", t.p.text, True, anchor="midtop")
        if self.subtitle:
            t.text(surface, self.subtitle, (w / 2, y + t.px(74)), "label", t.p.text_muted, anchor="midtop")
