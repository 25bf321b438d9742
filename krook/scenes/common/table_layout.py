"""Where things sit on the card table for one window size, seen from the viewer's seat."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from krook.render.card_art import CARD_ASPECT
from krook.ui.theme import Theme


class TableLayout:
    """Card heights, the table's centre, seat positions (by seat number relative to the viewer) and buttons."""

    def __init__(
        self,
        size: tuple[int, int],
        theme: Theme,
        card_scale: float,
        score_rows: int = 2,
        aside: float = 0.0,
        lan_players: int = 0,
        names: Sequence[str] = (),
    ) -> None:
        w, h = size
        self.size = size
        self.theme = theme
        u = theme.u
        # ``aside``: a share of the width kept free at the left, under the hand box (the tutorial's note
        # sits there); the seats and the middle of the table move right into what is left.
        # A LAN table keeps a column aside for its connection panel: nowhere else is clear of the hand and
        # of the left seats' plates and cards in every table size (six seats reach both left corners).
        self.lan_players = lan_players
        self.lan_row_h = max(theme.px(24), theme.font("caption").get_linesize() + theme.px(4))
        self.lan_head = theme.px(8) + theme.font("caption", True).get_linesize()  # the link's line
        lan_w = max(theme.px(230), theme.font("caption", True).size("Reconnecting to the host...")[0])
        self.aside = max(round(w * aside), lan_w + theme.px(24) if lan_players else 0)
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
        # Messages get a band of their own just above the hand, clear of a chosen card's lift (34) and the
        # "nest" tag above it (22 more: ``hand_fan``), and the decision panels sit above that band, so a
        # message never covers a button it talks about nor the cards it names.
        band_h = theme.font("body").get_linesize() * 2 + theme.px(20)
        band_w = min(self.hand_span[1] - self.hand_span[0], round(w * 0.5))  # clear of the side seats
        self.message_band = pygame.Rect(0, 0, band_w, band_h)
        self.message_band.midbottom = (
            max((self.hand_span[0] + self.hand_span[1]) // 2, self.aside + band_w // 2 + gap),
            self.hand_top - theme.px(60),
        )
        self.panel_bottom = self.message_band.top - theme.px(8)
        self.panel_top = round(h * 0.2) + theme.px(34)  # below the far seat's name plate
        # How far a side seat reaches: its widest plate (the longest name with a dealer and a bid chip),
        # and below the plate its "thinking..." line.
        label, chip = theme.font("label", True), theme.font("caption", True)
        chips = sum(chip.size(c)[0] + theme.px(12) for c in ("Dealer", "Bid 100"))
        widest = max((label.size(name)[0] for name in names), default=theme.px(150))
        self.plate_half = (widest + chips + theme.px(24)) // 2
        self.plate_below = (
            (label.get_linesize() + chip.get_linesize()) // 2 + chip.get_linesize() + theme.px(8)
        )
        # The trick sits between the far seat's plate and the message band: it moves up, and its cards
        # shrink, only as far as the others' cards need to stay clear of a message at the viewer's turn (the
        # viewer's own card, lowest, comes once its message is gone).
        n = len(names) or 4
        top, bottom = h * 0.2 + self.plate_below, self.message_band.top - theme.px(8)
        lowest = max(math.sin(self.seat_angle(rel, n)) for rel in range(1, n))
        reach_up, reach_down = 0.62 * 0.72, 0.62 * 0.9 * max(0.0, lowest)  # offsets, in card heights
        self.trick_card_h = min(self.trick_card_h, round((bottom - top) / (1 + reach_up + reach_down)))
        low = bottom - (reach_down + 0.5) * self.trick_card_h
        self.trick_y = max(min(self.center[1], low), top + (reach_up + 0.5) * self.trick_card_h)
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
        self._fit_trick(n)

    def aside_rect(self) -> pygame.Rect:
        """The free column kept at the left: under the hand box, above the player's name plate."""
        pad = self.theme.px(12)
        top = self.hud_rect.bottom + pad
        bottom = self.hand_top - self.theme.px(24)  # clear of a chosen card's lift
        return pygame.Rect(pad, top, max(0, self.aside - 2 * pad), max(0, bottom - top))

    def lan_rect(self) -> pygame.Rect:
        """The LAN seat list: at the top of the column kept aside, under the hand box."""
        column = self.aside_rect()
        column.h = self.lan_head + self.lan_row_h * self.lan_players + self.theme.px(6)
        return column

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
        if math.sin(a) <= 0.2:
            return (x, y)
        # A lower side seat (six players) sits above the message band, as far as the seat above it on the
        # same side leaves room; where it cannot, the band narrows (``band_between``).
        lifted = min(y, self.message_band.top - self.plate_below)
        for other in range(1, n):
            b = self.seat_angle(other, n)
            if math.sin(b) < -0.2 and math.cos(a) * math.cos(b) > 0:
                _, above = self.seat_anchor(other, n)
                lifted = max(lifted, above + self.plate_below + self.back_h + self.theme.px(30))
        return (x, min(y, lifted))

    def seat_area(self, rel: int, n: int) -> pygame.Rect:
        """What a seat other than the viewer's may cover: its cards, its widest plate and the line below."""
        x, y = self.seat_anchor(rel, n)
        top = y - self.back_h - self.theme.px(30)
        return pygame.Rect(
            round(x) - self.plate_half, round(top), 2 * self.plate_half, round(y - top) + self.plate_below
        )

    def centre_span(self, top: int, bottom: int, n: int) -> tuple[int, int]:
        """The stretch of the middle, from ``top`` to ``bottom``, between the side seats' areas (and clear of
        the column kept aside)."""
        w, _ = self.size
        pad = self.theme.px(12)
        left, right = self.aside + pad, w - pad
        cx = self.center[0]
        for rel in range(1, n):
            area = self.seat_area(rel, n)
            if area.bottom <= top or area.top >= bottom or area.left < cx < area.right:
                continue  # not beside this stretch (the far seat is above it)
            if area.centerx < cx:
                left = max(left, area.right + pad)
            else:
                right = min(right, area.left - pad)
        return left, right

    def band_between(self, n: int) -> pygame.Rect:
        """The message band, narrowed to the room between the lower side seats where they reach it."""
        band = self.message_band
        left, right = self.centre_span(band.top, band.bottom, n)
        left, right = max(left, band.left), min(right, band.right)
        return pygame.Rect(left, band.y, max(0, right - left), band.h)

    def panel_rect(self, width: int, height: int, n: int) -> pygame.Rect:
        """A decision panel above the message band, as wide as asked or as the side seats leave room for."""
        left, right = self.centre_span(self.panel_bottom - height, self.panel_bottom, n)
        rect = pygame.Rect(0, 0, max(0, min(width, right - left)), height)
        cx = min(max(round(self.center[0]), left + rect.w // 2), right - rect.w // 2)
        rect.midbottom = (cx, self.panel_bottom)
        return rect

    def trick_spot(self, rel: int, n: int) -> tuple[float, float]:
        """Where the card a seat plays lies in the trick (the centre of the card)."""
        a = self.seat_angle(rel, n)
        cx, cy = self.center[0], self.trick_y
        r = self.trick_card_h * 0.62
        # Cards from the far side sit a little nearer the middle, clear of the name plates above them.
        dy = math.sin(a) * r * (0.9 if math.sin(a) >= 0 else 0.72)
        return (cx + math.copysign(self._trick_reach(rel, n), math.cos(a)), cy + dy)

    def _fit_trick(self, n: int) -> None:
        """Shrink the trick's cards until its widest row (five or six players) fits between the side seats."""
        if n < 5:
            return
        for _ in range(30):
            h = self.trick_card_h
            left, right = self.centre_span(round(self.trick_y - h), round(self.trick_y + h), n)
            room = min(self.center[0] - left, right - self.center[0])
            need = max(self._trick_reach(rel, n) for rel in range(1, n)) + h * CARD_ASPECT * 0.55
            if need <= room or h <= 8:
                return
            self.trick_card_h = max(8, int(h * 0.95))

    def _trick_reach(self, rel: int, n: int) -> float:
        """How far from the middle, across, a seat's card lies in the trick."""
        a = self.seat_angle(rel, n)
        reach = abs(math.cos(a)) * self.trick_card_h * 0.62 * 1.25
        if n < 5 or abs(math.cos(a)) <= 0.5:
            return reach
        # Two seats on a side (five or six players) would drop their cards one on the other and hide a
        # number. The upper card lies beside the far seat's, and the lower one further out, by enough that
        # each keeps its middle and one corner index clear whichever of the two comes first.
        width = self.trick_card_h * CARD_ASPECT
        gap = max(self.theme.px(6), width * 0.1)  # and room for the cards' tilt
        if math.sin(a) > 0:
            above = rel + 1 if math.cos(a) < 0 else rel - 1  # the seat above on the same side
            return self._trick_reach(above, n) + width * 0.85 + gap
        return max(reach, width + gap) if n % 2 == 0 else reach

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
