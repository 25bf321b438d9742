"""The card table scene: one hand after another, seen by one player at a time.

The scene holds a game only through a ``Session``. Events from the session queue up and are animated one
after another at the player's animation speed, so bots may act faster than the screen shows them; the
table shown is rebuilt from the events already animated (``Shown``), and the player is asked to act only
once the queue is empty.

Whose eyes are on the screen is one piece of state (``TableState.viewer`` and ``seen_by``). With two or more
humans at the screen the curtain is a gate: when the seat to act passes to another human, nothing private is
drawn (not during a deal either) until that player confirms they are the one looking.

The scene is the shell: it owns a :class:`TableState` and the event queue and hands the rest to small modules
that receive the state: ``table_layout`` (where things sit), ``hand_fan`` (the hands), ``hud`` (plates,
score, banner, bubbles, messages), ``deal`` (the deal animation), one ``Decision`` per kind of decision
(``bidding``; ``nest``: bury, trump, call; ``play``) and, in a LAN game, a ``connection.LanTable``.
"""

from __future__ import annotations

import pygame

from krook.rules import Action, Play, Redeal, SeatView, as_action, card_name, parse_card
from krook.scenes.base import Scene, Services
from krook.scenes.common.table_layout import TableLayout
from krook.scenes.common.table_model import Flight, Shown, describe, sort_key
from krook.scenes.table import hand_fan, hud
from krook.scenes.table.animator import TRICK_PAUSE_S, Animator
from krook.scenes.table.bidding import BiddingDecision
from krook.scenes.table.card_sprites import CardSprites
from krook.scenes.table.connection import LanTable, lan_session
from krook.scenes.table.decision import Decision
from krook.scenes.table.hint import Hinter
from krook.scenes.table.nest import BuryDecision, CallDecision, TrumpDecision, draw_nest_pile
from krook.scenes.table.play import PlayDecision, draw_last_trick, draw_trick
from krook.scenes.table.state import Message, MessageKind, TableState, Zone
from krook.scenes.table.undo import UndoControl
from krook.session.base import Session
from krook.ui import Button

__all__ = ["TRICK_PAUSE_S", "Flight", "Shown", "TableScene", "describe", "sort_key"]


# How long after the hot-seat curtain lifts a click is taken as the rest of the click that lifted it
CURTAIN_CLICK_GUARD_S = 0.4


