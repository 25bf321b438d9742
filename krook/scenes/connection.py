"""The table during a LAN game: who is connected and who is thinking, a word when a seat drops, comes back or
is handed to a bot, the wait for the others before the next hand, and a dialog when the host is gone.

The table calls three hooks, each a no-op for a game on this computer: :func:`note_events` with the events
it just read, :func:`hold_for_next_hand` before it deals the next hand, and :func:`draw_connection`.
"""

from __future__ import annotations

from typing import Any

import pygame

from krook.session.base import ErrorEvent, SessionEvent, StatusEvent
from krook.ui import Button

from .base import Scene, Services
from .lan_common import draw_seat_list
from .menu import DialogScene, centred_panel


def is_lan(session: Any) -> bool:
    from krook.net import HostSession, RemoteSession

    return isinstance(session, RemoteSession | HostSession)


def title_scene(services: Services) -> Scene:
    from .title import TitleScene

    return TitleScene(services)


# -- the events ---------------------------------------------------------------------------------------------
def seat_message(session: Any, seat: int, old: str | None, new: str) -> str:
    """What to tell the table when a seat's status changes ("" for nothing worth a word)."""
    if not 0 <= seat < len(session.players):
        return ""
    name = session.players[seat]
    if seat in session.local_seats:
        return ""  # our own link: the session reports it with an ErrorEvent
    grace = getattr(session, "grace_s", None)
    if new == old:
        return ""
    if new == "disconnected":
        held = f" for {round(grace)} s" if grace else ""
        return f"{name} dropped out. Their seat is held{held} while they rejoin."
    if new == "standin" and old == "disconnected":
        return f"{name} has not come back: a bot plays their seat until they rejoin."
    if new == "remote" and old in ("disconnected", "standin"):
        return f"{name} is back."
    if new == "remote" and old == "open":
        return f"{name} joined the game."
    return ""


def note_events(table: Any, events: list[SessionEvent]) -> None:
    """Called by the table with the events it just read: toasts for seats that drop or come back, and the
    host-gone dialog on a fatal error (at once, not after the queued animations)."""
    session = table.session
    if not is_lan(session) or not events:
        return
    seen = getattr(table, "_lan_status", None)
    if seen is None:
        seen = table._lan_status = {s: session.seat_status(s) for s in range(len(session.players))}
    for event in events:
        if isinstance(event, StatusEvent):
            message = seat_message(session, event.seat, seen.get(event.seat), event.status)
            seen[event.seat] = event.status
            table.status[event.seat] = event.status
            if message:
                table.toast = (message, 4.5)
        elif isinstance(event, ErrorEvent) and event.fatal and not getattr(table, "_lan_gone", False):
            table._lan_gone = True
            table.stack.push(HostGoneScene(table.services, session, event.message))


def hold_for_next_hand(table: Any) -> bool:
    """True while a LAN table must wait before dealing: the others have not all said ready yet.

    The table calls it from ``update``; once the next hand is there it deals it (``start_hand``)."""
    if not getattr(table, "_lan_waiting_hand", False):
        return False
    public = table.session.view(None)
    if public.phase in ("hand_over", "game_over") and public.hand_number <= table._lan_hand:
        return True
    table._lan_waiting_hand = False
    table.start_hand()
    return False


def next_hand(table: Any) -> bool:
    """The score sheet's Next hand on a LAN table: say ready, then wait for the deal. False for a local game
    (the table deals as usual)."""
    if not is_lan(table.session):
        return False
    table._lan_hand = table.session.view(None).hand_number
    table._lan_waiting_hand = True
    table.session.next_hand()
    hold_for_next_hand(table)
    return True


