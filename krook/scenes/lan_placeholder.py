"""The placeholder shown for joining a LAN game where LAN play is not offered."""

from __future__ import annotations

import pygame

from krook.ui import Button

from .base import Services
from .menu import MenuScene, draw_backdrop, layout_column


class LanJoinScene(MenuScene):
    title = "Join a LAN game"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.set_buttons([Button("Back", self.back, "primary")])

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        panel = pygame.Rect(0, 0, t.px(640), t.px(300))
        panel.center = (w // 2, h // 2)
        t.panel(surface, panel)
        t.text(
            surface,
            self.title,
            (panel.centerx, panel.y + t.px(24)),
            "heading",
            t.p.text,
            True,
            anchor="midtop",
        )
        for i, line in enumerate(
            t.wrap(
                "Games hosted on your home network will be listed here. LAN play is "
                "on its way in a coming version; for now, play at one screen with "
                "family and bots.",
                panel.w - t.px(80),
                "body",
            )
        ):
            t.text(
                surface,
                line,
                (panel.centerx, panel.y + t.px(96) + i * t.font("body").get_linesize()),
                "body",
                t.p.text_muted,
                anchor="midtop",
            )
        layout_column(self.buttons, panel.centerx, panel.bottom - t.px(76), t.px(200), t.px(48), 0)
        self.focus.draw(surface, t, True)
