"""The hands on the table: the viewer's cards fanned face up along the bottom, and each other seat's backs."""

from __future__ import annotations

from typing import Any

import pygame

from krook.session.base import ActionEvent
from krook.ui.cards import card_width
from krook.ui.widgets import draw_focus_ring

from .table_model import sort_key


def hand_codes(table: Any) -> list[str]:
    """The viewer's cards in display order (trump first once named); the nest is left out until shown."""
    view = table.view
    if view.seat is None:
        return []
    hand = list(view.hand)
    s = table.shown
    if view.seat == view.bidder and not s.discarded and len(s.bids) < len(view.bids):
        hand = [c for c in hand if c not in view.nest]
    trump = s.trump if s.trump else None
    return sorted(hand, key=lambda c: sort_key(c, trump))


def hand_size_shown(table: Any, seat: int) -> int:
    """Cards a seat holds on screen: what it holds now plus what it played that is not yet shown."""
    t = table
    view = t.view
    if t.deal_t >= 0:
        return t.deal.dealt_count(seat)
    pending = sum(
        1 for e in t.queue if isinstance(e, ActionEvent) and e.seat == seat and e.text.startswith("play ")
    )
    size = view.hand_sizes[seat] + pending
    if seat == view.bidder and not t.shown.discarded and len(t.shown.bids) < len(view.bids):
        size -= int(view.rules.get("nest_size", 0))
    return max(0, size)


def draw_opponent_backs(table: Any, surface: pygame.Surface, seat: int) -> tuple[float, float]:
    """A seat's cards face down above its name plate; returns where the plate goes."""
    t = table
    theme = t.theme
    back_h = t.layout.back_h
    x, y = t.seat_anchor(seat)
    count = hand_size_shown(t, seat)
    bw = t.services.cards.back(back_h).get_width()
    spread = min(bw * 0.22, theme.px(200) / max(1, count))
    total = bw + spread * max(0, count - 1)
    left = x - total / 2
    top = y - back_h - theme.px(18)
    if count:
        fan = t.sprites.fan(count, spread, back_h)
        surface.blit(fan, (round(left) - theme.px(6), round(top) - theme.px(6)))
    return (x, y + theme.px(8))


def draw_hand(table: Any, surface: pygame.Surface) -> None:
    """The viewer's hand; records each card's clickable rect in ``table.card_rects``."""
    t = table
    theme = t.theme
    w, h = t.layout.size
    view = t.view
    codes = hand_codes(t)
    face_up = t.revealed and view.seat == t.viewer
    if t.deal_t >= 0:
        count = t.deal.dealt_count(t.viewer)
        codes = codes[:count]
    elif not face_up:
        codes = ["?"] * view.hand_sizes[t.viewer]
    t.card_rects = []
    t._last_card_pos = {}
    if not codes:
        return
    ch = t.layout.hand_card_h
    cw = card_width(ch)
    n = len(codes)
    max_w = w * 0.68
    step = min(cw * 0.62, (max_w - cw) / max(1, n - 1)) if n > 1 else 0
    total = cw + step * (n - 1)
    left = (w - total) / 2
    base_y = h - ch * 0.5 - theme.px(12)
    my_turn = t.idle and view.to_act == t.viewer and face_up
    legal_cards: set[str] | None = None
    if my_turn and view.phase == "play":
        legal_cards = {a.split()[1] for a in view.legal if a.startswith("play ")}
    discard = view.discard if my_turn and view.phase == "discard" else None
    allowed = set(discard.get("allowed", [])) if discard else None
    mouse = pygame.mouse.get_pos() if pygame.display.get_init() and pygame.display.get_surface() else (-1, -1)
    hover_i = -1
    rects = [pygame.Rect(round(left + i * step), round(base_y - ch / 2), cw, ch) for i in range(n)]
    for i in range(n - 1, -1, -1):
        if rects[i].collidepoint(mouse):
            hover_i = i
            break
    if face_up and t.deal_t < 0:
        t.hand_face_draws += 1
        t.face_seats_drawn.append(t.viewer)
    new_nest = set(view.nest) if view.phase == "discard" and view.seat == view.bidder else set()
    focus_here = my_turn and t.focus_zone == "hand" and view.phase in ("play", "discard")
    for i, code in enumerate(codes):
        rect = rects[i].copy()
        lift = 0
        if code in t.selected:
            lift = theme.px(34)
        elif my_turn and i == hover_i and (legal_cards is None or code in legal_cards):
            lift = theme.px(14)
        elif focus_here and i == t.focus_card:
            lift = theme.px(10)
        rect.y -= lift
        theme.shadow(surface, rect, max(3, ch // 14), spread=theme.px(8), alpha=80)
        if code == "?":
            surface.blit(t.services.cards.back(ch), rect)
        else:
            dim = (legal_cards is not None and code not in legal_cards) or (
                allowed is not None and code not in allowed and code not in t.selected
            )
            surface.blit(t.sprites.dimmed(code, ch) if dim else t.services.cards.face(code, ch), rect)
            if code in new_nest:
                tag = theme.render("nest", "caption", theme.p.text_dark, bold=True)
                tr = tag.get_rect(
                    midtop=(rect.centerx if i == n - 1 else rect.x + step / 2, rect.y - theme.px(22))
                )
                tr.x = rect.x + theme.px(4)
                pygame.draw.rect(
                    surface, theme.p.accent, tr.inflate(theme.px(8), theme.px(2)), border_radius=tr.h
                )
                surface.blit(tag, tr)
            if code in t.selected:
                pygame.draw.rect(
                    surface, theme.p.accent, rect, max(2, theme.px(3)), border_radius=max(3, ch // 14)
                )
        hit = rect.copy()
        if i < n - 1:
            hit.w = max(1, round(step))
        t.card_rects.append((code, hit))
        t._last_card_pos[code] = rect.center
        if focus_here and i == t.focus_card and t.panel.keyboard_used is not None:
            draw_focus_ring(surface, theme, rect, max(3, ch // 14))