class TableScene(Scene):
    """The game on ``session``; the humans at this screen are the session's ``local_seats``."""

    aside = 0.0  # a share of the width kept free at the left (see TableLayout)
    shows_game = True

    def __init__(self, services: Services, session: Session) -> None:
        super().__init__(services)
        humans = list(session.local_seats)
        public = session.view(None)
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        size = surface.get_size() if surface is not None else self.theme.size
        self.theme.resize(size)
        lan = lan_session(session)
        self.lan_players = len(public.players) if lan is not None else 0
        self.state = TableState(
            session=session,
            services=services,
            layout=self._new_layout(size, public),
            sprites=CardSprites(services.cards, self.theme, public.rules_obj),
            humans=humans,
            view=public,
            n=len(public.players),
            viewer=humans[0] if humans else 0,
            seen_by=humans[0] if len(humans) == 1 else None,
        )
        self._layout_key = self._key(size, public)
        self._felt: pygame.Surface | None = None
        self._warm: list[tuple[str, int]] = []
        self.animator = Animator(self.state)
        state = self._table_state
        self.bidding = BiddingDecision(state)
        self.burying = BuryDecision(state)
        self.naming_trump = TrumpDecision(state)
        self.calling = CallDecision(state)
        self.playing = PlayDecision(state)
        self.decisions: dict[str, Decision] = {
            d.kind: d for d in (self.bidding, self.burying, self.naming_trump, self.calling, self.playing)
        }
        self.menu_button = Button("Menu", self.open_menu, "ghost", hotkey=None)
        self.last_button = Button("Last trick", self.toggle_last, "secondary")
        self.hinter = Hinter()
        self.hint_button = Button("Hint", self.ask_hint, "secondary")
        self.undo = UndoControl(self)
        # Out of turn, with redeal_any_time (docs/RULES.md): at the viewer's own turn the bidding panel has it.
        self.redeal_button = Button(
            "Redeal (R)",
            self.call_redeal,
            "danger",
            tooltip="You hold no counters: throw the cards in, even while others bid",
        )
        self.redeal_button.visible = False
        self._focus_code: str | None = (
            None  # the card the hand's focus was on when the last decision was made
        )
        # Once a click lifts the hot-seat curtain, the mouse buttons wait a moment and then for a fresh press:
        # the second click of a double-click on "click when ready" landed on the table and bid for its player.
        self._click_guard = 0.0
        self._awaiting_press = False
        self._place_buttons()
        self.lan = LanTable(lan, services, self.start_hand) if lan is not None else None
        self.start_hand(initial=True)

    # -- read-only views for tests and the scenes above ------------------------------------------------------
    def _table_state(self) -> TableState:
        return self.state

    @property
    def session(self) -> Session:
        return self.state.session

    @property
    def view(self) -> SeatView:
        return self.state.view

    @property
    def viewer(self) -> int:
        return self.state.viewer

    @property
    def humans(self) -> list[int]:
        return self.state.humans

    @property
    def hotseat(self) -> bool:
        return self.state.hotseat

    @property
    def revealed(self) -> bool:
        return self.state.revealed

    @property
    def shown(self) -> Shown:
        return self.state.shown

    @property
    def idle(self) -> bool:
        return self.state.idle

    @property
    def my_turn(self) -> bool:
        return self.state.my_turn

    @property
    def panel_kind(self) -> str:
        return self.state.panel_kind

    @property
    def message(self) -> Message | None:
        """The message the player at the screen reads now, if any."""
        t = self.state
        return t.messages.current(t.seen_by, t.hand_number)

    def on_exit(self) -> None:
        self.hinter.close()  # its worker thread must not outlive the table

    # -- the hand's lifecycle --------------------------------------------------------------------------------
    def start_hand(self, initial: bool = False) -> None:
        t = self.state
        public = t.session.view(None)
        t.shown = Shown(hand_number=public.hand_number, points=[0] * t.n, tricks_won=[0] * t.n)
        t.messages.end_hand()
        t.selected.clear()
        t.bubbles.clear()
        t.show_last = False
        t.hand_over_pending = False
        t.panel_kind = ""
        t.panel.set([])
        self.playing.claiming = False
        if t.hotseat:
            t.cover()  # a new deal is dealt face down until the first player to act confirms
        t.refresh_view()
        self._plan_warm_up()
        already = public.version > 0 and (len(public.bids) or public.tricks or public.trick)
        if initial and already:
            self.catch_up(public)
            return
        t.deal.start(2.2 * self.services.settings.anim_factor)
        t.shown.dealt = not t.deal.running
        self.services.play("shuffle")

    def _plan_warm_up(self) -> None:
        """Card faces to render ahead, a couple per frame, so the first play of a card never stalls."""
        from krook.rules import card_name

        t = self.state
        codes = [card_name(c) for c in t.view.rules_obj.deck_cards]
        self._warm = [(c, t.layout.trick_card_h) for c in codes]
        self._warm += [(c, t.layout.hand_card_h) for c in codes]

    def _warm_step(self) -> None:
        """Render ahead only while dealing or waiting, never while a card is in flight."""
        t = self.state
        if self._warm and (t.deal.running or not (t.flights or t.sweep or t.queue)):
            code, h = self._warm.pop()
            self.services.cards.warm(code, h, t.view.rules_obj)

    def catch_up(self, public: SeatView) -> None:
        """Show a resumed hand as it stands (no animation of what happened before the app was closed)."""
        t = self.state
        s = t.shown
        s.dealt = True
        s.bids = list(public.bids)
        s.discarded = public.phase in ("trump", "call", "play", "hand_over") and public.bidder is not None
        s.trump = public.trump
        s.called = public.called
        for trick in public.tricks:
            s.plays.extend((seat, c) for seat, c in trick.cards)
            if trick.winner is not None:
                s.points[trick.winner] += trick.points
                s.tricks_won[trick.winner] += 1
        s.tricks_done = len(public.tricks)
        s.trick = list(public.trick)
        s.plays.extend(public.trick)
        if public.phase in ("hand_over", "game_over"):
            s.over = True
            t.hand_over_pending = True
            if public.winner is not None:
                t.game_over = public.winner

    # -- event intake ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._click_guard = max(0.0, self._click_guard - dt)
        t = self.state
        view, panel, seen_by = t.view, t.panel_kind, t.seen_by
        self._update(dt)
        if t.view is not view or t.panel_kind != panel or t.seen_by != seen_by:
            # The app draws an idle frame only when told: a view from the network (a rejoin's) or a panel
            # raised with no input and no animation would otherwise wait for the next mouse move.
            self.invalidate()

    def _update(self, dt: float) -> None:
        t = self.state
        self._warm_step()
        events = t.session.update(dt)
        if events:
            t.queue.extend(events)
            t.refresh_view()
        advice = self.hinter.poll(t)
        if advice is not None and self.decision is not None:
            self.decision.take_advice(advice)
        t.tick_words(dt)
        if self.lan is not None:
            self.lan.note_events(t, events)  # drops, rejoins, the host gone
            if self.lan.hold_for_next_hand():
                return
        if t.deal.running:
            if t.deal.advance(dt):
                t.shown.dealt = True
            else:
                return
        # Animate queued events; with "instant" speed the whole queue is shown in one frame.
        self.animator.advance(dt)
        if t.idle:
            self._when_idle()
        decision = self.decision
        chosen = decision.take_choice() if decision is not None else None
        if chosen is not None and t.my_turn:  # a panel button pressed outside an event (a test, a hook)
            self.submit(chosen)

    def animating(self) -> bool:
        t = self.state
        if not t.idle or t.flights or t.bubbles or t.messages.items or self.hinter.thinking:
            return True
        if t.session.busy:
            return True
        to_act = t.view.to_act
        return to_act is not None and to_act not in t.humans

    def _when_idle(self) -> None:
        t = self.state
        if t.hand_over_pending:
            t.hand_over_pending = False
            self._open_score_sheet()
            return
        view = t.view
        actor = view.to_act
        if t.hotseat and actor in t.humans and actor != t.seen_by:
            if self._play_forced(actor):
                return
            self._raise_curtain(actor)
            return
        if t.my_turn:
            card = self.playing.auto_card()
            if card is not None:  # a claim being played out, or a forced last card
                self.submit(Play(parse_card(card)))
                return
            self._prepare_panel()
        elif t.panel_kind:
            t.panel_kind = ""
            t.panel.set([])

    def _play_forced(self, seat: int) -> bool:
        """Hot-seat: a seat whose one legal card is forced plays it with no hand-over (nobody needs to see
        that hand for it; the card is public as it lands). Only with the forced-card setting on."""
        t = self.state
        if not t.services.settings.auto_finish or t.session.view(seat).phase != "play":
            return False
        cards = t.session.view(seat).legal_actions().cards()
        if len(cards) != 1:
            return False
        if t.session.submit(seat, Play(cards[0])) is not None:
            return False
        t.queue.extend(t.session.update(0.0))
        t.refresh_view()
        return True

    def _raise_curtain(self, seat: int) -> None:
        from krook.scenes.table.curtain import CurtainScene

        t = self.state
        t.cover()
        t.panel_kind = ""
        t.panel.set([])
        curtain = CurtainScene(
            self.services, t.view.players[seat], lambda: self._curtain_lifted(seat, curtain.lifted_by_click)
        )
        self.stack.push(curtain)

    def _curtain_lifted(self, seat: int, by_click: bool) -> None:
        self.state.hand_over_to(seat)
        if by_click:
            self._click_guard = CURTAIN_CLICK_GUARD_S
            self._awaiting_press = True

    def _click_lands(self, e: pygame.event.Event) -> bool:
        """Whether a mouse button event may act: not within a moment of the curtain lifting, nor the release
        of a press made then."""
        if not self._awaiting_press or e.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and self._click_guard <= 0:
            self._awaiting_press = False
            return True
        return False

    def _open_score_sheet(self) -> None:
        from krook.scenes.table.score import ScoreSheetScene

        t = self.state
        if t.game_over is not None:
            self.services.play("game_won")
        else:
            results = t.session.view(None).results
            result = results[-1] if results else None
            if result and result.get("made") is not None:
                self.services.play("bid_made" if result["made"] else "set")
        t.messages.end_hand()  # nothing said during a hand outlives it
        self.stack.push(ScoreSheetScene(self.services, t.session, self))

    def next_hand(self) -> None:
        """Called by the score sheet's Next hand button."""
        if self.lan is not None:  # deals once every player is ready
            self.lan.next_hand()
            return
        self.session.next_hand()
        self.start_hand()

    # -- the player's decision -------------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The decision whose panel is up, if any."""
        return self.decisions.get(self.state.panel_kind)

    @property
    def call_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.calling.rects

    def _prepare_panel(self) -> None:
        t = self.state
        kind = str(t.view.phase)
        if kind == t.panel_kind:
            return
        t.panel_kind = kind
        self.services.held_keys.settle()  # a key held from the last decision must not make this one
        t.selected.clear()
        decision = self.decisions.get(kind)
        hand = t.hand_codes()
        if self._focus_code in hand:  # the focus stays on its card from the nest into the play
            t.focus_card = hand.index(self._focus_code)
        t.focus_card = min(t.focus_card, max(0, len(hand) - 1))
        widgets = decision.prepare() if decision is not None else []
        t.panel.set(widgets)
        t.panel.index = decision.first_focus() if decision is not None and widgets else 0
        if (
            decision is not None
            and decision.uses_hand
            and hand
            and not decision.choosable(hand[t.focus_card])
        ):
            ok = [i for i, c in enumerate(hand) if decision.choosable(c)]
            if ok:  # onto the nearest card that may be chosen, never onto one that may not
                t.focus_card = min(ok, key=lambda i: (abs(i - t.focus_card), i))

    def submit(self, action: Action | str) -> str | None:
        """The one way the table acts: the viewer's choice to the session, then the events and the new view.

        An action the rules refuse is not submitted: the player is told why (``LegalActions.why_not``)."""
        t = self.state
        typed = as_action(action)
        if not (t.my_turn or (isinstance(typed, Redeal) and self.redeal_offered())):
            return "it is not your turn"
        reason = t.legal.why_not(typed)
        if reason is not None:
            self.refuse(typed, reason)
            return reason
        hand = t.hand_codes()
        if t.my_turn:
            self._focus_code = hand[min(t.focus_card, len(hand) - 1)] if hand else None
        problem = t.session.submit(t.viewer, typed)
        if problem:
            t.tell(t.viewer, problem[0].upper() + problem[1:])
            return problem
        t.panel_kind = ""
        t.panel.set([])
        t.selected.clear()
        t.messages.drop_private()  # advice for a decision already made is stale
        t.queue.extend(t.session.update(0.0))
        t.refresh_view()
        return None

    def refuse(self, action: Action, reason: str) -> None:
        """Tell the player why the rules refuse ``action`` (it was not submitted)."""
        t = self.state
        if isinstance(action, Play):
            t.tell(
                t.viewer, f"You can't play {describe(card_name(action.card))}: {reason}", MessageKind.ERROR
            )
        else:
            t.tell(t.viewer, reason[0].upper() + reason[1:])

    def redeal_offered(self) -> bool:
        """The viewer, holding no counters, may call a redeal while another seat bids (redeal_any_time)."""
        t = self.state
        return (
            t.idle
            and t.view.phase == "bidding"
            and not t.my_turn
            and t.view.seat == t.viewer
            and t.legal.can_redeal
            and t.private(t.viewer, "redeal")
        )

    def call_redeal(self) -> None:
        """Redeal out of turn (redeal_any_time), from its button or R."""
        if self.redeal_offered():
            self.submit(Redeal())

    def ask_hint(self) -> None:
        self.hinter.ask(self.state)

    def toggle_last(self) -> None:
        t = self.state
        if t.shown.tricks_done:
            t.show_last = not t.show_last

    def open_menu(self) -> None:
        saved = "The game is saved after every move." if self.lan is None else "The host keeps this game."
        self.stack.push(self.services.go.pause(saved))

    def card_clicked(self, code: str) -> None:
        """A hand card chosen from outside the event loop (the gallery): as a click on it."""
        decision = self.decision
        if self.state.my_turn and decision is not None and decision.uses_hand:
            self._take(decision.card_chosen(code))

    def hand_codes(self) -> list[str]:
        return self.state.hand_codes()

    @property
    def card_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The hand's cards and where a click reaches each (worked out from the layout, not the last frame)."""
        return hand_fan.hand_hits(self.state)

    def _take(self, result: Action | bool) -> bool:
        """What a decision returned: an action is submitted; else whether it used the event."""
        if isinstance(result, bool):
            return result
        self.submit(result)
        return True

    # -- input ---------------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        t = self.state
        if not self._click_lands(e):
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            if t.show_last:
                t.show_last = False
            else:
                self.open_menu()
            return True
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and (
            self.menu_button.handle_event(e)
            or self.last_button.handle_event(e)
            or self.hint_button.handle_event(e)
            or self.redeal_button.handle_event(e)
            or self.undo.handle_event(e)
        ):
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_r and self.redeal_button.visible:
            self.call_redeal()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_u:
            return self.undo.handle_event(e)
        if e.type == pygame.KEYDOWN and e.key == pygame.K_l:
            self.toggle_last()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_h:
            self.ask_hint()
            return True
        if t.show_last and e.type == pygame.MOUSEBUTTONDOWN:
            t.show_last = False
            return True
        if not (t.my_turn and t.panel_kind):
            return False
        decision = self.decision
        return self._take(decision.handle(e)) if decision is not None else False

    # -- geometry --------------------------------------------------------------------------------------------
    def _place_buttons(self) -> None:
        layout = self.state.layout
        self.menu_button.rect = layout.menu_rect
        self.last_button.rect = layout.last_rect
        self.hint_button.rect = layout.hint_rect
        theme = self.theme
        # Beside the nest in the middle of the table: nothing else is there while others bid.
        self.redeal_button.rect = pygame.Rect(0, 0, theme.px(200), theme.px(44))
        cx, cy = layout.center
        self.redeal_button.rect.midleft = (round(cx + layout.back_h * 0.36 + theme.px(28)), round(cy))

    def _new_layout(self, size: tuple[int, int], view: SeatView) -> TableLayout:
        card_scale = self.services.settings.card_scale
        columns, names = len(view.columns), view.players
        return TableLayout(size, self.theme, card_scale, columns, self.aside, self.lan_players, names)

    def _key(self, size: tuple[int, int], view: SeatView) -> tuple[object, ...]:
        """What the layout depends on (a LAN seat's name changes when a player takes it)."""
        settings = self.services.settings
        return (size, settings.card_scale, settings.large_text, settings.colour_blind, tuple(view.players))

    def _layout(self, size: tuple[int, int]) -> None:
        key = self._key(size, self.state.view)
        if key == self._layout_key:
            return
        self._layout_key = key
        t = self.state
        # a new deck style or size: no stale pictures
        t.sprites = CardSprites(self.services.cards, self.theme, t.view.rules_obj)
        self.theme.resize(size)
        self._felt = None
        t.layout = self._new_layout(size, t.view)
        self._place_buttons()
        self._plan_warm_up()

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.state
        self._layout(surface.get_size())
        if self._felt is None:
            # The felt and the ring are baked once per window size into one opaque surface.
            size = t.layout.size
            felt = (self.services.cards.table(size) or self.theme.felt(size)).copy()
            t.layout.draw_table_ring(felt)
            self._felt = felt.convert() if pygame.display.get_surface() is not None else felt
        surface.blit(self._felt, (0, 0))
        t.boxes = {}
        for seat in range(t.n):
            if t.rel(seat) != 0:
                plate_pos = hand_fan.draw_opponent_backs(t, surface, seat)
                hud.draw_plate(t, surface, seat, plate_pos)
        if not self._panel_shown():  # the centre panel would sit on the nest, which shows through it
            draw_nest_pile(t, surface)
        draw_trick(t, surface)
        hand_fan.draw_deal_flight(t, surface)
        self._draw_hand(surface)
        hud.draw_plate(t, surface, t.viewer, t.seat_anchor(t.viewer))
        hud.draw_hud(t, surface)
        if self.lan is not None:
            self.lan.draw(t, surface)
        self._draw_panel(surface)
        for seat, (text, _) in list(t.bubbles.items()):
            hud.draw_bubble(t, surface, seat, text)
        if t.show_last:
            draw_last_trick(t, surface)
        self.menu_button.draw(surface, self.theme)
        self.last_button.enabled = t.shown.tricks_done > 0
        self.last_button.visible = t.shown.dealt and t.view.phase in ("play", "hand_over", "game_over")
        self.last_button.draw(surface, self.theme)
        self.hint_button.visible = bool(t.humans) and t.revealed and t.shown.dealt
        self.hint_button.enabled = t.my_turn and not self.hinter.thinking
        self.hint_button.draw(surface, self.theme)
        self.redeal_button.visible = self.redeal_offered()
        self.redeal_button.draw(surface, self.theme)
        self.undo.draw(surface)
        message = self.message
        if message is not None:
            hud.draw_message(t, surface, message)
        self._note_boxes()

    def _note_boxes(self) -> None:
        """Name what this frame laid out (the layout test checks that no two of them overlap)."""
        t = self.state
        for name, button in (
            ("Menu", self.menu_button),
            ("Last trick", self.last_button),
            ("Hint", self.hint_button),
            ("Undo", self.undo.button),
            ("Redeal", self.redeal_button),
        ):
            if button.visible:
                t.boxes[name] = button.rect.copy()
        hits = hand_fan.hand_hits(t)
        if hits:
            t.boxes["hand"] = hits[0][1].unionall([r for _, r in hits])
        decision = self.decision
        if decision is not None and t.my_turn and decision.rect.w:
            t.boxes["decision panel"] = decision.rect.copy()

    def _draw_hand(self, surface: pygame.Surface) -> None:
        hand_fan.draw_hand(self.state, surface)

    def _panel_shown(self) -> bool:
        """This frame draws the decision panel (the viewer's own decision, behind no curtain)."""
        t = self.state
        return bool(t.panel_kind) and t.my_turn and t.private(t.viewer, "decision")

    def _draw_panel(self, surface: pygame.Surface) -> None:
        t = self.state
        if not self._panel_shown():
            return
        decision = self.decision
        if decision is not None:
            decision.draw_panel(surface)
        kind = t.panel_kind
        keyboard = self.services.keyboard_mode
        show_focus = t.focus_zone == Zone.PANEL and (keyboard or kind in ("bidding", "trump"))
        t.panel.draw(surface, self.theme, show_focus=show_focus)
        if kind == "trump":
            self.naming_trump.draw_colour_bars(surface)
