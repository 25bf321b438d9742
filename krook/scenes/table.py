"""The card table: deal, bidding, nest (bury, trump, call) and play, all seen from one seat.

The scene holds a game only through a ``Session``. Events from the session queue up and are animated one
after another at the player's animation speed, so bots may act faster than the screen shows them; the
table shown is rebuilt from the events already animated (``Shown``), and the player is asked to act only
once the queue is empty. With two or more humans at the screen, a curtain hides every card whenever the
seat to act passes from one human to another.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytweening

from krook.render.palette import COLOUR_NAMES, mix
from krook.rules import SeatView
from krook.session.base import ActionEvent, ErrorEvent, GameOverEvent, HandOverEvent, StatusEvent
from krook.ui import Button, FocusGroup
from krook.ui.cards import card_width
from krook.ui.widgets import draw_focus_ring

from .base import Scene, Services

COLOUR_ORDER = {"B": 0, "R": 1, "G": 2, "Y": 3}


def sort_key(code: str, trump: str | None = None) -> tuple[int, int]:
    if code.startswith("K"):
        return (-1 if trump else 5, 0 if code == "K" else 1)
    colour, number = code[0], int(code[1:])
    group = COLOUR_ORDER[colour]
    if trump and colour == trump:
        group = -2
    return (group, -(15 if number == 1 else number))


def describe(code: str) -> str:
    if code == "K":
        return "the Krook"
    if code == "K2":
        return "the second Krook"
    return f"{COLOUR_NAMES[code[0]]} {code[1:]}"


@dataclass
class Flight:
    """A card moving across the table (a tween driven by dt)."""

    code: str | None  # None: face down
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    height: int
    t: float = 0.0
    delay: float = 0.0
    angle: float = 0.0

    def pos(self) -> tuple[float, float]:
        k = 1.0 if self.duration <= 0 else pytweening.easeOutCubic(min(1.0, max(0.0, self.t) / self.duration))
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
        )

    @property
    def done(self) -> bool:
        return self.t >= self.duration


@dataclass
class Shown:
    """The part of the current hand the screen has animated so far."""

    hand_number: int = 0
    dealt: bool = False
    bids: list[tuple[int, str]] = field(default_factory=list)
    discarded: bool = False
    trump: str | None = None
    called: str | None = None
    plays: list[tuple[int, str]] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    tricks_done: int = 0
    points: list[int] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    over: bool = False


class TableScene(Scene):
    """The game. ``session`` satisfies ``krook.session.base.Session``; ``seat_names`` label the seats."""

    def __init__(self, services: Services, session: Any) -> None:
        super().__init__(services)
        self.session = session
        self.humans: list[int] = list(session.local_seats)
        self.hotseat = len(self.humans) > 1
        public = session.view(None)
        self.n = len(public.players)
        self.viewer: int = self.humans[0] if self.humans else 0
        self.revealed = not self.hotseat
        self.view: SeatView = public
        self.queue: deque[Any] = deque()
        self.shown = Shown()
        self.wait = 0.0  # seconds before the next queued event is animated
        self.flights: list[Flight] = []
        self.sweep: list[Flight] = []
        self.deal_t = -1.0  # progress of the deal animation in seconds, -1 when not dealing
        self.deal_len = 0.0
        self.bubbles: dict[int, list[Any]] = {}
        self.toast: tuple[str, float] | None = None
        self.status: dict[int, str] = {}
        self.selected: set[str] = set()
        self.focus_card = 0
        self.focus_zone = "hand"  # "hand" or "panel"
        self.bid_amount = 0
        self.show_last = False
        self.game_over: int | None = None
        self.hand_over_pending = False
        self.curtain_up = False
        self.hand_face_draws = 0  # frames that drew a hand face up (tests check it against the curtain)
        self.face_seats_drawn: list[int] = []
        self.card_rects: list[tuple[str, pygame.Rect]] = []
        self.call_rects: list[tuple[str, pygame.Rect]] = []
        self.panel = FocusGroup(vertical=False)
        self.panel_kind = ""
        self._felt: pygame.Surface | None = None
        self._ring: pygame.Surface | None = None
        self._rotated: dict[tuple[str | None, int, float], pygame.Surface] = {}
        self._size = (0, 0)
        self.menu_button = Button("Menu", self.open_menu, "ghost", hotkey=None)
        self.last_button = Button("Last trick", self.toggle_last, "secondary")
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        self._layout(surface.get_size() if surface is not None else self.theme.size)
        self.start_hand(initial=True)

    # -- the hand's lifecycle --------------------------------------------------------------------------------
    def start_hand(self, initial: bool = False) -> None:
        public = self.session.view(None)
        n = self.n
        self.shown = Shown(hand_number=public.hand_number, points=[0] * n, tricks_won=[0] * n)
        self.selected.clear()
        self.bubbles.clear()
        self.show_last = False
        self.hand_over_pending = False
        if self.hotseat:
            self.revealed = False
        self.refresh_view()
        self._plan_warm_up()
        factor = self.services.settings.anim_factor
        already = public.version > 0 and (len(public.bids) or public.tricks or public.trick)
        if initial and already:
            self._catch_up(public)
            return
        self.deal_len = 2.2 * factor
        self.deal_t = 0.0 if self.deal_len > 0 else -1.0
        self.shown.dealt = self.deal_t < 0
        self.services.play("shuffle")
        self._deal_ticks = 0

    def _plan_warm_up(self) -> None:
        """Card faces to render ahead, a couple per frame, so the first play of a card never stalls."""
        from krook.rules import card_name

        codes = [card_name(c) for c in self.view.rules_obj.deck_cards]
        self._warm = [(c, self.hand_card_h) for c in self.view.hand]
        self._warm += [(c, self.trick_card_h) for c in codes]

    def _warm_step(self) -> None:
        """Render ahead only while dealing or waiting, never while a card is in flight."""
        warm = getattr(self, "_warm", None)
        if warm and (self.deal_t >= 0 or not (self.flights or self.sweep or self.queue)):
            code, h = warm.pop()
            self.services.cards.face(code, h)

    def _catch_up(self, public: SeatView) -> None:
        """Show a resumed hand as it stands (no animation of what happened before the app was closed)."""
        s = self.shown
        s.dealt = True
        s.bids = list(public.bids)
        s.discarded = public.phase in ("trump", "call", "play", "hand_over") and public.bidder is not None
        s.trump = public.trump
        s.called = public.called
        for t in public.tricks:
            s.plays.extend((seat, c) for seat, c in t.cards)
            s.points[t.winner] += t.points
            s.tricks_won[t.winner] += 1
        s.tricks_done = len(public.tricks)
        s.trick = list(public.trick)
        s.plays.extend(public.trick)
        if public.phase in ("hand_over", "game_over"):
            s.over = True
            self.hand_over_pending = True
            if public.winner is not None:
                self.game_over = public.winner

    def refresh_view(self) -> None:
        self.view = self.session.view(self.viewer)

    # -- event intake ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._warm_step()
        events = self.session.update(dt)
        if events:
            self.queue.extend(events)
            self.refresh_view()
        if self.toast:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        for seat in list(self.bubbles):
            self.bubbles[seat][1] -= dt
            if self.bubbles[seat][1] <= 0:
                del self.bubbles[seat]
        factor = self.services.settings.anim_factor
        if self.deal_t >= 0:
            self.deal_t += dt
            if self.deal_t >= self.deal_len:
                self.deal_t = -1.0
                self.shown.dealt = True
            else:
                return
        for f in self.flights:
            f.t += dt
        for f in self.sweep:
            f.t += dt
        if self.sweep and all(f.done for f in self.sweep):
            self.sweep = []
        self.wait -= dt
        # Animate queued events; with "instant" speed the whole queue is shown in one frame.
        guard = 0
        while self.wait <= 0 and not self.sweep and guard < 500:
            guard += 1
            if self.shown.trick and len(self.shown.trick) == self.n:
                self._collect_trick(factor)
                if self.sweep:
                    break
                continue
            if not self.queue:
                break
            self._show(self.queue.popleft(), factor)
        if self.flights and all(f.done for f in self.flights):
            self.flights = []
        if self.idle:
            self._when_idle()

    @property
    def idle(self) -> bool:
        return (
            not self.queue
            and self.wait <= 0
            and not self.sweep
            and self.deal_t < 0
            and not (self.shown.trick and len(self.shown.trick) == self.n)
        )

    def animating(self) -> bool:
        if not self.idle or self.flights or self.bubbles or self.toast:
            return True
        busy = getattr(self.session, "busy", None)
        if busy is not None:
            return bool(busy)
        to_act = self.view.to_act
        return to_act is not None and to_act not in self.humans

    def _bubble(self, seat: int, text: str, seconds: float) -> None:
        self.bubbles[seat] = [text, max(seconds, 0.0)]

    def _show(self, event: Any, factor: float) -> None:
        s = self.shown
        if isinstance(event, StatusEvent):
            self.status[event.seat] = event.status
            return
        if isinstance(event, ErrorEvent):
            self.toast = (event.message, 5.0)
            return
        if isinstance(event, HandOverEvent):
            self.hand_over_pending = True
            s.over = True
            return
        if isinstance(event, GameOverEvent):
            self.game_over = event.winner
            return
        if not isinstance(event, ActionEvent):
            return
        seat, text = event.seat, event.text
        mine = seat == self.viewer and self.revealed
        pace = factor * (0.35 if mine else 1.0)
        verb, _, arg = text.partition(" ")
        if verb in ("bid", "pass", "redeal"):
            s.bids.append((seat, text))
            label = {"bid": f"Bid {arg}", "pass": "Pass", "redeal": "Redeal!"}[verb]
            self._bubble(seat, label, 1.6 * factor if factor else 0)
            self.wait = 0.95 * pace
            self.services.play("bid")
        elif verb == "discard":
            s.discarded = True
            self._bubble(seat, "Buried the nest", 1.2 * factor)
            self.wait = 0.6 * pace
        elif verb == "trump":
            s.trump = arg
            self._bubble(seat, f"Trump: {COLOUR_NAMES.get(arg, arg)}", 1.8 * factor)
            self.wait = 1.0 * pace
        elif verb == "call":
            s.called = arg
            self._bubble(seat, f"I call {describe(arg)}", 2.2 * factor)
            self.wait = 1.2 * pace
        elif verb == "play":
            s.plays.append((seat, arg))
            s.trick.append((seat, arg))
            self.services.play("card_play")
            start = self._last_card_pos.get(arg) if mine else None
            if start is None:
                start = self.seat_anchor(seat)
            end = self.trick_spot(seat)
            self.flights.append(Flight(arg, start, end, 0.32 * factor, self.trick_card_h))
            self.wait = 0.42 * pace if len(s.trick) < self.n else 0.9 * factor
        else:
            self._bubble(seat, text, 1.2 * factor)
            self.wait = 0.6 * factor

    def _collect_trick(self, factor: float) -> None:
        s = self.shown
        tricks = self.view.tricks
        index = s.tricks_done
        if index >= len(tricks):  # the view lags (a remote session): wait for it
            self.refresh_view()
            if index >= len(self.view.tricks):
                self.wait = 0.05
                return
            tricks = self.view.tricks
        done = tricks[index]
        winner = done.winner if done.winner is not None else s.trick[0][0]
        target = self.seat_anchor(winner)
        if factor > 0:
            self.sweep = [
                Flight(code, self.trick_spot(seat), target, 0.45 * factor, self.trick_card_h, delay=0.0)
                for seat, code in s.trick
            ]
        s.points[winner] += done.points
        s.tricks_won[winner] += 1
        s.tricks_done += 1
        s.trick = []
        self.flights = []
        self.services.play("trick_taken")
        if done.points:
            self._bubble(winner, f"+{done.points}", 1.2 * factor)

    def _when_idle(self) -> None:
        if self.hand_over_pending:
            self.hand_over_pending = False
            self._open_score_sheet()
            return
        view = self.view
        actor = view.to_act
        if self.hotseat and actor in self.humans and (actor != self.viewer or not self.revealed):
            self._raise_curtain(actor)
            return
        if actor is not None and actor == self.viewer and self.revealed and view.seat == actor:
            self._prepare_panel()
        elif self.panel_kind:
            self.panel_kind = ""
            self.panel.set([])

    def _raise_curtain(self, seat: int) -> None:
        from .menus import CurtainScene

        name = self.view.players[seat]

        def confirm() -> None:
            self.viewer = seat
            self.revealed = True
            self.curtain_up = False
            self.selected.clear()
            self.focus_card = 0
            self.refresh_view()
            self.panel_kind = ""

        self.curtain_up = True
        self.revealed = False
        self.stack.push(CurtainScene(self.services, name, confirm))

    def _open_score_sheet(self) -> None:
        from .score import ScoreSheetScene

        if self.game_over is not None:
            self.services.play("game_won")
        else:
            result = self.session.view(None).results[-1] if self.session.view(None).results else None
            if result and result.get("made") is not None:
                self.services.play("bid_made" if result["made"] else "set")
        self.stack.push(ScoreSheetScene(self.services, self.session, self))

    def next_hand(self) -> None:
        """Called by the score sheet's Next hand button."""
        self.session.next_hand()
        self.start_hand()

    # -- the panel for the player's decision -----------------------------------------------------------------
    def _prepare_panel(self) -> None:
        view = self.view
        kind = view.phase
        if kind == self.panel_kind:
            return
        self.panel_kind = kind
        self.selected.clear()
        widgets: list[Any] = []
        if kind == "bidding":
            bids = [int(a.split()[1]) for a in view.legal if a.startswith("bid ")]
            self.bid_amount = bids[0] if bids else 0
            if bids:
                widgets.append(Button("Bid", lambda: self.act(f"bid {self.bid_amount}"), "primary"))
            if "pass" in view.legal:
                widgets.append(Button("Pass", lambda: self.act("pass"), "secondary"))
            if "redeal" in view.legal:
                widgets.append(
                    Button(
                        "Redeal",
                        lambda: self.act("redeal"),
                        "danger",
                        tooltip="You hold no counters: throw the cards in",
                    )
                )
            self.focus_zone = "panel"
        elif kind == "discard":
            widgets.append(Button("Bury", self._bury, "primary"))
            self.focus_zone = "hand"
        elif kind == "trump":
            counts = {c: sum(1 for card in view.hand if card.startswith(c)) for c in "RYGB"}
            for c in "RYGB":
                widgets.append(
                    Button(
                        f"{COLOUR_NAMES[c]} ({counts[c]})", lambda c=c: self.act(f"trump {c}"), "secondary"
                    )
                )
            self.focus_zone = "panel"
        elif kind == "call":
            self.focus_zone = "hand"
            self.focus_card = 0
        elif kind == "play":
            self.focus_zone = "hand"
            legal = {a.split()[1] for a in view.legal}
            hand = self._hand_codes()
            if hand and hand[min(self.focus_card, len(hand) - 1)] not in legal:
                self.focus_card = next((i for i, c in enumerate(hand) if c in legal), 0)
        self.panel.set(widgets)
        self.panel.index = 0
        self.focus_card = min(self.focus_card, max(0, len(view.hand) - 1))

    def act(self, action: str) -> None:
        if not self.idle or self.view.to_act != self.viewer:
            return
        problem = self.session.submit(self.viewer, action)
        if problem:
            self.toast = (problem[0].upper() + problem[1:], 3.5)
            return
        self.panel_kind = ""
        self.panel.set([])
        self.selected.clear()
        self.queue.extend(self.session.update(0.0))
        self.refresh_view()

    def _bury(self) -> None:
        rule = self.view.discard or {}
        count = int(rule.get("count", 0))
        if len(self.selected) != count:
            self.toast = (f"Choose {count} cards to bury ({len(self.selected)} chosen)", 2.5)
            return
        self.act("discard " + " ".join(sorted(self.selected)))

    def toggle_last(self) -> None:
        if self.shown.tricks_done:
            self.show_last = not self.show_last

    def open_menu(self) -> None:
        from .menus import PauseScene

        self.stack.push(PauseScene(self.services))

    def card_clicked(self, code: str) -> None:
        view = self.view
        if not self.idle or view.to_act != self.viewer or not self.revealed:
            return
        if view.phase == "play":
            if f"play {code}" in view.legal:
                self.act(f"play {code}")
            else:
                problem = self.session.submit(self.viewer, f"play {code}")
                if problem:
                    self.toast = (f"You can't play {describe(code)}: {problem}", 3.5)
                else:  # the session accepted it after all
                    self.queue.extend(self.session.update(0.0))
                    self.refresh_view()
        elif view.phase == "discard":
            rule = view.discard or {}
            if code in self.selected:
                self.selected.discard(code)
            elif code not in rule.get("allowed", []):
                self.toast = (
                    f"{describe(code).capitalize()} can't be buried: {rule.get('reason') or 'not allowed'}",
                    3.5,
                )
            elif len(self.selected) >= int(rule.get("count", 0)):
                self.toast = (
                    f"You bury exactly {rule.get('count')} cards; click a chosen card to put it back",
                    3,
                )
            else:
                self.selected.add(code)

    # -- input ---------------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            if self.show_last:
                self.show_last = False
            else:
                self.open_menu()
            return True
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and (
            self.menu_button.handle_event(e) or self.last_button.handle_event(e)
        ):
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_l:
            self.toggle_last()
            return True
        if self.show_last and e.type == pygame.MOUSEBUTTONDOWN:
            self.show_last = False
            return True
        my_turn = (
            self.idle
            and self.view.to_act == self.viewer
            and self.revealed
            and bool(self.panel_kind or self.view.phase)
        )
        if not my_turn:
            return False
        phase = self.view.phase
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            if phase == "call":
                for code, rect in reversed(self.call_rects):
                    if rect.collidepoint(e.pos):
                        self.act(f"call {code}")
                        return True
            if phase in ("play", "discard"):
                for code, rect in reversed(self.card_rects):
                    if rect.collidepoint(e.pos):
                        self.card_clicked(code)
                        return True
        if self.panel.handle_event(e) and e.type != pygame.MOUSEMOTION:
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and phase == "bidding":
            for sign, rect in getattr(self, "_bid_arrows", []):
                if rect.collidepoint(e.pos):
                    self._step_bid(sign)
                    return True
        if e.type == pygame.MOUSEWHEEL and phase == "bidding":
            self._step_bid(1 if e.y > 0 else -1)
            return True
        if e.type == pygame.KEYDOWN:
            return self._key(e, phase)
        return False

    def _step_bid(self, d: int) -> None:
        bids = [int(a.split()[1]) for a in self.view.legal if a.startswith("bid ")]
        if not bids:
            return
        i = bids.index(self.bid_amount) if self.bid_amount in bids else 0
        self.bid_amount = bids[max(0, min(len(bids) - 1, i + d))]

    def _key(self, e: pygame.event.Event, phase: str) -> bool:
        key = e.key
        hand = self._hand_codes()
        if phase == "bidding":
            if key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self._step_bid(1)
                return True
            if key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
                self._step_bid(-1)
                return True
            if key == pygame.K_p or (
                key in (pygame.K_0, pygame.K_KP0) and "pass" in self.view.legal and not self._typed
            ):
                if "pass" in self.view.legal:
                    self.act("pass")
                return True
            if pygame.K_0 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9 or key == pygame.K_KP0:
                digit = e.unicode if e.unicode.isdigit() else str((key - pygame.K_KP1 + 1) % 10)
                self._typed = (self._typed + digit)[-3:]
                bids = [int(a.split()[1]) for a in self.view.legal if a.startswith("bid ")]
                value = int(self._typed)
                if value in bids:
                    self.bid_amount = value
                return True
            if key == pygame.K_BACKSPACE:
                self._typed = ""
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.panel.move(-1 if key == pygame.K_LEFT else 1)
                self.panel.keyboard_used = True
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._typed = ""
                w = self.panel.focused
                if isinstance(w, Button):
                    w.activate()
                return True
            return False
        if phase == "trump":
            letters = {
                pygame.K_r: "R",
                pygame.K_y: "Y",
                pygame.K_g: "G",
                pygame.K_b: "B",
                pygame.K_1: "R",
                pygame.K_2: "Y",
                pygame.K_3: "G",
                pygame.K_4: "B",
            }
            if key in letters:
                self.act(f"trump {letters[key]}")
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.panel.move(-1 if key == pygame.K_LEFT else 1)
                self.panel.keyboard_used = True
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                w = self.panel.focused
                if isinstance(w, Button):
                    w.activate()
                return True
            return False
        if phase == "call":
            options = self._call_options()
            cols = self._call_cols
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                d = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -cols, pygame.K_DOWN: cols}[key]
                self.focus_card = max(0, min(len(options) - 1, self.focus_card + d))
                self.focus_zone = "hand"
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and options:
                self.act(f"call {options[min(self.focus_card, len(options) - 1)]}")
                return True
            return False
        # play / discard: the hand, and for discard the Bury button below it
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus_zone == "hand" and hand:
            d = -1 if key == pygame.K_LEFT else 1
            self.focus_card = (self.focus_card + d) % len(hand)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN) and phase == "discard":
            self.focus_zone = "panel" if key == pygame.K_DOWN else "hand"
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus_zone == "panel" and phase == "discard":
                self._bury()
            elif hand:
                self.card_clicked(hand[min(self.focus_card, len(hand) - 1)])
            return True
        if key == pygame.K_b and phase == "discard":
            self._bury()
            return True
        return False

    _typed = ""
    _call_cols = 14
    _last_card_pos: dict[str, tuple[float, float]] = {}  # noqa: RUF012 - replaced per instance in draw

    # -- geometry --------------------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        settings = self.services.settings
        key = (size, settings.card_scale, settings.large_text, settings.colour_blind)
        if size == self._size and key == getattr(self, "_layout_key", None):
            return
        self._layout_key = key
        self._size = size
        self.__dict__.pop("_fans", None)
        self.theme.resize(size)
        w, h = size
        self._felt = None
        u = self.theme.u
        scale = self.services.settings.card_scale
        self.hand_card_h = round(h * 0.235 * scale)
        self.trick_card_h = round(h * 0.2 * min(scale, 1.05))
        self.back_h = round(h * 0.1)
        self.center = (w / 2, h * 0.46)
        self.menu_button.rect = pygame.Rect(0, 0, round(96 * u), round(38 * u))
        self.menu_button.rect.topright = (w - round(14 * u), round(12 * u))
        self.last_button.rect = pygame.Rect(0, 0, round(130 * u), round(38 * u))
        self.last_button.rect.bottomright = (w - round(16 * u), h - round(16 * u))
        if hasattr(self, "view"):
            self._plan_warm_up()

    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.n

    def seat_angle(self, seat: int) -> float:
        return math.pi / 2 + 2 * math.pi * self.rel(seat) / self.n

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat sits: the centre of its name plate (the viewer's is above the hand)."""
        w, h = self._size
        if self.rel(seat) == 0:
            return (w * 0.085, h - self.hand_card_h * 0.5 - self.theme.px(12))
        a = self.seat_angle(seat)
        cx, cy = self.center
        x = cx + math.cos(a) * w * 0.41
        y = cy + math.sin(a) * h * 0.34
        return (x, max(h * 0.2, y))

    def trick_spot(self, seat: int) -> tuple[float, float]:
        a = self.seat_angle(seat)
        cx, cy = self.center
        r = self.trick_card_h * 0.62
        return (cx + math.cos(a) * r * 1.25, cy + math.sin(a) * r * 0.9)

    def _hand_codes(self) -> list[str]:
        view = self.view
        if view.seat is None:
            return []
        hand = list(view.hand)
        s = self.shown
        if view.seat == view.bidder and not s.discarded and len(s.bids) < len(view.bids):
            hand = [c for c in hand if c not in view.nest]
        trump = s.trump if s.trump else None
        return sorted(hand, key=lambda c: sort_key(c, trump))

    def _call_options(self) -> list[str]:
        options = [a.split()[1] for a in self.view.legal if a.startswith("call ")]
        mine = set(self.view.hand)
        others = [c for c in options if c not in mine]
        return sorted(others, key=lambda c: sort_key(c)) + sorted(
            [c for c in options if c in mine], key=lambda c: sort_key(c)
        )

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        if self._felt is None:
            # The felt and the ring are baked once per window size into one opaque surface.
            felt = (self.services.cards.table(self._size) or self.theme.felt(self._size)).copy()
            self._draw_table_ring(felt)
            self._felt = felt.convert() if pygame.display.get_surface() is not None else felt
        surface.blit(self._felt, (0, 0))
        for seat in range(self.n):
            if self.rel(seat) != 0:
                self._draw_opponent(surface, seat)
        self._draw_nest(surface)
        self._draw_trick(surface)
        self._draw_hand(surface)
        self._draw_player_plate(surface)
        self._draw_hud(surface)
        self._draw_panel(surface)
        for seat, (text, _) in list(self.bubbles.items()):
            self._draw_bubble(surface, seat, text)
        if self.show_last:
            self._draw_last_trick(surface)
        self.menu_button.draw(surface, self.theme)
        self.last_button.enabled = self.shown.tricks_done > 0
        self.last_button.visible = self.shown.dealt and self.view.phase in ("play", "hand_over", "game_over")
        self.last_button.draw(surface, self.theme)
        if self.toast:
            self._draw_toast(surface, self.toast[0])

    def _draw_table_ring(self, surface: pygame.Surface) -> None:
        w, h = self._size
        cx, cy = self.center
        rect = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.46))
        rect.center = (round(cx), round(cy))
        ring = self._ring
        if ring is None or ring.get_size() != rect.size:
            ring = self._ring = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(ring, (255, 255, 255, 16), ring.get_rect(), max(1, self.theme.px(2)))
            inner = ring.get_rect().inflate(-self.theme.px(6), -self.theme.px(6))
            pygame.draw.ellipse(ring, (0, 0, 0, 22), inner)
        surface.blit(ring, rect)

    def _hand_size_shown(self, seat: int) -> int:
        """Cards a seat holds on screen: what it holds now plus what it played that is not yet shown."""
        view = self.view
        if self.deal_t >= 0:
            return self._dealt_count(seat)
        pending = sum(
            1
            for e in self.queue
            if isinstance(e, ActionEvent) and e.seat == seat and e.text.startswith("play ")
        )
        size = view.hand_sizes[seat] + pending
        if seat == view.bidder and not self.shown.discarded and len(self.shown.bids) < len(view.bids):
            size -= int(view.rules.get("nest_size", 0))
        return max(0, size)

    def _deal_order(self) -> list[int]:
        """Who gets each card of the deal: seats clockwise from the dealer's left, -1 for the nest."""
        if getattr(self, "_order_for", None) == (self.shown.hand_number, self.view.dealer):
            return self._order
        rules = self.view.rules_obj
        order: list[int] = []
        for round_ in range(rules.hand_size):
            for i in range(1, self.n + 1):
                order.append((self.view.dealer + i) % self.n)
            if round_ < rules.nest_size:
                order.append(-1)
        self._order_for = (self.shown.hand_number, self.view.dealer)
        self._order = order
        return order

    def _dealt_count(self, seat: int) -> int:
        if self.deal_len <= 0:
            return self.view.hand_sizes[seat]
        order = self._deal_order()
        k = int(len(order) * min(1.0, self.deal_t / self.deal_len))
        return sum(1 for s in order[:k] if s == seat)

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        theme = self.theme
        x, y = self.seat_anchor(seat)
        count = self._hand_size_shown(seat)
        back = self.services.cards.back(self.back_h)
        bw = back.get_width()
        spread = min(bw * 0.22, theme.px(200) / max(1, count))
        total = bw + spread * max(0, count - 1)
        left = x - total / 2
        top = y - self.back_h - theme.px(18)
        if count:
            surface.blit(self._fan(count, spread), (round(left) - theme.px(6), round(top) - theme.px(6)))
        self._draw_plate(surface, seat, (x, y + theme.px(8)))

    def _dimmed(self, code: str, height: int) -> pygame.Surface:
        """A card face darkened in place (its own shape, so rounded corners stay clean), cached."""
        cache = self.__dict__.setdefault("_dims", {})
        key = (code, height, self.services.cards.colour_blind)
        surf = cache.get(key)
        if surf is None:
            surf = self.services.cards.face(code, height).copy()
            surf.fill((150, 156, 152), special_flags=pygame.BLEND_RGB_MULT)
            if len(cache) > 80:
                cache.clear()
            cache[key] = surf
        return surf

    def _fan(self, count: int, spread: float) -> pygame.Surface:
        """A seat's face-down cards with their shadow as one cached picture (one blit per frame)."""
        key = (count, round(spread * 100), self.back_h)
        cache = self.__dict__.setdefault("_fans", {})
        fan = cache.get(key)
        if fan is None:
            theme = self.theme
            back = self.services.cards.back(self.back_h)
            pad = theme.px(6)
            total = round(back.get_width() + spread * (count - 1))
            fan = pygame.Surface((total + pad * 2, self.back_h + pad * 3), pygame.SRCALPHA)
            theme.shadow(fan, pygame.Rect(pad, pad, total, self.back_h), pad, spread=pad, alpha=70)
            for i in range(count):
                fan.blit(back, (round(pad + i * spread), pad))
            if len(cache) > 64:
                cache.clear()
            cache[key] = fan
        return fan

    def _draw_plate(self, surface: pygame.Surface, seat: int, pos: tuple[float, float]) -> None:
        theme = self.theme
        p = theme.p
        view = self.view
        name = view.players[seat]
        active = view.to_act == seat and self.idle and self.shown.dealt and not self.shown.over
        pad = theme.px(12)
        label = theme.render(name, "label", p.text, bold=True)
        extras: list[tuple[str, tuple[int, int, int]]] = []
        if seat == view.dealer:
            extras.append(("Dealer", (92, 110, 128)))
        if view.bidder == seat and len(self.shown.bids) >= len(view.bids) and view.bid:
            extras.append((f"Bid {view.bid}", p.accent_dark))
        elif view.bidder is None or len(self.shown.bids) < len(view.bids):
            said = [t for s_, t in self.shown.bids if s_ == seat]
            if said and said[-1] == "pass":
                extras.append(("Passed", (84, 88, 94)))
            elif said and said[-1].startswith("bid "):
                extras.append((f"Bid {said[-1].split()[1]}", p.accent_dark))
        if view.partner == seat and view.rules.get("partnership") == "called":
            extras.append(("Partner", (70, 120, 170)))
        chips = [theme.render(t, "caption", p.text, bold=True) for t, _ in extras]
        sub = ""
        if self.shown.dealt and view.phase in ("play", "hand_over"):
            won = self.shown.tricks_won[seat]
            sub = f"{won} trick{'' if won == 1 else 's'} · {self.shown.points[seat]} pts"
        sub_s = theme.render(sub, "caption", p.text_muted) if sub else None
        w = max(
            label.get_width() + sum(c.get_width() + pad for c in chips), sub_s.get_width() if sub_s else 0
        )
        w += pad * 2
        h = label.get_height() + (sub_s.get_height() if sub_s else 0) + theme.px(10)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(pos[0]), round(pos[1]))
        rect.clamp_ip(surface.get_rect().inflate(-theme.px(8), -theme.px(8)))
        edge = p.accent if active else p.panel_edge
        theme.panel(
            surface, rect, p.panel, alpha=230, radius=h // 2 if not sub_s else theme.px(14), edge=edge
        )
        if active:
            glow = rect.inflate(theme.px(6), theme.px(6))
            pygame.draw.rect(surface, p.accent, glow, max(2, theme.px(3)), border_radius=glow.h // 2)
        surface.blit(label, (rect.x + pad, rect.y + theme.px(4)))
        cx = rect.x + pad + label.get_width() + pad
        for chip, (_, colour) in zip(chips, extras, strict=True):
            cr = chip.get_rect(midleft=(cx, rect.y + theme.px(4) + label.get_height() // 2))
            pygame.draw.rect(surface, colour, cr.inflate(theme.px(10), theme.px(2)), border_radius=cr.h)
            surface.blit(chip, cr)
            cx += chip.get_width() + pad
        if sub_s:
            surface.blit(sub_s, (rect.x + pad, rect.y + theme.px(4) + label.get_height()))
        status = self.status.get(seat)
        if active and status == "thinking":
            dots = "." * (1 + pygame.time.get_ticks() // 350 % 3)
            theme.text(
                surface,
                f"thinking{dots}",
                (rect.centerx, rect.bottom + theme.px(4)),
                "caption",
                p.accent,
                anchor="midtop",
            )

    def _draw_player_plate(self, surface: pygame.Surface) -> None:
        self._draw_plate(surface, self.viewer, self.seat_anchor(self.viewer))

    def _draw_nest(self, surface: pygame.Surface) -> None:
        view = self.view
        nest = int(view.rules.get("nest_size", 0))
        if not nest:
            return
        shown_bidding = not self.shown.discarded and (
            view.bidder is None or len(self.shown.bids) < len(view.bids) or view.phase == "bidding"
        )
        if self.deal_t >= 0:
            order = self._deal_order()
            k = int(len(order) * min(1.0, self.deal_t / self.deal_len))
            count = sum(1 for s in order[:k] if s == -1)
        elif shown_bidding and view.phase != "hand_over":
            count = nest
        else:
            return
        back = self.services.cards.back(self.back_h)
        cx, cy = self.center
        for i in range(count):
            surface.blit(back, back.get_rect(center=(round(cx - (count - 1) * 3 + i * 6), round(cy - i * 2))))
        if count == nest and self.deal_t < 0:
            self.theme.text(
                surface,
                "Nest",
                (cx, cy + self.back_h / 2 + self.theme.px(6)),
                "caption",
                self.theme.p.text_muted,
                anchor="midtop",
            )

    def _draw_card(
        self,
        surface: pygame.Surface,
        code: str | None,
        center: tuple[float, float],
        height: int,
        angle: float = 0.0,
        shadow: bool = True,
    ) -> pygame.Rect:
        img = self.services.cards.face(code, height) if code else self.services.cards.back(height)
        if angle:
            key = (code, height, angle)
            rotated = self._rotated.get(key)
            if rotated is None:
                if len(self._rotated) > 64:
                    self._rotated.clear()
                rotated = self._rotated[key] = pygame.transform.rotozoom(img, angle, 1.0)
            img = rotated
        rect = img.get_rect(center=(round(center[0]), round(center[1])))
        if shadow:
            self.theme.shadow(surface, rect, max(3, height // 14), spread=self.theme.px(7), alpha=85)
        surface.blit(img, rect)
        return rect

    def _draw_trick(self, surface: pygame.Surface) -> None:
        flying = {f.code for f in self.flights if not f.done}
        for i, (seat, code) in enumerate(self.shown.trick):
            if code in flying:
                continue
            tilt = ((seat * 37 + i * 11) % 9 - 4) * 1.2
            self._draw_card(surface, code, self.trick_spot(seat), self.trick_card_h, tilt)
        for f in self.flights:
            if not f.done:
                self._draw_card(surface, f.code, f.pos(), self.trick_card_h)
        for f in self.sweep:
            if not f.done:
                self._draw_card(surface, f.code, f.pos(), self.trick_card_h)
        if self.deal_t >= 0:
            order = self._deal_order()
            k = len(order) * min(1.0, self.deal_t / self.deal_len)
            i = int(k)
            if i < len(order):
                frac = k - i
                target = order[i]
                dealer = self.seat_anchor(self.view.dealer)
                end = self.center if target < 0 else self.seat_anchor(target)
                pos = (dealer[0] + (end[0] - dealer[0]) * frac, dealer[1] + (end[1] - dealer[1]) * frac)
                self._draw_card(surface, None, pos, self.back_h)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = self._size
        view = self.view
        codes = self._hand_codes()
        face_up = self.revealed and view.seat == self.viewer
        if self.deal_t >= 0:
            count = self._dealt_count(self.viewer)
            codes = codes[:count]
        elif not face_up:
            codes = ["?"] * view.hand_sizes[self.viewer]
        self.card_rects = []
        self._last_card_pos = {}
        if not codes:
            return
        ch = self.hand_card_h
        cw = card_width(ch)
        n = len(codes)
        max_w = w * 0.68
        step = min(cw * 0.62, (max_w - cw) / max(1, n - 1)) if n > 1 else 0
        total = cw + step * (n - 1)
        left = (w - total) / 2
        base_y = h - ch * 0.5 - theme.px(12)
        my_turn = self.idle and view.to_act == self.viewer and face_up
        legal_cards: set[str] | None = None
        if my_turn and view.phase == "play":
            legal_cards = {a.split()[1] for a in view.legal if a.startswith("play ")}
        discard = view.discard if my_turn and view.phase == "discard" else None
        allowed = set(discard.get("allowed", [])) if discard else None
        mouse = (
            pygame.mouse.get_pos() if pygame.display.get_init() and pygame.display.get_surface() else (-1, -1)
        )
        hover_i = -1
        rects = [pygame.Rect(round(left + i * step), round(base_y - ch / 2), cw, ch) for i in range(n)]
        for i in range(n - 1, -1, -1):
            if rects[i].collidepoint(mouse):
                hover_i = i
                break
        if face_up and self.deal_t < 0:
            self.hand_face_draws += 1
            self.face_seats_drawn.append(self.viewer)
        new_nest = set(view.nest) if view.phase == "discard" and view.seat == view.bidder else set()
        for i, code in enumerate(codes):
            rect = rects[i].copy()
            lift = 0
            if code in self.selected:
                lift = theme.px(34)
            elif my_turn and i == hover_i and (legal_cards is None or code in legal_cards):
                lift = theme.px(14)
            elif (
                my_turn
                and self.focus_zone == "hand"
                and i == self.focus_card
                and view.phase in ("play", "discard")
            ):
                lift = theme.px(10)
            rect.y -= lift
            theme.shadow(surface, rect, max(3, ch // 14), spread=theme.px(8), alpha=80)
            if code == "?":
                surface.blit(self.services.cards.back(ch), rect)
            else:
                dim = (legal_cards is not None and code not in legal_cards) or (
                    allowed is not None and code not in allowed and code not in self.selected
                )
                surface.blit(self._dimmed(code, ch) if dim else self.services.cards.face(code, ch), rect)
                if code in new_nest:
                    tag = theme.render("nest", "caption", theme.p.text_dark, bold=True)
                    tr = tag.get_rect(
                        midtop=(rect.centerx if i == n - 1 else rect.x + step / 2, rect.y - theme.px(22))
                    )
                    tr.x = rect.x + theme.px(4)
                    pygame.draw.rect(
                        surface, theme.p.accent, tr.inflate(theme.px(8), theme.px(2)), border_radius=tr.h
                    )
                    surface.blit(tag, tr)
                if code in self.selected:
                    pygame.draw.rect(
                        surface, theme.p.accent, rect, max(2, theme.px(3)), border_radius=max(3, ch // 14)
                    )
            hit = rect.copy()
            if i < n - 1:
                hit.w = max(1, round(step))
            self.card_rects.append((code, hit))
            self._last_card_pos[code] = rect.center
            if (
                my_turn
                and self.focus_zone == "hand"
                and i == self.focus_card
                and view.phase in ("play", "discard")
                and self.panel.keyboard_used is not None
            ):
                draw_focus_ring(surface, theme, rect, max(3, ch // 14))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        theme = self.theme
        p = theme.p
        view = self.view
        w, _h = self._size
        pad = theme.px(12)
        # Left: the hand and the contract.
        lines: list[tuple[str, str, tuple[int, int, int], bool]] = []
        from krook.rules import PRESETS

        title = PRESETS[view.preset].title if view.preset in PRESETS else "Custom rules"
        lines.append((f"Hand {view.hand_number}", "label", p.text, True))
        lines.append((title, "caption", p.text_muted, False))
        bid_known = view.bidder is not None and len(self.shown.bids) >= len(view.bids)
        box = pygame.Rect(pad, pad, theme.px(250), theme.px(128))
        theme.panel(surface, box, alpha=220)
        y = box.y + theme.px(8)
        for text, role, colour, bold in lines:
            r = theme.text(surface, text, (box.x + pad, y), role, colour, bold)
            y = r.bottom + theme.px(2)
        y += theme.px(4)
        if bid_known:
            theme.text(
                surface,
                f"Bid {view.bid} · {view.players[view.bidder]}",
                (box.x + pad, y),
                "body",
                p.text,
                True,
            )
        elif view.high_bid is not None and self.shown.bids:
            shown_high = [int(t.split()[1]) for _, t in self.shown.bids if t.startswith("bid ")]
            text = f"High bid {max(shown_high)}" if shown_high else "Bidding"
            theme.text(surface, text, (box.x + pad, y), "body", p.text, True)
        else:
            theme.text(
                surface, "Bidding" if self.shown.dealt else "Dealing…", (box.x + pad, y), "body", p.text_muted
            )
        y += theme.font("body").get_linesize()
        trump = self.shown.trump
        if trump:
            ink = p.ink(trump, self.services.settings.colour_blind)
            chip = pygame.Rect(box.x + pad, y + theme.px(3), theme.px(18), theme.px(18))
            pygame.draw.rect(surface, ink.fill, chip, border_radius=theme.px(4))
            pygame.draw.rect(surface, (255, 255, 255), chip, 1, border_radius=theme.px(4))
            theme.text(
                surface, f"Trump: {COLOUR_NAMES[trump]}", (chip.right + theme.px(8), y), "body", p.text
            )
        else:
            theme.text(surface, "Trump: not named yet", (box.x + pad, y), "body", p.text_muted)
        if self.shown.called:
            y += theme.font("body").get_linesize()
            theme.text(
                surface, f"Called: {describe(self.shown.called)}", (box.x + pad, y), "caption", p.text_muted
            )
        # Right: the score columns, and the points each side has captured this hand.
        cols = view.columns
        team = view.rules.get("partnership") == "fixed"
        row_h = theme.font("body").get_linesize()
        col_w = theme.px(250)
        sbox = pygame.Rect(0, pad, col_w, theme.px(38) + row_h * len(cols))
        sbox.right = self.menu_button.rect.left - pad
        theme.panel(surface, sbox, alpha=220)
        theme.text(surface, "Score", (sbox.x + pad, sbox.y + theme.px(6)), "caption", p.text_muted, True)
        theme.text(
            surface,
            "this hand",
            (sbox.right - pad, sbox.y + theme.px(6)),
            "caption",
            p.text_muted,
            anchor="topright",
        )
        for i, label in enumerate(cols):
            yy = sbox.y + theme.px(28) + i * row_h
            seats = [s for s in range(self.n) if (s % 2 == i if team else s == i)]
            captured = sum(self.shown.points[s] for s in seats)
            mine = self.viewer in seats and (not self.hotseat or self.revealed)
            name = label if len(label) < 18 else label[:16] + "…"
            theme.text(surface, name, (sbox.x + pad, yy), "body", p.accent if mine else p.text, mine)
            theme.text(
                surface,
                str(view.scores[i]),
                (sbox.right - pad - theme.px(64), yy),
                "body",
                p.text,
                True,
                anchor="topright",
            )
            theme.text(
                surface, f"+{captured}", (sbox.right - pad, yy), "body", p.text_muted, anchor="topright"
            )
        # Centre: what is happening.
        banner = self._banner()
        if banner:
            r = theme.render(banner, "label", p.text, bold=True)
            rect = r.get_rect(midtop=(w // 2, pad))
            pill = rect.inflate(theme.px(28), theme.px(12))
            theme.panel(surface, pill, (18, 30, 26), alpha=210, radius=pill.h // 2)
            surface.blit(r, rect)

    def _banner(self) -> str:
        view = self.view
        if self.deal_t >= 0:
            return f"{view.players[view.dealer]} deals"
        if not self.idle:
            return ""
        if view.phase in ("hand_over", "game_over"):
            return "Hand over"
        actor = view.to_act
        if actor is None:
            return ""
        name = view.players[actor]
        mine = actor == self.viewer and self.revealed
        if view.phase == "bidding":
            if mine:
                high = f" · high bid {view.high_bid}" if view.high_bid else ""
                return f"Your bid{high}"
            return f"{name} is bidding"
        if view.phase == "discard":
            return (
                f"Bury {view.discard['count']} cards"
                if mine and view.discard
                else f"{name} is choosing from the nest"
            )
        if view.phase == "trump":
            return "Name trump" if mine else f"{name} is naming trump"
        if view.phase == "call":
            return "Call a card: its holder is your partner" if mine else f"{name} is calling a partner"
        if view.phase == "play":
            if mine:
                return "Your lead" if not view.trick else "Your turn"
            return f"{name}'s turn"
        return ""

    def _draw_panel(self, surface: pygame.Surface) -> None:
        if not self.panel_kind or not self.idle or self.view.to_act != self.viewer or not self.revealed:
            return
        theme = self.theme
        p = theme.p
        w, h = self._size
        view = self.view
        kind = self.panel_kind
        bh = theme.px(48)
        top_of_hand = h - self.hand_card_h - theme.px(60)
        if kind == "bidding":
            rect = pygame.Rect(0, 0, theme.px(520), theme.px(140))
            rect.midbottom = (w // 2, h - self.hand_card_h - theme.px(36))
            theme.panel(surface, rect)
            theme.text(
                surface,
                "Your bid",
                (rect.centerx, rect.y + theme.px(10)),
                "caption",
                p.text_muted,
                anchor="midtop",
            )
            amount = theme.render(str(self.bid_amount), "heading", p.accent, bold=True)
            ar = amount.get_rect(center=(rect.centerx, rect.y + theme.px(50)))
            surface.blit(amount, ar)
            self._bid_arrows = []
            for sign in (-1, 1):
                c = (ar.centerx + sign * theme.px(110), ar.centery)
                s = theme.px(12)
                pts = [
                    (c[0] - sign * s, c[1] - s * 1.3),
                    (c[0] + sign * s, c[1]),
                    (c[0] - sign * s, c[1] + s * 1.3),
                ]
                pygame.draw.polygon(surface, p.text, pts)
                self._bid_arrows.append((sign, pygame.Rect(c[0] - s * 2, c[1] - s * 2, s * 4, s * 4)))
            widgets = self.panel.widgets
            total = len(widgets) * theme.px(140) + (len(widgets) - 1) * theme.px(12)
            x = rect.centerx - total // 2
            for wd in widgets:
                wd.rect = pygame.Rect(x, rect.bottom - bh - theme.px(12), theme.px(140), bh)
                if wd.label.startswith("Bid"):
                    wd.label = f"Bid {self.bid_amount}"
                x += theme.px(152)
            hint = "Up / Down or type a number · Enter to bid · P to pass"
            theme.text(
                surface,
                hint,
                (rect.centerx, rect.bottom + theme.px(6)),
                "caption",
                p.text_muted,
                anchor="midtop",
            )
        elif kind == "discard":
            count = int((view.discard or {}).get("count", 0))
            rect = pygame.Rect(0, 0, theme.px(560), theme.px(96))
            rect.midbottom = (w // 2, top_of_hand - theme.px(18))
            theme.panel(surface, rect)
            theme.text(
                surface,
                f"Choose {count} cards to bury — {len(self.selected)} of {count} chosen",
                (rect.x + theme.px(18), rect.y + theme.px(14)),
                "body",
                p.text,
                True,
            )
            reason = (view.discard or {}).get(
                "reason"
            ) or "Point cards you bury go to whoever takes the last trick."
            for i, line in enumerate(theme.wrap(reason, rect.w - theme.px(200), "caption")[:2]):
                theme.text(
                    surface,
                    line,
                    (rect.x + theme.px(18), rect.y + theme.px(44) + i * theme.px(18)),
                    "caption",
                    p.text_muted,
                )
            btn = self.panel.widgets[0]
            btn.rect = pygame.Rect(0, 0, theme.px(150), bh)
            btn.rect.midright = (rect.right - theme.px(16), rect.centery)
            btn.enabled = len(self.selected) == count
            btn.label = "Bury"
        elif kind == "trump":
            rect = pygame.Rect(0, 0, theme.px(660), theme.px(120))
            rect.midbottom = (w // 2, top_of_hand - theme.px(12))
            theme.panel(surface, rect)
            theme.text(
                surface,
                "Name trump (R, Y, G, B)",
                (rect.centerx, rect.y + theme.px(10)),
                "body",
                p.text,
                True,
                anchor="midtop",
            )
            x = rect.x + theme.px(20)
            bw = (rect.w - theme.px(40) - theme.px(36)) // 4
            for i, wd in enumerate(self.panel.widgets):
                wd.rect = pygame.Rect(x + i * (bw + theme.px(12)), rect.bottom - bh - theme.px(16), bw, bh)
        elif kind == "call":
            self._draw_call(surface)
        self.panel.draw(surface, theme, show_focus=self.focus_zone == "panel" or kind in ("bidding", "trump"))
        if kind == "trump":
            for c, wd in zip("RYGB", self.panel.widgets, strict=False):
                ink = p.ink(c, self.services.settings.colour_blind)
                bar = pygame.Rect(
                    wd.rect.x + theme.px(8),
                    wd.rect.bottom - theme.px(8),
                    wd.rect.w - theme.px(16),
                    theme.px(4),
                )
                pygame.draw.rect(surface, ink.fill, bar, border_radius=bar.h)

    def _draw_call(self, surface: pygame.Surface) -> None:
        theme = self.theme
        p = theme.p
        w, h = self._size
        options = self._call_options()
        ch = round(h * 0.105)
        cw = card_width(ch)
        gap = theme.px(6)
        cols = max(1, min(len(options), int((w * 0.8) // (cw + gap))))
        cols = min(cols, 15)
        self._call_cols = cols
        rows = (len(options) + cols - 1) // cols
        rect = pygame.Rect(0, 0, cols * (cw + gap) + theme.px(30), rows * (ch + gap) + theme.px(70))
        rect.midbottom = (w // 2, h - self.hand_card_h - theme.px(56))
        if rect.top < theme.px(150):
            rect.top = theme.px(150)
        theme.panel(surface, rect)
        theme.text(
            surface,
            "Call a card — whoever holds it is your partner (yours: you play alone)",
            (rect.centerx, rect.y + theme.px(12)),
            "body",
            p.text,
            True,
            anchor="midtop",
        )
        self.call_rects = []
        mine = set(self.view.hand)
        for i, code in enumerate(options):
            r = pygame.Rect(
                rect.x + theme.px(15) + (i % cols) * (cw + gap),
                rect.y + theme.px(50) + (i // cols) * (ch + gap),
                cw,
                ch,
            )
            surface.blit(self.services.cards.face(code, ch), r)
            if code in mine:
                surface.blit(theme.rounded(r.size, (10, 20, 16, 110), theme.px(5)), r)
            self.call_rects.append((code, r))
            if i == self.focus_card:
                draw_focus_ring(surface, theme, r, theme.px(5))

    def _draw_bubble(self, surface: pygame.Surface, seat: int, text: str) -> None:
        theme = self.theme
        p = theme.p
        x, y = self.seat_anchor(seat)
        label = theme.render(text, "label", p.text_dark, bold=True)
        rect = label.get_rect().inflate(theme.px(26), theme.px(14))
        if self.rel(seat) == 0:
            rect.midbottom = (round(x), round(self._size[1] - self.hand_card_h - theme.px(70)))
        else:
            rect.midtop = (round(x), round(y + theme.px(36)))
        rect.clamp_ip(surface.get_rect().inflate(-theme.px(10), -theme.px(10)))
        theme.shadow(surface, rect, rect.h // 2, spread=theme.px(6), alpha=80)
        pygame.draw.rect(surface, (255, 253, 246), rect, border_radius=rect.h // 2)
        tip_up = self.rel(seat) != 0
        tx = rect.centerx
        if tip_up:
            pts = [
                (tx - theme.px(8), rect.top + 1),
                (tx + theme.px(8), rect.top + 1),
                (tx, rect.top - theme.px(9)),
            ]
        else:
            pts = [
                (tx - theme.px(8), rect.bottom - 1),
                (tx + theme.px(8), rect.bottom - 1),
                (tx, rect.bottom + theme.px(9)),
            ]
        pygame.draw.polygon(surface, (255, 253, 246), pts)
        surface.blit(label, label.get_rect(center=rect.center))

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        theme = self.theme
        tricks = self.view.tricks[: self.shown.tricks_done]
        if not tricks:
            self.show_last = False
            return
        last = tricks[-1]
        theme.dim(surface, 150)
        w, h = self._size
        ch = round(h * 0.22)
        cw = card_width(ch)
        gap = theme.px(18)
        total = len(last.cards) * cw + (len(last.cards) - 1) * gap
        panel = pygame.Rect(0, 0, total + theme.px(60), ch + theme.px(150))
        panel.center = (w // 2, h // 2)
        theme.panel(surface, panel)
        winner = self.view.players[last.winner] if last.winner is not None else "?"
        theme.text(
            surface,
            f"Last trick — taken by {winner} ({last.points} points)",
            (panel.centerx, panel.y + theme.px(14)),
            "label",
            theme.p.text,
            True,
            anchor="midtop",
        )
        x = panel.x + theme.px(30)
        for seat, code in last.cards:
            r = pygame.Rect(x, panel.y + theme.px(56), cw, ch)
            surface.blit(self.services.cards.face(code, ch), r)
            if seat == last.winner:
                pygame.draw.rect(
                    surface, theme.p.accent, r, max(2, theme.px(3)), border_radius=max(3, ch // 14)
                )
            theme.text(
                surface,
                self.view.players[seat],
                (r.centerx, r.bottom + theme.px(6)),
                "caption",
                theme.p.text_muted,
                anchor="midtop",
            )
            x += cw + gap
        theme.text(
            surface,
            "Click, L or Esc to close",
            (panel.centerx, panel.bottom - theme.px(8)),
            "caption",
            theme.p.text_muted,
            anchor="midbottom",
        )

    def _draw_toast(self, surface: pygame.Surface, text: str) -> None:
        theme = self.theme
        w, h = self._size
        lines = theme.wrap(text, theme.px(640), "body")
        lh = theme.font("body").get_linesize()
        width = max(theme.font("body").size(line)[0] for line in lines) + theme.px(36)
        rect = pygame.Rect(0, 0, width, lh * len(lines) + theme.px(20))
        rect.midbottom = (w // 2, h - self.hand_card_h - theme.px(70))
        theme.panel(surface, rect, mix(theme.p.danger, (30, 20, 20), 0.55), alpha=240, edge=theme.p.danger)
        for i, line in enumerate(lines):
            theme.text(
                surface,
                line,
                (rect.centerx, rect.y + theme.px(10) + i * lh),
                "body",
                theme.p.text,
                anchor="midtop",
            )
