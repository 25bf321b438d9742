"""Title, pause menu, settings, rules reader, hot-seat curtain, LAN placeholder and the keys overlay."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from krook import storage
from krook.settings_store import CARD_SIZES, SPEEDS
from krook.ui import Button, FocusGroup, Stepper, Toggle

from .base import Scene, Services

log = logging.getLogger(__name__)


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


class TitleScene(MenuScene):
    title = "Krook"
    subtitle = "The Rook card game for the family table"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        from krook.session.local import has_saved_game

        self.continue_btn = Button("Continue", self.resume, "primary")
        self.continue_btn.enabled = has_saved_game()
        buttons = [
            Button("New game", self.new_game, "primary" if not self.continue_btn.enabled else "secondary"),
            self.continue_btn,
            Button("Join LAN game", lambda: self.stack.push(LanJoinScene(self.services))),
            Button("Rules", lambda: self.stack.push(RulesScene(self.services))),
            Button("Settings", lambda: self.stack.push(SettingsScene(self.services))),
            Button("Quit", self.services.quit, "ghost"),
        ]
        self.set_buttons(buttons)
        if self.continue_btn.enabled:
            self.focus.focus(self.continue_btn)

    def on_enter(self) -> None:
        from krook.session.local import has_saved_game

        self.continue_btn.enabled = has_saved_game()

    def back(self) -> None:
        pass

    def new_game(self) -> None:
        from .lobby import LobbyScene

        self.stack.push(LobbyScene(self.services))

    def resume(self) -> None:
        from krook.session.local import LocalSession

        from .table import TableScene

        try:
            session = LocalSession.resume(bot_delay=self.services.settings.bot_delay)
        except storage.MissingFileError:
            self.services.messages.append("There is no saved game to continue.")
            self.continue_btn.enabled = False
            return
        except storage.StorageError as exc:
            moved = getattr(exc, "moved_to", None)
            kept = f" It was kept as {moved.name}." if moved else ""
            self.services.messages.append(f"The saved game could not be read and was set aside.{kept}")
            log.warning("resume failed: %s", exc)
            self.continue_btn.enabled = False
            return
        self.stack.push(TableScene(self.services, session))

    def update(self, dt: float) -> None:
        msgs = self.services.messages
        if msgs:
            self._msg_t = getattr(self, "_msg_t", 0.0) + dt
            if self._msg_t > 8.0:
                msgs.pop(0)
                self._msg_t = 0.0

    def animating(self) -> bool:
        return bool(self.services.messages)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        self._draw_fan(surface, w // 2, round(h * 0.14))
        self.draw_title(surface, h * 0.22)
        self.layout(surface, 0.42)
        self.focus.draw(surface, t, self.focus.keyboard_used)
        t.text(
            surface,
            "F1 or ? for keys",
            (w - t.px(16), h - t.px(12)),
            "caption",
            t.p.text_muted,
            anchor="bottomright",
        )
        if self.services.messages:
            msg = self.services.messages[0]
            lines = t.wrap(msg, t.px(700))
            lh = t.font("body").get_linesize()
            rect = pygame.Rect(0, 0, t.px(740), lh * len(lines) + t.px(24))
            rect.midbottom = (w // 2, h - t.px(40))
            t.panel(surface, rect, (70, 40, 30), edge=t.p.accent)
            for i, line in enumerate(lines):
                t.text(surface, line, (rect.centerx, rect.y + t.px(12) + i * lh), "body", anchor="midtop")

    def _draw_fan(self, surface: pygame.Surface, cx: int, cy: int) -> None:
        h = self.theme.px(120)
        for i, code in enumerate(("R14", "Y1", "K", "G10", "B5")):
            img = self.services.cards.face(code, h)
            angle = (2 - i) * 11
            rot = pygame.transform.rotozoom(img, angle, 1.0)
            x = cx + (i - 2) * self.theme.px(46)
            y = cy - self.theme.px(20) + abs(i - 2) * self.theme.px(8)
            rect = rot.get_rect(center=(x, y))
            surface.blit(rot, rect)


class PauseScene(MenuScene):
    opaque = False
    title = "Paused"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.set_buttons(
            [
                Button("Resume", self.back, "primary"),
                Button("Rules", lambda: self.stack.push(RulesScene(self.services))),
                Button("Settings", lambda: self.stack.push(SettingsScene(self.services))),
                Button("Keys", lambda: self.stack.push(KeysOverlay(self.services))),
                Button("Save and quit to title", self.quit_to_title, "danger"),
            ]
        )

    def quit_to_title(self) -> None:
        from .table import TableScene

        table = self.stack.find(TableScene)
        if table is not None:
            table.session.close()
        self.stack.reset(TitleScene(self.services))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        t.dim(surface, 170)
        w, h = surface.get_size()
        panel = pygame.Rect(0, 0, t.px(400), t.px(440))
        panel.center = (w // 2, h // 2)
        t.panel(surface, panel)
        t.text(
            surface, "Paused", (panel.centerx, panel.y + t.px(18)), "heading", t.p.text, True, anchor="midtop"
        )
        t.text(
            surface,
            "The game is saved after every move.",
            (panel.centerx, panel.y + t.px(70)),
            "caption",
            t.p.text_muted,
            anchor="midtop",
        )
        layout_column(self.buttons, panel.centerx, panel.y + t.px(110), t.px(320), t.px(48), t.px(10))
        self.focus.draw(surface, t, self.focus.keyboard_used)


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
        ]
        self.done = Button("Done", self.back, "primary")
        self.focus.set([w for _, w in self.rows] + [self.done])

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        row_h = t.px(50)
        panel = pygame.Rect(0, 0, t.px(640), row_h * len(self.rows) + t.px(170))
        panel.center = (w // 2, h // 2)
        t.panel(surface, panel)
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
            (panel.x + t.px(28), self.done.rect.centery),
            "caption",
            t.p.text_muted,
            anchor="midleft",
        )
        self.focus.draw(surface, t, True)

    def on_exit(self) -> None:
        self.services.save_settings()


BUILT_IN_RULES = """# Krook in brief
Four players in two partnerships (partners sit across). The deck is four colours, 5 to 14, plus the Krook.

