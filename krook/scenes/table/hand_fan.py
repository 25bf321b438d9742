"""The hands on the table: the viewer's cards fanned along the bottom (face up only for the player who is
looking), and each other seat's backs."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from krook.scenes.table.deal import NEST
from krook.scenes.table.state import TableState, Zone
from krook.ui.cards import card_width
from krook.ui.widgets import draw_focus_ring


def hand_size_shown(t: TableState, seat: int) -> int:
    """Cards a seat holds on screen: what it holds now plus what it played that is not yet shown."""
    view = t.view
    if t.deal.running:
        return t.deal.dealt_count(view, seat)
    size = view.hand_sizes[seat] + t.pending_plays(seat)
    if seat == view.bidder and not t.shown.discarded and len(t.shown.bids) < len(view.bids):
        size -= int(view.rules.get("nest_size", 0))
    return max(0, size)


def draw_opponent_backs(t: TableState, surface: pygame.Surface, seat: int) -> tuple[float, float]:
    """A seat's cards face down above its name plate; returns where the plate goes."""
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


def draw_deal_flight(t: TableState, surface: pygame.Surface) -> None:
    """The card in the air while the deal runs, face down, from the dealer to its seat or the nest."""
    flight = t.deal.flight(t.view) if t.deal.running else None
    if flight is None:
        return
    dealer, target, frac = flight
    start = t.seat_anchor(dealer)
    end = t.layout.center if target == NEST else t.seat_anchor(target)
    pos = (start[0] + (end[0] - start[0]) * frac, start[1] + (end[1] - start[1]) * frac)
    t.sprites.draw(surface, None, pos, t.layout.back_h)


def hand_rects(t: TableState, n: int) -> tuple[list[pygame.Rect], float]:
    """Where ``n`` hand cards sit along the bottom, left to right, and the step between them."""
    ch = t.layout.hand_card_h
    cw = card_width(ch)
    left_edge, right_edge = t.layout.hand_span
    max_w = right_edge - left_edge
    step = min(cw * 0.62, (max_w - cw) / max(1, n - 1)) if n > 1 else 0.0
    total = cw + step * (n - 1)
    left = left_edge + (max_w - total) / 2
    top = t.layout.hand_top
    return [pygame.Rect(round(left + i * step), top, cw, ch) for i in range(n)], step


class CardPlace(NamedTuple):
    """Where one of the viewer's cards is drawn (``rect``, raised when chosen, hovered or focused) and the part
    of it a click reaches (``hit``: the visible strip, as the next card covers the rest)."""

    code: str
    rect: pygame.Rect
    hit: pygame.Rect


def _mouse() -> tuple[int, int]:
    if pygame.display.get_init() and pygame.display.get_surface():
        return pygame.mouse.get_pos()
    return (-1, -1)


def shown_codes(t: TableState) -> list[str]:
    """The viewer's cards as drawn now: their faces while their player looks ("?" for a back otherwise)."""
    view = t.view
    if view.seat is None:
        return []
    if t.private(t.viewer, "hand"):
        codes = t.hand_codes()
        if t.deal.running:
            codes = codes[: t.deal.dealt_count(view, t.viewer)]
        return codes
    return ["?"] * hand_size_shown(t, t.viewer)


