"""After the bidding: the nest pile in the middle, burying cards, naming trump and calling a partner card."""

from __future__ import annotations

from typing import Any

import pygame

from krook.render.palette import COLOUR_NAMES
from krook.ui import Button
from krook.ui.cards import card_width
from krook.ui.widgets import ACTIVATE_KEYS, draw_focus_ring

from .deal import NEST
from .phase import HandPhase, Phase
from .table_model import describe, sort_key


def draw_nest_pile(table: Any, surface: pygame.Surface) -> None:
    """The nest face down in the middle: growing during the deal, whole until the bidder takes it."""
    t = table
    view = t.view
    nest = int(view.rules.get("nest_size", 0))
    if not nest:
        return
    shown_bidding = not t.shown.discarded and (
        view.bidder is None or len(t.shown.bids) < len(view.bids) or view.phase == "bidding"
    )
    if t.deal_t >= 0:
        count = t.deal.dealt_count(NEST)
    elif shown_bidding and view.phase != "hand_over":
        count = nest
    else:
        return
    back_h = t.layout.back_h
    back = t.services.cards.back(back_h)
    cx, cy = t.layout.center
    for i in range(count):
        surface.blit(back, back.get_rect(center=(round(cx - (count - 1) * 3 + i * 6), round(cy - i * 2))))
    if count == nest and t.deal_t < 0:
        t.theme.text(
            surface,
            "Nest",
            (cx, cy + back_h / 2 + t.theme.px(6)),
            "caption",
            t.theme.p.text_muted,
            anchor="midtop",
        )