## Bidding
Starting left of the dealer, bid in steps of 5 from the minimum (70) or pass. Once you pass you are out.
The highest bidder takes the nest, buries as many cards as the nest held and names trump.

## Play
Follow the colour led if you can; otherwise play anything. The highest trump wins, else the highest card of
the colour led. The Krook is the top trump and may be played at any time.

## Counting
Each 5 is worth 5, each 10 and 14 is worth 10, the Krook 20: 120 points a hand. The nest goes to whoever
takes the last trick. A bidding side that makes its bid scores what it took; otherwise it loses the bid.
The first side to 300 wins.
"""


def rules_text() -> str:
    """docs/RULES.md from a source checkout (or bundled next to the package), else a short summary."""
    from krook.paths import package_root

    for candidate in (
        package_root().parent / "docs" / "RULES.md",
        package_root() / "docs" / "RULES.md",
        package_root() / "assets" / "RULES.md",
    ):
        try:
            if candidate.is_file():
                return candidate.read_text(encoding="utf-8")
        except OSError:
            continue
    return BUILT_IN_RULES


class RulesScene(Scene):
    """A scrolling reader for the rules (Markdown headings, bullets and tables rendered simply)."""

    def __init__(self, services: Services, text: str | None = None) -> None:
        super().__init__(services)
        self.source = text if text is not None else rules_text()
        self.scroll = 0.0
        self._lines: list[tuple[str, str, bool, int]] = []
        self._width = 0
        self.back_btn = Button("Back", lambda: self.stack.pop(), "primary")

    def _build(self, width: int) -> None:
        t = self.theme
        out: list[tuple[str, str, bool, int]] = []
        in_table = False
        for raw in _paragraphs(self.source):
            line = raw.rstrip()
            if line.startswith("|"):
                cells = [c.strip() for c in line.strip("|").split("|")]
                if all(set(c) <= set("-: ") for c in cells):
                    continue
                text = "   ·   ".join(_plain(c) for c in cells)
                for piece in t.wrap(text, width - t.px(20), "caption", bold=not in_table):
                    out.append((piece, "caption", not in_table, t.px(20)))
                in_table = True
                continue
            in_table = False
            if not line.strip():
                out.append(("", "caption", False, 0))
                continue
            if line.startswith("#"):
                level = len(line) - len(line.lstrip("#"))
                role = "heading" if level == 1 else "title" if level == 2 else "label"
                out.append(("", "caption", False, 0))
                for piece in t.wrap(_plain(line.lstrip("# ")), width, role, True):
                    out.append((piece, role, True, 0))
                continue
            indent = 0
            stripped = line.lstrip()
            if stripped.startswith(("- ", "* ")) or stripped[:3].rstrip(".").isdigit():
                indent = t.px(22) + (len(line) - len(stripped)) * t.px(6)
                if stripped.startswith(("- ", "* ")):
                    stripped = "•  " + stripped[2:]
            for i, piece in enumerate(t.wrap(_plain(stripped), width - indent - t.px(20), "body")):
                out.append((piece, "body", False, indent + (t.px(18) if i and indent else 0)))
        self._lines = out
        self._width = width

    def handle_event(self, e: pygame.event.Event) -> bool:
        step = self.theme.px(40)
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.stack.pop()
            elif e.key in (pygame.K_DOWN, pygame.K_j):
                self.scroll += step
            elif e.key in (pygame.K_UP, pygame.K_k):
                self.scroll -= step
            elif e.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += step * 12
            elif e.key == pygame.K_PAGEUP:
                self.scroll -= step * 12
            elif e.key == pygame.K_HOME:
                self.scroll = 0
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.stack.pop()
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.scroll -= e.y * step * 2
            return True
        return self.back_btn.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        panel = pygame.Rect(0, 0, min(w - t.px(60), t.px(980)), h - t.px(60))
        panel.center = (w // 2, h // 2)
        t.panel(surface, panel, t.p.panel_light, alpha=255)
        inner = panel.inflate(-t.px(64), -t.px(110))
        inner.top = panel.top + t.px(28)
        if self._width != inner.w:
            self._build(inner.w)
        heights = [
            t.font(role, bold).get_linesize() if text or role != "caption" else t.px(10)
            for text, role, bold, _ in self._lines
        ]
        total = sum(heights)
        self.scroll = max(0.0, min(self.scroll, max(0, total - inner.h)))
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.y - self.scroll
        ink = t.p.text_dark
        for (text, role, bold, indent), lh in zip(self._lines, heights, strict=True):
            if y + lh >= inner.y and y <= inner.bottom and text:
                colour = (24, 84, 60) if role in ("heading", "title") else ink
                t.text(surface, text, (inner.x + indent, y), role, colour, bold)
            y += lh
        surface.set_clip(clip)
        if total > inner.h:
            bar_h = max(t.px(30), inner.h * inner.h // total)
            bar_y = inner.y + (inner.h - bar_h) * self.scroll / max(1, total - inner.h)
            pygame.draw.rect(
                surface,
                (180, 172, 156),
                (panel.right - t.px(18), bar_y, t.px(6), bar_h),
                border_radius=t.px(3),
            )
        self.back_btn.rect = pygame.Rect(0, 0, t.px(150), t.px(46))
        self.back_btn.rect.bottomright = (panel.right - t.px(24), panel.bottom - t.px(16))
        self.back_btn.draw(surface, t)
        t.text(
            surface,
            "Up, Down, Page Up, Page Down or the wheel to scroll · Esc to close",
            (panel.x + t.px(32), self.back_btn.rect.centery),
            "caption",
            (110, 104, 92),
            anchor="midleft",
        )


def _paragraphs(source: str) -> list[str]:
    """Markdown lines with hard-wrapped paragraphs and list items joined back into one line each."""
    out: list[str] = []
    joinable = False
    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        special = (
            not stripped
            or stripped.startswith(("#", "|", "- ", "* ", "```"))
            or stripped[:3].rstrip(".").isdigit()
        )
        if not special and joinable and out:
            out[-1] = out[-1] + " " + stripped
            continue
        out.append(line)
        joinable = bool(stripped) and not stripped.startswith(("#", "|", "```"))
    return out


def _plain(text: str) -> str:
    """Markdown emphasis, code and links reduced to their text."""
    import re

    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    return text.replace("**", "").replace("`", "").replace("__", "")


class CurtainScene(Scene):
    """Hot-seat: a full-screen curtain that hides every card until the named player is ready."""

    def __init__(self, services: Services, name: str, on_confirm: Callable[[], None]) -> None:
        super().__init__(services)
        self.name = name
        self.on_confirm = on_confirm
        self._armed = 0.25  # ignore clicks and keys in the first moment, so a held key can't pass it by

    def update(self, dt: float) -> None:
        self._armed = max(0.0, self._armed - dt)

    def animating(self) -> bool:
        return self._armed > 0

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self._armed > 0:
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            from .menus import PauseScene

            self.stack.push(PauseScene(self.services))
            return True
        if (e.type == pygame.KEYDOWN and e.key not in (pygame.K_F1,)) or (
            e.type == pygame.MOUSEBUTTONUP and e.button == 1
        ):
            self.stack.pop()
            self.on_confirm()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        surface.fill((14, 22, 20))
        for i in range(0, w, t.px(36)):
            shade = (18, 30, 27) if (i // t.px(36)) % 2 else (15, 25, 22)
            pygame.draw.rect(surface, shade, (i, 0, t.px(36), h))
        back = self.services.cards.back(t.px(170))
        surface.blit(back, back.get_rect(center=(w // 2, round(h * 0.32))))
        t.text(surface, f"Pass to {self.name}", (w / 2, h * 0.52), "display", t.p.text, True, anchor="midtop")
        t.text(
            surface,
            "Everyone else, please look away.",
            (w / 2, h * 0.52 + t.px(80)),
            "label",
            t.p.text_muted,
            anchor="midtop",
        )
        t.text(
            surface,
            f"{self.name}: press a key or click when ready",
            (w / 2, h * 0.52 + t.px(120)),
            "label",
            t.p.accent,
            True,
            anchor="midtop",
        )


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


KEYS = [
    ("Arrows", "Move between cards or buttons"),
    ("Enter / Space", "Play the card, press the button"),
    ("Up / Down, digits", "Change your bid (type 85 for 85)"),
    ("P", "Pass in the bidding"),
    ("R Y G B", "Name trump"),
    ("B", "Bury the chosen cards"),
    ("L", "Look at the last trick"),
    ("Tab", "Next control"),
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
        w, h = surface.get_size()
        lh = t.px(36)
        panel = pygame.Rect(0, 0, t.px(620), lh * len(KEYS) + t.px(120))
        panel.center = (w // 2, h // 2)
        t.panel(surface, panel)
        t.text(surface, "Keys", (panel.x + t.px(28), panel.y + t.px(18)), "heading", t.p.text, True)
        y = panel.y + t.px(80)
        for key, what in KEYS:
            r = t.render(key, "body", t.p.text_dark, bold=True)
            chip = r.get_rect(topleft=(panel.x + t.px(34), y + t.px(4))).inflate(t.px(14), t.px(4))
            pygame.draw.rect(surface, t.p.panel_light, chip, border_radius=t.px(6))
            surface.blit(r, r.get_rect(center=chip.center))
            t.text(surface, what, (panel.x + t.px(230), y + t.px(4)), "body", t.p.text)
            y += lh
        t.text(
            surface,
            "Press any key to close",
            (panel.centerx, panel.bottom - t.px(12)),
            "caption",
            t.p.text_muted,
            anchor="midbottom",
        )


def asset_dir() -> Path:
    from krook.paths import assets_root

    return assets_root()
