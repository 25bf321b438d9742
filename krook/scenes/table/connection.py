"""The table during a LAN or internet game: who is connected and who is thinking, a word when a seat drops,
comes back or is handed to a bot, the wait for the others before the next hand, the internet's status line
(connected, relay lost — retrying, host gone — waiting), and a dialog when the host is gone.

A LAN table owns one :class:`LanTable`; a game on this computer has none. The reads of the host's state
(a ``HostSnapshot``: grace, who is ready, the port) are in :meth:`LanTable.grace`, :meth:`LanTable.not_ready`
and :meth:`LanTable.link_text` only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from krook.scenes.base import Services
from krook.scenes.common.seat_list import draw_seat_list
from krook.scenes.table.state import TableState
from krook.session.base import ErrorEvent, Linked, Session, SessionEvent, StatusEvent


class LanSession(Session, Linked, Protocol):
    """A session played over the network: the contract and its link."""


def lan_session(session: Session) -> LanSession | None:
    return session if isinstance(session, Linked) else None


# -- the events ---------------------------------------------------------------------------------------------
def seat_message(
    session: LanSession, seat: int, old: str | None, new: str, grace: float | None = None
) -> str:
    """What to tell the table when a seat's status changes ("" for nothing worth a word)."""
    if not 0 <= seat < len(session.players):
        return ""
    name = session.players[seat]
    if seat in session.local_seats:
        return ""  # our own link: the session reports it with an ErrorEvent
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


class LanTable:
    """The LAN state of one table: the seats' last statuses, the host gone, the wait before the next hand."""

    def __init__(self, session: LanSession, services: Services, deal: Callable[[], None]) -> None:
        self.session = session
        self.services = services
        self.deal = deal  # the table's start_hand, called once the next hand is there
        self.seen = {s: session.seat_status(s) for s in range(len(session.players))}
        self.gone = False
        self.waiting_hand = False
        self.waiting_after = 0  # the hand number whose score sheet was seen

    # -- what the host says ----------------------------------------------------------------------------------
    def grace(self) -> float | None:
        """Seconds a dropped seat is held, when this computer is the host."""
        return self.session.link().grace_s

    def not_ready(self) -> list[str] | None:
        """Names of the remote players not yet ready for the next hand (None when only the host knows)."""
        session = self.session
        waiting = session.link().waiting_for_ready
        if waiting is None:
            return None
        return [session.players[s] for s in waiting if s not in session.local_seats]

    def internet(self) -> tuple[str, bool] | None:
        """The status line of a game that is also on the internet (its words, and whether all is well)."""
        try:
            return self.services.games.internet_status(self.session)
        except RuntimeError:  # services with no game factory (a table drawn for a picture): no internet
            return None

    def link_text(self) -> str:
        internet = self.internet()
        if internet is not None:
            return f"Internet: {internet[0]}"
        return self.session.link().text()

    # -- the table's hooks -----------------------------------------------------------------------------------
    def note_events(self, t: TableState, events: list[SessionEvent]) -> None:
        """Messages for seats that drop or come back, and the host-gone dialog on a fatal error (at once, not
        after the queued animations)."""
        if not events:
            # A network view can come in a later frame than its event (over the relay they are separate
            # frames): a view that shows the move done, or a new turn, is taken even with no event with it.
            fresh = self.session.view(t.viewer if t.humans else None)
            if (fresh.version, fresh.to_act) != (t.view.version, t.view.to_act):
                t.refresh_view()
        for event in events:
            if isinstance(event, StatusEvent):
                message = seat_message(
                    self.session, event.seat, self.seen.get(event.seat), event.status, self.grace()
                )
                self.seen[event.seat] = event.status
                t.status[event.seat] = event.status
                if message:
                    t.say(message, seconds=4.5)
            elif isinstance(event, ErrorEvent) and event.fatal and not self.gone:
                self.gone = True
                self.services.stack.push(self.services.go.host_gone(self.session, event.message))

    def hold_for_next_hand(self) -> bool:
        """True while the table must wait before dealing: the others have not all said ready yet."""
        if not self.waiting_hand:
            return False
        public = self.session.view(None)
        if public.phase in ("hand_over", "game_over") and public.hand_number <= self.waiting_after:
            return True
        self.waiting_hand = False
        self.deal()
        return False

    def next_hand(self) -> None:
        """The score sheet's Next hand: say ready, then wait for the deal."""
        self.waiting_after = self.session.view(None).hand_number
        self.waiting_hand = True
        self.session.next_hand()
        self.hold_for_next_hand()

    def waiting_banner(self) -> str:
        """The banner while waiting for the next hand ("" otherwise)."""
        if not self.waiting_hand:
            return ""
        waiting = self.not_ready()
        if waiting:
            return f"Waiting for {', '.join(waiting)} to be ready for the next hand"
        return "Waiting for the others to be ready for the next hand"

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, t: TableState, surface: pygame.Surface) -> None:
        """The wait banner, and a small panel at the left: each seat, connected or not, and who is thinking."""
        session = self.session
        theme = t.theme
        waiting = self.waiting_banner()
        if waiting:
            r = theme.render(waiting, "label", theme.p.text, bold=True)
            rect = r.get_rect(center=(round(t.layout.center[0]), round(t.layout.size[1] * 0.42)))
            pill = rect.inflate(theme.px(28), theme.px(12))
            theme.panel(surface, pill, (18, 30, 26), alpha=220, radius=pill.h // 2, edge=theme.p.accent)
            surface.blit(r, rect)
        internet = self.internet()
        if internet is not None and not internet[1]:
            # the link is down: said where everyone looks, not only in the small seat list
            r = theme.render(f"Internet: {internet[0]}", "label", theme.p.text, bold=True)
            rect = r.get_rect(center=(round(t.layout.center[0]), round(t.layout.size[1] * 0.3)))
            pill = rect.inflate(theme.px(28), theme.px(12))
            theme.panel(surface, pill, (46, 30, 14), alpha=235, radius=pill.h // 2, edge=theme.p.accent)
            surface.blit(r, rect)
            t.boxes["Internet"] = pill
        rect = t.layout.lan_rect()
        t.boxes["LAN"] = rect
        theme.panel(surface, rect, alpha=210)
        theme.text(
            surface,
            theme.fit(self.link_text(), rect.w - theme.px(20), "caption", True),
            (rect.x + theme.px(10), rect.y + theme.px(6)),
            "caption",
            theme.p.text_muted if internet is None or internet[1] else theme.p.accent,
            True,
        )
        n = len(session.players)
        statuses = [session.seat_status(s) for s in range(n)]
        link = session.link()
        if not link.connected and link.own_seat is not None:
            statuses[link.own_seat] = "reconnecting"
        to_act = t.view.to_act if t.view.phase not in ("hand_over", "game_over") else None
        rows = pygame.Rect(rect.x + theme.px(2), rect.y + t.layout.lan_head, rect.w - theme.px(4), 0)
        draw_seat_list(
            t,
            surface,
            rows,
            session.players,
            statuses,
            mine=set(session.local_seats),
            to_act=to_act,
            row_h=t.layout.lan_row_h,
            compact=True,
        )


# -- the host is gone ---------------------------------------------------------------------------------------
