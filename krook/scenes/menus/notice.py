"""A modal notice with a heading, a few lines and one to three buttons: problems the player must see
(Krook closed unexpectedly, the saved game is open elsewhere, a newer Krook's save was set aside)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pygame

from krook.scenes.base import Services
from krook.scenes.common.menu import DialogScene, centred_panel, layout_row
from krook.ui import Button, Theme
from krook.ui.theme import longest_fitting


def _prefix_width(font: pygame.font.Font, text: str, n: int) -> int:
    return font.size(text[:n])[0]


def wrap_all(t: Theme, text: str, width: int, role: str = "body", max_lines: int = 40) -> list[str]:
    """``t.wrap``, and a word wider than the line (a long folder path) broken after a slash, or anywhere:
    nothing is cut off at the panel's edge. At most ``max_lines`` lines, the last ending in an ellipsis when
    there was more: a screen shows no more."""
    font = t.font(role)
    out: list[str] = []
    for line in t.wrap(text, width, role):
        while len(out) <= max_lines and len(line) > 1 and font.size(line)[0] > width:
            cut = max(1, longest_fitting(partial(_prefix_width, font, line), len(line) - 1, width))
            slash = max(line.rfind("/", 0, cut), line.rfind("\\", 0, cut))
            if slash >= cut // 2:
                cut = slash + 1
            out.append(line[:cut])
            line = line[cut:]
        if len(out) > max_lines:
            break
        out.append(line)
    if len(out) > max_lines:
        out = out[:max_lines]
        out[-1] = t.fit(out[-1].rstrip() + "…", width, role)
    return out


class NoticeScene(DialogScene):
    """``choices`` are (label, action) pairs; the first is the primary one. Every button also closes the
    notice (before its action runs, so an action may push another scene). Esc closes it."""

    def __init__(
        self,
        services: Services,
        heading: str,
        body: str,
        choices: Sequence[tuple[str, Callable[[], Any]]] = (),
        *,
        danger: bool = False,
    ) -> None:
        super().__init__(services)
        self.heading = heading
        self.body = body
        self.danger = danger
        pairs = list(choices) or [("OK", lambda: None)]
        self.buttons = [
            Button(label, self._closing(action), "primary" if i == 0 else "secondary")
            for i, (label, action) in enumerate(pairs)
        ]
        self.focus.set(self.buttons)

    def _closing(self, action: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()

        return run

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.focus.focused
            (focused if isinstance(focused, Button) else self.buttons[0]).activate()
            return True
        return super().handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.dim(surface, 180)
        p = t.p
        w = surface.get_width()
        width = min(w - t.px(60), t.px(680))
        lines = wrap_all(t, self.body, width - t.px(64), "body", max_lines=10)
        lh = t.font("body").get_linesize()
        height = t.px(190) + lh * len(lines)
        panel = centred_panel(t, surface, width, height, edge=p.danger if self.danger else p.accent)
        t.text(
            surface, self.heading, (panel.centerx, panel.y + t.px(26)), "title", p.text, True, anchor="midtop"
        )
        for i, line in enumerate(lines):
            t.text(
                surface,
                line,
                (panel.centerx, panel.y + t.px(84) + i * lh),
                "body",
                p.text_muted,
                anchor="midtop",
            )
        widths = [
            max(t.px(150), t.render(b.label, "label", bold=True).get_width() + t.px(40)) for b in self.buttons
        ]
        total = sum(widths) + t.px(12) * (len(widths) - 1)
        right = panel.centerx + total // 2
        layout_row(
            list(zip(reversed(self.buttons), reversed(widths), strict=True)),
            right,
            panel.bottom - t.px(24),
            t.px(50),
            t.px(12),
        )
        self.focus.draw(surface, t, True)
