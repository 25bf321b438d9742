"""The card table scene: one hand after another, seen from one seat.

The scene holds a game only through a ``Session``. Events from the session queue up and are animated one
after another at the player's animation speed, so bots may act faster than the screen shows them; the
table shown is rebuilt from the events already animated (``Shown``), and the player is asked to act only
once the queue is empty. With two or more humans at the screen, a curtain hides every card whenever the
seat to act passes from one human to another.

The scene is the shell: it owns the shared state and the event queue, and hands the rest to small modules:
``table_layout`` (where things sit), ``hand_fan`` (the hands), ``hud`` (plates, score, banner, bubbles),
``deal`` (the deal animation) and one ``Phase`` per decision: ``bidding``, ``nest`` (bury, trump, call) and
``play`` (tricks, last trick).
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from krook.render.palette import COLOUR_NAMES
from krook.rules import SeatView
from krook.session.base import ActionEvent, ErrorEvent, GameOverEvent, HandOverEvent, StatusEvent
from krook.ui import Button, FocusGroup

from . import connection, hand_fan, hud
from .base import Scene, Services
from .bidding import BiddingPhase
from .card_sprites import CardSprites
from .deal import DealAnimation
from .hint import Hinter
from .nest import CallPhase, DiscardPhase, TrumpPhase, draw_nest_pile
from .phase import Phase
from .play import PlayPhase, draw_last_trick, draw_trick
from .table_layout import TableLayout
from .table_model import Flight, Shown, describe, sort_key
from .undo import UndoControl

__all__ = ["Flight", "Shown", "TableScene", "describe", "sort_key"]


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
        self.deal = DealAnimation(self)
        self.bubbles: dict[int, list[Any]] = {}
        self.toast: tuple[str, float] | None = None
        self.status: dict[int, str] = {}
        self.selected: set[str] = set()
        self.focus_card = 0
        self.focus_zone = "hand"  # "hand" or "panel"
        self.show_last = False
        self.game_over: int | None = None
        self.hand_over_pending = False
        self.curtain_up = False
        self.hand_face_draws = 0  # frames that drew a hand face up (tests check it against the curtain)
        self.face_seats_drawn: list[int] = []
        self.card_rects: list[tuple[str, pygame.Rect]] = []
        self._last_card_pos: dict[str, tuple[float, float]] = {}
        self.panel = FocusGroup(vertical=False)
        self.panel_kind = ""
        self.bidding = BiddingPhase(self)
        self.burying = DiscardPhase(self)
        self.naming_trump = TrumpPhase(self)
        self.calling = CallPhase(self)
        self.playing = PlayPhase(self)
        self.phases: dict[str, Phase] = {
            p.kind: p for p in (self.bidding, self.burying, self.naming_trump, self.calling, self.playing)
        }
        self.sprites = CardSprites(services.cards, self.theme)
        self._felt: pygame.Surface | None = None
        self._size = (0, 0)
        self.menu_button = Button("Menu", self.open_menu, "ghost", hotkey=None)
        self.last_button = Button("Last trick", self.toggle_last, "secondary")
        self.hinter = Hinter()
        self.hint_button = Button("Hint", self.ask_hint, "secondary")
        self.undo = UndoControl(self)
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
        self.playing.claiming = False
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

    def _plan_warm_up(self) -> None:
        """Card faces to render ahead, a couple per frame, so the first play of a card never stalls."""
        from krook.rules import card_name

        codes = [card_name(c) for c in self.view.rules_obj.deck_cards]
        self._warm = [(c, self.layout.hand_card_h) for c in self.view.hand]
        self._warm += [(c, self.layout.trick_card_h) for c in codes]

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
        self.hinter.poll(self)
        if self.toast:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        for seat in list(self.bubbles):
            self.bubbles[seat][1] -= dt
            if self.bubbles[seat][1] <= 0:
                del self.bubbles[seat]
        connection.note_events(self, events)  # LAN: drops, rejoins, the host gone
        if connection.hold_for_next_hand(self):
            return
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
            self.flights.append(Flight(arg, start, end, 0.32 * factor, self.layout.trick_card_h))
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
                Flight(
                    code, self.trick_spot(seat), target, 0.45 * factor, self.layout.trick_card_h, delay=0.0
                )
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
            card = self.playing.auto_card()
            if card is not None:  # a claim being played out, or a forced last card
                self.act(f"play {card}")
                return
            self._prepare_panel()
        elif self.panel_kind:
            self.panel_kind = ""
            self.panel.set([])

    def _raise_curtain(self, seat: int) -> None:
        from .curtain import CurtainScene

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
        if connection.next_hand(self):  # LAN: deals once every player is ready
            return
        self.session.next_hand()
        self.start_hand()

    # -- the player's decision -------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase | None:
        """The phase whose decision panel is up, if any."""
        return self.phases.get(self.panel_kind)

    @property
    def call_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.calling.rects

    def _prepare_panel(self) -> None:
        kind = self.view.phase
        if kind == self.panel_kind:
            return
        self.panel_kind = kind
        self.selected.clear()
        phase = self.phases.get(kind)
        widgets = phase.prepare() if phase is not None else []
        self.panel.set(widgets)
        self.panel.index = 0
        self.focus_card = min(self.focus_card, max(0, len(self.view.hand) - 1))

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

    def ask_hint(self) -> None:
        self.hinter.ask(self)

    def toggle_last(self) -> None:
        if self.shown.tricks_done:
            self.show_last = not self.show_last

    def open_menu(self) -> None:
        from .pause import PauseScene

        self.stack.push(PauseScene(self.services))

    def card_clicked(self, code: str) -> None:
        view = self.view
        if not self.idle or view.to_act != self.viewer or not self.revealed:
            return
        if view.phase == "play":
            self.playing.play(code)
        elif view.phase == "discard":
            self.burying.toggle(code)

    def hand_codes(self) -> list[str]:
        return hand_fan.hand_codes(self)

    def click_hand_card(self, pos: tuple[int, int]) -> bool:
        for code, rect in reversed(self.card_rects):
            if rect.collidepoint(pos):
                self.card_clicked(code)
                return True
        return False

    def move_hand_focus(self, key: int) -> bool:
        """Left / Right over the hand while the focus is there."""
        hand = self.hand_codes()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus_zone == "hand" and hand:
            d = -1 if key == pygame.K_LEFT else 1
            self.focus_card = (self.focus_card + d) % len(hand)
            return True
        return False

    def activate_focused_card(self) -> None:
        hand = self.hand_codes()
        if hand:
            self.card_clicked(hand[min(self.focus_card, len(hand) - 1)])

    # -- input ---------------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            if self.show_last:
                self.show_last = False
            else:
                self.open_menu()
            return True
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and (
            self.menu_button.handle_event(e)
            or self.last_button.handle_event(e)
            or self.hint_button.handle_event(e)
            or self.undo.handle_event(e)
        ):
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_u:
            return self.undo.handle_event(e)
        if e.type == pygame.KEYDOWN and e.key == pygame.K_l:
            self.toggle_last()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_h:
            self.ask_hint()
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
        phase = self.phases.get(self.view.phase)
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and phase is not None and phase.click_card(e.pos):
            return True
        if self.panel.handle_event(e) and e.type != pygame.MOUSEMOTION:
            return True
        return phase.handle_event(e) if phase is not None else False

    # -- geometry --------------------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        settings = self.services.settings
        key = (size, settings.card_scale, settings.large_text, settings.colour_blind)
        if size == self._size and key == getattr(self, "_layout_key", None):
            return
        self._layout_key = key
        self._size = size
        self.sprites.fans.clear()
        self.theme.resize(size)
        self._felt = None
        self.layout = TableLayout(size, self.theme, settings.card_scale)
        self.menu_button.rect = self.layout.menu_rect
        self.last_button.rect = self.layout.last_rect
        self.hint_button.rect = self.layout.hint_rect
        if hasattr(self, "view"):
            self._plan_warm_up()

    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.n

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat sits: the centre of its name plate (the viewer's is above the hand)."""
        return self.layout.seat_anchor(self.rel(seat), self.n)

    def trick_spot(self, seat: int) -> tuple[float, float]:
        return self.layout.trick_spot(self.rel(seat), self.n)

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        if self._felt is None:
            # The felt and the ring are baked once per window size into one opaque surface.
            felt = (self.services.cards.table(self._size) or self.theme.felt(self._size)).copy()
            self.layout.draw_table_ring(felt)
            self._felt = felt.convert() if pygame.display.get_surface() is not None else felt
        surface.blit(self._felt, (0, 0))
        for seat in range(self.n):
            if self.rel(seat) != 0:
                plate_pos = hand_fan.draw_opponent_backs(self, surface, seat)
                hud.draw_plate(self, surface, seat, plate_pos)
        draw_nest_pile(self, surface)
        draw_trick(self, surface)
        if self.deal_t >= 0:
            self.deal.draw_flying_card(surface)
        self._draw_hand(surface)
        hud.draw_plate(self, surface, self.viewer, self.seat_anchor(self.viewer))
        hud.draw_hud(self, surface)
        connection.draw_connection(self, surface)
        self._draw_panel(surface)
        for seat, (text, _) in list(self.bubbles.items()):
            hud.draw_bubble(self, surface, seat, text)
        if self.show_last:
            draw_last_trick(self, surface)
        self.menu_button.draw(surface, self.theme)
        self.last_button.enabled = self.shown.tricks_done > 0
        self.last_button.visible = self.shown.dealt and self.view.phase in ("play", "hand_over", "game_over")
        self.last_button.draw(surface, self.theme)
        self.hint_button.visible = bool(self.humans) and self.revealed and self.shown.dealt
        self.hint_button.enabled = self.idle and self.view.to_act == self.viewer and not self.hinter.thinking
        self.hint_button.draw(surface, self.theme)
        self.undo.draw(surface)
        if self.toast:
            hud.draw_toast(self, surface, self.toast[0])

    def _draw_hand(self, surface: pygame.Surface) -> None:
        hand_fan.draw_hand(self, surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        if not self.panel_kind or not self.idle or self.view.to_act != self.viewer or not self.revealed:
            return
        phase = self.phase
        if phase is not None:
            phase.draw_panel(surface)
        kind = self.panel_kind
        self.panel.draw(
            surface, self.theme, show_focus=self.focus_zone == "panel" or kind in ("bidding", "trump")
        )
        if kind == "trump":
            self.naming_trump.draw_colour_bars(surface)