def waiting_banner(table: Any) -> str:
    """The banner while waiting for the next hand ("" otherwise)."""
    if not getattr(table, "_lan_waiting_hand", False):
        return ""
    session = table.session
    snapshot = getattr(session, "snapshot", None)
    if snapshot is not None:
        waiting = [session.players[s] for s in snapshot().waiting_for_ready if s not in session.local_seats]
        if waiting:
            return f"Waiting for {', '.join(waiting)} to be ready for the next hand"
    return "Waiting for the others to be ready for the next hand"


# -- drawing ------------------------------------------------------------------------------------------------
def draw_connection(table: Any, surface: pygame.Surface) -> None:
    """A small panel at the left: each seat, connected or not, and who is thinking."""
    session = table.session
    if not is_lan(session):
        return
    t = table.theme
    waiting = waiting_banner(table)
    if waiting:
        r = t.render(waiting, "label", t.p.text, bold=True)
        rect = r.get_rect(center=(surface.get_width() // 2, round(table.layout.size[1] * 0.42)))
        pill = rect.inflate(t.px(28), t.px(12))
        t.panel(surface, pill, (18, 30, 26), alpha=220, radius=pill.h // 2, edge=t.p.accent)
        surface.blit(r, rect)
    n = len(session.players)
    row_h = t.px(24)
    w = t.px(250)
    rect = pygame.Rect(t.px(12), 0, w, t.px(30) + row_h * n)
    rect.bottom = round(table.seat_anchor(table.viewer)[1]) - t.px(44)  # above the player's own plate
    t.panel(surface, rect, alpha=210)
    link = "Connected to the host"
    client = getattr(session, "client", None)
    if client is not None and not client.connected:
        link = "Reconnecting to the host..."
    elif client is None:
        link = f"Hosting on port {session.snapshot().port}"
    t.text(surface, link, (rect.x + t.px(10), rect.y + t.px(6)), "caption", t.p.text_muted, True)
    statuses = [session.seat_status(s) for s in range(n)]
    if client is not None and not client.connected and session.seat is not None:
        statuses[session.seat] = "reconnecting"
    to_act = table.view.to_act if table.view.phase not in ("hand_over", "game_over") else None
    rows = pygame.Rect(rect.x + t.px(2), rect.y + t.px(26), rect.w - t.px(4), 0)
    draw_seat_list(
        table,
        surface,
        rows,
        session.players,
        statuses,
        mine=set(session.local_seats),
        to_act=to_act,
        row_h=row_h,
        compact=True,
    )


# -- the host is gone ---------------------------------------------------------------------------------------
class HostGoneScene(DialogScene):
    """A modal dialog: the host has left; Back to title (or Esc, Enter) closes the session."""

    def __init__(self, services: Services, session: Any, detail: str = "") -> None:
        super().__init__(services)
        self.session = session
        self.detail = detail
        self.back_btn = Button("Back to title", self.close, "primary")
        self.focus.set([self.back_btn])

    def close(self) -> None:
        self.session.close()
        self.stack.reset(title_scene(self.services))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.dim(surface, 180)
        p = t.p
        w = surface.get_width()
        panel = centred_panel(t, surface, min(w - t.px(60), t.px(620)), t.px(300), edge=p.danger)
        t.text(
            surface,
            "The host has left the game",
            (panel.centerx, panel.y + t.px(28)),
            "title",
            p.text,
            True,
            anchor="midtop",
        )
        lines = t.wrap(
            (self.detail + " " if self.detail else "")
            + "The game is saved on the host's computer: when it hosts again, Join and you get your seat back.",
            panel.w - t.px(64),
            "body",
        )
        for i, line in enumerate(lines[:4]):
            t.text(
                surface,
                line,
                (panel.centerx, panel.y + t.px(90) + i * t.font("body").get_linesize()),
                "body",
                p.text_muted,
                anchor="midtop",
            )
        self.back_btn.rect = pygame.Rect(0, 0, t.px(240), t.px(52))
        self.back_btn.rect.midbottom = (panel.centerx, panel.bottom - t.px(22))
        self.focus.draw(surface, t, True)
