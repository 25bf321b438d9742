"""The pause menu over the table: resume, rules, settings, keys, or save and quit to the title."""

from __future__ import annotations

import pygame

from krook.scenes.base import Services
from krook.scenes.common.menu import MenuScene, centred_panel, layout_column
from krook.scenes.menus.keys_overlay import KeysOverlay
from krook.scenes.menus.rules_reader import RulesScene
from krook.scenes.menus.settings import SettingsScene
from krook.session.base import KeptHere
from krook.ui import Button


class PauseScene(MenuScene):
    opaque = False
    title = "Paused"

    def __init__(self, services: Services, saved: str = "The game is saved after every move.") -> None:
        super().__init__(services)
        self.saved = saved  # how this game is kept: saved here after every move, or kept by the LAN host
        self.quit_btn = Button("Save and quit to title", self.quit_to_title, "danger")
        self.set_buttons(
            [
                Button("Resume", self.back, "primary"),
                Button("Rules", lambda: self.stack.push(RulesScene(self.services))),
                Button("Settings", lambda: self.stack.push(SettingsScene(self.services))),
                Button("Keys", lambda: self.stack.push(KeysOverlay(self.services))),
                self.quit_btn,
            ]
        )

    def not_saved(self) -> str | None:
        """Why the game under the menu is not being saved (a copy opened read-only, a failing disk), or None."""
        table = self.stack.game()
        session = getattr(table, "session", None)
        problem = session.save_error if isinstance(session, KeptHere) else None
        return problem if isinstance(problem, str) and problem else None

    def saved_text(self) -> str:
        """The line under "Paused": how the game is kept, never "saved" when it is not."""
        return self.not_saved() or self.saved

    def quit_to_title(self) -> None:
        table = self.stack.game()
        if table is not None:
            table.session.close()
        self.stack.reset(self.services.go.title())

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        problem = self.not_saved()
        self.quit_btn.label = "Quit to title" if problem else "Save and quit to title"
        t.dim(surface, 170)
        panel = centred_panel(t, surface, t.px(400), t.px(440))
        t.text(
            surface, "Paused", (panel.centerx, panel.y + t.px(18)), "heading", t.p.text, True, anchor="midtop"
        )
        for i, line in enumerate(t.wrap(self.saved_text(), panel.w - t.px(40), "caption")[:2]):
            t.text(
                surface,
                line,
                (panel.centerx, panel.y + t.px(70) + i * t.font("caption").get_linesize()),
                "caption",
                t.p.danger if problem else t.p.text_muted,
                anchor="midtop",
            )
        layout_column(self.buttons, panel.centerx, panel.y + t.px(110), t.px(320), t.px(48), t.px(10))
        self.focus.draw(surface, t, self.focus.keyboard_used or self.services.keyboard_mode)
