"""Play over the internet -> Join with a code: your name, the invite code as the host reads it out (any case,
spaces or dashes), Join. Joining runs on a background thread; every failure is said on this screen in plain
words (no relay reachable, wrong code, the game is full, ...), never raised."""

from __future__ import annotations

import logging

import pygame

from krook.scenes.base import JoinedSession, Scene, Services
from krook.scenes.common.form import form_key
from krook.scenes.common.menu import begin_screen, bottom_bar, centred_panel
from krook.scenes.internet.common import (
    CODE_MAX,
    code_char,
    failure_words,
    forget_seat,
    paste_text,
    relay_in_use,
    remember_seat,
    stored_seat,
)
from krook.scenes.internet.waiting_room import enter_table
from krook.scenes.lan.common import Job, player_name
from krook.ui import Button, FocusGroup, TextField

log = logging.getLogger(__name__)


class InternetJoinScene(Scene):
    def __init__(self, services: Services, code: str = "") -> None:
        super().__init__(services)
        self.name_field = TextField(
            player_name(services), self._set_name, max_len=16, placeholder="Your name"
        )
        self.code_field = TextField(
            code,
            lambda text: None,
            max_len=CODE_MAX,
            placeholder="K7QM-482-916",
            allowed=code_char,
            tooltip="The code on the host's screen: capitals, spaces and dashes don't matter",
        )
        self.paste_btn = Button("Paste", self.paste, "secondary", tooltip="Paste a code someone sent you")
        self.join_btn = Button("Join", self.join, "primary")
        self.back_btn = Button("Back", self.back, "ghost")
        self.focus = FocusGroup(
            [self.name_field, self.code_field, self.paste_btn, self.join_btn, self.back_btn]
        )
        self.focus.focus(self.code_field)
        self.code_field.editing = True
        self.connecting: Job | None = None
        self.error = ""
        self.note = ""

    def _set_name(self, text: str) -> None:
        self.services.settings.player_name = text.strip()[:16]

    def paste(self) -> None:
        text = "".join(ch for ch in paste_text() if code_char(ch)).strip()[:CODE_MAX]
        if text:
            self.code_field.text = text
            self.error = ""
        else:
            self.error = "There is no code to paste: type it as the host reads it out."

    # -- joining -------------------------------------------------------------------------------------------
    def join(self) -> None:
        if self.connecting is not None:
            return
        from krook.net import internet

        code = self.code_field.text
        try:
            internet.parse_code(code)
        except internet.InternetError as exc:
            self.error = exc.message
            return
        name = self.name_field.text.strip() or "Player"
        entry = stored_seat(self.services, code)
        token = entry["token"] if entry else None
        join = self.services.games.join_internet

        def attempt() -> tuple[JoinedSession, str]:
            try:
                return join(code, name, token), ""
            except internet.InternetError as exc:
                if token is None or exc.failure is not internet.Failure.SEAT_GONE:
                    raise
            forget_seat(self.services, code)
            return join(
                code, name, None
            ), "The host no longer held your old seat, so you joined as a new player."

        self.error = self.note = ""
        self.connecting = Job(attempt, "krook-internet-join")

    def _connect_done(self) -> None:

        job, self.connecting = self.connecting, None
        assert job is not None
        if job.error is not None:
            self.error = failure_words(self.services, job.error)
            return
        session, note = job.result
        code = self.code_field.text
        remember_seat(self.services, code, token=session.token, seat=session.seat, name=self.name_field.text)
        log.info("joined a game over the internet as seat %s", session.seat)
        enter_table(self, session, note=note)

    def on_exit(self) -> None:
        if self.connecting is not None:
            self.connecting.abandon()
            self.connecting = None

    # -- frame ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.connecting is not None and self.connecting.done:
            self._connect_done()

    def animating(self) -> bool:
        return self.connecting is not None

    def back(self) -> None:
        self.services.save_settings()
        self.stack.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_v and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.paste()
            return True
        fields = (self.code_field, self.name_field)
        return form_key(e, self.focus, fields, self.join, self.back) or self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "Join with a code")
        p = t.p
        w, h = surface.get_size()
        panel = centred_panel(
            t, surface, min(w - t.px(60), t.px(760)), min(h - t.px(170), t.px(520)), lift=t.px(10)
        )
        x, fw = panel.x + t.px(32), panel.w - t.px(64)
        y = panel.y + t.px(22)
        t.text(surface, "Your name", (x, y), "label", p.text, True)
        y += t.px(32)
        self.name_field.rect = pygame.Rect(x, y, min(fw, t.px(360)), t.px(46))
        y += t.px(68)
        t.text(surface, "Invite code", (x, y), "label", p.text, True)
        t.text(
            surface,
            "as the host reads it out: capitals, spaces and dashes don't matter",
            (x + t.px(130), y + t.px(3)),
            "caption",
            p.text_muted,
        )
        y += t.px(32)
        big = t.px(38)
        self.code_field.rect = pygame.Rect(x, y, fw - t.px(150), t.px(64))
        self.paste_btn.rect = pygame.Rect(
            self.code_field.rect.right + t.px(14), y + t.px(8), t.px(136), t.px(48)
        )
        y += t.px(84)
        self.join_btn.rect = pygame.Rect(x, y, t.px(220), t.px(54))
        self.join_btn.label = "Joining..." if self.connecting is not None else "Join"
        self.join_btn.enabled = self.connecting is None
        y += t.px(74)
        if self.connecting is not None:
            relay, _ = relay_in_use(self.services)
            lines, colour, bold = (
                t.wrap(f"Connecting… to the relay at {relay}", fw, "body"),
                p.text_muted,
                False,
            )
        elif self.error:
            lines, colour, bold = t.wrap(self.error, fw, "body", True), p.danger, True
        else:
            lines, colour, bold = (t.wrap(self.note, fw, "body") if self.note else []), p.text_muted, False
        lh = t.font("body").get_linesize()
        for i, line in enumerate(lines[: max(1, (panel.bottom - y) // lh)]):
            t.text(surface, line, (x, y + i * lh), "body", colour, bold)
        bottom_bar(t, surface, [(self.back_btn, 140)])
        self.focus.draw(surface, t, True)
        # the code in large type while it is typed, so a misheard digit is easy to see
        if self.code_field.text:
            r = self.code_field.rect
            pygame.draw.rect(surface, (20, 28, 34), r.inflate(-t.px(4), -t.px(4)), border_radius=t.px(8))
            shown = t.text(
                surface,
                t.fit(self.code_field.text, r.w - t.px(24), "heading", True),
                (r.x + t.px(14), r.centery),
                "heading",
                p.accent,
                True,
                anchor="midleft",
                px=big,
            )
            if self.code_field.editing:  # the field's own caret is under the large type
                x = min(shown.right + t.px(3), r.right - t.px(8))
                pygame.draw.line(
                    surface, p.text, (x, shown.top + t.px(4)), (x, shown.bottom - t.px(4)), t.px(2)
                )
