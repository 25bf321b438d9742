"""Sessions for LAN games: :class:`RemoteSession` (a client's screen) and :class:`HostSession` (the host's
own screen). Both satisfy ``krook.session.base.Session``, so the screens play a LAN game like a local one.

Both read the same host messages (welcome, view, event, status, error) and turn them into session events;
they differ only in where the messages come from and where actions go.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
from typing import Any, Protocol

from krook.rules import Action, Match, SeatView, action_text
from krook.session.base import (
    ActionEvent,
    ErrorEvent,
    GameOverEvent,
    HandOverEvent,
    LinkState,
    SessionEvent,
    StatusEvent,
)
from krook.session.lan_games import LanKeeper

from .checks import HostMessageError, check_host_message
from .client import Client
from .host_snapshot import HostSnapshot
from .join_error import JoinError
from .protocol import ACTION, ERROR, EVENT, HISTORY, READY, RESULTS, STATUS, VIEW, WELCOME

log = logging.getLogger("krook.net.session")

__all__ = ["HostSession", "JoinError", "LocalHost", "RemoteSession", "local_session"]

# What the player reads when the host refuses or loses us.
_JOIN_MESSAGES = {
    "version": "That game runs another version of Krook. Update the older copy to play together.",
    "full": "Every seat at that table is taken.",
    "bad_token": "The host no longer holds your seat. Join as a new player.",
    "replaced": "Your seat was taken over from another window or computer.",
    "password": "That game has a room code: type the code shown on the host's screen.",
    "too_many": "The host has too many connections open right now. Try again in a moment.",
    "closed": "The host closed the game.",
}


class _MessageSession:
    """The shared half: turns host messages into views, statuses and ``SessionEvent``s."""

    def __init__(self) -> None:
        self.players: list[str] = []
        self._seats: list[int] = []
        self._statuses: list[str] = []
        self._views: dict[int, SeatView] = {}
        self._events: list[SessionEvent] = []
        self._results: list[dict[str, Any]] = []  # the score sheet, sent once and then row by row
        self.started = False
        # keeps the finished game in the list of finished games and the players' history (the app's tables
        # turn it on: ``keep_finished_game``); tests and tools leave it off
        self.keeper: LanKeeper | None = None

    @property
    def local_seats(self) -> list[int]:
        return list(self._seats)

    def view(self, seat: int | None) -> SeatView:
        if seat is not None:
            try:
                return self._views[seat]
            except KeyError:
                raise ValueError(f"seat {seat} is not played at this screen (or no view yet)") from None
        if not self._views:
            raise ValueError("no view of the table yet")
        mine = self._views[min(self._views)]
        scored = mine.phase in ("hand_over", "game_over")
        return dataclasses.replace(
            mine,
            seat=None,
            hand=[],
            legal=[],
            discard=None,
            nest=mine.nest if scored else [],
            buried=mine.buried if scored else [],
        )

    @property
    def busy(self) -> bool:
        """Bots of a LAN game think on the host; the table polls while another seat is to act."""
        return False

    def seat_status(self, seat: int) -> str:
        return self._statuses[seat] if 0 <= seat < len(self._statuses) else "unknown"

    def _take(self, raw: dict[str, Any]) -> None:
        """Take one host message; raises HostMessageError when it cannot be used (never a crash)."""
        msg = check_host_message(raw)
        if msg is None:
            return
        kind = msg["type"]
        if kind == RESULTS:
            start = msg["from"]
            if not 0 <= start <= len(self._results):
                raise HostMessageError(f"score-sheet rows from {start} when {len(self._results)} are held")
            self._results[start:] = msg["results"]
        elif kind == VIEW:
            view: SeatView = msg["view"]
            count = msg["results_count"]
            seat = view.seat
            if seat is None or seat not in self._seats or not 0 <= count <= len(self._results):
                raise HostMessageError(f"a view for seat {seat} with {count} score-sheet rows")
            view = dataclasses.replace(view, results=self._results[:count])
            old = self._views.get(seat)
            if old is None or view.version >= old.version:
                self._views[seat] = view
            self.players = list(view.players)
            if self.keeper is not None:
                self.keeper.see(view)
        elif kind == EVENT:
            what = msg["kind"]
            if what == "action":
                self._events.append(ActionEvent(msg["seat"], msg["action"], msg["version"]))
                if self.keeper is not None:
                    self.keeper.action(msg["seat"], msg["text"], msg["version"])
            elif what == "hand_over":
                self._events.append(HandOverEvent(msg["hand_number"]))
            elif what == "game_over":
                self._events.append(GameOverEvent(msg["winner"]))
                if self.keeper is not None:
                    self.keeper.game_over()
            elif what == "start":
                self.started = True
        elif kind == STATUS:
            seat, status = msg["seat"], msg["status"]
            while len(self._statuses) <= seat:
                self._statuses.append("unknown")
            self._statuses[seat] = status
            if "players" in msg:
                self.players = msg["players"]
            self._events.append(StatusEvent(seat, status))
        elif kind == WELCOME:
            # A welcome starts the host's account afresh: after a host restart it is the truth, whatever
            # newer views this screen had cached. It never moves this screen to other seats: a welcome for
            # seats other than the ones held is refused (the views of the held seats would be lost).
            if self._seats and msg["seats"] != self._seats:
                raise HostMessageError(
                    f"a welcome for seats {msg['seats']} at a screen playing {self._seats}"
                )
            self._views.clear()
            self._results = []
            self._seats = msg["seats"]
            self.players = msg["players"]
            self._statuses = msg["statuses"]
            self.started = msg["started"]
            for seat, status in enumerate(self._statuses):
                self._events.append(StatusEvent(seat, status))
            if self.started:
                self._joined_under_way()
        elif kind == HISTORY:
            self._take_history(msg)
        elif kind == ERROR:
            code = msg["code"]
            fatal = msg["fatal"]
            if code in ("shutdown", "timeout"):
                fatal = False  # the link reports what follows: reconnecting, then back or gone
            self._events.append(ErrorEvent(_JOIN_MESSAGES.get(code, msg["message"]), fatal))

    def keep_finished_game(self) -> None:
        """Keep this game when it ends, like a local one (see ``krook.session.lan_games``)."""
        if self.keeper is None:
            self.keeper = self._keeper()

    def _keeper(self) -> LanKeeper:
        return LanKeeper()  # a client: only what its seat saw

    def _joined_under_way(self) -> None:
        """Joined (or back) in a game under way: a client asks for what its seat saw before."""

    def _take_history(self, msg: dict[str, Any]) -> None:
        """A page of this seat's earlier views (only a client asks for them)."""

    def _finish_keeping(self) -> None:
        """On closing: let the finished game's file be written first (the window may be closing)."""
        keeper = self.keeper
        if keeper is None:
            return
        keeper.flush()
        if not keeper.wait():
            log.error("the finished game was still being written when the game closed")

    def _drain(self) -> list[SessionEvent]:
        events, self._events = self._events, []
        return events


