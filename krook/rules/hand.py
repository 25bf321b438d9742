"""One deal from the bidding to the last trick: the state machine that referees a hand."""

from __future__ import annotations

import enum
import functools
from typing import NamedTuple

from .actions import (
    PASS,
    REDEAL,
    Action,
    Bid,
    BidAction,
    Call,
    Discard,
    Pass,
    Play,
    Redeal,
    Trump,
    action_text,
    as_action,
    parse_action,
)
from .cards import BIRDS, CARD_NAMES, COLOR_MASKS, KROOK, Color, describe_color, iter_mask, mask_of
from .errors import IllegalActionError
from .legal import DiscardRule, LegalActions
from .settings import Rules


@enum.unique
class Phase(enum.StrEnum):
    """Where a hand (or the game) stands. A ``StrEnum``: it is its own text on the wire and in records."""

    BIDDING = "bidding"
    DISCARD = "discard"
    TRUMP = "trump"
    CALL = "call"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


# Module constants for the hot paths: in Python 3.11 ``Phase.PLAY`` is an unspecialised lookup through
# EnumType.__getattr__, a module global is a cached one.
PLAY = Phase.PLAY
HAND_OVER = Phase.HAND_OVER


class Trick(NamedTuple):
    """A finished trick (a named tuple: thousands are made per second in simulations)."""

    leader: int
    cards: tuple[tuple[int, int], ...]  # (seat, card) in play order
    winner: int
    points: int


