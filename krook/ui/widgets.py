"""The widgets. Each has a ``rect`` (set by the scene's layout), ``handle_event(e) -> bool`` and
``draw(surface, theme, focused)``. A :class:`FocusGroup` moves the keyboard focus and draws the ring."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from krook.render.palette import mix

from .theme import Theme

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_focus_ring(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, radius: int | None = None
) -> None:
    """The one focus ring of the app: a bright outline just outside ``rect``."""
    radius = radius if radius is not None else theme.px(10)
    gap = theme.px(3)
    ring = rect.inflate(gap * 2, gap * 2)
    pygame.draw.rect(surface, theme.p.focus_ring, ring, max(2, theme.px(3)), border_radius=radius + gap)


def draw_tooltip(
    surface: pygame.Surface, theme: Theme, text: str, anchor: pygame.Rect, max_width: int | None = None
) -> pygame.Rect:
    """A dark bubble with wrapped text above ``anchor`` (below it when there is no room)."""
    max_width = max_width or theme.px(360)
    pad = theme.px(10)
    lines = theme.wrap(text, max_width - pad * 2, "caption")
    lh = theme.font("caption").get_linesize()
    w = min(max_width, max(theme.font("caption").size(line)[0] for line in lines) + pad * 2)
    h = lh * len(lines) + pad * 2
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = (anchor.centerx, anchor.top - theme.px(6))
    if rect.top < 0:
        rect.midtop = (anchor.centerx, anchor.bottom + theme.px(6))
    rect.clamp_ip(surface.get_rect())
    theme.panel(surface, rect, (20, 26, 32), alpha=245, radius=theme.px(8))
    for i, line in enumerate(lines):
        theme.text(surface, line, (rect.x + pad, rect.y + pad + i * lh), "caption")
    return rect


def _draw_box(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    fill: tuple[int, int, int],
    edge: tuple[int, int, int],
) -> int:
    """The rounded, edged box of a value widget (stepper, text field); returns its corner radius."""
    radius = theme.px(8)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(1, theme.px(1)), border_radius=radius)
    return radius


class Widget(ABC):
    focusable = True

    def __init__(self, tooltip: str = "") -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.hover = False
        self.tooltip = tooltip
        self.visible = True
        # A row of a scrolling list is hidden while scrolled out of view, yet Tab must still reach it: its scene
        # scrolls the focus into view.
        self.in_scroll_list = False

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.contains(e.pos)
        return False

    def key(self, e: pygame.event.Event) -> bool:
        """A key while focused."""
        return False

    def blur(self) -> None:  # noqa: B027 - most widgets keep no state for the focus
        """The keyboard focus has left this widget."""

    @abstractmethod
    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool = False) -> None: ...


class Button(Widget):
    """``style``: primary (gold), secondary (slate), danger, ghost (text only)."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any],
        style: str = "secondary",
        tooltip: str = "",
        hotkey: int | None = None,
    ) -> None:
        super().__init__(tooltip)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.hotkey = hotkey
        self._pressed = False

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.on_click()

    @staticmethod
    def label_roles(theme: Theme, height: int) -> tuple[str, ...]:
        """The text sizes a button of this height tries, largest first."""
        return ("label", "body", "caption") if height >= theme.px(44) else ("body", "caption")

    def width_for(self, theme: Theme, height: int) -> int:
        """The narrowest width that shows the label at the largest size this height takes."""
        return theme.font(self.label_roles(theme, height)[0], True).size(self.label)[0] + theme.px(24)

    def handle_event(self, e: pygame.event.Event) -> bool:
        super().handle_event(e)
        if not self.visible:
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.contains(e.pos):
            self._pressed = True
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            pressed_here, self._pressed = self._pressed, False
            if self.contains(e.pos) and pressed_here:  # a press that began elsewhere does not click
                self.activate()
                return True
        if e.type == pygame.KEYDOWN and self.hotkey is not None and e.key == self.hotkey and self.enabled:
            self.activate()
            return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in ACTIVATE_KEYS:
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool = False) -> None:
        if not self.visible:
            return
        p = theme.p
        radius = theme.px(10)
        r = self.rect
        if self.style == "primary":
            fill, ink = p.accent, p.text_dark
        elif self.style == "danger":
            fill, ink = p.danger, p.text
        elif self.style == "ghost":
            fill, ink = None, p.text
        else:
            fill, ink = (52, 66, 80), p.text
        if not self.enabled:
            fill = (58, 64, 70) if fill else None
            ink = (128, 134, 138)
        elif self.hover or self._pressed:
            fill = mix(fill, (255, 255, 255), 0.14) if fill else (255, 255, 255)
        if fill is not None:
            if self.enabled:
                theme.shadow(surface, r, radius, spread=theme.px(5), alpha=70, offset=(0, theme.px(3)))
            pygame.draw.rect(surface, fill, r, border_radius=radius)
            pygame.draw.line(
                surface,
                mix(fill, (255, 255, 255), 0.3),
                (r.x + radius, r.y + 1),
                (r.right - radius, r.y + 1),
                max(1, theme.px(1)),
            )
        elif self.hover:
            pygame.draw.rect(surface, (255, 255, 255), r, max(1, theme.px(1)), border_radius=radius)
        roles = self.label_roles(theme, r.h)
        # The largest text that fits the button (a long label in a narrow column steps down a size).
        role = next(
            (ro for ro in roles if theme.font(ro, True).size(self.label)[0] <= r.w - theme.px(8)), "caption"
        )
        theme.text(surface, self.label, r.center, role, ink, bold=True, anchor="center")
        if focused:
            draw_focus_ring(surface, theme, r, radius)


