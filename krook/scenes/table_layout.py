"""Where things sit on the card table for one window size, seen from the viewer's seat."""

from __future__ import annotations

import math

import pygame

from krook.ui.theme import Theme


class TableLayout:
    """Card heights, the table's centre, seat positions (by seat number relative to the viewer) and buttons."""

    def __init__(
        self, size: tuple[int, int], theme: Theme, card_scale: float, score_rows: int = 2, aside: float = 0.0
    ) -> None:
        w, h = size
        # ``aside``: a share of the width kept free at the left, under the hand box (the tutorial's note
        # sits there); the seats and the middle of the table move right into what is left.
        self.aside = round(w * aside)
        self.size = size
        self.theme = theme
        u = theme.u
        self.hand_card_h = round(h * 0.235 * card_scale)
        self.trick_card_h = round(h * 0.2 * min(card_scale, 1.05))
        self.back_h = round(h * 0.1)
        self.center = ((w + self.aside) / 2, h * 0.46)
        self.menu_rect = pygame.Rect(0, 0, round(96 * u), round(38 * u))
        self.menu_rect.topright = (w - round(14 * u), round(12 * u))
        self.last_rect = pygame.Rect(0, 0, round(130 * u), round(38 * u))
        self.last_rect.bottomright = (w - round(16 * u), h - round(16 * u))
        self.hint_rect = pygame.Rect(0, 0, round(90 * u), round(38 * u))
        self.hint_rect.bottomright = (self.last_rect.x - round(10 * u), self.last_rect.bottom)
        self.undo_rect = self.hint_rect.copy()  # above Hint
        self.undo_rect.bottom = self.hint_rect.y - round(10 * u)
        # The hand runs between the player's name plate (left) and the Hint / Last trick buttons (right).
        self.hand_top = h - self.hand_card_h - theme.px(12)
        gap = round(12 * u)
        self.hand_span = (round(w * 0.17), min(round(w * 0.83), self.hint_rect.left - gap))
        # Messages get a band of their own just above the hand (clear of a chosen card's lift), and the
        # decision panels sit above that band, so a message never covers a button it talks about.
        band_h = theme.font("body").get_linesize() * 2 + theme.px(20)
        band_w = min(self.hand_span[1] - self.hand_span[0], round(w * 0.5))  # clear of the side seats
        self.message_band = pygame.Rect(0, 0, band_w, band_h)
        self.message_band.midbottom = (
            max((self.hand_span[0] + self.hand_span[1]) // 2, self.aside + band_w // 2 + gap),
            self.hand_top - theme.px(40),
        )
        self.panel_bottom = self.message_band.top - theme.px(8)
        self.panel_top = round(h * 0.2) + theme.px(34)  # below the far seat's name plate
        self.lan_row_h = theme.px(24)
        # The boxes in the top corners (the hand and contract at the left, the score at the right): a seat
        # whose plate would sit under one of them moves down, clear of it with its cards above the plate.
        pad = theme.px(12)
        # Tall and wide enough for its lines in the current text size (large text included).
        body = theme.font("body").get_linesize()
        lines_h = theme.font("label", True).get_linesize() + theme.font("caption").get_linesize() + 2 * body
        trump_w = theme.font("body").size("Trump: not named yet")[0] + theme.px(24)
        self.hud_rect = pygame.Rect(
            pad, pad, max(theme.px(250), trump_w), max(theme.px(128), lines_h + theme.px(40))
        )
        self.score_rect = pygame.Rect(
            0, pad, theme.px(250), theme.px(38) + theme.font("body").get_linesize() * score_rows
        )
        self.score_rect.right = self.menu_rect.left - pad
        self._ring: pygame.Surface | None = None

    def aside_rect(self) -> pygame.Rect:
        """The free column kept at the left: under the hand box, above the player's name plate."""
        pad = self.theme.px(12)
        top = self.hud_rect.bottom + pad
        bottom = self.hand_top - self.theme.px(24)  # clear of a chosen card's lift
        return pygame.Rect(pad, top, max(0, self.aside - 2 * pad), max(0, bottom - top))

    def lan_rect(self, players: int) -> pygame.Rect:
        """The LAN seat list: at the left, above the player's own name plate."""
        rect = pygame.Rect(
            self.theme.px(12), 0, self.theme.px(250), self.theme.px(30) + self.lan_row_h * players
        )
        rect.bottom = round(self.seat_anchor(0, 1)[1]) - self.theme.px(44)
        return rect

    @staticmethod
    def seat_angle(rel: int, n: int) -> float:
        return math.pi / 2 + 2 * math.pi * rel / n

    def seat_anchor(self, rel: int, n: int) -> tuple[float, float]:
        """Where a seat sits: the centre of its name plate (the viewer's, ``rel`` 0, is above the hand)."""
        w, h = self.size
        if rel == 0:
            return (w * 0.085, h - self.hand_card_h * 0.5 - self.theme.px(12))
        a = self.seat_angle(rel, n)
        cx, cy = self.center
        x = cx + math.cos(a) * (w - self.aside) * 0.41
        y = max(h * 0.2, cy + math.sin(a) * h * 0.34)
        reach = self.theme.px(80)  # half a plate with its cards
        for box in (self.hud_rect, self.score_rect):
            if box.left - reach < x < box.right + reach:
                y = max(y, box.bottom + self.back_h + self.theme.px(30))
        return (x, y)

    def trick_spot(self, rel: int, n: int) -> tuple[float, float]:
        a = self.seat_angle(rel, n)
        cx, cy = self.center
        r = self.trick_card_h * 0.62
        # Cards from the far side sit a little nearer the middle, clear of the name plates above them.
        dy = math.sin(a) * r * (0.9 if math.sin(a) >= 0 else 0.72)
        return (cx + math.cos(a) * r * 1.25, cy + dy)

    def draw_table_ring(self, surface: pygame.Surface) -> None:
        w, h = self.size
        cx, cy = self.center
        rect = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.46))
        rect.center = (round(cx), round(cy))
        ring = self._ring
        if ring is None or ring.get_size() != rect.size:
            ring = self._ring = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(ring, (255, 255, 255, 16), ring.get_rect(), max(1, self.theme.px(2)))
            inner = ring.get_rect().inflate(-self.theme.px(6), -self.theme.px(6))
            pygame.draw.ellipse(ring, (0, 0, 0, 22), inner)
        surface.blit(ring, rect)
