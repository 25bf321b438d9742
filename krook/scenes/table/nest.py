"""After the bidding: the nest pile in the middle, burying cards, naming trump and calling a partner card."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from krook.render.palette import COLOUR_NAMES
from krook.rules import Action, Call, Color, Discard, Trump, parse_card
from krook.rules.cards import CARD_NAMES, COLOR_LETTERS
from krook.scenes.common.table_model import describe, sort_key
from krook.scenes.table.deal import NEST
from krook.scenes.table.decision import Decision, HandDecision, Handled
from krook.scenes.table.state import TableState, Zone
from krook.ui import Button
from krook.ui.cards import card_width
from krook.ui.widgets import ACTIVATE_KEYS, Widget, draw_focus_ring


def draw_nest_pile(t: TableState, surface: pygame.Surface) -> None:
    """The nest face down in the middle: growing during the deal, whole until the bidder takes it."""
    view = t.view
    nest = int(view.rules.get("nest_size", 0))
    if not nest:
        return
    shown_bidding = not t.shown.discarded and (
        view.bidder is None or len(t.shown.bids) < len(view.bids) or view.phase == "bidding"
    )
    if t.deal.running:
        count = t.deal.dealt_count(view, NEST)
    elif shown_bidding and view.phase != "hand_over":
        count = nest
    else:
        return
    back_h = t.layout.back_h
    back = t.services.cards.back(back_h)
    cx, cy = t.layout.center
    pile = []
    for i in range(count):
        pile.append(back.get_rect(center=(round(cx - (count - 1) * 3 + i * 6), round(cy - i * 2))))
        surface.blit(back, pile[-1])
    if pile:
        t.boxes["nest"] = pile[0].unionall(pile)
    if count == nest and not t.deal.running:
        t.boxes["nest"].union_ip(
            t.theme.text(
                surface,
                "Nest",
                (cx, cy + back_h / 2 + t.theme.px(6)),
                "caption",
                t.theme.p.text_muted,
                anchor="midtop",
            )
        )


class BuryDecision(HandDecision):
    """Choose cards from hand and nest to bury (click, Space or Enter on a card), then Bury (the button, B, or
    Enter once every card is chosen)."""

    kind = "discard"

    def prepare(self) -> list[Widget]:
        t = self.state
        t.focus_zone = Zone.HAND
        t.focus_card = 0  # the nest has joined the hand: the focus starts on its first card, every time
        return [Button("Bury", lambda: self._bury(), "primary")]

    def choosable(self, code: str) -> bool:
        return code in self.state.buryable() or code in self.state.selected

    def bury(self) -> Handled:
        """The chosen cards, once there are as many as the rules bury (else the player is told)."""
        t = self.state
        rule = t.legal.discard
        count = rule.count if rule is not None else 0
        if len(t.selected) != count:
            t.tell(t.viewer, f"Choose {count} cards to bury ({len(t.selected)} chosen)", seconds=2.5)
            return True
        return Discard(frozenset(parse_card(c) for c in t.selected))

    def _bury(self) -> None:
        chosen = self.bury()
        if not isinstance(chosen, bool):
            self.choose(chosen)

    def card_chosen(self, code: str) -> Handled:
        self.toggle(code)
        return True

    def toggle(self, code: str) -> None:
        """Choose a card to bury, or put a chosen one back."""
        t = self.state
        rule = t.legal.discard
        count = rule.count if rule is not None else 0
        if code in t.selected:
            t.selected.discard(code)
        elif code not in t.buryable():
            reason = (rule.reason if rule is not None else "") or "not allowed"
            t.tell(t.viewer, f"{describe(code).capitalize()} can't be buried: {reason}")
        elif len(t.selected) >= count:
            t.tell(t.viewer, f"You bury exactly {count} cards; choose a chosen card again to put it back")
        else:
            t.selected.add(code)

    def hand_key(self, key: int) -> Handled:
        """Up / Down move between the hand and the Bury button; Enter there or B buries."""
        t = self.state
        if key in (pygame.K_UP, pygame.K_DOWN):
            t.focus_zone = Zone.PANEL if key == pygame.K_DOWN else Zone.HAND
            return True
        if key == pygame.K_b:
            return self.bury()
        rule = t.legal.discard
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and rule is not None and len(t.selected) == rule.count:
            # every card is chosen: Enter buries them (it used to put the focused one back: 5 of 5, Enter,
            # 4 of 5); Space still puts a card back
            return self.bury()
        return super().hand_key(key)

    def panel_key(self, key: int) -> Handled:
        if key == pygame.K_UP:
            self.state.focus_zone = Zone.HAND
            return True
        if key == pygame.K_b:
            return self.bury()
        return super().panel_key(key)

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.state
        theme = t.theme
        p = theme.p
        bh = theme.px(48)
        rule = t.legal.discard
        count = rule.count if rule is not None else 0
        pad = theme.px(16)
        width = t.layout.panel_rect(theme.px(560), theme.px(150), t.n).w  # narrower between six seats
        room = width - pad * 3 - theme.px(150)  # the text's column, left of the Bury button
        heading = theme.wrap(
            f"Choose {count} cards to bury — {len(t.selected)} of {count} chosen", room, "body", True
        )
        reason = (
            rule.reason if rule is not None else ""
        ) or "Point cards you bury go to whoever takes the last trick."
        notes = theme.wrap(reason, room, "caption")[:2]
        body_lh, caption_lh = theme.font("body", True).get_linesize(), theme.font("caption").get_linesize()
        height = max(theme.px(96), pad * 2 + body_lh * len(heading) + theme.px(4) + caption_lh * len(notes))
        rect = t.layout.panel_rect(width, height, t.n)
        self.rect = rect
        theme.panel(surface, rect)
        y = rect.y + pad
        for line in heading:
            theme.text(surface, line, (rect.x + pad, y), "body", p.text, True)
            y += body_lh
        y += theme.px(4)
        for line in notes:
            theme.text(surface, line, (rect.x + pad, y), "caption", p.text_muted)
            y += caption_lh
        btn = t.panel.widgets[0]
        assert isinstance(btn, Button)
        btn.rect = pygame.Rect(0, 0, theme.px(150), bh)
        btn.rect.midright = (rect.right - pad, rect.centery)
        btn.enabled = len(t.selected) == count
        btn.label = "Bury"


class TrumpDecision(Decision):
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

    def _counts(self) -> dict[str, int]:
        """How many cards of each trump colour the hand holds, in the buttons' order."""
        hand = self.state.view.hand
        letters = [colour.letter for colour in self.state.legal.trumps()]
        return {c: sum(1 for card in hand if card.startswith(c)) for c in letters}

    def prepare(self) -> list[Widget]:
        self.state.focus_zone = Zone.PANEL
        return [
            Button(f"{COLOUR_NAMES[c]} ({n})", partial(self.choose, Trump(Color.parse(c))), "secondary")
            for c, n in self._counts().items()
        ]

    def first_focus(self) -> int:
        # Enter pressed at once names the longest colour, not Red whatever the hand holds
        counts = list(self._counts().values())
        return counts.index(max(counts)) if counts else 0

    def take_advice(self, action: Action) -> None:
        if isinstance(action, Trump):
            self.focus_button(COLOUR_NAMES[action.color.letter])

    def key(self, e: pygame.event.Event) -> Handled:
        if e.key in self.LETTERS:
            return Trump(Color.parse(self.LETTERS[e.key]))
        return super().key(e)

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.state
        theme = t.theme
        bh = theme.px(48)
        # wide enough for every colour's label at the buttons' own size (large text stepped "Yellow (3)" down)
        widest = max((wd.width_for(theme, bh) for wd in t.panel.widgets if isinstance(wd, Button)), default=0)
        width = max(theme.px(500), 4 * widest + theme.px(76))
        rect = t.layout.panel_rect(width, theme.px(120), t.n)
        self.rect = rect
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
        t = self.state
        theme = t.theme
        for c, wd in zip(COLOR_LETTERS, t.panel.widgets, strict=False):
            ink = theme.p.ink(c, t.services.settings.colour_blind)
            bar = pygame.Rect(
                wd.rect.x + theme.px(8),
                wd.rect.bottom - theme.px(8),
                wd.rect.w - theme.px(16),
                theme.px(4),
            )
            r, g, b = ink.fill[:3]
            if 0.2126 * r + 0.7152 * g + 0.0722 * b < 80:  # black ink on a dark button: edge it so it reads
                pygame.draw.rect(surface, (200, 206, 210), bar.inflate(4, 4), border_radius=bar.h)
            pygame.draw.rect(surface, ink.fill, bar, border_radius=bar.h)


