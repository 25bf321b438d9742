"""The table's animation of what happened: the session's typed events, one after another, at the player's speed.

The animator owns the event queue's playback: each event (a bid, a burial, trump, a call, a card played, a
status, an error, the end of a hand or of the game) is shown in ``Shown`` with its bubble, sound and pause,
a card played flies to the trick, and a full trick is swept to its winner. It reads the session's view only to
learn who took a trick; it never acts on the game.
"""

from __future__ import annotations

from krook.rules import Bid, Call, Discard, HiddenDiscard, Pass, Redeal, Trump, card_name
from krook.rules.words import action_said
from krook.scenes.common.table_model import Flight
from krook.scenes.table.state import MessageKind, TableState
from krook.session.base import (
    ActionEvent,
    ErrorEvent,
    GameOverEvent,
    HandOverEvent,
    SessionEvent,
    StatusEvent,
)

TRICK_PAUSE_S = 1.4  # a finished trick stays this long at Normal speed, so everyone sees who took it


class Animator:
    """Plays the queued events of ``state`` (``TableState.queue``) onto the table shown."""

    def __init__(self, state: TableState) -> None:
        self.t = state

    @property
    def factor(self) -> float:
        return self.t.services.settings.anim_factor

    def advance(self, dt: float) -> None:
        """Move the flights on and show queued events until one asks for a pause (all of them at Instant)."""
        t = self.t
        factor = self.factor
        for f in t.flights:
            f.t += dt
        for f in t.sweep:
            f.t += dt
        if t.sweep and all(f.done for f in t.sweep):
            t.sweep = []
        t.wait -= dt
        guard = 0
        while t.wait <= 0 and not t.sweep and guard < 500:
            guard += 1
            if t.shown.trick and len(t.shown.trick) == t.n:
                self.collect_trick(factor)
                if t.sweep:
                    break
                continue
            if not t.queue:
                break
            self.show(t.queue.popleft(), factor)
        if t.flights and all(f.done for f in t.flights):
            t.flights = []

    def show(self, event: SessionEvent, factor: float | None = None) -> None:
        """Show one event: what it changes on the table, its words, its sound and the pause after it."""
        t = self.t
        factor = self.factor if factor is None else factor
        s = t.shown
        if isinstance(event, StatusEvent):
            t.status[event.seat] = event.status
            return
        if isinstance(event, ErrorEvent):
            t.say(event.message, MessageKind.ERROR, 5.0)
            return
        if isinstance(event, HandOverEvent):
            t.hand_over_pending = True
            s.over = True
            return
        if isinstance(event, GameOverEvent):
            t.game_over = event.winner
            return
        if not isinstance(event, ActionEvent):
            return
        seat, action = event.seat, event.action
        mine = seat == t.viewer and t.revealed
        pace = factor * (0.35 if mine else 1.0)
        said = action_said(action)
        if isinstance(action, (Bid, Pass, Redeal)):
            s.bids.append((seat, action))
            t.bubble(seat, said, 1.6 * factor if factor else 0)
            t.wait = 0.95 * pace
            t.services.play("bid")
        elif isinstance(action, (Discard, HiddenDiscard)):
            s.discarded = True
            t.bubble(seat, said, 1.2 * factor)
            t.wait = 0.6 * pace
        elif isinstance(action, Trump):
            s.trump = action.color.letter
            t.bubble(seat, said, 1.8 * factor)
            t.wait = 1.0 * pace
        elif isinstance(action, Call):
            s.called = card_name(action.card)
            t.bubble(seat, said, 2.2 * factor)
            t.wait = 1.2 * pace
        else:
            arg = card_name(action.card)
            s.plays.append((seat, arg))
            s.trick.append((seat, arg))
            t.services.play("card_play")
            start = t.last_card_pos.get(arg) if mine else None
            start_xy = (float(start[0]), float(start[1])) if start is not None else t.seat_anchor(seat)
            t.flights.append(Flight(arg, start_xy, t.trick_spot(seat), 0.32 * factor, t.layout.trick_card_h))
            t.wait = 0.42 * pace if len(s.trick) < t.n else TRICK_PAUSE_S * factor

    def collect_trick(self, factor: float | None = None) -> None:
        """A full trick goes to its winner: its points counted, its cards swept to the winner's seat."""
        t = self.t
        factor = self.factor if factor is None else factor
        s = t.shown
        tricks = t.view.tricks
        index = s.tricks_done
        if index >= len(tricks):  # the view lags (a remote session): wait for it
            t.refresh_view()
            if index >= len(t.view.tricks):
                t.wait = 0.05
                return
            tricks = t.view.tricks
        done = tricks[index]
        winner = done.winner if done.winner is not None else s.trick[0][0]
        target = t.seat_anchor(winner)
        if factor > 0:
            t.sweep = [
                Flight(code, t.trick_spot(seat), target, 0.45 * factor, t.layout.trick_card_h)
                for seat, code in s.trick
            ]
        s.points[winner] += done.points
        s.tricks_won[winner] += 1
        s.tricks_done += 1
        s.trick = []
        t.flights = []
        t.services.play("trick_taken")
        if done.points:
            t.bubble(winner, f"+{done.points}", 1.2 * factor)
