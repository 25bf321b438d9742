"""The table's state in one typed object: who is looking, what the screen has shown, the queue, the messages.

The table scene owns one ``TableState``; the drawing helpers (``hand_fan``, ``hud``, ``play``, ``nest``,
``deal``) receive it. Secrecy lives here: ``viewer`` is the seat drawn at the bottom of the screen and
``seen_by`` the seat whose player has confirmed they are the one looking (``None`` while a hot-seat curtain
is due). Everything private to a seat is drawn only through :meth:`TableState.private`, which says no unless
that seat is ``seen_by`` and tells the watchers (tests, the gallery) what was drawn for whom.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import pygame

from krook.rules import LegalActions, Play, SeatView
from krook.rules.cards import CARD_NAMES, names
from krook.scenes.base import Services
from krook.scenes.common.table_layout import TableLayout
from krook.scenes.common.table_model import Flight, Shown, sort_key
from krook.scenes.table.card_sprites import CardSprites
from krook.scenes.table.deal import DealAnimation
from krook.session.base import ActionEvent, Session, SessionEvent
from krook.ui import FocusGroup
from krook.ui.theme import Theme


class MessageKind(StrEnum):
    """How a message is styled: advice (a hint), information (what happened), error (what went wrong)."""

    ADVICE = "advice"
    INFO = "info"
    ERROR = "error"


@dataclass
class Message:
    """A line for the players. ``seat`` is None for everyone, else only that seat's player may read it."""

    text: str
    kind: MessageKind
    seat: int | None
    hand: int
    seconds: float


class MessageBoard:
    """The table's messages. Each belongs to a hand, and a private one to a seat: a private message is
    dropped when another player takes the screen, and every message when its hand ends."""

    def __init__(self) -> None:
        self.items: list[Message] = []

    def post(self, text: str, kind: MessageKind, seat: int | None, hand: int, seconds: float) -> Message:
        # One message per owner at a time: a new one replaces what that seat (or the table) was told.
        self.items = [m for m in self.items if m.seat != seat]
        message = Message(text, kind, seat, hand, seconds)
        self.items.append(message)
        return message

    def tick(self, dt: float) -> None:
        for m in self.items:
            m.seconds -= dt
        self.items = [m for m in self.items if m.seconds > 0]

    def drop_private(self) -> None:
        """Another player takes the screen: what was said to the last one goes."""
        self.items = [m for m in self.items if m.seat is None]

    def end_hand(self) -> None:
        self.items = []

    def drop(self, seat: int | None, text_prefix: str = "") -> None:
        self.items = [m for m in self.items if not (m.seat == seat and m.text.startswith(text_prefix))]

    def current(self, seen_by: int | None, hand: int) -> Message | None:
        """The newest message the player at the screen may read in this hand."""
        for m in reversed(self.items):
            if m.hand == hand and (m.seat is None or m.seat == seen_by):
                return m
        return None


class Zone(StrEnum):
    """Where the keyboard focus is at the table: on the hand's cards or on the decision's buttons."""

    HAND = "hand"
    PANEL = "panel"


PrivateWatcher = Callable[[int, str], None]


