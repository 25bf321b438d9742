"""The settings screen: one row per setting, applied and saved as they change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from krook.scenes.base import Services
from krook.scenes.common.menu import MenuScene, begin_screen, centred_panel
from krook.settings_store import CARD_SIZES, SPEEDS, file_locations, shown_path
from krook.ui import Button, Stepper, Toggle


class SettingsScene(MenuScene):
    """Every setting as a row: label on the left, control on the right. Changes apply and save at once."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        s = services.settings
        self.rows: list[tuple[str, Any]] = []

        def setter(name: str) -> Callable[[Any], None]:
            def apply(value: Any) -> None:
                setattr(s, name, value)
                self.services.apply_settings()
                if name == "fullscreen":
                    self.services.apply_display()

            return apply

        speed_fmt = lambda v: v.capitalize()  # noqa: E731
        self.rows = [
            ("Fullscreen", Toggle(s.fullscreen, setter("fullscreen"))),
            ("Animation speed", Stepper(SPEEDS, SPEEDS.index(s.anim_speed), setter("anim_speed"), speed_fmt)),
            (
                "Reduce motion",
                Toggle(s.reduce_motion, setter("reduce_motion"), tooltip="Shorter, calmer card movements"),
            ),
            ("Bot speed", Stepper(SPEEDS, SPEEDS.index(s.bot_speed), setter("bot_speed"), speed_fmt)),
            ("Sound", Toggle(s.sound, setter("sound"))),
            (
                "Volume",
                Stepper(
                    [round(v / 10, 1) for v in range(0, 11)],
                    round(s.volume * 10),
                    setter("volume"),
                    lambda v: f"{round(v * 100)}%",
                ),
            ),
            (
                "Colour-blind deck",
                Toggle(
                    s.colour_blind,
                    setter("colour_blind"),
                    tooltip="Each colour gets its own symbol and pattern",
                ),
            ),
            ("Card size", Stepper(CARD_SIZES, CARD_SIZES.index(s.card_size), setter("card_size"), speed_fmt)),
            ("Large text", Toggle(s.large_text, setter("large_text"))),
            (
                "Offer claims",
                Toggle(
                    s.offer_claims,
                    setter("offer_claims"),
                    tooltip="A Claim the rest button when every remaining trick is surely yours",
                ),
            ),
            (
                "Play a last card by itself",
                Toggle(s.auto_finish, setter("auto_finish"), tooltip="Your forced last card plays itself"),
            ),
        ]
        self.rows.append(
            (
                "Internet relay",
                Button(
                    "Your own" if (s.relay_url or "").strip() else "Krook's default",
                    lambda: self.stack.push(self.services.go.relay_setting()),
                    tooltip="The relay games over the internet meet at: Krook's default, or your own",
                ),
            )
        )
        self.locations = file_locations()
        for name in ("Saved games", "Logs"):
            self.rows.append(
                (name, Button("Open folder", self._opener(name), tooltip=str(self.locations[name])))
            )
        self.done = Button("Done", self.back, "primary")
        self.focus.set([w for _, w in self.rows] + [self.done])

    def _opener(self, name: str) -> Callable[[], None]:
        def open_it() -> None:
            from krook import desktop

            problem = desktop.open_folder(self.locations[name])
            if problem:
                self.services.messages.append(problem)

        return open_it

    def draw(self, surface: pygame.Surface) -> None:
        for (
            label,
            widget,
        ) in self.rows:  # back from the relay screen (it is pushed over this one): what it chose
            if label == "Internet relay" and isinstance(widget, Button):
                own = (self.services.settings.relay_url or "").strip()
                widget.label = "Your own" if own else "Krook's default"
        t = begin_screen(self, surface)
        # rows shrink to fit a small window (eleven rows of 50 would not fit 720 pixels)
        row_h = min(t.px(50), (surface.get_height() - t.px(190)) // len(self.rows))
        panel = centred_panel(t, surface, t.px(640), row_h * len(self.rows) + t.px(170))
        t.text(surface, "Settings", (panel.x + t.px(28), panel.y + t.px(18)), "heading", t.p.text, True)
        y = panel.y + t.px(84)
        for i, (label, widget) in enumerate(self.rows):
            if i % 2 == 0:
                stripe = pygame.Rect(panel.x + t.px(12), y, panel.w - t.px(24), row_h)
                pygame.draw.rect(surface, (34, 45, 56), stripe, border_radius=t.px(8))
            t.text(surface, label, (panel.x + t.px(28), y + row_h // 2), "label", t.p.text, anchor="midleft")
            if isinstance(widget, Toggle):
                widget.rect = pygame.Rect(panel.right - t.px(228), y + t.px(10), t.px(200), row_h - t.px(20))
            else:
                widget.rect = pygame.Rect(panel.right - t.px(248), y + t.px(8), t.px(220), row_h - t.px(16))
            y += row_h
        self.done.rect = pygame.Rect(0, 0, t.px(180), t.px(48))
        self.done.rect.bottomright = (panel.right - t.px(24), panel.bottom - t.px(20))
        t.text(
            surface,
            "Saved as you change them",
            (panel.right - t.px(28), panel.y + t.px(30)),
            "caption",
            t.p.text_muted,
            anchor="topright",
        )
        room = self.done.rect.left - panel.x - t.px(28) - t.px(16)  # clear of Done
        where = [
            t.elide(f"{name}: {shown_path(self.locations[name])}", room, "caption")
            for name in ("Saved games", "Logs")
        ]
        lh = t.font("caption").get_linesize()
        top = self.done.rect.centery - lh
        for i, line in enumerate(where):
            t.text(
                surface, line, (panel.x + t.px(28), top + i * lh), "caption", t.p.text_muted, anchor="midleft"
            )
        self.focus.draw(surface, t, True)

    def on_exit(self) -> None:
        self.services.save_settings()
