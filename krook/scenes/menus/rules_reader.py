"""The rules reader: docs/RULES.md (or a short built-in summary) in a scrolling page."""

from __future__ import annotations

import logging

import pygame

from krook.scenes.base import Scene, Services
from krook.scenes.common.menu import begin_screen, centred_panel
from krook.ui import Button

log = logging.getLogger(__name__)

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
        except (OSError, UnicodeDecodeError) as exc:
            # a damaged or unreadable copy: the next one, or the summary, still lets the family read the rules
            log.warning("cannot read the rules at %s: %s", candidate, exc)
    return BUILT_IN_RULES


class RulesScene(Scene):
    """A scrolling reader for the rules (Markdown headings, bullets and tables rendered simply)."""

    def __init__(self, services: Services, text: str | None = None) -> None:
        super().__init__(services)
        # Without a text: "How to play" in plain words for the game at the table (or the usual game), with
        # the developer reference one level down behind its own button (R).
        self.source = text if text is not None else self._plain_words()
        self.scroll = 0.0
        self._lines: list[tuple[str, str, bool, int]] = []
        self._width = 0
        self.back_btn = Button("Back", lambda: self.stack.pop(), "primary")
        self.reference_btn: Button | None = None
        if text is None:
            self.reference_btn = Button(
                "Full reference",
                lambda: self.stack.push(RulesScene(self.services, rules_text())),
                "secondary",
            )

    def _plain_words(self) -> str:
        from krook.rules import PRESETS, get_preset
        from krook.scenes.menus.how_to_play import how_to_play

        table = self.stack.game() if self.services.stack is not None else None
        if table is not None:
            view = table.view
            title = PRESETS[view.preset].title if view.preset in PRESETS else "your table's rules"
            return how_to_play(view.rules_obj, title)
        preset = get_preset("kentucky-discard")
        return how_to_play(preset.rules, preset.title + " (the game a new table starts with)")

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
            elif e.key == pygame.K_r and self.reference_btn is not None:
                self.reference_btn.activate()
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.scroll -= e.y * step * 2
            return True
        if self.reference_btn is not None and self.reference_btn.handle_event(e):
            return True
        return self.back_btn.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface)
        w, h = surface.get_size()
        panel = centred_panel(
            t, surface, min(w - t.px(60), t.px(980)), h - t.px(60), colour=t.p.panel_light, alpha=255
        )
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
        self.back_btn.draw(surface, t, self.services.keyboard_mode)
        if self.reference_btn is not None:
            self.reference_btn.rect = pygame.Rect(0, 0, t.px(190), t.px(46))
            self.reference_btn.rect.midright = (self.back_btn.rect.x - t.px(12), self.back_btn.rect.centery)
            self.reference_btn.draw(surface, t)
        t.text(
            surface,
            "Up, Down or the wheel to scroll · Esc to close"
            + (" · R: full reference" if self.reference_btn else ""),
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