class RemoteSession(_MessageSession):
    """A seat in a game hosted on another computer. Build it with :meth:`connect`."""

    def __init__(self, client: Client) -> None:
        super().__init__()
        self.client = client
        self._gone = False
        # seat -> the view version an action was sent from: until the host answers, that view shows nobody
        # to act, so the screen does not offer the same decision twice (a double click, a slow host).
        self._pending: dict[int, int] = {}
        self._ready_for: int | None = None  # the scored hand this player said ready after
        # A welcome was read and the seat's view after it not yet: that view says whether the host (perhaps
        # restarted without the ready it was sent) still waits at the score sheet this player left.
        self._welcomed = False

    @classmethod
    def connect(
        cls,
        address: str,
        port: int,
        name: str,
        token: str | None = None,
        *,
        timeout: float = 5.0,
        **client_options: Any,
    ) -> RemoteSession:
        """Join a host (blocking for at most about ``timeout``); raises :class:`JoinError` with a message
        fit for the player (``.code`` says why: unreachable, version, full, bad_token, ...)."""
        client = Client(address, port, name, token, timeout=timeout, **client_options)
        try:
            client.connect()
        except JoinError as exc:
            message = _JOIN_MESSAGES.get(exc.code, exc.message)
            if exc.code == "password" and client_options.get("password"):
                message = "That room code is not this game's: check the code shown on the host's screen."
            raise JoinError(exc.code, message) from None
        session = cls(client)
        session._pump(wait_for_view=timeout)
        return session

    def link(self) -> LinkState:
        return LinkState(connected=self.client.connected, own_seat=self.seat)

    # -- the seat's views from before it joined ----------------------------------------------------------------
    def keep_finished_game(self) -> None:
        fresh = self.keeper is None
        super().keep_finished_game()
        if fresh and self.started:
            self._joined_under_way()
            # the views that came before keeping was asked for: the game may already be over (a player back to
            # see the final score), and its last view will not come again
            view = self._views.get(self.seat) if self.seat is not None else None
            if view is not None and self.keeper is not None:
                self.keeper.see_current(view)

    def _joined_under_way(self) -> None:
        if self.keeper is not None and self.client.send({"type": HISTORY, "from": 0}):
            self.keeper.expect_past()

    def _take_history(self, msg: dict[str, Any]) -> None:
        keeper = self.keeper
        if keeper is None:
            return
        views = msg["views"]
        for view in views:
            if view["seat"] != self.seat or view["results_count"] > len(self._results):
                raise HostMessageError(
                    f"a history view of seat {view['seat']} counting {view['results_count']} score-sheet rows"
                )
        following = msg["from"] + len(views)
        more = bool(views) and following < msg["total"]
        # one page at a time (no flood to queue); a page that cannot be asked for ends the wait
        more = more and self.client.send({"type": HISTORY, "from": following})
        keeper.see_past(views, done=not more)

    # -- what the settings keep ---------------------------------------------------------------------------
    @property
    def token(self) -> str | None:
        """The seat token: store it so the player can rejoin this seat after a crash or a restart."""
        return self.client.token

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def connected(self) -> bool:
        return self.client.connected

    # -- Session ------------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> SeatView:
        view = super().view(seat)
        if seat is not None and self._pending.get(seat) == view.version:
            return dataclasses.replace(view, to_act=None, legal=[])
        return view

    def submit(self, seat: int, action: Action | str) -> str | None:
        if seat not in self._seats:
            return f"seat {seat} is not yours"
        view = self._views.get(seat)
        if view is not None:
            if self._pending.get(seat) == view.version:
                return None  # already sent from this view: the host's answer is on its way
            legal = view.legal_actions()  # out of turn it lists a redeal the rules allow now, if any
            if not view.my_turn and action not in legal:
                return "It is not your turn."
            if action not in legal:
                return f"{action_text(action)!r} is not a legal move now."
        if not self.client.send({"type": ACTION, "seat": seat, "text": action_text(action)}):
            return "Not connected to the host right now."
        if view is not None:
            self._pending[seat] = view.version
        return None

    def update(self, dt: float = 0.0) -> list[SessionEvent]:
        self._pump()
        return self._drain()

    def next_hand(self) -> None:
        view = self._views.get(self.seat) if self.seat is not None else None
        self._ready_for = view.hand_number if view is not None else None
        self.client.send({"type": READY})

    def close(self) -> None:
        self.client.close()
        self._finish_keeping()

    def _pump(self, wait_for_view: float = 0.0) -> None:
        import time

        deadline = time.monotonic() + wait_for_view
        while True:
            try:
                left = deadline - time.monotonic()
                if wait_for_view and self.seat not in self._views and left > 0:
                    msg = self.client.inbox.get(timeout=left)
                else:
                    msg = self.client.inbox.get_nowait()
            except queue.Empty:
                return
            if msg.get("type") == "_link":
                self._pending.clear()
                self._link(msg)
                continue
            if msg.get("type") == ERROR:
                self._pending.clear()  # the action was refused (or lost): the player may try again
            try:
                self._take(msg)
            except HostMessageError as exc:
                # The client thread checks frames as they arrive; this catches what only the session can
                # see (a view for a seat that is not ours, rows missing). Drop the link: it reconnects.
                self._pending.clear()
                self.client.drop(f"the host sent something Krook cannot use ({exc})")
                continue
            if msg.get("type") == WELCOME:
                self._welcomed = True
            elif self._welcomed and self.seat in self._views:
                self._welcomed = False
                self._ready_again()

    def _ready_again(self) -> None:
        """Back at the score sheet this player already left: say ready again, as the host may not know. Done
        at the first view after a welcome, not when the link reads as back: that view may come in a later
        read than the welcome (one message a read over the relay), and the welcome forgot the old views."""
        view = self._views[self.seat] if self.seat is not None else None
        if view is not None and view.phase == "hand_over" and view.hand_number == self._ready_for:
            self.client.send({"type": READY})

    def _link(self, msg: dict[str, Any]) -> None:
        seat = self.seat if self.seat is not None else -1
        state = msg.get("state")
        if state == "lost":
            self._events.append(StatusEvent(seat, "reconnecting"))
            self._events.append(
                ErrorEvent(f"Lost the connection to the host ({msg.get('reason')}); reconnecting...")
            )
        elif state == "back":
            self._events.append(StatusEvent(seat, "remote"))
        elif state == "gone" and not self._gone:
            self._gone = True
            self._events.append(StatusEvent(seat, "disconnected"))
            self._events.append(ErrorEvent(f"The host is gone ({msg.get('reason')}).", fatal=True))


