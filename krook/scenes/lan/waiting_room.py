"""Waiting rooms for a LAN game before it starts.

- :class:`WaitingRoomScene` (the host): the address others type, each seat's status, *Start now (bots fill
  empty seats)* and *Cancel*. The game starts by itself once every open seat is taken.
- :class:`JoinedWaitScene` (a player who joined): who is at the table until the host starts.

Both hand the running session to the table with :func:`open_lan_table`. Hosts are made by ``services.games``.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from krook.net.hosted import HostedGame
from krook.scenes.base import JoinedSession, Scene, Services
from krook.scenes.common.menu import begin_screen, bottom_bar, centred_panel, screen_margin, titled_panel
from krook.scenes.lan.common import draw_seat_list, lan_ipv4
from krook.scenes.lan.help import help_button
from krook.session.base import ErrorEvent, StatusEvent
from krook.ui import Button, FocusGroup

log = logging.getLogger(__name__)

HOST_SAVE = "lan-host.json"
GRACE_CHOICES = (15, 30, 60, 120, 300, 600)


# -- into the game --------------------------------------------------------------------------------------
def open_lan_table(scene: Scene, session: Any, *, replace_below: bool = False, note: str = "") -> None:
    """Replace ``scene`` (and the lobby under it when ``replace_below``) with the table on ``session``."""
    session.keep_finished_game()  # the finished game joins the list of games and the history
    table = scene.services.go.table(session, note)
    if replace_below:
        scene.stack.pop()
    scene.stack.replace(table)


def enter_lan_table(scene: Scene, session: JoinedSession, *, note: str = "", game: str = "") -> None:
    """After joining: the table if the game is under way, else the joined waiting room."""
    if session.started:
        open_lan_table(scene, session, note=note)
    else:
        scene.stack.replace(JoinedWaitScene(scene.services, session, game=game, note=note))


# -- the host's waiting room ---------------------------------------------------------------------------------
class WaitingRoomScene(Scene):
    """The host waits for players. Pushed over the lobby: Cancel stops hosting and goes back to it."""

    def __init__(self, services: Services, game: HostedGame) -> None:
        super().__init__(services)
        self.game = game
        self.session = game.session
        self.address = lan_ipv4() if game.bind in ("", "0.0.0.0") else game.bind
        self.port = game.port
        self.start_btn = Button("Start now (bots fill empty seats)", self.start_now, "primary")
        self.help_btn = help_button(self)
        self.cancel_btn = Button("Cancel", self.cancel, "secondary")
        self.focus = FocusGroup([self.start_btn, self.help_btn, self.cancel_btn], vertical=False)
        self.messages: list[str] = []
        self._left = False

    left_share = 0.44  # of the window's width, for the panel that says how to join

    def statuses(self) -> tuple[list[str], list[str]]:
        snap = self.game.snapshot()
        return list(snap.players), list(snap.statuses)

    def update(self, dt: float) -> None:
        if self._left:
            return
        for event in self.session.update(dt):
            if isinstance(event, ErrorEvent):
                self.messages = [event.message]
        if self.game.snapshot().started:
            self._left = True
            open_lan_table(self, self.session, replace_below=True)

    def animating(self) -> bool:
        return False

    def redraw_in(self) -> float | None:
        return 0.5  # players join on the network thread: twice a second is enough for them to show

    def start_now(self) -> None:
        if self._left:
            return
        self.session.start_now()
        self._left = True
        open_lan_table(self, self.session, replace_below=True)

    def cancel(self) -> None:
        if self._left:
            return
        self._left = True
        self.game.cancel()
        self.stack.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        return self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "Waiting for players")
        p = t.p
        w, h = surface.get_size()
        margin = screen_margin(t)
        t.text(
            surface,
            f"Hosting {self.game.snapshot().name}",
            (w - margin, margin + t.px(14)),
            "label",
            p.text_muted,
            anchor="topright",
        )
        top, bottom = t.px(84), h - t.px(100)
        left = pygame.Rect(margin, top, round(w * self.left_share), bottom - top)
        t.panel(surface, left)
        self.draw_how_to_join(t, surface, left)
        right = pygame.Rect(left.right + margin, top, w - left.right - margin * 2, bottom - top)
        self.draw_seats(t, surface, right)
        # Bottom bar.
        bottom_bar(t, surface, [(self.start_btn, 400), (self.cancel_btn, 140)])
        self.help_btn.rect = pygame.Rect(0, 0, t.px(220), t.px(54))
        self.help_btn.rect.bottomleft = (margin, h - t.px(22))
        self.focus.draw(surface, t, True)

    def draw_how_to_join(self, t: Any, surface: pygame.Surface, left: pygame.Rect) -> None:
        """The left panel: the address (and room code) the others type."""
        p = t.p
        x, y = left.x + t.px(24), left.y + t.px(18)
        t.text(surface, "On the other computers", (x, y), "title", p.text, True)
        y += t.px(50)
        for line in t.wrap(
            "Open Krook, choose Join LAN game and pick this game from the list. If it is not listed, "
            "type this address under Join by address:",
            left.w - t.px(48),
            "body",
        ):
            t.text(surface, line, (x, y), "body", p.text_muted)
            y += t.font("body").get_linesize()
        y += t.px(14)
        box = pygame.Rect(x, y, left.w - t.px(48), t.px(76))
        t.panel(surface, box, (20, 28, 34), alpha=255, edge=p.accent, shadow=False)
        t.text(surface, f"{self.address}:{self.port}", box.center, "heading", p.accent, True, anchor="center")
        y = box.bottom + t.px(18)
        snap = self.game.snapshot()
        if snap.password:
            t.text(surface, "Room code", (x, y), "label", p.text, True)
            t.text(surface, snap.password, (box.right, y), "heading", p.accent, True, anchor="topright")
            y += t.px(44)
            for line in t.wrap("New players type this code when they join.", left.w - t.px(48), "caption"):
                t.text(surface, line, (x, y), "caption", p.text_muted)
                y += t.font("caption").get_linesize()
            y += t.px(8)
        grace = round(snap.grace_s)
        for line in t.wrap(
            f"A player who drops keeps the seat: after {grace} s a bot plays it until they rejoin.",
            left.w - t.px(48),
            "caption",
        ):
            t.text(surface, line, (x, y), "caption", p.text_muted)
            y += t.font("caption").get_linesize()
        for message in self.messages[-1:]:
            t.text(surface, message[:80], (x, y + t.px(8)), "caption", p.danger)
        tip = t.wrap(
            "First time hosting on this computer? Windows asks whether to allow Krook: tick Private networks "
            "and click Allow access. If the others can't find or reach this game, see Help.",
            left.w - t.px(48),
            "caption",
        )
        lh = t.font("caption").get_linesize()
        ty = left.bottom - t.px(20) - lh * len(tip)
        if ty > y + t.px(30):
            for i, line in enumerate(tip):
                t.text(surface, line, (x, ty + i * lh), "caption", p.text_muted)

    def draw_seats(self, t: Any, surface: pygame.Surface, right: pygame.Rect) -> None:
        """The right panel: each seat as people join."""
        titled_panel(t, surface, right, "Seats")
        players, statuses = self.statuses()
        open_count = statuses.count("open")
        rows = pygame.Rect(right.x + t.px(16), right.y + t.px(66), right.w - t.px(32), 0)
        y = draw_seat_list(self, surface, rows, players, statuses, row_h=t.px(50))
        waiting = (
            f"Waiting for {open_count} more player{'s' * (open_count != 1)}. The game starts by itself when "
            "every open seat is taken."
            if open_count
            else "Everyone is here."
        )
        for i, line in enumerate(t.wrap(waiting, rows.w - t.px(8), "body")):
            t.text(
                surface, line, (rows.x + t.px(4), y + t.px(14) + i * t.font("body").get_linesize()), "body"
            )


# -- a joined player's waiting room ---------------------------------------------------------------------------
class JoinedWaitScene(Scene):
    """Joined, the host has not started yet: who is at the table; Leave goes back to the Join screen."""

    def __init__(self, services: Services, session: JoinedSession, *, game: str = "", note: str = "") -> None:
        super().__init__(services)
        self.session = session
        self.game = game
        self.note = note
        self.leave_btn = Button("Leave", self.leave, "secondary")
        self.help_btn = help_button(self)
        self.focus = FocusGroup([self.leave_btn, self.help_btn], vertical=False)
        self.problem = ""
        self._left = False

    def redraw_in(self) -> float | None:
        return 0.5  # the host's news arrives on the network thread

    def waiting_line(self) -> str:
        client = self.session.client
        return f"Waiting for the host ({client.address}:{client.port}) to start the game..."

    def update(self, dt: float) -> None:
        if self._left:
            return
        for event in self.session.update(dt):
            if isinstance(event, ErrorEvent):
                self.problem = event.message
                if event.fatal:
                    from krook.scenes.lan.host_gone import HostGoneScene

                    self._left = True
                    self.stack.push(HostGoneScene(self.services, self.session, event.message))
                    return
            elif (
                isinstance(event, StatusEvent)
                and event.seat == self.session.seat
                and event.status == "remote"
            ):
                self.problem = ""
        if self.session.started:
            self._left = True
            open_lan_table(self, self.session, note=self.note)

    def leave(self) -> None:
        if self._left:
            return
        self._left = True
        self.session.close()
        self.stack.replace(self.services.go.join())

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface)
        p = t.p
        w, h = surface.get_size()
        panel = centred_panel(
            t, surface, min(w - t.px(60), t.px(720)), min(h - t.px(140), t.px(520)), lift=t.px(20)
        )
        x, y = panel.x + t.px(28), panel.y + t.px(20)
        t.text(surface, f"Joined {self.game}" if self.game else "Joined", (x, y), "title", p.text, True)
        y += t.px(48)
        t.text(surface, self.waiting_line(), (x, y), "body", p.text_muted)
        y += t.px(44)
        statuses = [self.session.seat_status(s) for s in range(len(self.session.players))]
        rows = pygame.Rect(x, y, panel.w - t.px(56), 0)
        y = draw_seat_list(
            self, surface, rows, self.session.players, statuses, mine=set(self.session.local_seats)
        )
        message, colour = (self.problem, p.danger) if self.problem else (self.note, p.text_muted)
        for i, line in enumerate(t.wrap(message, rows.w, "body")[:2] if message else []):
            t.text(surface, line, (x, y + t.px(12) + i * t.font("body").get_linesize()), "body", colour)
        bottom_bar(t, surface, [(self.leave_btn, 160), (self.help_btn, 220)], panel.right, height=52)
        self.focus.draw(surface, t, True)