class Toggle(Widget):
    def __init__(self, value: bool, on_change: Callable[[bool], Any], tooltip: str = "") -> None:
        super().__init__(tooltip)
        self.value = value
        self.on_change = on_change

    def flip(self) -> None:
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def handle_event(self, e: pygame.event.Event) -> bool:
        super().handle_event(e)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.contains(e.pos):
            self.flip()
            return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in (*ACTIVATE_KEYS, pygame.K_LEFT, pygame.K_RIGHT):
            self.flip()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool = False) -> None:
        p = theme.p
        h = min(self.rect.h, theme.px(28))
        w = h * 2 - theme.px(4)
        track = pygame.Rect(0, 0, w, h)
        track.midright = self.rect.midright
        on = self.value
        colour = p.success if on else (70, 80, 90)
        if not self.enabled:
            colour = mix(colour, (60, 60, 60), 0.6)
        pygame.draw.rect(surface, colour, track, border_radius=h // 2)
        knob_r = h // 2 - theme.px(3)
        cx = track.right - h // 2 if on else track.left + h // 2
        pygame.draw.circle(surface, (250, 250, 248), (cx, track.centery), knob_r)
        label = "On" if on else "Off"
        theme.text(
            surface,
            label,
            (track.left - theme.px(8), track.centery),
            "caption",
            p.text_muted,
            anchor="midright",
        )
        if focused:
            draw_focus_ring(surface, theme, track, h // 2)


class Stepper(Widget):
    """A value picked from a list with ◀ ▶ (arrows when focused, clicks on either half)."""

    def __init__(
        self,
        values: Sequence[Any],
        index: int,
        on_change: Callable[[Any], Any],
        fmt: Callable[[Any], str] = str,
        tooltip: str = "",
        wrap: bool = False,
    ) -> None:
        super().__init__(tooltip)
        self.values = list(values)
        self.index = max(0, min(index, len(self.values) - 1))
        self.on_change = on_change
        self.fmt = fmt
        self.wrap = wrap
        self._role_key: tuple[Any, ...] | None = None
        self._role = "body"

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def step(self, d: int) -> None:
        if not self.enabled or not self.values:
            return
        n = len(self.values)
        new = (self.index + d) % n if self.wrap else max(0, min(n - 1, self.index + d))
        if new != self.index:
            self.index = new
            self.on_change(self.value)

    def font_role(self, theme: Theme) -> str:
        """One text size for every value (body, or caption when the widest value needs it), so a row of
        steppers over the same values reads alike whichever value each shows."""
        room = self.rect.w - self.rect.h * 2
        key = (room, theme.font_px("body"), tuple(self.values))
        if self._role_key != key:
            font = theme.font("body", True)
            widest = max((font.size(self.fmt(v))[0] for v in self.values), default=0)
            self._role_key, self._role = key, "body" if widest <= room else "caption"
        return self._role

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        s = self.rect.h
        return pygame.Rect(self.rect.x, self.rect.y, s, s), pygame.Rect(
            self.rect.right - s, self.rect.y, s, s
        )

    def handle_event(self, e: pygame.event.Event) -> bool:
        super().handle_event(e)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.contains(e.pos):
            self.step(-1 if e.pos[0] < self.rect.centerx else 1)
            return True
        if e.type == pygame.MOUSEWHEEL and self.hover:
            self.step(1 if e.y > 0 else -1)
            return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(-1)
            return True
        if e.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.step(1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool = False) -> None:
        p = theme.p
        r = self.rect
        radius = _draw_box(surface, theme, r, (36, 46, 56), p.panel_edge)
        left, right = self._arrows()
        ink = p.text if self.enabled else (120, 126, 130)
        for arrow, sign, active in (
            (left, -1, self.index > 0 or self.wrap),
            (right, 1, self.index < len(self.values) - 1 or self.wrap),
        ):
            c = arrow.center
            s = arrow.h // 6
            col = (p.accent if self.hover else ink) if active and self.enabled else (90, 98, 104)
            pts = [
                (c[0] - sign * s, c[1] - s * 1.4),
                (c[0] + sign * s, c[1]),
                (c[0] - sign * s, c[1] + s * 1.4),
            ]
            pygame.draw.polygon(surface, col, pts)
        label = self.fmt(self.value) if self.values else ""
        theme.text(surface, label, r.center, self.font_role(theme), ink, bold=True, anchor="center")
        if focused:
            draw_focus_ring(surface, theme, r, radius)


# The caret blinks for a while after the player last typed or clicked, then stays lit (as GTK does after
# 10 s): a blinking caret wakes the window twice a second, and a lobby left open all evening should not.
CARET_BLINK_FOR_MS = 10_000


_DESELECT_KEYS = frozenset(
    {
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_HOME,
        pygame.K_END,
        pygame.K_RETURN,
        pygame.K_KP_ENTER,
        pygame.K_TAB,
        pygame.K_ESCAPE,
    }
)


class TextField(Widget):
    def __init__(
        self,
        text: str,
        on_change: Callable[[str], Any],
        max_len: int = 16,
        placeholder: str = "",
        allowed: Callable[[str], bool] | None = None,
        tooltip: str = "",
    ) -> None:
        super().__init__(tooltip)
        self.text = text
        self.on_change = on_change
        self.max_len = max_len
        self.placeholder = placeholder
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.editing = False
        self.all_selected = False  # Ctrl+A: the next letter replaces the text, Backspace clears it
        self._active_at = 0  # pygame ticks of the last key or click: the caret blinks for a while after it

    def caret_blinking(self) -> bool:
        """Whether the caret still blinks (the window must wake to draw it) or stays lit."""
        return self.editing and pygame.time.get_ticks() - self._active_at < CARET_BLINK_FOR_MS

    def handle_event(self, e: pygame.event.Event) -> bool:
        super().handle_event(e)
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.TEXTINPUT, pygame.KEYDOWN):
            self._active_at = pygame.time.get_ticks()
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.editing = self.contains(e.pos)
            self.all_selected = False
            return self.editing
        if e.type == pygame.TEXTINPUT and self.editing:
            added = "".join(ch for ch in e.text if self.allowed(ch))
            if added and self.all_selected:
                self.text = ""
            self.all_selected = self.all_selected and not added
            if added and len(self.text) < self.max_len:
                self.text = (self.text + added)[: self.max_len]
                self.on_change(self.text)
            return True
        return False

    def blur(self) -> None:
        # Letters arrive as TEXTINPUT, which every widget sees: a field still editing behind the focus took them.
        self.editing = False
        self.all_selected = False

    def key(self, e: pygame.event.Event) -> bool:
        self._active_at = pygame.time.get_ticks()
        if e.key == pygame.K_a and e.mod & pygame.KMOD_CTRL:  # select all, as every text box does
            self.all_selected = bool(self.text)
            self.editing = True
            return True
        if e.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.all_selected:
            self.text = ""
            self.all_selected = False
            self.on_change(self.text)
            self.editing = True
            return True
        if e.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.on_change(self.text)
            self.editing = True
            return True
        if e.key in _DESELECT_KEYS:
            self.all_selected = False  # an arrow, Enter, Tab: the selection goes, the text stays (not Shift)
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.editing = not self.editing
            return True
        # Letters typed while focused go in through TEXTINPUT; swallow their KEYDOWN so hotkeys stay quiet.
        if e.unicode and e.unicode.isprintable() and e.key not in (pygame.K_TAB, pygame.K_ESCAPE):
            self.editing = True
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool = False) -> None:
        p = theme.p
        r = self.rect
        radius = _draw_box(surface, theme, r, (20, 28, 34), p.accent if self.editing else p.panel_edge)
        pad = theme.px(10)
        if self.text:
            # Text wider than the box scrolls: its end (where typing goes) stays in view, the start is clipped.
            img = theme.render(self.text, "body", p.text)
            inner = r.inflate(-2 * pad, 0)
            rect = img.get_rect(midleft=(inner.x, r.centery))
            if rect.w > inner.w - theme.px(4):
                rect.right = inner.right - theme.px(4)
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip) if clip else inner)
            if self.all_selected:
                pygame.draw.rect(surface, p.accent_dark, rect)
            surface.blit(img, rect)
            surface.set_clip(clip)
        else:
            rect = theme.text(
                surface, self.placeholder, (r.x + pad, r.centery), "body", (120, 130, 134), anchor="midleft"
            )
            rect.w = 0
        lit = not self.caret_blinking() or pygame.time.get_ticks() // 500 % 2 == 0
        if self.editing and focused and lit:
            x = rect.right + 2
            pygame.draw.line(surface, p.text, (x, r.y + pad // 1.5), (x, r.bottom - pad // 1.5), 2)
        if focused:
            draw_focus_ring(surface, theme, r, radius)


class ListBox(Widget):
    """A vertical list of text items; one is selected. Up/Down move, Enter picks, clicks pick."""

    def __init__(
        self,
        items: Sequence[str],
        index: int,
        on_select: Callable[[int], Any],
        row_h: int = 0,
        tooltip: str = "",
    ) -> None:
        super().__init__(tooltip)
        self.items = list(items)
        self.index = index
        self.on_select = on_select
        self.row_h = row_h

    def _row(self, i: int) -> pygame.Rect:
        h = self.row_h or max(1, self.rect.h // max(1, len(self.items)))
        return pygame.Rect(self.rect.x, self.rect.y + i * h, self.rect.w, h)

    def handle_event(self, e: pygame.event.Event) -> bool:
        super().handle_event(e)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.contains(e.pos):
            for i in range(len(self.items)):
                if self._row(i).collidepoint(e.pos):
                    self.index = i
                    self.on_select(i)
                    return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_UP, pygame.K_DOWN):
            d = -1 if e.key == pygame.K_UP else 1
            new = self.index + d
            if 0 <= new < len(self.items):
                self.index = new
                self.on_select(new)
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, focused: bool = False) -> None:
        p = theme.p
        for i, item in enumerate(self.items):
            row = self._row(i)
            if i == self.index:
                pygame.draw.rect(surface, (58, 76, 92), row, border_radius=theme.px(6))
                pygame.draw.rect(surface, p.accent, (row.x, row.y + row.h // 4, theme.px(4), row.h // 2))
            theme.text(
                surface,
                item,
                (row.x + theme.px(14), row.centery),
                "body",
                p.text if i == self.index else p.text_muted,
                bold=i == self.index,
                anchor="midleft",
            )
        if focused:
            draw_focus_ring(surface, theme, self._row(self.index), theme.px(6))


class FocusGroup:
    """The keyboard focus over a list of widgets: Tab / Shift+Tab (and Up / Down unless the widget uses
    them) move it; the focused widget gets the other keys. Mouse events go to every widget."""

    def __init__(self, widgets: Sequence[Widget] = (), vertical: bool = True) -> None:
        self.widgets = list(widgets)
        self.index = 0
        self.vertical = vertical
        self.keyboard_used = False

    def set(self, widgets: Sequence[Widget]) -> None:
        focused = self.focused
        self.widgets = list(widgets)
        self.index = self.widgets.index(focused) if focused in self.widgets else 0
        self._settle(1)
        self._left(focused)

    def _left(self, before: Widget | None) -> None:
        """Tell the widget that had the focus before a move, if the focus is now elsewhere."""
        if before is not None and before is not self.focused:
            before.blur()

    @property
    def focused(self) -> Widget | None:
        live = self.widgets
        if not live or not 0 <= self.index < len(live):
            return None
        return live[self.index]

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            before = self.focused
            self.index = self.widgets.index(widget)
            self._left(before)

    def _ok(self, w: Widget) -> bool:
        return w.focusable and w.enabled and (w.visible or w.in_scroll_list)

    def _settle(self, d: int) -> None:
        n = len(self.widgets)
        for _ in range(n):
            if self._ok(self.widgets[self.index % n]):
                self.index %= n
                return
            self.index = (self.index + d) % n

    def move(self, d: int) -> None:
        n = len(self.widgets)
        if not n:
            return
        before = self.focused
        for _ in range(n):
            self.index = (self.index + d) % n
            if self._ok(self.widgets[self.index]):
                break
        self._left(before)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
            pygame.TEXTINPUT,
        ):
            handled = False
            for w in self.widgets:
                if w.visible and (w.enabled or e.type == pygame.MOUSEMOTION) and w.handle_event(e):
                    handled = True
                    if e.type == pygame.MOUSEBUTTONDOWN:
                        self.focus(w)
                    if e.type != pygame.MOUSEMOTION:
                        break
            if e.type == pygame.MOUSEBUTTONDOWN:
                self.keyboard_used = False
            return handled
        if e.type != pygame.KEYDOWN:
            return False
        focused = self.focused
        if e.key == pygame.K_TAB:
            self.keyboard_used = True
            self.move(-1 if e.mod & pygame.KMOD_SHIFT else 1)
            return True
        if focused is not None and self._ok(focused) and focused.key(e):
            self.keyboard_used = True
            return True
        for w in self.widgets:  # hotkeys
            if isinstance(w, Button) and w.hotkey is not None and w.handle_event(e):
                return True
        keys = (pygame.K_UP, pygame.K_DOWN) if self.vertical else (pygame.K_LEFT, pygame.K_RIGHT)
        if e.key in keys:
            self.keyboard_used = True
            self.move(-1 if e.key == keys[0] else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, show_focus: bool = True) -> None:
        focused = self.focused
        hovered: Widget | None = None
        for w in self.widgets:
            if w.visible:
                w.draw(surface, theme, show_focus and w is focused and self._ok(w))
                if w.hover and w.tooltip:
                    hovered = w
        if hovered is not None:
            draw_tooltip(surface, theme, hovered.tooltip, hovered.rect)
