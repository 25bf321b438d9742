"""A whole game: hands one after another, the running scores, and the end of the game."""

from __future__ import annotations

from typing import Any

from .actions import Action, action_text
from .cards import CARD_NAMES, Color, names
from .deal import deal_from_seed, deal_to_dict, hand_seed, secret_game_seed
from .errors import IllegalActionError, RulesError
from .hand import HAND_OVER, Hand, Phase
from .legal import LegalActions
from .presets import DEFAULT_PRESET, matching_preset, spec_for
from .scoring import HandResult, decide_winner, score_hand
from .settings import Rules
from .view import SeatView, TrickView

# A record is a file of the storage layer's kind ``krook-record``, layout 1: "format": "krook-record/1".
RECORD_KIND = "krook-record"
RECORD_VERSION = 1
RECORD_FORMAT = f"{RECORD_KIND}/{RECORD_VERSION}"


class Match:
    """The referee of a game. Drive it with ``legal_actions()`` and ``apply(text)``; read it with ``view(seat)``.

    When a hand ends the game waits in ``Phase.HAND_OVER`` so a screen can show the score sheet;
    ``next_hand()`` deals the next one (the chance step). ``hands`` lists every deal so far and ``hand`` is the
    current one; a seat's cards are ``hand_cards(seat)`` (``hand.hands[seat]`` is the same set as a bitmask).
    """

    def __init__(
        self,
        rules: Rules | None = None,
        players: list[str] | None = None,
        *,
        seed: int | None = None,
        first_dealer: int = 0,
        preset: str | None = None,
        deal: tuple[list[int], int] | None = None,
    ) -> None:
        self.rules = rules or Rules()
        n = self.rules.players
        self.players = list(players) if players else [f"Player {i + 1}" for i in range(n)]
        if len(self.players) != n:
            raise RulesError(f"{len(self.players)} player names given for {n} seats")
        if not 0 <= first_dealer < n:
            raise RulesError(f"first dealer {first_dealer} is not a seat (0 to {n - 1})")
        self.preset = preset or matching_preset(self.rules) or DEFAULT_PRESET
        self.seed = seed if seed is not None else secret_game_seed()
        self.scores = [0] * self.rules.team_count
        self.hands: list[Hand] = []
        self.results: list[HandResult] = []
        self._result_dicts: list[dict[str, Any]] = []
        self.rules_dict = self.rules.to_dict()
        self.winner: int | None = None
        # ``phase`` and ``is_over`` are plain attributes kept in step by every change below, not properties:
        # the driving loop of every simulation reads them once per action.
        self.phase = Phase.BIDDING
        self.is_over = False
        self._start_hand(first_dealer, deal)

    # -- driving ----------------------------------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.hands[-1]

    @property
    def to_act(self) -> int | None:
        return self.hands[-1].to_act

    @property
    def version(self) -> int:
        """Actions applied plus hands dealt: it grows with every change, so views are ordered by it."""
        return sum(len(h.actions) for h in self.hands) + len(self.hands)

    def legal_actions(self) -> LegalActions:
        return self.hands[-1].legal_actions()

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply one action, typed or as text; with ``seat`` also check that it is that seat's turn."""
        if self.winner is not None:
            raise IllegalActionError(action_text(action), "the game is over")
        hand = self.hands[-1]
        hand.apply(action, seat)
        phase = self.phase = hand.phase
        if phase is HAND_OVER:
            self._finish_hand(hand)

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the deal passes left, except after a redeal that keeps the dealer."""
        last = self.hand
        return last.dealer if last.same_dealer_next else (last.dealer + 1) % self.rules.players

    def next_hand(self, deal: tuple[list[int], int] | None = None) -> None:
        """Deal the next hand (from the game's seed, or ``deal``) once the current one is over."""
        if self.winner is not None:
            raise IllegalActionError("next hand", "the game is over")
        if self.hand.phase is not Phase.HAND_OVER:
            raise IllegalActionError("next hand", "the current hand is still being played")
        self._start_hand(self.next_dealer, deal)

    def _start_hand(self, dealer: int, deal: tuple[list[int], int] | None) -> None:
        if deal is None:
            deal = deal_from_seed(self.rules, dealer, hand_seed(self.seed, len(self.hands)))
        hand = Hand(self.rules, dealer, deal[0], deal[1])
        self.hands.append(hand)
        self.phase = hand.phase

    def _finish_hand(self, hand: Hand) -> None:
        result = score_hand(hand)
        self.results.append(result)
        for i, delta in enumerate(result.deltas):
            self.scores[i] += delta
        self.winner = decide_winner(self.rules, self.scores, result)
        if self.winner is not None:
            self.is_over = True
            self.phase = Phase.GAME_OVER

    # -- reading ----------------------------------------------------------------------------------------
    def result_dicts(self) -> list[dict[str, Any]]:
        """Every hand's result as a dict; views repeat these on every action and results never change."""
        done = self._result_dicts
        done.extend(r.to_dict() for r in self.results[len(done) :])
        return done

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know; ``None`` gives the public view (no hand), for a table nobody is looking at."""
        hand = self.hand
        n = self.rules.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table (0 to {n - 1})")
        scored = hand.phase is Phase.HAND_OVER
        is_bidder = seat == hand.bidder
        picked_up = hand.bidder is not None and hand.rules.nest_size > 0
        sees_nest = scored or (is_bidder and picked_up)
        to_act = hand.to_act if self.winner is None else None
        legal: list[str] = []
        discard = None
        refused: dict[str, str] = {}
        if to_act == seat:
            actions = hand.legal_actions()
            if actions.discard is not None:
                discard = actions.discard.to_dict()
            else:
                legal = list(actions.texts)
            if hand.phase is Phase.PLAY and seat is not None:
                refused = hand.refusals(seat)
        elif seat is not None and to_act is not None and hand.may_call_redeal(seat):
            legal = ["redeal"]  # redeal_any_time: a seat without counters may call it out of turn
        return SeatView(
            seat=seat,
            players=list(self.players),
            rules=dict(self.rules_dict),
            preset=self.preset,
            phase=self.phase,
            to_act=to_act,
            dealer=hand.dealer,
            hand_number=len(self.hands),
            hand=names(hand.hands[seat]) if seat is not None else [],
            hand_sizes=[h.bit_count() for h in hand.hands],
            bids=list(hand.bids),
            passed=[s for s in range(n) if hand.passed >> s & 1],
            high_bid=hand.high_bid,
            high_bidder=hand.high_bidder,
            bidder=hand.bidder,
            bid=hand.contract,
            trump=Color(hand.trump).letter if hand.trump is not None else None,
            called=CARD_NAMES[hand.called] if hand.called is not None else None,
            partner=hand.known_partner_for(seat) if seat is not None else (hand.partner if scored else None),
            nest=names(hand.nest) if sees_nest else [],
            buried=names(hand.buried) if (scored or is_bidder) else [],
            trick=[(s, CARD_NAMES[c]) for s, c in hand.trick],
            trick_leader=hand.leader if hand.phase is Phase.PLAY else None,
            tricks=[
                TrickView(t.leader, [(s, CARD_NAMES[c]) for s, c in t.cards], t.winner, t.points)
                for t in hand.tricks
            ],
            points_taken=list(hand.won_points),
            tricks_won=list(hand.won_tricks),
            scores=list(self.scores),
            columns=[self.column_label(c) for c in range(self.rules.team_count)],
            results=[dict(r) for r in self.result_dicts()],
            winner=self.winner,
            legal=legal,
            discard=discard,
            version=self.version,
            refused=refused,
        )

    def column_label(self, column: int) -> str:
        if self.rules.partnership == "fixed":
            return " & ".join(self.players[s] for s in range(self.rules.players) if s % 2 == column)
        return self.players[column]

    # -- records ----------------------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "rules": spec_for(self.rules, self.preset),
            "players": list(self.players),
            "seed": self.seed,
            "hands": [
                {"dealer": h.dealer, "deal": deal_to_dict(h.dealt, h.nest), "actions": list(h.actions)}
                for h in self.hands
            ],
        }

    def hand_cards(self, seat: int) -> list[str]:
        return names(self.hand.hands[seat])
