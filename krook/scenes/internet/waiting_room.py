"""Waiting rooms of an internet game before it starts: the LAN ones (``krook.scenes.lan.waiting_room``) with
the internet's parts.

- :class:`InternetWaitingRoom` (the host): the invite code in large type with Copy, the relay's status line,
  then the LAN room's seats, *Start now* and *Cancel*.
- :class:`JoinedWaitScene` (a player who joined by code): the LAN one with the status line; Leave goes back
  to the code.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from krook.net.hosted import HostedGame
from krook.scenes.base import JoinedSession, Scene, Services
from krook.scenes.internet.common import copy_text, draw_status
from krook.scenes.lan import waiting_room as lan
from krook.ui import Button, FocusGroup

log = logging.getLogger(__name__)


class InternetWaitingRoom(lan.WaitingRoomScene):
    """The host waits for players. Pushed over the lobby: Cancel stops hosting and goes back to it."""

    left_share = 0.52  # the code in large type needs the room

    def __init__(self, services: Services, game: HostedGame) -> None:
        super().__init__(services, game)
        self.copy_btn = Button(
            "Copy", self.copy, "secondary", tooltip="Copy the code to send it in a message"
        )
        self.help_btn.visible = False  # the LAN help is about the home network's firewall
        self.focus = FocusGroup([self.copy_btn, self.start_btn, self.cancel_btn], vertical=False)
        self.copied = ""  # what the Copy button last did, in words

    @property
    def code(self) -> str:
        return self.game.invite_code or ""

    def status(self) -> tuple[str, bool] | None:
        return self.services.games.internet_status(self.session)

    def copy(self) -> None:
        if copy_text(self.code):
            self.copied = "Copied: paste it into a message to the others."
        else:
            self.copied = "Copy it by hand: this computer's clipboard could not be reached."

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_c and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.copy()
            return True
        return super().handle_event(e)

    def draw_how_to_join(self, t: Any, surface: pygame.Surface, left: pygame.Rect) -> None:
        p = t.p
        snap = self.game.snapshot()
        x, y, fw = left.x + t.px(24), left.y + t.px(18), left.w - t.px(48)
        t.text(surface, "Invite code", (x, y), "title", p.text, True)
        y += t.px(46)
        for line in t.wrap(
            "Read it out over the phone, or copy it into a message. The others open Krook, choose Play over the "
            "internet, then Join with a code.",
            fw,
            "body",
        ):
            t.text(surface, line, (x, y), "body", p.text_muted)
            y += t.font("body").get_linesize()
        y += t.px(12)
        box = pygame.Rect(x, y, fw, t.px(120))
        t.panel(surface, box, (20, 28, 34), alpha=255, edge=p.accent, shadow=False)
        code_px = min(t.px(84), round(box.w / max(8, len(self.code)) * 1.45))
        t.text(surface, self.code, box.center, "display", p.accent, True, anchor="center", px=code_px)
        y = box.bottom + t.px(14)
        self.copy_btn.rect = pygame.Rect(x, y, t.px(150), t.px(46))
        if self.copied:
            t.text(
                surface,
                t.fit(self.copied, fw - t.px(170), "body"),
                (self.copy_btn.rect.right + t.px(16), self.copy_btn.rect.centery),
                "body",
                p.text if self.copied.startswith("Copied") else p.accent,
                anchor="midleft",
            )
        y = self.copy_btn.rect.bottom + t.px(16)
        notes = [
            f"A player who drops keeps the seat: after {round(snap.grace_s)} s a bot plays it until they are back.",
            "Each wrong guess of the code counts: after a few, Krook shows a new code here.",
        ]
        if snap.password:
            notes.append(f"On this home network they can also use Join LAN game, room code {snap.password}.")
        lh = t.font("caption").get_linesize()
        for note in notes:
            for line in t.wrap(note, fw, "caption"):
                if y + lh > left.bottom - t.px(70):
                    break
                t.text(surface, line, (x, y), "caption", p.text_muted)
                y += lh
            y += t.px(4)
        draw_status(t, surface, self.status(), (x, left.bottom - t.px(16)), "bottomleft")
        for message in self.messages[-1:]:
            t.text(surface, t.fit(message, fw, "caption"), (x, left.bottom - t.px(64)), "caption", p.danger)


class JoinedWaitScene(lan.JoinedWaitScene):
    """Joined by code, the host has not started yet: who is at the table and the status line."""

    def __init__(self, services: Services, session: JoinedSession, *, note: str = "") -> None:
        super().__init__(services, session, note=note)
        self.help_btn.visible = False
        self.focus = FocusGroup([self.leave_btn])

    def waiting_line(self) -> str:
        return "Waiting for the host to start the game..."

    def leave(self) -> None:
        if self._left:
            return
        self._left = True
        self.session.close()
        self.stack.pop()  # back to Join with a code

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        status = self.services.games.internet_status(self.session)
        draw_status(self.theme, surface, status, (surface.get_width() // 2, self.theme.px(24)), "midtop")


def enter_table(scene: Scene, session: JoinedSession, *, note: str = "") -> None:
    """After joining: the table if the game is under way, else the joined waiting room."""
    if session.started:
        lan.open_lan_table(scene, session, note=note)
    else:
        scene.stack.replace(JoinedWaitScene(scene.services, session, note=note))