class LocalHost(Protocol):
    """What the host's own screen needs of the host running in its process (``net.host.Host``)."""

    failed: str | None

    def attach_local(self, name: str) -> queue.Queue[dict[str, Any]]: ...

    def submit_local(self, seat: int, text: str) -> str | None: ...

    def local_ready(self) -> None: ...

    def start_now(self) -> None: ...

    def stop(self, final: bool = False) -> None: ...

    def finished_game(self) -> tuple[Match, list[int]] | None: ...

    def public_view(self) -> SeatView: ...

    def snapshot(self) -> HostSnapshot: ...


def local_session(host: LocalHost, name: str = "Host") -> HostSession:
    """The host's own screen, seated at ``host`` as ``name``: it plays the host's human seats."""
    session = HostSession(host, host.attach_local(name))
    session._pump()
    return session


class HostSession(_MessageSession):
    """The host's own screen: plays the ``human`` seats in the host's process (hot-seat included)."""

    def __init__(self, host: LocalHost, inbox: queue.Queue[dict[str, Any]]) -> None:
        super().__init__()
        self.host = host
        self.inbox = inbox
        self._failed_told = False

    def view(self, seat: int | None) -> SeatView:
        if seat is None:
            return self.host.public_view()
        self._pump()
        if seat not in self._seats:  # a host with no human seat watches the public table
            return self.host.public_view()
        return super().view(seat)

    def _keeper(self) -> LanKeeper:
        return LanKeeper(self.host.finished_game)  # the host: the whole game

    def seat_status(self, seat: int) -> str:
        statuses = self.host.snapshot().statuses
        return statuses[seat] if 0 <= seat < len(statuses) else "unknown"

    def snapshot(self) -> HostSnapshot:
        """The seat table, who is waiting and the room code, for the screens."""
        return self.host.snapshot()

    @property
    def grace_s(self) -> float:
        return self.host.snapshot().grace_s

    def link(self) -> LinkState:
        """The host's link: always there; it knows the grace and who is not ready."""
        snap = self.host.snapshot()
        return LinkState(
            connected=True,
            hosting_port=snap.port,
            grace_s=float(snap.grace_s),
            waiting_for_ready=tuple(snap.waiting_for_ready),
        )

    def submit(self, seat: int, action: Action | str) -> str | None:
        return self.host.submit_local(seat, action_text(action))

    def update(self, dt: float = 0.0) -> list[SessionEvent]:
        self._pump()
        failed = self.host.failed
        if failed is not None and not self._failed_told:
            self._failed_told = True
            self._events.append(ErrorEvent(f"Hosting stopped: {failed}", fatal=True))
        return self._drain()

    def next_hand(self) -> None:
        self.host.local_ready()

    def start_now(self) -> None:
        """Start without waiting for every LAN seat: bots sit in the empty ones until players join."""
        self.host.start_now()

    def close(self) -> None:
        self.host.stop()
        self._finish_keeping()

    def end_game(self) -> None:
        """Stop hosting for good (Cancel in the waiting room): the players are told the game is closed."""
        self.host.stop(final=True)
        self.close()

    def _pump(self) -> None:
        while True:
            try:
                msg = self.inbox.get_nowait()
            except queue.Empty:
                return
            try:
                self._take(msg)
            except HostMessageError:  # our own host's messages: a bug, not an attack; keep the window up
                log.exception("the host's own screen could not use a message")
