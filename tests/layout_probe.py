"""What a scene drew, as rectangles: every widget, every line of text (and the widget drawing it), every
panel and every card blitted, in drawing order. ``problems()`` says which of them overlap a control or leave
their panel. The layout tests run it over every scene."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import pygame

from krook.ui import Button
from krook.ui import widgets as widgets_module
from krook.ui.cards import CardPainter
from krook.ui.theme import Theme


@dataclass
class Drawn:
    kind: str  # "widget", "text", "panel", "card", or "stepped" (a button's label drawn a size down)
    rect: pygame.Rect
    order: int
    what: str
    owner: Any = None  # the widget whose draw() drew this text


class ProbeSurface(pygame.Surface):
    """A surface that tells the probe where card images land."""

    probe: Probe | None = None

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        probe = self.probe
        card = probe.card_ids.get(id(source)) if probe is not None and probe.active else None
        if probe is not None and card is not None and card[0] is source:
            probe.add("card", pygame.Rect(drawn), card[1])
        return drawn


def _all_widget_classes() -> list[type]:
    out: list[type] = []
    todo = [widgets_module.Widget]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo += cls.__subclasses__()
    return out


class Probe:
    def __init__(self, monkeypatch: Any) -> None:
        self.monkeypatch = monkeypatch
        self.items: list[Drawn] = []
        self.active = False
        self.owners: list[Any] = []
        self.in_tooltip = 0
        self.card_ids: dict[int, tuple[pygame.Surface, str]] = {}  # the surface kept: its id stays its own
        probe = self

        original_text = Theme.text

        def text(theme: Theme, surface: pygame.Surface, s: str, *args: Any, **kw: Any) -> pygame.Rect:
            rect = original_text(theme, surface, s, *args, **kw)
            if probe.active and not probe.in_tooltip and s.strip():
                shown = rect.clip(surface.get_clip())
                if shown.w and shown.h:
                    probe.add("text", shown, s, probe.owners[-1] if probe.owners else None)
            return rect

        original_panel = Theme.panel

        def panel(theme: Theme, surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kw: Any) -> None:
            original_panel(theme, surface, rect, *args, **kw)
            if probe.active and not probe.in_tooltip and not probe.owners:
                probe.add("panel", pygame.Rect(rect).clip(surface.get_clip()), "panel")

        monkeypatch.setattr(Theme, "text", text)
        monkeypatch.setattr(Theme, "panel", panel)

        for cls in _all_widget_classes():
            if "draw" not in cls.__dict__:
                continue
            monkeypatch.setattr(cls, "draw", self._wrap_widget_draw(cls.__dict__["draw"]))

        original_tooltip = widgets_module.draw_tooltip

        def tooltip(*args: Any, **kw: Any) -> pygame.Rect:
            probe.in_tooltip += 1
            try:
                return original_tooltip(*args, **kw)
            finally:
                probe.in_tooltip -= 1

        import krook.ui

        monkeypatch.setattr(widgets_module, "draw_tooltip", tooltip)
        monkeypatch.setattr(krook.ui, "draw_tooltip", tooltip)

        for name in ("face", "back"):
            monkeypatch.setattr(CardPainter, name, self._wrap_card(getattr(CardPainter, name), name))

    def _wrap_widget_draw(self, draw: Any) -> Any:
        probe = self

        def wrapped(widget: Any, surface: pygame.Surface, *args: Any, **kw: Any) -> None:
            rect = pygame.Rect(widget.rect)
            items = getattr(widget, "items", None)
            if items is not None:  # a list is a control where its rows are, not over its empty space
                rows = [widget._row(i) for i in range(len(items))]
                rect = rows[0].unionall(rows) if rows else pygame.Rect(0, 0, 0, 0)
            if probe.active and widget.visible and not probe.owners and rect.w and rect.h:
                label = getattr(widget, "label", "") or type(widget).__name__
                probe.add("widget", rect, label, widget)
                if isinstance(widget, Button) and widget.label and args:
                    theme = args[0]
                    role = widget.label_roles(theme, widget.rect.h)[0]
                    if theme.font(role, True).size(widget.label)[0] > widget.rect.w - theme.px(8):
                        probe.add("stepped", pygame.Rect(widget.rect), widget.label, widget)
            probe.owners.append(widget)
            try:
                draw(widget, surface, *args, **kw)
            finally:
                probe.owners.pop()

        return wrapped

    def _wrap_card(self, method: Any, name: str) -> Any:
        probe = self

        def wrapped(painter: Any, *args: Any, **kw: Any) -> pygame.Surface:
            surf = method(painter, *args, **kw)
            probe.card_ids[id(surf)] = (surf, f"{name} {args[0] if name == 'face' else ''}".strip())
            return surf

        return wrapped

    def add(self, kind: str, rect: pygame.Rect, what: str, owner: Any = None) -> None:
        self.items.append(Drawn(kind, rect, len(self.items), what, owner))

    def draw_stack(self, stack: list[Any], size: tuple[int, int]) -> ProbeSurface:
        """Draw a stack of scenes (bottom first) as the app does; only the top scene is recorded."""
        surface = ProbeSurface(size)
        surface.probe = self
        start = max(i for i, s in enumerate(stack) if s.opaque or i == 0)
        for _ in range(2):  # the second frame has every rect set by the first
            self.items = []
            for scene in stack[start:]:
                self.active = scene is stack[-1]
                scene.draw(surface)
            self.active = False
        return surface

    # -- the rules --------------------------------------------------------------------------------------
    def problems(self, window: pygame.Rect, cards_in_motion: bool = False) -> list[str]:
        """What overlaps what; ``cards_in_motion``: a frame of a card's flight, which may pass over anything."""
        items = self.items
        widgets = [d for d in items if d.kind == "widget"]
        texts = [d for d in items if d.kind == "text" and d.owner is None]
        labels = [d for d in items if d.kind == "text" and d.owner is not None]
        panels = [d for d in items if d.kind == "panel"]
        cards = [] if cards_in_motion else [d for d in items if d.kind == "card"]
        out: list[str] = []

        def core(d: Drawn) -> pygame.Rect:
            # A line of text's box includes the font's leading above and below the letters.
            if d.kind == "text":
                return d.rect.inflate(-2, -max(2, d.rect.h // 3))
            return d.rect.inflate(-2, -2)

        for d in [*widgets, *texts, *panels]:
            if not window.contains(d.rect):
                out.append(f"{d.kind} {d.what!r} {d.rect} leaves the window")
        for d in items:
            if d.kind == "stepped":  # its label drawn a size down: narrower than its siblings' look
                out.append(f"button {d.what!r} {d.rect} is too narrow for its label at its height's size")
        for a, b in itertools.combinations(widgets, 2):
            if core(a).colliderect(core(b)):
                out.append(f"widget {a.what!r} {a.rect} overlaps widget {b.what!r} {b.rect}")
        for d in labels:
            box = d.owner.rect.inflate(2, max(4, d.rect.h // 3))
            if not box.contains(d.rect):
                out.append(f"text {d.what!r} {d.rect} leaves its widget {d.owner.rect}")
        for t, w in itertools.product(texts, widgets):
            if core(t).colliderect(core(w)):
                out.append(f"text {t.what!r} {t.rect} overlaps widget {w.what!r} {w.rect}")
        for a, b in itertools.combinations(texts, 2):
            if core(a).colliderect(core(b)):
                out.append(f"text {a.what!r} {a.rect} overlaps text {b.what!r} {b.rect}")
        for c, w in itertools.product(cards, widgets):
            if core(c).colliderect(core(w)):
                out.append(f"{c.what} {c.rect} overlaps widget {w.what!r} {w.rect}")
        for c, t in itertools.product(cards, texts):
            if core(c).colliderect(core(t)):
                out.append(f"{c.what} {c.rect} overlaps text {t.what!r} {t.rect}")
        for p in panels:
            for d in [*widgets, *texts, *cards, *panels]:
                if d is p or not core(d).colliderect(p.rect):
                    continue
                if d.order < p.order:
                    if d.kind == "panel" and d.rect.contains(p.rect):
                        continue  # a panel on a panel
                    out.append(f"panel {p.rect} covers {d.kind} {d.what!r} {d.rect}")
                elif not p.rect.inflate(2, 2).contains(d.rect):
                    out.append(f"{d.kind} {d.what!r} {d.rect} leaves its panel {p.rect}")
        return out
