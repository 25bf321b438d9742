"""Learn to play: the card table with a coach's note for each phase of one guided hand, then a real game.

The note says what is happening and what to do. A note that only explains waits for Continue (Enter,
Space or a click on it) and holds the bots meanwhile; a note that teaches a move stays until that move is
made, and a wrong move is refused with the reason (``krook.session.tutorial``). After the hand's score
sheet, a last note explains making or being set and offers a real game against easy bots.
"""

from __future__ import annotations

from typing import Any

import pygame

from krook.rules import Action, Play
from krook.rules.cards import card_name
from krook.scenes.base import Services
from krook.scenes.common.menu import DialogScene
from krook.scenes.table.scene import TableScene
from krook.scenes.table.state import Zone
from krook.session.tutorial import TutorialSession
from krook.ui import Button, FocusGroup


def start_easy_game(services: Services) -> None:
    """A normal game: you against three easy bots (Ben, across the table, is your partner)."""
    session = services.games.easy_game()
    services.stack.reset(services.go.title())
    services.stack.push(services.go.table(session))


class TutorialTable(TableScene):
    """The table of the guided hand, with the coach's note in a free part of the table."""

    session: TutorialSession
    aside = 0.3

    def __init__(self, services: Services, session: TutorialSession) -> None:
        super().__init__(services, session)
        self.continue_btn = Button("Continue", session.acknowledge, "primary")
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        self._focused_for = ""  # the note whose card was given the focus

    def update(self, dt: float) -> None:
        super().update(dt)
        self._focus_the_notes_card()

    def _focus_the_notes_card(self) -> None:
        """The keyboard focus goes to the card the note asks for, once per note (the player may move it)."""
        lesson = self.session.current
        t = self.state
        if lesson is None or lesson.key == self._focused_for or not t.my_turn or t.panel_kind != "play":
            return
        expected = lesson.expected_action
        hand = t.hand_codes()
        if isinstance(expected, Play) and card_name(expected.card) in hand:
            t.focus_zone = Zone.HAND
            t.focus_card = hand.index(card_name(expected.card))
            self._focused_for = lesson.key

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.session.waiting:
            if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.session.acknowledge()
                return True
            if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                if self.continue_btn.handle_event(e):
                    return True
                if e.type != pygame.MOUSEMOTION and not self.menu_button.rect.collidepoint(e.pos):
                    return True  # the game waits for the note to be read
        return super().handle_event(e)

    def animating(self) -> bool:
        return super().animating() or self.session.current is not None

    def refuse(self, action: Action, reason: str) -> None:
        """A move the rules refuse: the note says why, with what the lesson asks for."""
        super().refuse(action, self.session.refuse(action, reason))

    def _open_score_sheet(self) -> None:
        super()._open_score_sheet()
        self.stack.push(TutorialEndScene(self.services, self.session))

    def _place_note(
        self, text: str, said: str, needs_ack: bool
    ) -> tuple[pygame.Rect, list[str], list[str], str]:
        """The note in the column the table keeps free, its lines wrapped to it (smaller type if they are many)."""
        t = self.theme
        column = self.state.layout.aside_rect()
        inner = column.w - t.px(32)
        for role in ("body", "caption"):
            lines = t.wrap(text, inner, role)
            refusal = t.wrap(said, inner, role, True) if said else []
            lh = t.font(role).get_linesize()
            height = t.px(52) + lh * (len(lines) + len(refusal)) + (t.px(62) if needs_ack else t.px(12))
            if height <= column.h:
                break
        return pygame.Rect(column.x, column.y, column.w, min(height, column.h)), lines, refusal, role

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lesson = self.session.current
        if lesson is None:
            self.continue_btn.visible = False
            return
        t = self.theme
        said = self.session.refusal
        rect, lines, refusal, role = self._place_note(
            self.session.note(), said[:1].upper() + said[1:], lesson.needs_ack
        )
        lh = t.font(role).get_linesize()
        self.coach_rect = rect
        t.panel(surface, rect, (30, 44, 58), alpha=245, edge=t.p.accent)
        t.text(surface, lesson.title, (rect.x + t.px(16), rect.y + t.px(12)), "label", t.p.accent, True)
        y = rect.y + t.px(44)
        for line in lines:
            t.text(surface, line, (rect.x + t.px(16), y), role, t.p.text)
            y += lh
        for line in refusal:
            t.text(surface, line, (rect.x + t.px(16), y), role, t.p.danger, True)
            y += lh
        self.continue_btn.visible = lesson.needs_ack
        if lesson.needs_ack:
            self.continue_btn.rect = pygame.Rect(0, 0, t.px(150), t.px(42))
            self.continue_btn.rect.bottomright = (rect.right - t.px(14), rect.bottom - t.px(12))
            self.continue_btn.draw(surface, t, True)


class TutorialEndScene(DialogScene):
    """Over the guided hand's score sheet: making or being set, and the way on to a real game."""

    def __init__(self, services: Services, session: TutorialSession) -> None:
        super().__init__(services)
        self.session = session
        result = session.view(None).results[-1]
        bid, total = result.get("bid"), result.get("bidding_total")
        if result.get("made"):
            verdict = f"Your side bid {bid} and took {total} points: you made it, and score all {total}."
        else:
            verdict = f"Your side bid {bid} but took only {total} points: you were set, and lose {bid}."
        self.text = (
            f"{verdict} The other side scores what it took either way. The first side to reach 300 wins "
            "the game. That is all there is to it: now play a whole game against three easy bots."
        )
        self.play_btn = Button("Play a game", lambda: start_easy_game(self.services), "primary")
        self.title_btn = Button("Back to title", self.to_title, "ghost")
        self.focus = FocusGroup([self.play_btn, self.title_btn], vertical=False)

    def to_title(self) -> None:
        self.session.close()
        self.stack.reset(self.services.go.title())

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.focus.focused
            if isinstance(focused, Button):
                focused.activate()
            return True
        self.focus.handle_event(e)
        return True

    def draw(self, surface: pygame.Surface) -> Any:
        t = self.dim(surface, 120)
        w, h = surface.get_size()
        width = t.px(620)
        lines = t.wrap(self.text, width - t.px(48))
        lh = t.font("body").get_linesize()
        rect = pygame.Rect(0, 0, width, t.px(140) + lh * len(lines))
        rect.center = (w // 2, h // 2)
        t.panel(surface, rect, (30, 44, 58), alpha=250, edge=t.p.accent)
        t.text(
            surface, "Making or being set", (rect.x + t.px(24), rect.y + t.px(18)), "title", t.p.accent, True
        )
        y = rect.y + t.px(64)
        for line in lines:
            t.text(surface, line, (rect.x + t.px(24), y), "body", t.p.text)
            y += lh
        self.play_btn.rect = pygame.Rect(0, 0, t.px(190), t.px(46))
        self.play_btn.rect.bottomright = (rect.right - t.px(24), rect.bottom - t.px(18))
        self.title_btn.rect = pygame.Rect(0, 0, t.px(170), t.px(46))
        self.title_btn.rect.bottomright = (self.play_btn.rect.x - t.px(12), self.play_btn.rect.bottom)
        self.focus.draw(surface, t, True)