class DiscardPhase(HandPhase):
    """Choose cards from hand and nest to bury (click or Enter on a card), then Bury (button or B)."""

    kind = "discard"

    def prepare(self) -> list[Any]:
        self.table.focus_zone = "hand"
        return [Button("Bury", self.bury, "primary")]

    def bury(self) -> None:
        t = self.table
        rule = t.view.discard or {}
        count = int(rule.get("count", 0))
        if len(t.selected) != count:
            t.toast = (f"Choose {count} cards to bury ({len(t.selected)} chosen)", 2.5)
            return
        t.act("discard " + " ".join(sorted(t.selected)))

    def toggle(self, code: str) -> None:
        """Choose a card to bury, or put a chosen one back."""
        t = self.table
        rule = t.view.discard or {}
        if code in t.selected:
            t.selected.discard(code)
        elif code not in rule.get("allowed", []):
            t.toast = (
                f"{describe(code).capitalize()} can't be buried: {rule.get('reason') or 'not allowed'}",
                3.5,
            )
        elif len(t.selected) >= int(rule.get("count", 0)):
            t.toast = (
                f"You bury exactly {rule.get('count')} cards; click a chosen card to put it back",
                3,
            )
        else:
            t.selected.add(code)

    def hand_key(self, key: int) -> bool:
        """Up / Down move between the hand and the Bury button; Enter there or B buries."""
        t = self.table
        if key in (pygame.K_UP, pygame.K_DOWN):
            t.focus_zone = "panel" if key == pygame.K_DOWN else "hand"
            return True
        if (key in ACTIVATE_KEYS and t.focus_zone == "panel") or key == pygame.K_b:
            self.bury()
            return True
        return super().hand_key(key)

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.table
        theme = t.theme
        p = theme.p
        w, h = t.layout.size
        view = t.view
        bh = theme.px(48)
        top_of_hand = h - t.layout.hand_card_h - theme.px(60)
        count = int((view.discard or {}).get("count", 0))
        rect = pygame.Rect(0, 0, theme.px(560), theme.px(96))
        rect.midbottom = (w // 2, top_of_hand - theme.px(18))
        theme.panel(surface, rect)
        theme.text(
            surface,
            f"Choose {count} cards to bury — {len(t.selected)} of {count} chosen",
            (rect.x + theme.px(18), rect.y + theme.px(14)),
            "body",
            p.text,
            True,
        )
        reason = (view.discard or {}).get(
            "reason"
        ) or "Point cards you bury go to whoever takes the last trick."
        for i, line in enumerate(theme.wrap(reason, rect.w - theme.px(200), "caption")[:2]):
            theme.text(
                surface,
                line,
                (rect.x + theme.px(18), rect.y + theme.px(44) + i * theme.px(18)),
                "caption",
                p.text_muted,
            )
        btn = t.panel.widgets[0]
        btn.rect = pygame.Rect(0, 0, theme.px(150), bh)
        btn.rect.midright = (rect.right - theme.px(16), rect.centery)
        btn.enabled = len(t.selected) == count
        btn.label = "Bury"


class TrumpPhase(Phase):
    """Name trump: four colour buttons (with how many of each you hold), or R Y G B / 1-4."""

    kind = "trump"
    LETTERS = {  # noqa: RUF012
        pygame.K_r: "R",
        pygame.K_y: "Y",
        pygame.K_g: "G",
        pygame.K_b: "B",
        pygame.K_1: "R",
        pygame.K_2: "Y",
        pygame.K_3: "G",
        pygame.K_4: "B",
    }

    def prepare(self) -> list[Any]:
        t = self.table
        counts = {c: sum(1 for card in t.view.hand if card.startswith(c)) for c in "RYGB"}
        t.focus_zone = "panel"
        return [
            Button(f"{COLOUR_NAMES[c]} ({counts[c]})", lambda c=c: t.act(f"trump {c}"), "secondary")
            for c in "RYGB"
        ]

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type != pygame.KEYDOWN:
            return False
        t = self.table
        key = e.key
        if key in self.LETTERS:
            t.act(f"trump {self.LETTERS[key]}")
            return True
        return self.panel_key(key)

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.table
        theme = t.theme
        w, h = t.layout.size
        bh = theme.px(48)
        top_of_hand = h - t.layout.hand_card_h - theme.px(60)
        rect = pygame.Rect(0, 0, theme.px(660), theme.px(120))
        rect.midbottom = (w // 2, top_of_hand - theme.px(12))
        theme.panel(surface, rect)
        theme.text(
            surface,
            "Name trump (R, Y, G, B)",
            (rect.centerx, rect.y + theme.px(10)),
            "body",
            theme.p.text,
            True,
            anchor="midtop",
        )
        x = rect.x + theme.px(20)
        bw = (rect.w - theme.px(40) - theme.px(36)) // 4
        for i, wd in enumerate(t.panel.widgets):
            wd.rect = pygame.Rect(x + i * (bw + theme.px(12)), rect.bottom - bh - theme.px(16), bw, bh)

    def draw_colour_bars(self, surface: pygame.Surface) -> None:
        """Each colour's ink under its button (drawn over the buttons)."""
        t = self.table
        theme = t.theme
        for c, wd in zip("RYGB", t.panel.widgets, strict=False):
            ink = theme.p.ink(c, t.services.settings.colour_blind)
            bar = pygame.Rect(
                wd.rect.x + theme.px(8),
                wd.rect.bottom - theme.px(8),
                wd.rect.w - theme.px(16),
                theme.px(4),
            )
            pygame.draw.rect(surface, ink.fill, bar, border_radius=bar.h)


class CallPhase(Phase):
    """Call a card: its holder becomes your partner. A grid of cards; arrows move, Enter or a click calls."""

    kind = "call"

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.cols = 14
        self.rects: list[tuple[str, pygame.Rect]] = []

    def options(self) -> list[str]:
        """Cards that may be called: others' first, then your own (calling one of yours: you play alone)."""
        view = self.table.view
        options = [a.split()[1] for a in view.legal if a.startswith("call ")]
        mine = set(view.hand)
        others = [c for c in options if c not in mine]
        return sorted(others, key=lambda c: sort_key(c)) + sorted(
            [c for c in options if c in mine], key=lambda c: sort_key(c)
        )

    def prepare(self) -> list[Any]:
        self.table.focus_zone = "hand"
        self.table.focus_card = 0
        return []

    def click_card(self, pos: tuple[int, int]) -> bool:
        for code, rect in reversed(self.rects):
            if rect.collidepoint(pos):
                self.table.act(f"call {code}")
                return True
        return False

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type != pygame.KEYDOWN:
            return False
        t = self.table
        key = e.key
        options = self.options()
        cols = self.cols
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            d = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -cols, pygame.K_DOWN: cols}[key]
            t.focus_card = max(0, min(len(options) - 1, t.focus_card + d))
            t.focus_zone = "hand"
            return True
        if key in ACTIVATE_KEYS and options:
            t.act(f"call {options[min(t.focus_card, len(options) - 1)]}")
            return True
        return False

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.table
        theme = t.theme
        p = theme.p
        w, h = t.layout.size
        options = self.options()
        ch = round(h * 0.105)
        cw = card_width(ch)
        gap = theme.px(6)
        cols = max(1, min(len(options), int((w * 0.8) // (cw + gap))))
        cols = min(cols, 15)
        self.cols = cols
        rows = (len(options) + cols - 1) // cols
        rect = pygame.Rect(0, 0, cols * (cw + gap) + theme.px(30), rows * (ch + gap) + theme.px(70))
        rect.midbottom = (w // 2, h - t.layout.hand_card_h - theme.px(56))
        if rect.top < theme.px(150):
            rect.top = theme.px(150)
        theme.panel(surface, rect)
        theme.text(
            surface,
            "Call a card — whoever holds it is your partner (yours: you play alone)",
            (rect.centerx, rect.y + theme.px(12)),
            "body",
            p.text,
            True,
            anchor="midtop",
        )
        self.rects = []
        mine = set(t.view.hand)
        for i, code in enumerate(options):
            r = pygame.Rect(
                rect.x + theme.px(15) + (i % cols) * (cw + gap),
                rect.y + theme.px(50) + (i // cols) * (ch + gap),
                cw,
                ch,
            )
            surface.blit(t.services.cards.face(code, ch), r)
            if code in mine:
                surface.blit(theme.rounded(r.size, (10, 20, 16, 110), theme.px(5)), r)
            self.rects.append((code, r))
            if i == t.focus_card:
                draw_focus_ring(surface, theme, r, theme.px(5))