def card_places(t: TableState, codes: list[str], mouse: tuple[int, int]) -> list[CardPlace]:
    """Where the hand's cards go, worked out from the layout, the hand and the pointer (not from a frame)."""
    if not codes:
        return []
    theme = t.theme
    view = t.view
    n = len(codes)
    rects, step = hand_rects(t, n)
    face_up = codes[0] != "?"
    my_turn = face_up and t.my_turn
    legal_cards = t.playable() if my_turn and view.phase == "play" else None
    # a card rises under the pointer only where it may be chosen: a card to play, or one to bury or put back
    # (in the bidding or naming trump a raised card looked clickable)
    risers: set[str] = set()
    if my_turn and view.phase == "discard":
        risers = t.buryable() | t.selected
    elif legal_cards is not None:
        risers = legal_cards
    hover_i = -1
    for i in range(n - 1, -1, -1):
        if rects[i].collidepoint(mouse):
            hover_i = i
            break
    focus_here = my_turn and t.focus_zone == Zone.HAND and view.phase in ("play", "discard")
    places = []
    for i, code in enumerate(codes):
        rect = rects[i].copy()
        lift = 0
        if code in t.selected:
            lift = theme.px(34)
        elif my_turn and i == hover_i and code in risers:
            lift = theme.px(14)
        elif focus_here and i == t.focus_card:
            lift = theme.px(10)
        rect.y -= lift
        hit = rect.copy()
        if i < n - 1:
            hit.w = max(1, round(step))
        places.append(CardPlace(code, rect, hit))
    return places


def hand_hits(t: TableState, mouse: tuple[int, int] | None = None) -> list[tuple[str, pygame.Rect]]:
    """Each face-up hand card and the rect a click on it reaches, left to right (the pointer at ``mouse``)."""
    view = t.view
    if view.seat is None or not t.revealed:
        return []
    codes = t.hand_codes()
    if t.deal.running:
        codes = codes[: t.deal.dealt_count(view, t.viewer)]
    return [(p.code, p.hit) for p in card_places(t, codes, _mouse() if mouse is None else mouse)]


def card_at(t: TableState, pos: tuple[int, int]) -> str | None:
    """The hand card a click at ``pos`` lands on (the topmost), if any."""
    for code, hit in reversed(hand_hits(t, pos)):
        if hit.collidepoint(pos):
            return code
    return None


def draw_hand(t: TableState, surface: pygame.Surface) -> None:
    """The viewer's hand (and where each card was drawn, in ``t.last_card_pos``, for a card's flight)."""
    t.last_card_pos = {}
    codes = shown_codes(t)
    if not codes:
        return
    view = t.view
    theme = t.theme
    ch = t.layout.hand_card_h
    face_up = codes[0] != "?"
    my_turn = face_up and t.my_turn
    legal_cards = t.playable() if my_turn and view.phase == "play" else None
    allowed = t.buryable() if my_turn and view.phase == "discard" else None
    new_nest = set(view.nest) if view.phase == "discard" and view.seat == view.bidder and face_up else set()
    focus_here = my_turn and t.focus_zone == Zone.HAND and view.phase in ("play", "discard")
    tags: list[tuple[int, int]] = []  # where the cards from the nest are: tagged once every card is down
    for i, (code, rect, _hit) in enumerate(card_places(t, codes, _mouse())):
        theme.shadow(surface, rect, max(3, ch // 14), spread=theme.px(8), alpha=80)
        if code == "?":
            surface.blit(t.services.cards.back(ch), rect)
        else:
            dim = (legal_cards is not None and code not in legal_cards) or (
                allowed is not None and code not in allowed and code not in t.selected
            )
            surface.blit(
                t.sprites.dimmed(code, ch) if dim else t.services.cards.face(code, ch, t.view.rules_obj), rect
            )
            if code in new_nest:
                tags.append(rect.topleft)
            if code in t.selected:
                pygame.draw.rect(
                    surface, theme.p.accent, rect, max(2, theme.px(3)), border_radius=max(3, ch // 14)
                )
            t.last_card_pos[code] = rect.center
        if focus_here and i == t.focus_card and t.services.keyboard_mode:
            draw_focus_ring(surface, theme, rect, max(3, ch // 14))
    # A chosen (raised) card would hide the tag of the card left of it, so the tags go on top.
    for x, y in tags:
        tag = theme.render("nest", "caption", theme.p.text_dark, bold=True)
        tr = tag.get_rect(topleft=(x + theme.px(4), y - theme.px(22)))
        pygame.draw.rect(surface, theme.p.accent, tr.inflate(theme.px(8), theme.px(2)), border_radius=tr.h)
        surface.blit(tag, tr)
