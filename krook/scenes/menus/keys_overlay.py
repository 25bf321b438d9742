"""The list of keys, over whatever screen is showing (F1 or ?)."""

from __future__ import annotations

import pygame

from krook.scenes.base import Scene
from krook.scenes.common.menu import centred_panel

KEYS = [
    ("Left / Right", "Move among the cards you may choose, or the buttons"),
    ("Enter / Space", "Play or choose the card, press the button"),
    ("Up / Down, digits", "Change your bid (type 85 for 85)"),
    ("P", "Pass in the bidding"),
    ("R Y G B", "Name trump"),
    ("B", "Bury the chosen cards"),
    ("L", "Look at the last trick"),
    ("H", "A hint: what a strong player would do, and why"),
    ("U", "Undo your last move (against bots)"),
    ("Tab", "Between your hand and the buttons; next control"),
    ("Esc", "Menu (pause, settings, save and quit)"),
    ("F1 or ?", "This list of keys"),
    ("F11", "Fullscreen on or off"),
]


class KeysOverlay(Scene):
    opaque = False

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        t.resize(surface.get_size())
        t.dim(surface, 170)
        lh = t.px(36)
        # Wide enough for the longest line (large text included), never wider than the window.
        widest = max(t.font("body").size(what)[0] for _, what in KEYS)
        # the words start clear of the widest key chip (large text's "Up / Down, digits" ran into them)
        column = max(t.px(230), t.px(34) + max(t.font("body", True).size(k)[0] for k, _ in KEYS) + t.px(28))
        width = min(surface.get_width() - t.px(20), max(t.px(620), column + widest + t.px(36)))
        panel = centred_panel(t, surface, width, lh * len(KEYS) + t.px(120))
        t.text(surface, "Keys", (panel.x + t.px(28), panel.y + t.px(18)), "heading", t.p.text, True)
        y = panel.y + t.px(80)
        for key, what in KEYS:
            r = t.render(key, "body", t.p.text_dark, bold=True)
            chip = r.get_rect(topleft=(panel.x + t.px(34), y + t.px(4))).inflate(t.px(14), t.px(4))
            pygame.draw.rect(surface, t.p.panel_light, chip, border_radius=t.px(6))
            surface.blit(r, r.get_rect(center=chip.center))
            t.text(surface, what, (panel.x + column, y + t.px(4)), "body", t.p.text)
            y += lh
        t.text(
            surface,
            "Press any key to close",
            (panel.centerx, panel.bottom - t.px(12)),
            "caption",
            t.p.text_muted,
            anchor="midbottom",
        )
