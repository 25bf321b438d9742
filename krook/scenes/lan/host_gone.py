"""The dialog a LAN player sees when the host has left the game."""

from __future__ import annotations

from typing import Protocol

import pygame

from krook.scenes.base import Services
from krook.scenes.common.menu import DialogScene, centred_panel
from krook.ui import Button


class Closable(Protocol):
    def close(self) -> None: ...


class HostGoneScene(DialogScene):
    """A modal dialog: the host has left; Back to title (or Esc, Enter) closes the session."""

    def __init__(self, services: Services, session: Closable, detail: str = "") -> None:
        super().__init__(services)
        self.session = session
        self.detail = detail
        self.back_btn = Button("Back to title", self.close, "primary")
        self.focus.set([self.back_btn])

    def close(self) -> None:
        self.session.close()
        self.stack.reset(self.services.go.title())

    def draw(self, surface: pygame.Surface) -> None:
        t = self.dim(surface, 180)
        p = t.p
        w = surface.get_width()
        panel = centred_panel(t, surface, min(w - t.px(60), t.px(620)), t.px(300), edge=p.danger)
        t.text(
            surface,
            "The host has left the game",
            (panel.centerx, panel.y + t.px(28)),
            "title",
            p.text,
            True,
            anchor="midtop",
        )
        lines = t.wrap(
            (self.detail + " " if self.detail else "")
            + "The game is saved on the host's computer: when it hosts again, Join and you get your seat back.",
            panel.w - t.px(64),
            "body",
        )
        for i, line in enumerate(lines[:4]):
            t.text(
                surface,
                line,
                (panel.centerx, panel.y + t.px(90) + i * t.font("body").get_linesize()),
                "body",
                p.text_muted,
                anchor="midtop",
            )
        self.back_btn.rect = pygame.Rect(0, 0, t.px(240), t.px(52))
        self.back_btn.rect.midbottom = (panel.centerx, panel.bottom - t.px(22))
        self.focus.draw(surface, t, True)
