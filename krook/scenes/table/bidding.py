"""Bidding: the player's bid panel (amount with arrows, Bid / Pass / Redeal) and its keys."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from krook.rules import PASS, REDEAL, Action, Bid, Pass, Redeal
from krook.scenes.table.decision import Decision, Handled
from krook.scenes.table.state import TableState, Zone
from krook.ui import Button
from krook.ui.widgets import ACTIVATE_KEYS, Widget


class BiddingDecision(Decision):
    kind = "bidding"

    def __init__(self, state: Callable[[], TableState]) -> None:
        super().__init__(state)
        self.amount = 0
        self.typed = ""  # digits typed so far (type 85 for 85)
        self.arrows: list[tuple[int, pygame.Rect]] = []

    def _bids(self) -> list[int]:
        return list(self.state.legal.bids())

    def prepare(self) -> list[Widget]:
        act = self.choose
        legal = self.state.legal
        bids = self._bids()
        self.amount = bids[0] if bids else 0
        self.typed = ""
        widgets: list[Widget] = []
        if bids:
            widgets.append(Button("Bid", lambda: act(Bid(self.amount)), "primary"))
        if legal.can_pass:
            widgets.append(Button("Pass", lambda: act(PASS), "secondary"))
        if legal.can_redeal:
            widgets.append(
                Button(
                    "Redeal",
                    lambda: act(REDEAL),
                    "danger",
                    tooltip="You hold no counters: throw the cards in",
                )
            )
        self.state.focus_zone = Zone.PANEL
        return widgets

    def take_advice(self, action: Action) -> None:
        if isinstance(action, Bid) and action.amount in self._bids():
            self.amount = action.amount
            self.typed = ""
            self.focus_button("Bid")
        elif isinstance(action, Pass):
            self.focus_button("Pass")
        elif isinstance(action, Redeal):
            self.focus_button("Redeal")

    def step(self, d: int) -> None:
        """Raise (``d`` > 0) or lower the amount by ``d`` legal bids."""
        bids = self._bids()
        if not bids:
            return
        i = bids.index(self.amount) if self.amount in bids else 0
        self.amount = bids[max(0, min(len(bids) - 1, i + d))]

    def handle_event(self, e: pygame.event.Event) -> Handled:
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            for sign, rect in self.arrows:
                if rect.collidepoint(e.pos):
                    self.step(sign)
                    return True
        if e.type == pygame.MOUSEWHEEL:
            self.step(1 if e.y > 0 else -1)
            return True
        return super().handle_event(e)

    def key(self, e: pygame.event.Event) -> Handled:
        t = self.state
        key = e.key
        if key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.step(1)
            return True
        if key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(-1)
            return True
        if key == pygame.K_p or (key in (pygame.K_0, pygame.K_KP0) and t.legal.can_pass and not self.typed):
            return PASS if t.legal.can_pass else True
        if pygame.K_0 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9 or key == pygame.K_KP0:
            # from the key, not its text: a layout may give it ², another script's digit or a letter
            digit = str(key - pygame.K_0) if key <= pygame.K_9 else str((key - pygame.K_KP1 + 1) % 10)
            self.typed = (self.typed + digit)[-3:]
            value = int(self.typed)
            if value in self._bids():
                self.amount = value
            return True
        if key == pygame.K_BACKSPACE:
            self.typed = ""
            return True
        if key in ACTIVATE_KEYS:
            self.typed = ""
        return super().key(e)

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.state
        theme = t.theme
        p = theme.p
        bh = theme.px(48)
        widgets = t.panel.widgets
        rect = t.layout.panel_rect(theme.px(520), theme.px(166), t.n)  # narrower between six seats
        self.rect = rect
        theme.panel(surface, rect)
        theme.text(
            surface,
            "Your bid",
            (rect.centerx, rect.y + theme.px(10)),
            "caption",
            p.text_muted,
            anchor="midtop",
        )
        amount = theme.render(str(self.amount), "heading", p.accent, bold=True)
        ar = amount.get_rect(center=(rect.centerx, rect.y + theme.px(50)))
        surface.blit(amount, ar)
        self.arrows = []
        s = theme.px(12)
        reach = min(theme.px(110), rect.w // 2 - s * 3)
        for sign in (-1, 1):
            c = (ar.centerx + sign * reach, ar.centery)
            pts = [
                (c[0] - sign * s, c[1] - s * 1.3),
                (c[0] + sign * s, c[1]),
                (c[0] - sign * s, c[1] + s * 1.3),
            ]
            pygame.draw.polygon(surface, p.text, pts)
            self.arrows.append((sign, pygame.Rect(c[0] - s * 2, c[1] - s * 2, s * 4, s * 4)))
        gap = theme.px(12)
        bw = min(theme.px(140), (rect.w - theme.px(24) - gap * (len(widgets) - 1)) // max(1, len(widgets)))
        total = len(widgets) * bw + (len(widgets) - 1) * gap
        x = rect.centerx - total // 2
        for wd in widgets:
            wd.rect = pygame.Rect(x, rect.bottom - bh - theme.px(36), bw, bh)
            if isinstance(wd, Button) and wd.label.startswith("Bid"):
                wd.label = f"Bid {self.amount}"
            x += bw + gap
        hints = [  # the longest that fits the panel (it is narrower between six seats)
            "Up / Down or type a number · Enter to bid · P to pass",
            "Up / Down or type a number · Enter to bid",
            "Up / Down · Enter to bid",
        ][0 if len(widgets) > 1 else 1 :]
        room = rect.w - theme.px(16)
        hint = next((h for h in hints if theme.font("caption").size(h)[0] <= room), hints[-1])
        theme.text(
            surface,
            hint,
            (rect.centerx, rect.bottom - theme.px(8)),
            "caption",
            p.text_muted,
            anchor="midbottom",
        )