class Hand:
    """The state of one deal. Mutable; only ``apply`` changes it, and only with a legal action."""

    # Slots: with more than 30 attributes an instance dict stops sharing keys in CPython 3.11, and every
    # attribute read on the hot path becomes a dict lookup.
    __slots__ = (
        "_follow", "_krook_any_time", "_legal", "_must_trump", "_next_seat", "_power", "actions", "bidder",
        "bids", "buried", "called", "contract", "dealer", "dealt", "hands", "high_bid", "high_bidder",
        "leader", "n", "nest", "partner", "partner_revealed", "passed", "phase", "rules", "same_dealer_next",
        "thrown_in", "to_act", "trick", "tricks", "trump", "trump_mask", "won_points", "won_tricks",
    )  # fmt: skip

    def __init__(self, rules: Rules, dealer: int, hands: list[int], nest: int) -> None:
        self.rules = rules
        self.n = rules.players
        self.dealer = dealer
        self.dealt = tuple(hands)
        self.hands = list(hands)
        self.nest = nest
        self.buried = 0
        self.actions: list[str] = []
        self.bids: list[tuple[int, BidAction]] = []  # typed: Bid, Pass or Redeal
        self.passed = 0  # bitmask of seats out of the bidding
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.bidder: int | None = None
        self.contract: int | None = None
        self.trump: int | None = None
        self.trump_mask = 0
        self._power = rules.rank  # what a card is worth in a trick it can win: rank, +1000 for trump
        self.called: int | None = None
        self.partner: int | None = None
        self.partner_revealed = False
        self.trick: list[tuple[int, int]] = []
        self._follow = 0  # the cards that follow the current trick's lead (its colour; trump with the birds)
        self._next_seat = tuple((s + 1) % self.n for s in range(self.n))
        self._krook_any_time = rules.krook_any_time
        self._must_trump = rules.must_trump
        self.leader = 0
        self.tricks: list[Trick] = []
        self.won_points = [0] * self.n
        self.won_tricks = [0] * self.n
        self.thrown_in: str | None = None
        self.same_dealer_next = False
        self._legal: LegalActions | None = None
        first = dealer if rules.bid_first == "dealer" else (dealer + 1) % self.n
        if rules.bidding:
            self.phase = Phase.BIDDING
            self.to_act: int | None = first
        else:
            self._set_trump(int(Color.parse(rules.practice_trump or "B")))
            self._start_play()

    # -- queries ---------------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.phase is HAND_OVER

    def legal_actions(self) -> LegalActions:
        legal = self._legal
        if legal is None:
            if self.phase is PLAY:
                # the bulk of every hand, so listed without the dispatch below
                legal = legal_plays(self.playable_mask(self.to_act))  # type: ignore[arg-type]
            else:
                legal = self._compute_legal()
            self._legal = legal
        return legal

    def playable_mask(self, seat: int) -> int:
        """Cards ``seat`` may play to the current trick (only meaningful in the play phase)."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        follow = hand & self._follow
        if follow:
            if self._krook_any_time:
                return follow | (hand & BIRDS)
            return follow
        if self._must_trump:
            trumps = hand & self.trump_mask
            if trumps:
                return trumps
        return hand

    def refusals(self, seat: int) -> dict[str, str]:
        """The cards ``seat`` holds but may not play to the current trick, each with the rules' reason."""
        if self.phase is not PLAY:
            return {}
        barred = self.hands[seat] & ~self.playable_mask(seat)
        return {CARD_NAMES[c]: self._why_card_illegal(seat, c) for c in iter_mask(barred)}

    def discard_rule(self) -> DiscardRule:
        assert self.bidder is not None
        hand = self.hands[self.bidder]
        count = self.rules.nest_size
        if self.rules.bury_counters:
            return DiscardRule(count, hand)
        plain = hand & ~self.rules.counter_mask
        if plain.bit_count() >= count:
            return DiscardRule(count, plain, 0, "these rules do not let the bidder bury point cards")
        return DiscardRule(
            count,
            hand,
            plain,
            "point cards may be buried only after every card that is not a point card",
        )

    # -- the one entry point that changes the hand ----------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply an action (typed, or its text in any letter case) for the seat to act, or check that it is
        ``seat``'s turn; raise IllegalActionError if it is not legal. The record keeps the canonical text."""
        text = action_text(action)
        if self.to_act is None:
            raise IllegalActionError(text, "the hand is over; nobody is to act")
        if seat is not None and seat != self.to_act:
            typed = as_action(action)
            if isinstance(typed, Redeal) and self.rules.redeal_any_time:
                self._redeal_out_of_turn(text, seat, typed.seat)
                return
            raise IllegalActionError(text, f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        listed = text in legal.texts
        if listed and self.phase is PLAY:
            # Fast path for the bulk of every hand: a listed card play needs no parsing or dispatch.
            self._legal = None
            self.actions.append(text)
            self._play(self.to_act, _CARD_OF_PLAY_TEXT[text])
            return
        if isinstance(action, str):
            action = parse_action(text)
        if isinstance(action, Redeal) and action.seat is not None:
            if action.seat != self.to_act:
                self._redeal_out_of_turn(text, action.seat if seat is None else seat, action.seat)
                return
            action = Redeal()  # named seat is the seat to act: the ordinary redeal
            text = str(action)
            listed = text in legal.texts
        if listed:
            pass  # the common case: exactly a listed text, already in its canonical form
        elif legal.discard is not None and isinstance(action, Discard):
            problem = legal.discard.problem(mask_of(action.cards), len(action.cards))
            if problem:
                raise IllegalActionError(text, problem)
        elif str(action) not in legal.texts:
            raise IllegalActionError(text, self._why_illegal(action))
        self._legal = None
        self.actions.append(text if listed else str(action))
        actor = self.to_act
        if isinstance(action, Play):
            self._play(actor, action.card)
        elif isinstance(action, Bid):
            self._bid(actor, action.amount)
        elif isinstance(action, Pass):
            self._pass(actor)
        elif isinstance(action, Redeal):
            self.bids.append((actor, REDEAL))
            self._throw_in(f"seat {actor} held no counters and called a redeal", same_dealer=True)
        elif isinstance(action, Discard):
            cards = mask_of(action.cards)
            self.hands[actor] &= ~cards
            self.buried = cards
            self.phase = Phase.TRUMP
        elif isinstance(action, Trump):
            self._set_trump(int(action.color))
            if self.rules.partnership == "called":
                self.phase = Phase.CALL
            else:
                self._start_play()
        elif isinstance(action, Call):
            self.called = action.card
            self.partner = next(s for s in range(self.n) if self.hands[s] >> action.card & 1)
            self._start_play()

    def action_log(self) -> list[Action]:
        """The actions of this hand so far, typed, in order (``actions`` holds their record text)."""
        return [parse_action(text) for text in self.actions]

    def may_call_redeal(self, seat: int) -> bool:
        """Whether ``seat`` may call a no-counter redeal now: at its turn, or at any time with
        ``redeal_any_time`` while the bidding lasts."""
        rules = self.rules
        return (
            self.phase is Phase.BIDDING
            and rules.no_counter_redeal
            and (seat == self.to_act or rules.redeal_any_time)
            and not self.hands[seat] & rules.counter_mask
        )

    def _redeal_out_of_turn(self, text: str, seat: int, named: int | None = None) -> None:
        if named is not None and named != seat:
            raise IllegalActionError(text, f"the redeal names seat {named}, but seat {seat} calls it")
        if not 0 <= seat < self.n:
            raise IllegalActionError(text, f"seat {seat} is not at this table")
        if not self.may_call_redeal(seat):
            raise IllegalActionError(text, self._why_illegal(Redeal(), seat))
        self._legal = None
        self.actions.append(str(Redeal(seat)) if seat != self.to_act else "redeal")
        self.bids.append((seat, REDEAL))
        self._throw_in(f"seat {seat} held no counters and called a redeal", same_dealer=True)

    # -- legality ------------------------------------------------------------------------------------------
    def _compute_legal(self) -> LegalActions:
        seat = self.to_act
        if seat is None:
            return LegalActions()
        phase = self.phase
        if phase is PLAY:
            return LegalActions(play_texts(self.playable_mask(seat)))
        if phase is Phase.BIDDING:
            return LegalActions(self._bidding_options(seat))
        if phase is Phase.DISCARD:
            return LegalActions(discard=self.discard_rule())
        if phase is Phase.TRUMP:
            return LegalActions([f"trump {c.letter}" for c in Color])
        if phase is Phase.CALL:
            callable_ = self.rules.deck_mask & ~self.buried
            return LegalActions([f"call {CARD_NAMES[c]}" for c in iter_mask(callable_)])
        return LegalActions()

    def _bidding_options(self, seat: int) -> tuple[str, ...]:
        rules = self.rules
        others_out = (self.passed | (1 << seat)).bit_count() == self.n
        may_redeal = rules.no_counter_redeal and not self.hands[seat] & rules.counter_mask
        if self.high_bid is None and others_out and rules.all_pass == "dealer_forced":
            # stuck at the minimum, but a player without counters may still call a redeal (see RULES.md)
            return (f"bid {rules.min_bid}",) + ("redeal",) * may_redeal
        lowest = rules.min_bid if self.high_bid is None else self.high_bid + rules.bid_step
        may_pass = not (rules.first_bid_forced and not self.bids)
        return _bid_texts(rules.highest_bid, rules.bid_step, lowest, may_pass, may_redeal)

    def _why_illegal(self, action: object, seat: int | None = None) -> str:
        phase = self.phase
        seat = self.to_act if seat is None else seat
        assert seat is not None
        expected = {
            Phase.BIDDING: "bid or pass",
            Phase.DISCARD: f"the bidder must discard {self.rules.nest_size} cards",
            Phase.TRUMP: "the bidder must name trump",
            Phase.CALL: "the bidder must call a partner's card",
            Phase.PLAY: "play a card",
        }[phase]
        if isinstance(action, Play):
            if phase is not Phase.PLAY:
                return f"cards are not played yet: {expected}"
            return self._why_card_illegal(seat, action.card)
        if isinstance(action, Bid):
            if phase is not Phase.BIDDING:
                return f"the bidding is over: {expected}"
            return self._why_bid_illegal(seat, action.amount)
        if isinstance(action, Pass):
            if phase is not Phase.BIDDING:
                return f"there is nothing to pass: {expected}"
            if self.rules.first_bid_forced and not self.bids:
                return "the first player to speak must open the bidding"
            return f"everyone else has passed, so you must bid {self.rules.min_bid}"
        if isinstance(action, Redeal):
            if phase is not Phase.BIDDING:
                return f"a redeal can be called only during the bidding: {expected}"
            if not self.rules.no_counter_redeal:
                return "these rules do not allow calling a redeal"
            if seat != self.to_act and not self.rules.redeal_any_time:
                return "a redeal is called at your turn to bid"
            return "you may call a redeal only when you hold no counters"
        if isinstance(action, Call):
            if phase is not Phase.CALL:
                return f"no partner is called now: {expected}"
            if self.buried >> action.card & 1:
                return f"{CARD_NAMES[action.card]} is buried in the nest; call a card that will be played"
            return f"{CARD_NAMES[action.card]} is not in this deck"
        return f"not now: {expected}"

    def _why_bid_illegal(self, seat: int, amount: int) -> str:
        rules = self.rules
        others_out = (self.passed | (1 << seat)).bit_count() == self.n
        if self.high_bid is None and others_out and rules.all_pass == "dealer_forced":
            return f"everyone else has passed, so you take the minimum bid of {rules.min_bid}"
        if amount % rules.bid_step:
            return f"bids go in steps of {rules.bid_step}"
        if amount > rules.highest_bid:
            return f"the highest bid is {rules.highest_bid}"
        if self.high_bid is None:
            return f"the minimum bid is {rules.min_bid}"
        return f"a bid must beat {self.high_bid}"

    def _why_card_illegal(self, seat: int, card: int) -> str:
        name = CARD_NAMES[card]
        if not self.hands[seat] >> card & 1:
            return f"you don't hold {name}"
        led = self._led_color()
        hand = self.hands[seat]
        led_name = describe_color(led)
        if led == self.trump:
            led_name = f"trump ({led_name})"
        if hand & self._color_with_birds(led):
            if card >= KROOK:
                return f"must follow {led_name}: the Krook counts as trump and may not be played while you can follow"
            return f"must follow {led_name}"
        return f"you can't follow {led_name}, so you must play trump ({describe_color(self.trump or 0)})"

    # -- transitions ---------------------------------------------------------------------------------------
    def _next_bidder(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            nxt = (seat + step) % self.n
            if not self.passed >> nxt & 1:
                return nxt
        return seat

    def _bid(self, seat: int, amount: int) -> None:
        self.bids.append((seat, Bid(amount)))
        self.high_bid, self.high_bidder = amount, seat
        if (self.passed | (1 << seat)).bit_count() == self.n or amount >= self.rules.highest_bid:
            self._win_bidding(seat)
        else:
            self.to_act = self._next_bidder(seat)

    def _pass(self, seat: int) -> None:
        self.bids.append((seat, PASS))
        self.passed |= 1 << seat
        out = self.passed.bit_count()
        if self.high_bidder is not None and out == self.n - 1:
            self._win_bidding(self.high_bidder)
        elif out == self.n:
            self._throw_in("everyone passed", same_dealer=self.rules.all_pass == "same_dealer")
        else:
            self.to_act = self._next_bidder(seat)

    def _win_bidding(self, seat: int) -> None:
        self.bidder, self.contract = seat, self.high_bid
        self.to_act = seat
        if self.rules.nest_size:
            self.hands[seat] |= self.nest
            self.phase = Phase.DISCARD
        else:
            self.phase = Phase.TRUMP

    def _throw_in(self, reason: str, *, same_dealer: bool) -> None:
        self.thrown_in = reason
        self.same_dealer_next = same_dealer
        self.phase = Phase.HAND_OVER
        self.to_act = None

    def _set_trump(self, color: int) -> None:
        self.trump = color
        self.trump_mask = COLOR_MASKS[color] | BIRDS
        self._power = _power_table(self.rules.rank, self.trump_mask)

    def _start_play(self) -> None:
        lead = self.rules.first_lead
        if self.bidder is None or lead == "left_of_dealer":
            self.leader = (self.dealer + 1) % self.n
        elif lead == "bidder":
            self.leader = self.bidder
        else:
            self.leader = (self.bidder + 1) % self.n
        self.phase = Phase.PLAY
        self.to_act = self.leader

    def _led_color(self) -> int:
        card = self.trick[0][1]
        return self.trump if card >= KROOK else card >> 4  # type: ignore[return-value]

    def _color_with_birds(self, color: int) -> int:
        return self.trump_mask if color == self.trump else COLOR_MASKS[color]

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat] ^= 1 << card  # legal, so held
        trick = self.trick
        trick.append(_SEAT_CARD[seat][card])
        if card == self.called:
            self.partner_revealed = True
        if len(trick) < self.n:
            if len(trick) == 1:
                self._follow = self._color_with_birds(self._led_color())
            self.to_act = self._next_seat[seat]
            return
        winner = self.trick_winner(trick)
        point_list = self.rules.point_list
        points = 0
        for _, played in trick:
            points += point_list[played]
        self.tricks.append(Trick(trick[0][0], tuple(trick), winner, points))
        self.won_points[winner] += points
        self.won_tricks[winner] += 1
        self.trick = []
        self.leader = winner
        if self.hands[winner]:
            self.to_act = winner
        else:
            self.phase = HAND_OVER
            self.to_act = None

    def trick_winner(self, trick: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> int:
        """The seat whose card wins: the highest trump, else the highest card of the colour led."""
        power = self._power
        first = trick[0][1]
        contenders = self.trump_mask | (COLOR_MASKS[first >> 4] if first < KROOK else 0)
        best_seat, best = trick[0][0], -1
        for seat, card in trick:
            if contenders >> card & 1 and power[card] > best:
                best_seat, best = seat, power[card]
        return best_seat

    # -- derived facts used by views and scoring ----------------------------------------------------------
    def known_partner_for(self, seat: int) -> int | None:
        """The bidder's partner as ``seat`` knows it: everyone once the called card is out, the holder always."""
        if self.partner is None:
            return None
        if self.partner_revealed or seat == self.partner or self.phase is Phase.HAND_OVER:
            return self.partner
        return None


@functools.lru_cache(maxsize=64)
def _power_table(rank: tuple[int, ...], trump_mask: int) -> tuple[int, ...]:
    return tuple(r + 1000 if trump_mask >> card & 1 else r for card, r in enumerate(rank))


@functools.lru_cache(maxsize=4096)
def _bid_texts(highest: int, step: int, lowest: int, may_pass: bool, may_redeal: bool) -> tuple[str, ...]:
    bids = tuple(f"bid {amount}" for amount in range(lowest, highest + 1, step))
    return ("pass",) * may_pass + bids + ("redeal",) * may_redeal


# Shared (seat, card) pairs: a trick entry allocates nothing, which keeps the garbage collector quiet.
_SEAT_CARD = tuple(tuple((seat, card) for card in range(66)) for seat in range(6))
_PLAY_TEXT = {card: f"play {name}" for card, name in CARD_NAMES.items()}
_CARD_OF_PLAY_TEXT = {text: card for card, text in _PLAY_TEXT.items()}
# Listing plays is the hottest loop in simulations: texts are built per 16-bit colour block and memoised.
_BLOCK_TEXTS: dict[int, tuple[str, ...]] = {}


def play_texts(mask: int) -> tuple[str, ...]:
    """``play X`` texts for every card in ``mask``, lowest card id first."""
    out: tuple[str, ...] = ()
    shift = 0
    while mask:
        block = mask & 0xFFFF
        if block:
            key = block | (shift << 16)
            texts = _BLOCK_TEXTS.get(key)
            if texts is None:
                texts = _BLOCK_TEXTS[key] = tuple(_PLAY_TEXT[shift + c] for c in iter_mask(block))
            out += texts
        mask >>= 16
        shift += 16
    return out


_LEGAL_PLAYS: dict[int, LegalActions] = {}


def legal_plays(mask: int) -> LegalActions:
    legal = _LEGAL_PLAYS.get(mask)
    if legal is None:
        if len(_LEGAL_PLAYS) >= 4096:
            _LEGAL_PLAYS.clear()
        legal = _LEGAL_PLAYS[mask] = LegalActions(play_texts(mask))
    return legal