class CallDecision(Decision):
    """Call a card: its holder becomes your partner. A grid of cards; arrows move, Enter or a click calls."""

    kind = "call"

    def __init__(self, state: Callable[[], TableState]) -> None:
        super().__init__(state)
        self.cols = 14
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def options(self) -> list[str]:
        """Cards that may be called: others' first, then your own (calling one of yours: you play alone)."""
        view = self.state.view
        options = [CARD_NAMES[c] for c in self.state.legal.calls()]
        mine = set(view.hand)
        others = [c for c in options if c not in mine]
        return sorted(others, key=lambda c: sort_key(c)) + sorted(
            [c for c in options if c in mine], key=lambda c: sort_key(c)
        )

    def prepare(self) -> list[Widget]:
        self.state.focus_zone = Zone.HAND
        self.state.focus_card = 0
        return []

    def take_advice(self, action: Action) -> None:
        options = self.options()
        if isinstance(action, Call) and CARD_NAMES[action.card] in options:
            self.state.focus_zone = Zone.HAND
            self.state.focus_card = options.index(CARD_NAMES[action.card])

    def click_card(self, pos: tuple[int, int]) -> Handled:
        for code, rect in reversed(self.rects):
            if rect.collidepoint(pos):
                return Call(parse_card(code))
        return False

    def key(self, e: pygame.event.Event) -> Handled:
        t = self.state
        key = e.key
        options = self.options()
        cols = self.cols
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            d = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -cols, pygame.K_DOWN: cols}[key]
            t.focus_card = max(0, min(len(options) - 1, t.focus_card + d))
            t.focus_zone = Zone.HAND
            return True
        if key in ACTIVATE_KEYS and options:
            return Call(parse_card(options[min(t.focus_card, len(options) - 1)]))
        return False

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.state
        theme = t.theme
        p = theme.p
        w, h = t.layout.size
        options = self.options()
        gap = theme.px(6)
        room = t.layout.panel_bottom - t.layout.panel_top  # the grid's cards shrink until it fits
        ch = round(h * 0.105)
        while True:
            cw = card_width(ch)
            cols = min(15, max(1, min(len(options), int((w * 0.6) // (cw + gap)))))
            rows = (len(options) + cols - 1) // cols
            height = rows * (ch + gap) + theme.px(70)
            if height <= room or ch <= 24:
                break
            ch -= 2
        self.cols = cols
        rect = pygame.Rect(0, 0, cols * (cw + gap) + theme.px(30), height)
        rect.midbottom = (round(t.layout.center[0]), t.layout.panel_bottom)
        self.rect = rect
        theme.panel(surface, rect)
        title = "Call a card: its holder is your partner"
        if theme.font("body", True).size(title + " (yours: you play alone)")[0] < rect.w - theme.px(20):
            title += " (yours: you play alone)"
        theme.text(
            surface,
            title,
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
