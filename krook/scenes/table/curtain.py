"""The hot-seat curtain: hides every card until the named player is at the screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from krook.scenes.base import Scene, Services


class CurtainScene(Scene):
    """Hot-seat: a full-screen curtain that hides every card until the named player is ready."""

    def __init__(self, services: Services, name: str, on_confirm: Callable[[], None]) -> None:
        super().__init__(services)
        self.name = name
        self.on_confirm = on_confirm
        self.lifted_by_click = False  # lifted by a click (not a key): the next click may be its double's
        self._armed = 0.25  # ignore clicks and keys in the first moment, so a held key can't pass it by

    def update(self, dt: float) -> None:
        self._armed = max(0.0, self._armed - dt)

    def animating(self) -> bool:
        return self._armed > 0

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self._armed > 0:
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.stack.push(self.services.go.pause())
            return True
        if (e.type == pygame.KEYDOWN and e.key not in (pygame.K_F1,)) or (
            e.type == pygame.MOUSEBUTTONUP and e.button == 1
        ):
            self.lifted_by_click = e.type == pygame.MOUSEBUTTONUP
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
        heading = f"Pass to {self.name}"
        said = t.text(surface, heading, (w / 2, h * 0.52), "display", t.p.text, True, anchor="midtop")
        # below the name's letters: a "g" or "y" in large text reached into the line under it
        top = max(round(h * 0.52) + t.px(80), t.ink_bottom(heading, said.top, "display", True) + t.px(4))
        t.text(
            surface,
            "Everyone else, please look away.",
            (w / 2, top),
            "label",
            t.p.text_muted,
            anchor="midtop",
        )
        t.text(
            surface,
            f"{self.name}: press a key or click when ready",
            (w / 2, top + t.px(40)),
            "label",
            t.p.accent,
            True,
            anchor="midtop",
        )
