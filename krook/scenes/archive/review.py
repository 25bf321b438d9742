"""Review this hand: par, the costliest plays and the bidding of one seat, solved on a worker thread.

The scene takes a game (a ``Match`` or a record) with a hand and a seat, so the score sheet and the replay viewer
open it the same way. Figures appear as the solver finds them; the window never waits for it.
"""

from __future__ import annotations

from typing import Any

import pygame

from krook.review import HandReview, ReviewError, ReviewJob
from krook.review.words import decision_line, done_line, headline, nest_lines, rest_of_table_line
from krook.rules import Match, match_from_record
from krook.rules.words import card_words
from krook.scenes.base import Scene, Services
from krook.scenes.common.menu import begin_screen, bottom_bar, centred_panel
from krook.ui import Button, FocusGroup
from krook.ui.cards import card_width


class ReviewScene(Scene):
    """One seat's review of one finished hand; ``seats`` (default: just ``seat``) may be cycled with Tab/S."""

    def __init__(
        self,
        services: Services,
        game: Match | dict[str, Any],
        hand_index: int,
        seat: int,
        seats: list[int] | None = None,
    ) -> None:
        super().__init__(services)
        self.match = game if isinstance(game, Match) else match_from_record(game)
        self.hand_index = hand_index
        self.seats = seats or [seat]
        self.seat = seat
        self.job: ReviewJob | None = None
        self.problem: str | None = None
        self.back_btn = Button("Back", self.close, "primary")
        self.seat_btn = Button("Next player", self.next_seat)
        buttons = [self.back_btn] + ([self.seat_btn] if len(self.seats) > 1 else [])
        self.focus = FocusGroup(buttons, vertical=False)
        self.elapsed = 0.0
        self._shown: tuple[HandReview | None, bool, str | None] = (None, False, None)
        self._start()

    # -- the job ----------------------------------------------------------------------------------------------
    def _start(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.elapsed = 0.0
        try:
            # the review's own copy of the game: the worker thread never shares the session's match
            game = match_from_record(self.match.to_record())
            self.job = ReviewJob(game, self.hand_index, self.seat).start()
            self.problem = None
        except ReviewError as exc:
            self.job = None
            self.problem = str(exc)

    @property
    def review(self) -> HandReview | None:
        return self.job.latest if self.job is not None else None

    def next_seat(self) -> None:
        i = self.seats.index(self.seat) if self.seat in self.seats else -1
        self.seat = self.seats[(i + 1) % len(self.seats)]
        self._start()

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.stack.pop()

    def on_exit(self) -> None:
        if self.job is not None:
            self.job.cancel()

    # -- scene ------------------------------------------------------------------------------------------------
    def redraw_in(self) -> float | None:
        # while solving, progress arrives a few times a second; each new snapshot asks for a frame (update)
        return 0.25 if self.job is not None and not self.job.finished else None

    def update(self, dt: float) -> None:
        self.elapsed += dt
        job = self.job
        now = (job.latest, job.finished, job.error) if job is not None else (None, False, None)
        if now[0] is not self._shown[0] or now[1:] != self._shown[1:]:
            # a figure came from the worker thread: draw it (the app draws nothing while idle otherwise)
            self._shown = now
            self.invalidate()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return True
            if e.key == pygame.K_s and len(self.seats) > 1:
                self.next_seat()
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                w = self.focus.focused
                if isinstance(w, Button):
                    w.activate()
                return True
        return self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "Review this hand")
        p = t.p
        w, h = surface.get_size()
        panel = centred_panel(t, surface, min(w - t.px(40), t.px(1080)), h - t.px(170), lift=t.px(6))
        x = panel.x + t.px(28)
        width = panel.w - t.px(56)
        y = panel.y + t.px(20)
        players = self.match.players
        review = self.review
        if self.problem is not None:
            t.text(surface, self.problem, (x, y), "label", p.danger, True)
        elif review is None:
            t.text(
                surface, f"Hand {self.hand_index + 1}: replaying the cards…", (x, y), "label", p.text, True
            )
        else:
            y = self._draw_review(surface, review, players, x, y, width, panel.bottom - t.px(16))
        if self.job is not None and self.job.error:
            t.text(
                surface,
                f"The review stopped: {self.job.error}",
                (x, panel.bottom - t.px(40)),
                "body",
                p.danger,
            )
        bottom_bar(t, surface, [(b, 200) for b in self.focus.widgets])
        self.focus.draw(surface, t, self.services.keyboard_mode)

    def _draw_review(
        self,
        surface: pygame.Surface,
        review: HandReview,
        players: list[str],
        x: int,
        y: int,
        width: int,
        bottom: int,
    ) -> int:
        t = self.theme
        p = t.p
        for line in t.wrap(headline(review, players), width, "title", bold=True):
            t.text(surface, line, (x, y), "title", p.text, True)
            y += t.px(40)
        y += t.px(4)
        y = self._progress(surface, review, x, y, width)
        lh = t.font("body").get_linesize() + t.px(2)
        lines = nest_lines(review.nest, players) if review.nest is not None else []
        lines += [decision_line(d) for d in review.decisions]
        if not review.bids_done and review.par is not None:
            lines.append("Asking the hard bot about the bidding…")
        for line in lines:
            for piece in t.wrap(line, width, "body"):
                t.text(surface, piece, (x, y), "body", p.text)
                y += lh
        y += t.px(10)
        t.text(surface, "Costliest plays", (x, y), "label", p.text, True)
        y += t.px(34)
        ch = t.px(58)
        if not review.plays:
            note = "No play of yours cost a point." if review.complete else "None found so far."
            t.text(surface, note, (x, y), "body", p.text_muted)
            y += lh
            return self._rest_of_table(surface, review, x, y, width, bottom)
        # above the cards: the list may run out of room, and this line says why the points are not par less them
        y = self._rest_of_table(surface, review, x, y, width, bottom)
        if y + len(review.plays) * (ch + t.px(10)) > bottom:
            return self._play_words(surface, review, x, y, width, bottom)
        for play in review.plays:
            t.text(surface, f"Trick {play.trick}", (x, y + ch // 2), "body", p.text_muted, anchor="midleft")
            cx = x + t.px(110)
            surface.blit(self.services.cards.face(play.card, ch, self.match.rules), (cx, y))
            cx += card_width(ch) + t.px(14)
            t.text(surface, "instead of", (cx, y + ch // 2), "caption", p.text_muted, anchor="midleft")
            cx += t.font("caption").size("instead of")[0] + t.px(14)
            surface.blit(self.services.cards.face(play.best, ch, self.match.rules), (cx, y))
            cx += card_width(ch) + t.px(20)
            t.text(
                surface, f"−{play.loss} points", (cx, y + ch // 2), "label", p.danger, True, anchor="midleft"
            )
            y += ch + t.px(10)
        return y

    def _play_words(
        self, surface: pygame.Surface, review: HandReview, x: int, y: int, width: int, bottom: int
    ) -> int:
        """The costly plays a line of words each, where a row of cards each does not fit (a small window, large
        text); the lines that do not fit either are counted on the last."""
        t = self.theme
        lh = t.font("body").get_linesize() + t.px(2)
        plays = review.plays
        for i, play in enumerate(plays):
            rest = plays[i:]
            if y + lh * (2 if len(rest) > 1 else 1) > bottom:
                points = sum(r.loss for r in rest)
                count = f"{len(rest)} {'more ' if i else ''}play{'s' if len(rest) > 1 else ''}"
                t.text(
                    surface, f"{'and ' if i else ''}{count}, −{points} points", (x, y), "body", t.p.text_muted
                )
                return y + lh
            line = t.fit(
                f"Trick {play.trick}: {card_words(play.card)} instead of {card_words(play.best)}, "
                f"−{play.loss} point{'s' if play.loss != 1 else ''}",
                width,
                "body",
            )
            t.text(surface, line, (x, y), "body", t.p.text)
            y += lh
        return y

    def _rest_of_table(
        self, surface: pygame.Surface, review: HandReview, x: int, y: int, width: int, bottom: int
    ) -> int:
        """Why the side's points differ from the par less its own costly plays (the others' plays), if they do."""
        line = rest_of_table_line(review)
        if line is None:
            return y
        t = self.theme
        lh = t.font("body").get_linesize() + t.px(2)
        for piece in t.wrap(line, width, "body"):
            if y + lh > bottom:
                break
            t.text(surface, piece, (x, y), "body", t.p.text_muted)
            y += lh
        return y

    def _progress(self, surface: pygame.Surface, review: HandReview, x: int, y: int, width: int) -> int:
        """A bar of the plays checked so far (the par counts as the first step) and its words."""
        t = self.theme
        p = t.p
        steps = review.total + 1
        done = review.checked + (1.0 if review.par is not None else _par_fraction(review))
        bar = pygame.Rect(x, y, width, t.px(10))
        pygame.draw.rect(surface, (36, 47, 58), bar, border_radius=t.px(5))
        filled = bar.copy()
        filled.w = max(t.px(10), round(bar.w * done / max(1, steps)))
        pygame.draw.rect(surface, p.success if review.complete else p.accent, filled, border_radius=t.px(5))
        if review.complete:
            words = done_line(review)
        elif review.par is None and review.par_low is not None and review.par_high is not None:
            words = (
                f"Solving the whole hand with every card known: the par is between {review.par_low} and "
                f"{review.par_high} · {_count(review.nodes)} positions searched"
            )
        elif review.par is None:
            words = "Solving the whole hand with every card known…"
        else:
            words = f"Checked {review.checked} of your {review.total} plays · {_count(review.nodes)} positions searched"
        t.text(surface, words, (x, y + t.px(16)), "caption", p.text_muted)
        return y + t.px(48)


def _par_fraction(review: HandReview) -> float:
    """How far the par's search has closed in: 0 at the start, 1 when its interval is one point."""
    if review.par_low is None or review.par_high is None or review.par_span <= 0:
        return 0.0
    return max(0.0, min(0.95, 1.0 - (review.par_high - review.par_low) / review.par_span))


def _count(nodes: int) -> str:
    """A count of positions in words a player reads at a glance: 840, 12 thousand, 1.4 million."""
    if nodes >= 1_000_000:
        return f"{nodes / 1_000_000:.1f} million"
    if nodes >= 10_000:
        return f"{nodes // 1000} thousand"
    return f"{nodes:,}"
