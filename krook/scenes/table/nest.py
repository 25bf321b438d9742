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


# The call panel: colours side by side, and how much of a fanned card's width shows beside the next
BLOCKS_ACROSS = 2
FAN_SHOWS = 0.46


class CallDecision(Decision):
    """Call a card: its holder becomes your partner. A fan of cards per colour, trump first, two colours
    side by side; arrows move (Up and Down to the colour above or below), Enter or a click calls."""

    kind = "call"

    def __init__(self, state: Callable[[], TableState]) -> None:
        super().__init__(state)
        # each card's rect where it shows (what later cards leave uncovered), in the order of ``options``
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def rows(self) -> list[list[str]]:
        """The cards that may be called, a row per colour in the hand's order (trump first, the Krook in trump's
        row where it ranks), high to low. Yours stay in place, dimmed: calling one of them, you play alone."""
        trump = self.state.shown.trump or None
        rank = self.state.card_rank
        cards = sorted(
            (CARD_NAMES[c] for c in self.state.legal.calls()), key=lambda c: sort_key(c, trump, rank)
        )
        rows: list[list[str]] = []
        last = None
        for code in cards:
            group = sort_key(code, trump, rank)[0]
            if rows and group == last:
                rows[-1].append(code)
            else:
                rows.append([code])
            last = group
        return rows

    def options(self) -> list[str]:
        return [code for row in self.rows() for code in row]

    def prepare(self) -> list[Widget]:
        # the focus starts on the highest trump you lack (the usual call), never on a card of yours: Enter
        # pressed at once must not make you play alone
        mine = set(self.state.view.hand)
        options = self.options()
        self.state.focus_zone = Zone.HAND
        self.state.focus_card = next((i for i, code in enumerate(options) if code not in mine), 0)
        return []

    def take_advice(self, action: Action) -> None:
        options = self.options()
        if isinstance(action, Call) and CARD_NAMES[action.card] in options:
            self.state.focus_zone = Zone.HAND
            self.state.focus_card = options.index(CARD_NAMES[action.card])

    def click_card(self, pos: tuple[int, int]) -> Handled:
        for code, rect in self.rects:
            if rect.collidepoint(pos):
                return Call(parse_card(code))
        return False

    def key(self, e: pygame.event.Event) -> Handled:
        t = self.state
        key = e.key
        rows = self.rows()
        options = [code for row in rows for code in row]
        if not options:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            i = max(0, min(len(options) - 1, t.focus_card))
            r = 0
            while i >= len(rows[r]):
                i -= len(rows[r])
                r += 1
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                i += 1 if key == pygame.K_RIGHT else -1
                if i < 0 and r > 0:  # on into the colour before, at its end
                    r -= 1
                    i = len(rows[r]) - 1
                elif i >= len(rows[r]) and r + 1 < len(rows):  # on into the next colour, at its start
                    r, i = r + 1, 0
                i = max(0, min(len(rows[r]) - 1, i))
            else:  # the colour above or below (two colours side by side)
                r2 = r + (BLOCKS_ACROSS if key == pygame.K_DOWN else -BLOCKS_ACROSS)
                if 0 <= r2 < len(rows):
                    r, i = r2, min(i, len(rows[r2]) - 1)
            t.focus_card = sum(len(row) for row in rows[:r]) + i
            t.focus_zone = Zone.HAND
            return True
        if key in ACTIVATE_KEYS:
            return Call(parse_card(options[min(t.focus_card, len(options) - 1)]))
        return False

    def draw_panel(self, surface: pygame.Surface) -> None:
        t = self.state
        theme = t.theme
        p = theme.p
        w, h = t.layout.size
        rows = self.rows()
        across = min(BLOCKS_ACROSS, len(rows))
        down = (len(rows) + across - 1) // max(1, across)
        longest = max((len(row) for row in rows), default=1)
        pad, head, gap, apart = theme.px(15), theme.px(46), theme.px(6), theme.px(22)
        room_h = t.layout.panel_bottom - t.layout.panel_top
        left, right = t.layout.centre_span(t.layout.panel_top, t.layout.panel_bottom, t.n)
        room_w = min(right - left, round(w * 0.7))
        # A fan per colour, two colours side by side: the cards are as large as the room allows with the
        # corner of each (its number and colour) showing beside the next.
        ch = round(h * 0.16)
        while ch > 24:
            cw = card_width(ch)
            fan = cw + (longest - 1) * round(cw * FAN_SHOWS)
            if across * fan + (across - 1) * apart + 2 * pad <= room_w and (
                head + down * ch + (down - 1) * gap + pad <= room_h
            ):
                break
            ch -= 2
        cw = card_width(ch)
        fan_room = (room_w - 2 * pad - (across - 1) * apart) // max(1, across)
        step = max(round(cw * FAN_SHOWS), min(round(cw * 0.62), (fan_room - cw) // max(1, longest - 1)))
        fan = cw + (longest - 1) * step
        grid_w = across * fan + (across - 1) * apart
        title = "Call a card: its holder is your partner"
        font = theme.font("body", True)
        if font.size(title + " (yours: you play alone)")[0] <= room_w - 2 * pad:
            title += " (yours: you play alone)"
        width = min(room_w, max(grid_w, font.size(title)[0]) + 2 * pad)
        rect = t.layout.panel_rect(width, head + down * ch + (down - 1) * gap + pad, t.n)
        self.rect = rect
        theme.panel(surface, rect)
        theme.text(
            surface, title, (rect.centerx, rect.y + theme.px(12)), "body", p.text, True, anchor="midtop"
        )
        self.rects = []
        mine = set(t.view.hand)
        x0 = rect.centerx - grid_w // 2
        focus: pygame.Rect | None = None
        for r, row in enumerate(rows):
            bx = x0 + (r % across) * (fan + apart)
            y = rect.y + head + (r // across) * (ch + gap)
            for i, code in enumerate(row):
                card = pygame.Rect(bx + i * step, y, cw, ch)
                surface.blit(t.services.cards.face(code, ch, t.view.rules_obj), card)
                if code in mine:
                    surface.blit(theme.rounded(card.size, (10, 20, 16, 110), theme.px(5)), card)
                shows = card.copy()
                if i + 1 < len(row):
                    shows.w = step  # the next card covers the rest
                if len(self.rects) == t.focus_card:
                    focus = shows
                self.rects.append((code, shows))
        if focus is not None:
            draw_focus_ring(surface, theme, focus, theme.px(5))
