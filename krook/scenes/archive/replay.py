"""Watch a game: step through a record action by action, with every hand face up or one seat's.

Left / Right step, Page Up / Page Down (or [ and ]) jump a hand, a typed number (or a click on the hand
buttons at the top right) jumps to that hand, Home / End go to the hand's start and end, A changes whose cards
are shown, R reviews the hand, E exports, Esc closes.
A game still in progress is shown from the public seat only (see ``krook.session.replay``).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import Any

import pygame

from krook import storage
from krook.records.seat_record import is_seat_record
from krook.rules import Pass, Play, PublicAction
from krook.rules.words import action_said, action_words, colour_words
from krook.scenes.base import Scene, Services
from krook.scenes.common.menu import bottom_bar, draw_backdrop, middle_cut
from krook.scenes.common.table_layout import TableLayout
from krook.session import finished
from krook.session.replay import Frame, Replay
from krook.session.seat_replay import SeatReplay
from krook.ui import Button, FocusGroup
from krook.ui.cards import card_width

log = logging.getLogger(__name__)

HAND_COLUMNS = 7  # hand buttons per row in the picker
HAND_ROWS = 3  # rows shown; a longer game shows the rows around the hand on the table
TYPED_FOR_S = 1.5  # a typed hand number keeps growing (1, then 12) for this long after each digit
_DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): d for d in range(10)
}


def describe_action(players: list[str], seat: int | None, action: PublicAction) -> str:
    """An action in words: ``Ben played Red 14``."""
    who = players[seat] if seat is not None and 0 <= seat < len(players) else "Someone"
    return f"{who} {action_words(action)}"


class ReplayScene(Scene):
    """A record in a replay viewer. ``title`` names it (``Finished game, 2026-11-30``)."""

    def __init__(
        self, services: Services, record: dict[str, Any], title: str = "", humans: tuple[int, ...] = ()
    ) -> None:
        super().__init__(services)
        # raises RecordError for a record that does not replay; a LAN seat's record shows that seat's cards only
        self.replay: Replay | SeatReplay = SeatReplay(record) if is_seat_record(record) else Replay(record)
        self.title = title or ("Finished game" if self.replay.finished else "Game in progress")
        self.step = 0
        # "all" hands face up, a seat's own cards, or "public" (the only choice for a game in progress)
        own = self.replay.own_seat
        self.shown: int | str = "all" if self.replay.may_show_hands else ("public" if own is None else own)
        self.toast: tuple[str, float] | None = None
        self._frame: Frame | None = None
        self.humans = tuple(humans)
        self.first_btn = Button("|<", lambda: self.jump_hand(-1), tooltip="Previous hand (Page Up)")
        self.back_btn = Button("<", lambda: self.go(self.step - 1), tooltip="One action back (Left)")
        self.fwd_btn = Button(">", lambda: self.go(self.step + 1), "primary", tooltip="One action on (Right)")
        self.last_btn = Button(">|", lambda: self.jump_hand(1), tooltip="Next hand (Page Down)")
        self.show_btn = Button("", self.cycle_shown, tooltip="Whose cards are shown (A)")
        self.review_btn = Button("Review hand", self.review, tooltip="Review this hand (R)")
        self.export_btn = Button(
            "Export", self.export, tooltip="Save this game as a record file to share (E)"
        )
        self.close_btn = Button("Close", self.close, "ghost")
        # the hand picker: one button a hand, and a number typed on the keyboard
        self.hand_btns = [
            Button(str(i + 1), functools.partial(self.to_hand, i), tooltip=f"Hand {i + 1} (type {i + 1})")
            for i in range(self.replay.hands)
        ]
        self.typed = ""
        self._typed_at = 0.0
        self.buttons = [
            *self.hand_btns,
            self.first_btn,
            self.back_btn,
            self.fwd_btn,
            self.last_btn,
            self.show_btn,
            self.review_btn,
            self.export_btn,
            self.close_btn,
        ]
        self.focus = FocusGroup(self.buttons, vertical=False)
        self.focus.focus(self.fwd_btn)
        self._sync()

    # -- moving through the record ----------------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        if self._frame is None or self._frame.step != self.step or self._frame.seat != self._seat():
            self._frame = self.replay.frame(self.step, self._seat())
        return self._frame

    def _seat(self) -> int | None:
        return self.shown if isinstance(self.shown, int) else None

    def go(self, step: int) -> None:
        self.step = max(0, min(step, len(self.replay) - 1))
        self._sync()

    def jump_hand(self, d: int) -> None:
        hand = self.replay.hand_of(self.step)
        starts = self.replay.hand_starts
        if d < 0:
            # Back to this hand's start, or to the previous hand's when already there.
            target = starts[hand] if self.step != starts[hand] else starts[max(0, hand - 1)]
        else:
            target = starts[hand + 1] if hand + 1 < len(starts) else len(self.replay) - 1
        self.go(target)

    def to_hand(self, hand: int) -> None:
        """Jump to the start of hand ``hand`` (0-based)."""
        self.go(self.replay.hand_starts[max(0, min(hand, self.replay.hands - 1))])

    def type_digit(self, digit: int) -> None:
        """A digit of a hand number: ``1`` goes to hand 1 and ``1`` ``2`` typed quickly on to hand 12."""
        now = time.monotonic()
        typed = self.typed + str(digit) if now - self._typed_at < TYPED_FOR_S else str(digit)
        if not 1 <= int(typed) <= self.replay.hands:
            typed = str(digit)  # not a hand of this game: start a new number with this digit
        self._typed_at = now
        self.typed = typed
        if 1 <= int(typed) <= self.replay.hands:
            self.to_hand(int(typed) - 1)

    def hand_end(self) -> None:
        hand = self.replay.hand_of(self.step)
        starts = self.replay.hand_starts
        self.go(starts[hand + 1] - 1 if hand + 1 < len(starts) else len(self.replay) - 1)

    def cycle_shown(self) -> None:
        if self.replay.own_seat is not None:
            name = self.replay.players[self.replay.own_seat]
            self.toast = (f"Only {name}'s own cards were kept from this LAN game.", 3.0)
            return
        if not self.replay.may_show_hands:
            self.toast = ("This game is still in progress: its hands stay hidden.", 3.0)
            return
        order: list[int | str] = ["all", *range(len(self.replay.players))]
        self.shown = order[(order.index(self.shown) + 1) % len(order)]
        self._sync()

    def _sync(self) -> None:
        self.back_btn.enabled = self.first_btn.enabled = self.step > 0
        self.fwd_btn.enabled = self.last_btn.enabled = self.step < len(self.replay) - 1
        if self.shown == "all":
            self.show_btn.label = "All hands"
        elif self.shown == "public":
            self.show_btn.label = "Hands hidden"
        else:
            self.show_btn.label = f"{self.replay.players[int(self.shown)]}'s cards"
        self.show_btn.enabled = self.replay.may_show_hands
        hand = self.replay.hand_of(self.step)
        first_row = max(
            0, min(hand // HAND_COLUMNS - 1, (self.replay.hands - 1) // HAND_COLUMNS - HAND_ROWS + 1)
        )
        shown = range(first_row * HAND_COLUMNS, (first_row + HAND_ROWS) * HAND_COLUMNS)
        for i, b in enumerate(self.hand_btns):
            b.style = "primary" if i == hand else "secondary"
            b.visible = i in shown and self.replay.hands > 1  # one hand: no picker, no stray button
        # The review solves with every card known: only for a finished game whose every hand was kept.
        self.review_btn.enabled = self.replay.finished and self.replay.own_seat is None
        self.export_btn.enabled = self.replay.finished

    def review(self) -> None:
        """The hand review of the hand on the table, for the seat shown (else the first human's)."""
        if isinstance(self.replay, SeatReplay):
            self.toast = ("No review of a LAN game kept from one seat: the other hands were never here.", 4.0)
            return
        if not self.replay.finished:
            return
        from krook.scenes.archive.review import ReviewScene

        n = len(self.replay.players)
        seat = self.shown if isinstance(self.shown, int) else (self.humans[0] if self.humans else 0)
        seats = [seat] + [s for s in range(n) if s != seat]
        hand = self.replay.hand_of(self.step)
        self.stack.push(ReviewScene(self.services, self.replay.record, hand, seat, seats))

    def export(self) -> None:
        if not self.replay.finished:
            return
        try:
            path = finished.export(self.replay.record)
        except (storage.StorageError, finished.FinishedGameError) as exc:
            self.toast = (f"Could not export: {exc}", 5.0)
            return
        self.toast = (f"Saved as {path}", 6.0)

    def close(self) -> None:
        self.stack.pop()

    # -- the scene --------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.close,
                pygame.K_RIGHT: lambda: self.go(self.step + 1),
                pygame.K_LEFT: lambda: self.go(self.step - 1),
                pygame.K_PAGEDOWN: lambda: self.jump_hand(1),
                pygame.K_RIGHTBRACKET: lambda: self.jump_hand(1),
                pygame.K_PAGEUP: lambda: self.jump_hand(-1),
                pygame.K_LEFTBRACKET: lambda: self.jump_hand(-1),
                pygame.K_HOME: lambda: self.to_hand(self.replay.hand_of(self.step)),
                pygame.K_END: self.hand_end,
                pygame.K_a: self.cycle_shown,
                pygame.K_r: self.review,
                pygame.K_e: self.export,
            }
            if e.key in _DIGITS and not e.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.type_digit(_DIGITS[e.key])
                return True
            action = keys.get(e.key)
            if action is not None:
                action()
                return True
        return self.focus.handle_event(e)

    def update(self, dt: float) -> None:
        if self.toast:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None

    def animating(self) -> bool:
        return self.toast is not None

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        layout = TableLayout((w, h), t, 1.0)
        layout.draw_table_ring(surface)
        frame = self.frame
        view = frame.view
        n = len(view.players)
        bottom = frame.seat if frame.seat is not None else 0
        for seat in range(n):
            self._draw_seat(surface, layout, frame, seat, (seat - bottom) % n)
        self._draw_trick(surface, layout, frame, bottom)
        self._draw_info(surface, frame)
        self._draw_hand_picker(surface)
        self._draw_bar(surface)
        if self.toast:
            # wrapped to the window: an exported file's path can be long
            room = w - t.px(80)
            lines = [middle_cut(t, line, room) for line in t.wrap(self.toast[0], room, "body")[:4]]
            lh = t.font("body").get_linesize()
            width = max(t.font("body").size(line)[0] for line in lines)
            rect = pygame.Rect(0, 0, min(w - t.px(40), width + t.px(28)), lh * len(lines) + t.px(16))
            rect.midbottom = (w // 2, h - t.px(96))
            t.panel(surface, rect, (70, 40, 30), edge=t.p.accent)
            for i, line in enumerate(lines):
                t.text(
                    surface,
                    line,
                    (rect.centerx, rect.y + t.px(8) + i * lh),
                    "body",
                    t.p.text,
                    anchor="midtop",
                )

    # -- drawing ----------------------------------------------------------------------------------------
    def _draw_seat(
        self, surface: pygame.Surface, layout: TableLayout, frame: Frame, seat: int, rel: int
    ) -> None:
        t = self.theme
        w, h = surface.get_size()
        view = frame.view
        cards = frame.hands[seat] if frame.hands and (self.shown == "all" or seat == frame.seat) else None
        if rel == 0:
            ch = round(layout.hand_card_h * (0.62 if self.shown == "all" else 0.78))
            anchor = (w / 2, h - t.px(80) - ch / 2)  # just above the bottom bar
        else:
            anchor = layout.seat_anchor(rel, n=len(view.players))
            ch = round(h * 0.105)
        if cards is not None:
            self._fan(surface, cards, anchor, ch, face=True)
        else:
            self._fan(surface, [""] * view.hand_sizes[seat], anchor, round(h * 0.08), face=False)
        # The name plate, above the cards, with what the seat said in the bidding or its role in the hand.
        label = view.players[seat]
        chips = []
        if seat == view.dealer:
            chips.append("Dealer")
        if view.bidder == seat and view.bid is not None:
            chips.append(f"Bid {view.bid}")
        elif view.bidder is None:
            said = [text for s, text in view.bids if s == seat]
            if said:
                chips.append("Passed" if isinstance(said[-1], Pass) else action_said(said[-1]))
        if view.phase in ("play", "hand_over", "game_over"):
            chips.append(f"{view.tricks_won[seat]} tr · {view.points_taken[seat]} pts")
        text = "  ·  ".join([label, *chips])
        plate = t.render(text, "caption", t.p.text, bold=True)
        rect = plate.get_rect(center=(round(anchor[0]), round(anchor[1] - ch * 0.5 - t.px(16))))
        rect = rect.inflate(t.px(18), t.px(8))
        rect.clamp_ip(surface.get_rect().inflate(-t.px(8), -t.px(8)))
        acting = view.to_act == seat
        t.panel(surface, rect, t.p.panel, alpha=230, radius=rect.h // 2, edge=t.p.accent if acting else None)
        if frame.actor == seat:
            pygame.draw.rect(surface, t.p.focus_ring, rect.inflate(t.px(6), t.px(6)), max(2, t.px(2)), rect.h)
        surface.blit(plate, plate.get_rect(center=rect.center))

    def _fan(
        self, surface: pygame.Surface, cards: list[str], centre: tuple[float, float], ch: int, face: bool
    ) -> None:
        if not cards:
            return
        cw = card_width(ch)
        step = max(self.theme.px(6), min(cw * 0.55, (surface.get_width() * 0.3) / max(1, len(cards))))
        if not face:
            step = max(2, min(step, self.theme.px(10)))
        total = cw + step * (len(cards) - 1)
        margin = self.theme.px(8)
        # A side seat's fan stays on the screen: squeeze it, then slide it in from the edge.
        room = surface.get_width() - 2 * margin
        if total > room * 0.22 and abs(centre[0] - surface.get_width() / 2) > surface.get_width() * 0.25:
            step = max(2, (room * 0.22 - cw) / max(1, len(cards) - 1))
            total = cw + step * (len(cards) - 1)
        x = min(max(centre[0] - total / 2, margin), surface.get_width() - margin - total)
        y = centre[1] - ch / 2
        back = self.services.cards.back(ch) if not face else None
        for code in cards:
            img = self.services.cards.face(code, ch, self.frame.view.rules_obj) if face else back
            assert img is not None
            surface.blit(img, (round(x), round(y)))
            x += step

    def _draw_trick(self, surface: pygame.Surface, layout: TableLayout, frame: Frame, bottom: int) -> None:
        view = frame.view
        n = len(view.players)
        if view.phase in ("hand_over", "game_over") and view.results:
            self._draw_result(surface, layout, view.results[-1], view)
            return
        cards = list(view.trick)
        winner = None
        # The action that completed a trick: show that trick (with its winner) rather than an empty table.
        if not cards and isinstance(frame.action, Play) and view.tricks:
            cards, winner = list(view.tricks[-1].cards), view.tricks[-1].winner
        ch = round(layout.trick_card_h * 0.75)
        for seat, code in cards:
            x, y = layout.trick_spot((seat - bottom) % n, n)
            img = self.services.cards.face(code, ch, self.frame.view.rules_obj)
            rect = img.get_rect(center=(round(x), round(y)))
            surface.blit(img, rect)
            if seat == winner:
                pygame.draw.rect(surface, self.theme.p.accent, rect, max(2, self.theme.px(3)), ch // 14)

    def _draw_result(
        self, surface: pygame.Surface, layout: TableLayout, r: dict[str, Any], view: Any
    ) -> None:
        """The hand's outcome in a panel over the middle of the table, with the buried cards."""
        t = self.theme
        cx, cy = layout.center
        if r.get("thrown_in"):
            line = "Nobody bid: the cards are thrown in"
        elif r.get("bidder") is not None:
            verdict = "made it" if r.get("made") else "was set"
            line = f"{view.players[r['bidder']]} bid {r['bid']} and {verdict} ({r.get('bidding_total')})"
        else:
            line = "Hand over"
        if view.winner is not None:
            line = f"{view.columns[view.winner]} win the game · {line}"
        deltas = "   ".join(f"{c}: {d:+d}" for c, d in zip(view.columns, r["deltas"], strict=False))
        buried = r.get("buried") or []
        ch = t.px(72)
        panel = pygame.Rect(0, 0, t.px(600), t.px(96) + (ch + t.px(16) if buried else 0))
        panel.center = (round(cx), round(cy))
        t.panel(surface, panel, alpha=235)
        t.text(surface, line, (panel.centerx, panel.y + t.px(14)), "label", t.p.accent, True, anchor="midtop")
        t.text(surface, deltas, (panel.centerx, panel.y + t.px(52)), "body", t.p.text, anchor="midtop")
        if buried:
            step = card_width(ch) * 0.7
            x = panel.centerx - (step * (len(buried) - 1) + card_width(ch)) / 2 + t.px(40)
            y = panel.y + t.px(90)
            t.text(
                surface, "Buried", (x - t.px(10), y + ch / 2), "caption", t.p.text_muted, anchor="midright"
            )
            for code in buried:
                surface.blit(self.services.cards.face(code, ch, self.frame.view.rules_obj), (round(x), y))
                x += step

    def _draw_info(self, surface: pygame.Surface, frame: Frame) -> None:
        t = self.theme
        p = t.p
        view = frame.view
        w = surface.get_width()
        m = t.px(18)
        pos = self.replay.positions[frame.step]
        total = self.replay.actions_in(pos.hand)
        # a custom game's title ("..., Kentucky Discard, to 50, ...") may need two lines in the box
        titled = t.wrap(self.title, t.px(352), "label", True) or [""]
        if len(titled) > 2:
            titled = [titled[0], t.fit(" ".join(titled[1:]), t.px(352), "label", True)]
        lines = [
            *[(piece, "label", p.text, True) for piece in titled],
            (
                f"Hand {pos.hand + 1} of {self.replay.hands} · action {pos.actions} of {total}",
                "body",
                p.text_muted,
                False,
            ),
        ]
        if view.bid is not None and view.bidder is not None:
            trump = f", trump {colour_words(view.trump)}" if view.trump else ""
            lines.append((f"{view.players[view.bidder]} bid {view.bid}{trump}", "body", p.text, False))
        for label, score in zip(view.columns, view.scores, strict=False):
            lines.append((f"{label}: {score}", "body", p.text, False))
        note = ""  # in the box, where it can cover nothing
        if self.replay.own_seat is not None:
            name = view.players[self.replay.own_seat]
            note = f"A LAN game as {name} saw it: the other players' cards were never on this computer"
        elif not self.replay.may_show_hands:
            note = "Game in progress: only what everyone at the table saw is shown"
        if note:
            lines += [(piece, "caption", p.accent, False) for piece in t.wrap(note, t.px(352), "caption")]
        lh = t.font("body").get_linesize()
        box = pygame.Rect(m, m, t.px(380), lh * len(lines) + t.px(20))
        t.panel(surface, box, alpha=215)
        y = box.y + t.px(10)
        for text, role, colour, bold in lines:
            t.text(surface, text, (box.x + t.px(14), y), role, colour, bold)
            y += lh
        said = (
            describe_action(view.players, frame.actor, frame.action)
            if frame.action is not None
            else "The deal"
        )
        # centred on the table, but never over the box: in the room right of it, on two smaller lines when
        # a long burial does not fit on one
        left, right = box.right + t.px(16), w - m
        if t.font("title", True).size(said)[0] <= right - left:
            half = t.font("title", True).size(said)[0] / 2
            t.text(
                surface,
                said,
                (min(max(w / 2, left + half), right - half), m),
                "title",
                p.text,
                True,
                anchor="midtop",
            )
            return
        y = m
        for piece in t.wrap(said, right - left, "label", True)[:2]:
            r = t.text(surface, piece, ((left + right) / 2, y), "label", p.text, True, anchor="midtop")
            y = r.bottom

    def _draw_hand_picker(self, surface: pygame.Surface) -> None:
        """The hand buttons in a panel at the top right: the hand on the table is gold."""
        t = self.theme
        shown = [b for b in self.hand_btns if b.visible]
        if len(self.hand_btns) < 2 or not shown:
            return
        size, gap, pad = t.px(40), t.px(6), t.px(12)
        cols = min(HAND_COLUMNS, len(shown))
        rows = (len(shown) + cols - 1) // cols
        head = t.font("caption").get_linesize() + t.px(4)
        title = f"Go to hand {self.typed}…" if self._typing else "Jump to hand (or type it)"
        width = max(cols * size + (cols - 1) * gap, t.font("caption").size(title)[0]) + 2 * pad
        box = pygame.Rect(0, t.px(18), width, 0)
        box.h = head + rows * size + (rows - 1) * gap + 2 * pad
        box.right = surface.get_width() - t.px(18)
        t.panel(surface, box, alpha=215)
        t.text(surface, title, (box.x + pad, box.y + pad - t.px(2)), "caption", t.p.text_muted)
        for i, b in enumerate(shown):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(
                box.x + pad + c * (size + gap), box.y + pad + head + r * (size + gap), size, size
            )

    @property
    def _typing(self) -> bool:
        return bool(self.typed) and time.monotonic() - self._typed_at < TYPED_FOR_S

    def _draw_bar(self, surface: pygame.Surface) -> None:
        t = self.theme
        bottom_bar(
            t,
            surface,
            [(self.close_btn, 100), (self.export_btn, 120), (self.review_btn, 160), (self.show_btn, 190)],
            height=48,
        )
        bottom_bar(
            t,
            surface,
            [(self.last_btn, 64), (self.fwd_btn, 64), (self.back_btn, 64), (self.first_btn, 64)],
            right=t.px(24) + t.px(4 * 64 + 3 * 12),
            height=48,
        )
        self.focus.draw(surface, t, self.focus.keyboard_used or self.services.keyboard_mode)
