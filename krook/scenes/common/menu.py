"""What every menu screen shares: the felt backdrop, a heading, panels, a column or a row of buttons, and
the menu scene base."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from krook.scenes.base import Scene, Services
from krook.ui import Button, FocusGroup, Theme, Widget


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


def begin_screen(scene: Scene, surface: pygame.Surface, heading: str = "") -> Theme:
    """Start drawing a full screen: the backdrop, the theme sized to the window and, when given, the
    screen's heading in the top-left corner (``screen_margin`` from the edges)."""
    draw_backdrop(scene, surface)
    t = scene.theme
    t.resize(surface.get_size())
    if heading:
        margin = screen_margin(t)
        t.text(surface, heading, (margin, margin), "heading", t.p.text, True)
    return t


def screen_margin(theme: Theme) -> int:
    return theme.px(24)


def centred_panel(
    theme: Theme, surface: pygame.Surface, width: int, height: int, *, lift: int = 0, **style: Any
) -> pygame.Rect:
    """A panel ``width`` x ``height`` in the middle of ``surface`` (``lift`` pixels above it); ``style``
    goes to ``Theme.panel``. Returns its rect."""
    w, h = surface.get_size()
    panel = pygame.Rect(0, 0, width, height)
    panel.center = (w // 2, h // 2 - lift)
    theme.panel(surface, panel, **style)
    return panel


def titled_panel(theme: Theme, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
    """A panel with its title in the top-left corner (the side panels of the lobby and the LAN screens);
    returns where the title's letters end (large text's titles reach lower)."""
    theme.panel(surface, rect)
    top = rect.y + theme.px(14)
    theme.text(surface, title, (rect.x + theme.px(20), top), "title", theme.p.text, True)
    return theme.ink_bottom(title, top, "title", True)


def layout_row(
    widgets: Sequence[tuple[Widget, int]],
    right: int,
    bottom: int,
    height: int,
    gap: int,
    theme: Theme | None = None,
) -> None:
    """Widgets side by side along ``bottom``, right to left from ``right``: each given as (widget, width).
    With ``theme``, a button grows to show its whole label at its full size (large text needs it)."""
    for widget, width in widgets:
        if theme is not None and isinstance(widget, Button):
            width = max(width, widget.width_for(theme, height))
        widget.rect = pygame.Rect(0, 0, width, height)
        widget.rect.bottomright = (right, bottom)
        right = widget.rect.left - gap


def bottom_bar(
    theme: Theme,
    surface: pygame.Surface,
    widgets: Sequence[tuple[Widget, int]],
    right: int | None = None,
    height: int = 54,
) -> None:
    """A screen's buttons along its bottom edge, right to left from ``right`` (the screen margin by default);
    each given as (widget, width), the sizes before scaling."""
    w, h = surface.get_size()
    right = w - screen_margin(theme) if right is None else right
    scaled = [(widget, theme.px(width)) for widget, width in widgets]
    layout_row(scaled, right, h - theme.px(22), theme.px(height), theme.px(12), theme)


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

    def layout(self, surface: pygame.Surface, top: float = 0.42, height: int = 52, gap: int = 12) -> None:
        t = self.theme
        w, h = surface.get_size()
        layout_column(self.buttons, w // 2, round(h * top), t.px(320), t.px(height), t.px(gap))

    def draw_title(self, surface: pygame.Surface, y: float) -> None:
        t = self.theme
        w = surface.get_width()
        title = t.text(surface, self.title, (w / 2, y), "display", t.p.text, True, anchor="midtop")
        if self.subtitle:
            # below the title's ink: the "y" of "Play" in large text reached into the line under it
            top = max(y + t.px(74), t.ink_bottom(self.title, title.top, "display", True) + t.px(2))
            t.text(surface, self.subtitle, (w / 2, top), "label", t.p.text_muted, anchor="midtop")


class DialogScene(Scene):
    """A modal card over the dimmed screen: Esc or Enter closes it, and no input reaches the scenes below."""

    opaque = False

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.focus = FocusGroup()

    def close(self) -> None:
        self.stack.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        self.focus.handle_event(e)
        return True  # modal

    def dim(self, surface: pygame.Surface, alpha: int) -> Theme:
        """Start drawing: the theme sized to the window and the screen below dimmed by ``alpha``."""
        t = self.theme
        t.resize(surface.get_size())
        t.dim(surface, alpha)
        return t


def middle_cut(t: Any, text: str, width: int) -> str:
    """``text`` shortened in its middle with an ellipsis until it fits ``width`` pixels (a path keeps its
    start and its file name)."""
    font = t.font("body")
    if font.size(text)[0] <= width:
        return text
    keep = len(text)
    while keep > 2:
        keep -= max(1, keep // 10)
        cut = text[: keep // 2] + "…" + text[len(text) - (keep - keep // 2) :]
        if font.size(cut)[0] <= width:
            return cut
    return "…"