@dataclass
class TableState:
    """Everything the table shows and the helpers need, typed; the scene drives it."""

    session: Session
    services: Services
    layout: TableLayout
    sprites: CardSprites
    humans: list[int]
    view: SeatView
    n: int
    viewer: int = 0
    seen_by: int | None = None
    queue: deque[SessionEvent] = field(default_factory=deque)
    shown: Shown = field(default_factory=Shown)
    wait: float = 0.0  # seconds before the next queued event is animated
    flights: list[Flight] = field(default_factory=list)
    sweep: list[Flight] = field(default_factory=list)
    deal: DealAnimation = field(default_factory=DealAnimation)
    messages: MessageBoard = field(default_factory=MessageBoard)
    bubbles: dict[int, tuple[str, float]] = field(default_factory=dict)  # public words by seat
    status: dict[int, str] = field(default_factory=dict)
    selected: set[str] = field(default_factory=set)
    focus_card: int = 0
    focus_zone: Zone = Zone.HAND
    show_last: bool = False
    game_over: int | None = None
    hand_over_pending: bool = False
    last_card_pos: dict[str, tuple[int, int]] = field(default_factory=dict)
    panel: FocusGroup = field(default_factory=lambda: FocusGroup(vertical=False))
    panel_kind: str = ""
    watchers: list[PrivateWatcher] = field(default_factory=list)
    boxes: dict[str, pygame.Rect] = field(default_factory=dict)  # what the last frame laid out, by name
    _legal: tuple[SeatView, LegalActions] | None = field(default=None, repr=False)
    _rank: tuple[SeatView, tuple[int, ...]] | None = field(default=None, repr=False)

    # -- who is looking ------------------------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        return self.services.theme

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    @property
    def revealed(self) -> bool:
        """The viewer's own player is at the screen: their cards may be shown."""
        return self.seen_by is not None and self.seen_by == self.viewer

    def private(self, seat: int | None, what: str) -> bool:
        """May something private to ``seat`` be drawn now? Only for the player who is looking; the watchers
        hear of every private thing drawn, by seat."""
        if seat is None or seat != self.seen_by:
            return False
        for watch in self.watchers:
            watch(seat, what)
        return True

    def hand_over_to(self, seat: int) -> None:
        """Another seat's player takes the screen (after the curtain): nothing of the last one stays."""
        if seat != self.seen_by:
            self.messages.drop_private()
            self.selected.clear()
            self.focus_card = 0
        self.viewer = seat
        self.seen_by = seat
        self.panel_kind = ""
        self.refresh_view()

    def cover(self) -> None:
        """The screen is to change hands: nothing private is drawn until the next player confirms."""
        self.seen_by = None
        self.messages.drop_private()

    @property
    def legal(self) -> LegalActions:
        """What the viewer may do now, typed (worked out once per view)."""
        cached = self._legal
        if cached is None or cached[0] is not self.view:
            cached = self._legal = (self.view, self.view.legal_actions())
        return cached[1]

    @property
    def card_rank(self) -> tuple[int, ...]:
        """Each card's rank at this table (``Rules.rank``: where the Krook ranks, 1s high or low), per view."""
        cached = self._rank
        if cached is None or cached[0] is not self.view:
            cached = self._rank = (self.view, self.view.rules_obj.rank)
        return cached[1]

    def playable(self) -> set[str]:
        """The viewer's cards that may be played now, by name."""
        return {CARD_NAMES[c] for c in self.legal.cards()}

    def buryable(self) -> set[str]:
        """The viewer's cards that may be buried now, by name (empty outside the nest)."""
        rule = self.legal.discard
        return set(names(rule.allowed)) if rule is not None else set()

    def refresh_view(self) -> None:
        self.view = self.session.view(self.viewer if self.humans else None)

    # -- what is happening ---------------------------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        return self.shown.hand_number

    @property
    def idle(self) -> bool:
        return (
            not self.queue
            and self.wait <= 0
            and not self.sweep
            and not self.deal.running
            and not (self.shown.trick and len(self.shown.trick) == self.n)
        )

    @property
    def my_turn(self) -> bool:
        """The player at the screen is the one to act, and the table has shown everything before it."""
        return (
            self.idle and self.revealed and self.view.to_act == self.viewer and self.view.seat == self.viewer
        )

    def say(self, text: str, kind: MessageKind = MessageKind.INFO, seconds: float = 4.0) -> None:
        """A message for everyone at the table."""
        self.messages.post(text, kind, None, self.hand_number, seconds)

    def tell(self, seat: int, text: str, kind: MessageKind = MessageKind.ERROR, seconds: float = 3.5) -> None:
        """A message for one seat's player only (about their own cards)."""
        self.messages.post(text, kind, seat, self.hand_number, seconds)

    def bubble(self, seat: int, text: str, seconds: float) -> None:
        self.bubbles[seat] = (text, max(seconds, 0.0))

    def tick_words(self, dt: float) -> None:
        self.messages.tick(dt)
        for seat, (text, left) in list(self.bubbles.items()):
            if left - dt <= 0:
                del self.bubbles[seat]
            else:
                self.bubbles[seat] = (text, left - dt)

    # -- geometry, seen from the viewer's seat --------------------------------------------------------------
    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.n

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat sits: the centre of its name plate (the viewer's is above the hand)."""
        return self.layout.seat_anchor(self.rel(seat), self.n)

    def trick_spot(self, seat: int) -> tuple[float, float]:
        return self.layout.trick_spot(self.rel(seat), self.n)

    # -- the viewer's hand ---------------------------------------------------------------------------------
    def hand_codes(self) -> list[str]:
        """The viewer's cards in display order (trump first once named, by rank), only while their player looks;
        the nest is left out until the bidding has been shown."""
        view = self.view
        if view.seat is None or not self.revealed:
            return []
        hand = list(view.hand)
        s = self.shown
        if view.seat == view.bidder and not s.discarded and len(s.bids) < len(view.bids):
            hand = [c for c in hand if c not in view.nest]
        trump = s.trump if s.trump else None
        rank = self.card_rank
        return sorted(hand, key=lambda c: sort_key(c, trump, rank))

    def pending_plays(self, seat: int) -> int:
        return sum(
            1
            for e in self.queue
            if isinstance(e, ActionEvent) and e.seat == seat and isinstance(e.action, Play)
        )
