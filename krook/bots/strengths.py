"""The strengths families play with: easy, medium, hard and expert. ``make_bot`` imports this module.

* medium: hand evaluation (``evaluate``) to bid, bury and name trump; card play by ``playout.policy`` with the
  seat's knowledge (cards counted, voids shown, partner winning or not).
* easy: medium's habits with a beginner's mistakes: it bids on hope, buries its lowest cards, names its longest
  colour, and now and then plays its highest card, or any card, without counting.
* hard: determinisation. It deals the unseen cards many times consistently with what its seat knows, weighting
  deals by how well they explain the bidding, and scores each candidate action in every deal, by playouts while
  many tricks remain and by the exact solver in the last tricks, as the expected change of the score (making or
  setting the bid). It bids with the learned bidding model (``bidding``); burying and trump are chosen by
  simulating the nest and the other hands.
* expert: hard with a longer think (``ExpertBot``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from krook.rules import (
    Action,
    Bid,
    Call,
    Color,
    Discard,
    Pass,
    Phase,
    Play,
    Redeal,
    Rules,
    SeatView,
    Trump,
)
from krook.rules.cards import CARD_BY_NAME, COLOR_MASKS, KROOK

from .base import BotContext, register
from .bidding import (
    PresetModel,
    bidding_model,
    hand_features,
    play_contract,
    table_preset,
    take_nest,
    with_bonuses,
)
from .evaluate import best_trump_value, choose_discard, trump_value
from .fast import PlayRules, bits, equal_groups
from .game_point import PLAY_LEAD, awarded, can_end, game_says_bid
from .knowledge import Knowledge, read_view
from .late_search import late_card
from .playout import ExactTail, hidden_pair_sides, playout, policy
from .sampler import bid_weight, deal_weight, sample_deal
from .solver import Solver
from .utility import STEP_TIE_BREAK, defenders_as_one, scoring_frame, seat_utility, trick_bonuses
from .utility import utility as _utility


def _play(card: int) -> Play:
    return Play(card)


def _discard(mask: int) -> Discard:
    return Discard(frozenset(bits(mask)))


def _sides(k: Knowledge) -> list[bool | None]:
    mates = k.teammates()
    if mates is not None:
        return [s in mates for s in range(k.n)]
    # an unrevealed called partner: the bidder is an opponent of a defender; the rest are unknown
    return [True if s == k.seat else (False if s == k.bidder else None) for s in range(k.n)]


def _on_bidding_side(k: Knowledge) -> bool | None:
    if k.bidder is None:
        return (k.hand & k.play.trump_mask).bit_count() >= 4
    side = k.same_side(k.seat, k.bidder)
    return side


# -- medium --------------------------------------------------------------------------------------------------
class MediumBot:
    name = "medium"
    margin = 0.0  # points below the estimate the bot is willing to bid

    def choose(self, view: SeatView, ctx: BotContext) -> Action:
        legal = view.legal_actions()
        k = read_view(view)
        if len(legal) == 1:
            return next(legal.actions())
        phase = view.phase
        if phase is Phase.BIDDING:
            return self.bid(view, k, ctx)
        if phase is Phase.DISCARD:
            return self.discard(view, k, ctx)
        if phase is Phase.TRUMP:
            return self.trump(view, k, ctx)
        if phase is Phase.CALL:
            return self.call(view, k, ctx)
        return self.play_card(view, k, ctx)

    # bidding ----------------------------------------------------------------------------------------------
    def hand_value(self, k: Knowledge, ctx: BotContext) -> float:
        return best_trump_value(k.rules, k.hand)[0]

    def bid(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        legal = view.legal_actions()
        bids = legal.bids()
        if legal.can_redeal and self.hand_value(k, ctx) < k.rules.min_bid - 10:
            return Redeal()
        if not legal.can_pass:
            return Bid(bids[0])
        if not bids:
            return Pass()
        if self.partner_holds_bid(view, k):
            return Pass()
        value = self.hand_value(k, ctx)
        return Bid(bids[0]) if bids[0] <= value - self.margin else Pass()

    @staticmethod
    def partner_holds_bid(view: SeatView, k: Knowledge) -> bool:
        """Fixed partners: my partner has the high bid (and, then, bidding over them only costs us)."""
        return (
            k.rules.partnership == "fixed"
            and view.high_bidder is not None
            and view.high_bidder != k.seat
            and view.high_bidder % 2 == k.seat % 2
        )

    # nest and trump ---------------------------------------------------------------------------------------
    def discard(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        rule = view.discard
        assert rule is not None
        allowed = sum(1 << CARD_BY_NAME[c] for c in rule["allowed"])
        required = sum(1 << CARD_BY_NAME[c] for c in rule["required"])
        _, trump = best_trump_value(k.rules, k.hand)
        return _discard(choose_discard(k.rules, k.hand, trump, rule["count"], allowed, required))

    def trump(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return Trump(Color(best_trump_value(k.rules, k.hand)[1]))

    def call(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        cards = view.legal_actions().calls()
        play = k.play
        # call the best trump I lack, else the top card of my longest other colour
        for card in reversed(play.order[k.trump or 0]):
            if card in cards and not k.hand >> card & 1:
                return Call(card)
        options = [c for c in cards if not k.hand >> c & 1]
        if not options:
            return Call(cards[0])
        return Call(max(options, key=lambda c: (play.rank[c], c)))

    # play ---------------------------------------------------------------------------------------------------
    def play_card(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        card = policy(
            k.play,
            k.seat,
            k.hand,
            k.trick,
            k.played,
            _sides(k),
            _on_bidding_side(k),
            k.cannot,
            k.hand.bit_count(),
        )
        return _play(card)


register("medium")(MediumBot)


# -- easy --------------------------------------------------------------------------------------------------------
@register("easy")
class EasyBot(MediumBot):
    name = "easy"
    mistake_rate = 0.3

    def hand_value(self, k: Knowledge, ctx: BotContext) -> float:
        # counts its high cards hopefully, with a beginner's swings
        return best_trump_value(k.rules, k.hand)[0] + 8 + ctx.rng.gauss(0, 12)

    def bid(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        legal = view.legal_actions()
        bids = legal.bids()
        if not legal.can_pass or not bids:
            return Bid(bids[0]) if bids else Pass()
        value = self.hand_value(k, ctx)  # forgets that the partner already holds the bid
        return Bid(bids[0]) if bids[0] <= value else Pass()

    def discard(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        rule = view.discard
        assert rule is not None
        allowed = [CARD_BY_NAME[c] for c in rule["allowed"]]
        required = [CARD_BY_NAME[c] for c in rule["required"]]
        trump = self._longest(k)
        rank = k.rules.rank
        free = sorted(
            (c for c in allowed if c not in required),
            key=lambda c: (c >= KROOK or c >> 4 == trump, rank[c] + ctx.rng.random() * 12),
        )
        chosen = required + free[: rule["count"] - len(required)]
        return _discard(sum(1 << c for c in chosen))

    @staticmethod
    def _longest(k: Knowledge) -> int:
        return max(range(4), key=lambda c: ((k.hand & COLOR_MASKS[c]).bit_count(), c))

    def trump(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return Trump(Color(self._longest(k)))

    def play_card(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        if ctx.rng.random() < self.mistake_rate:
            moves = bits(k.play.playable(k.hand, k.trick[0][1] if k.trick else -1))
            if ctx.rng.random() < 0.5:
                # plays its biggest card, whoever is winning
                return _play(max(moves, key=lambda c: (k.play.rank[c], c)))
            return _play(moves[int(ctx.rng.random() * len(moves))])
        card = policy(
            k.play,
            k.seat,
            k.hand,
            k.trick,
            k.played,
            _sides(k),
            _on_bidding_side(k),
            None,
            k.hand.bit_count(),
        )
        return _play(card)


# -- hard --------------------------------------------------------------------------------------------------------
def _expected_score(rules: Rules, n: int, results: list[float], amount: int) -> float:
    """Mean score change of my side holding the contract at ``amount``, over the points my side takes, less
    what the other side (each other seat, in individual games) scores with the rest (nothing when the
    defenders do not score)."""
    # At a custom table the other side scores what is always awarded and my side did not take: the sweep and
    # all-points bonuses are the bidding side's or nobody's (counted as the defenders', every contract at custom
    # table 0, a 30-point sweep and a 20-point all-points bonus, looked 50 points worse and hard hardly ever bid).
    # A preset keeps the scale its pass values were set against: Keith's all-points bonus counted there bids
    # less, and counted right it bid more and lost 5.6 a deal (docs/BOTS-JOURNAL.md, issue 29, twelfth session).
    if table_preset(rules) is None:
        awarded = rules.card_points_total + rules.last_trick_bonus + max(rules.most_tricks_bonus, 0)
    else:
        awarded = rules.card_points_total + rules.bonus_total
    others = max(1, n - 1) if rules.partnership == "individual" else 1
    defenders = 1.0 if rules.defenders_score else 0.0
    return sum(
        (a if a >= amount else -amount) - defenders * max(0.0, awarded - a) / others for a in results
    ) / len(results)


# How far below its bid a seat's hand value may be (fraction of the hand's points): bids are estimates, not
# promises. A partner's bid is read with more slack: hard itself opens at the minimum with hands worth as little
# as 50 of 120 (its opening 70s are made 94% of the time against medium), so a partner's opening is no promise of
# a hand worth 62, and raising on that reading over an overcall with a middling hand was a costly set (arena
# board 28 of Kentucky Discard, seed 1).
BID_SLACK = 0.0625
PARTNER_SLACK = 0.15
# How much stronger than its partner's bids promise a hand must be (fraction of the hand's points) to bid over
# the partner: the side's points follow the declarer's hand (it takes the nest and names trump), about 8 of 120
# more for a declarer worth 25 more than its partner in the bidding model's simulations.
TAKEOVER_MARGIN = 0.1
# What passing is worth to hard, as a fraction of the hand's points lost, by where the auction stands (fixed
# partners). Passing first leaves the contract to be fought for, perhaps by the partner: opening a thin hand there
# costs more than it wins. Passing while an opponent holds the bid and the partner has not bid hands the
# opponents a contract they make nine times in ten, for some 75 points against us: a thin contract of our own is
# the smaller risk. Once the partner has bid, the default holds: raising a partner's opening over an overcall
# with a middling hand was a costly set (arena board 28 of seed 1; a tactics test). Call Partner (no partner
# known while bidding) and a stuck dealer's redeal keep the default.
PASS_DEFAULT = 0.25
PASS_FIRST = 0.05
PASS_CONTESTED = 0.6
# A fair hand (trump value at least CONTEST_HAND of the points) contests harder while the contract is still cheap
# (at most CONTEST_LEVEL of the points). Passing at 0.75 for every hand won +1.78 a deal against the champion in
# Kentucky Discard, its wins at 85 and 90 of 120 and its losses at 95, and it bid 80 on a worthless hand; kept to
# fair hands and cheap contracts it won +3.03 on the same 1,000 boards and +2.69 on 1,000 fresh ones, and was even
# in the classic full deck (docs/BOTS-JOURNAL.md, issue 29, thirty-sixth session).
PASS_CONTESTED_FAIR = 0.75
CONTEST_HAND = 0.45
CONTEST_LEVEL = 0.75
# The values above and the takeover margin below were tuned and confirmed in the arena for Kentucky Discard, and
# confirmed for the classic full deck; Kentucky Rook and Keith leaned below zero with them, so they and the other
# presets keep the defaults until they are tuned on their own boards (docs/BOTS-JOURNAL.md, issue 16, sixth and
# seventh sessions: one step at a time, nothing was shown there either way).
TUNED_PRESETS = frozenset({"kentucky-discard", "classic-full-deck"})
TUNED_TAKEOVER_MARGIN = 0.05
# Where the defenders do not score and no partner is fixed, passing costs only what another seat's contract
# gains over mine: a contract is worth about this share of the minimum bid to whoever holds it (medium's
# contracts at custom table 3: +45 at bids of 105-125), and it goes to one of the n - 1 others. Counting the
# whole side's points lost, as with fixed partners, made passing look so dear that hard bid on anything there
# and lost 17 a contract (custom table 3, 60 boards; docs/BOTS-JOURNAL.md, issue 29, third session).
CONTRACT_SHARE = 0.4
# In an individual game where the defenders score, passing is worth this share of a seat's part of the points
# (the total over the players) lost. Three players pass dearer: another seat's contract is shared among only two
# others, and at 0.8 instead of 0.6 hard contested the cheap three-handed contracts it had let go (bids of 55 to
# 65 of 100), +1.47 a deal against the champion over 500 boards paired with the hard before; with five players
# 0.8 leaned worse (docs/BOTS-JOURNAL.md, issue 29, thirty-seventh session). Six players pass cheaper: the nest
# is two cards, so a contract rests on the hand alone, and at 0.2 hard let thin contracts go that it had fought
# for at 0.6, +0.42 a deal over two seeds' 612 boards; five players were even at 0.4 (thirty-eighth session).
INDIVIDUAL_PASS = 0.6
INDIVIDUAL_PASS_BY_PLAYERS = {3: 0.8, 6: 0.2}


def _pass_value(view: SeatView, k: Knowledge, tuned: bool = True) -> float:
    """Expected score change of passing now: defending someone else's contract (``tuned=False``: the value
    before the arena tuning, for a stuck dealer's redeal)."""
    rules = k.rules
    total = rules.card_points_total + rules.bonus_total
    if not rules.defenders_score and rules.partnership != "fixed":
        return -CONTRACT_SHARE * rules.min_bid / max(1, k.n - 1)
    if rules.partnership == "individual":
        return -total / k.n * INDIVIDUAL_PASS_BY_PLAYERS.get(k.n, INDIVIDUAL_PASS)
    if rules.partnership != "fixed" or not tuned or table_preset(rules) not in TUNED_PRESETS:
        return -total * PASS_DEFAULT
    if view.high_bidder is None:
        return -total * PASS_FIRST
    partner_bid = any(s % 2 == k.seat % 2 and s != k.seat and isinstance(a, Bid) for s, a in k.bids)
    if view.high_bidder % 2 != k.seat % 2 and not partner_bid:
        assert view.high_bid is not None
        cheap = view.high_bid + rules.bid_step <= CONTEST_LEVEL * total
        if cheap and best_trump_value(rules, k.hand)[0] >= CONTEST_HAND * total:
            return -total * PASS_CONTESTED_FAIR
        return -total * PASS_CONTESTED
    return -total * PASS_DEFAULT


def _heard(
    k: Knowledge, seat: int, total: float, slack: float = BID_SLACK
) -> tuple[float | None, float | None]:
    """What a seat's bids and passes say about its hand value (fraction of the total): (at least, below)."""
    rules = k.rules
    low: float | None = None
    high: float | None = None
    level = rules.min_bid
    for s, action in k.bids:
        if isinstance(action, Bid):
            amount = action.amount
            if s == seat:
                low = max(low or 0.0, amount / total - slack)
            level = amount + rules.bid_step
        elif isinstance(action, Pass) and s == seat:
            high = level / total + slack
    return low, high


def _heard_value(model: PresetModel, k: Knowledge, seat: int, total: float) -> float:
    """A partner's expected hand value from its bids and passes."""
    low, high = _heard(k, seat, total, PARTNER_SLACK)
    return model.expected_value(low, high)


def _heard_max(model: PresetModel, k: Knowledge, seats: list[int], total: float) -> float:
    """Expected strongest hand value among ``seats``, each drawn from the values its bids leave possible."""
    if not seats:
        return 0.0
    pools = []
    for seat in seats:
        low, high = _heard(k, seat, total)
        pool = [v for v in model.values if (low is None or v >= low) and (high is None or v < high)]
        pools.append(pool or [model.expected_value(low, high)])
    grid = sorted({v for pool in pools for v in pool})
    expected = 0.0
    below = 0.0
    for v in grid:
        at_most = 1.0
        for pool in pools:
            at_most *= sum(1 for x in pool if x <= v) / len(pool)
        expected += v * (at_most - below)
        below = at_most
    return expected


def _model_outcomes(model: PresetModel, k: Knowledge, seat: int, hand: int) -> list[float]:
    """The points ``seat``'s side may take holding the contract with ``hand``, by the learned bidding model;
    the partner's and the opponents' hands enter as their bids and passes say."""
    rules = k.rules
    total = float(rules.card_points_total + rules.bonus_total)
    partner = (seat + 2) % k.n if rules.partnership == "fixed" else None
    help_ = _heard_value(model, k, partner, total) if partner is not None else 0.0
    others = [s for s in range(k.n) if s not in (seat, partner)]
    threat = _heard_max(model, k, others, total)
    outcomes = [o * total for o in model.outcomes([*hand_features(rules, hand), help_, threat])]
    # Every fit, a preset's as well as the general model, learned the points taken in play: the bonuses a made
    # bid counts come on top. Left out, the classic full deck's 20 for most tricks priced every contract there
    # 18 points too low on average, and hard passed hands that make (docs/BOTS-JOURNAL.md, issue 29, twentieth
    # session).
    return [with_bonuses(rules, a) for a in outcomes]


# Deals of the unseen cards that price the contract another seat takes when hard passes near the game's end.
TAKER_DEALS = 16


# Solve exactly when this many cards (or fewer) are left in all hands. The solver's cost grows with the cards in
# play, not the tricks, so six players get 2 exact tricks (an arena decision took 7.8 s with 4 tricks of 6
# players), five get 3 and three get 5.
EXACT_CARDS = 16
# Four players solve their last five tricks exactly where no trick bonus counts. Once the other seats' deals held
# the bidder's hand as bidders hold it (the trump lean and the burial split), solving 20 cards on them beat playing
# the fifth trick from the end out by policy: Kentucky Discard against the champion, paired, +1.86 [+0.71, +3.01]
# over 1,000 boards (docs/BOTS-JOURNAL.md, twenty-ninth session). Where tricks score a bonus the playouts count it
# and the solver does not (custom table 0, with a sweep bonus: -3.83 over 150); three players solving 21 cards lost.
EXACT_CARDS_FOUR = 20
# Before that, each playout that scores a card is played by the policy only down to this many cards, its last
# tricks then solved exactly on its deal, where the solver counts what the table scores (fixed partners, no
# trick bonus): the policy's errors in the last tricks no longer blur the cards compared early in the hand.
# Kentucky Discard at 200 deals, head to head: +5.54 [+1.78, +9.30] over 300 boards; even at 64 deals, and 16
# cards were too slow for the clock (docs/BOTS-JOURNAL.md, thirty-first session).
TAIL_CARDS = 12
DEFAULT_BUDGET_S = 0.6


@register("hard")
class HardBot(MediumBot):
    """Determinisation. ``samples`` switches to fixed work: that many deals per decision, whatever the clock,
    so a game against it replays exactly from its seed; without it the deals stop at the deadline."""

    name = "hard"
    takes_samples = True
    default_budget_s = DEFAULT_BUDGET_S
    exact_cards = EXACT_CARDS
    tail_cards = TAIL_CARDS
    # the playouts that score a card are deterministic: random moves in them differ between the candidate cards
    # of one deal and only add noise to the comparison (paired over 900 Kentucky Discard boards at 16 deals a
    # decision: +1.7 ± 2.7 a deal against 5% random moves)
    playout_noise = 0.0

    def __init__(
        self, budget_s: float | None = None, max_samples: int = 200, samples: int | None = None
    ) -> None:
        if samples is not None and samples < 1:
            raise ValueError(
                f"samples must be at least 1 (got {samples}): a decision needs one deal to score"
            )
        self.budget_s = budget_s
        self.max_samples = max_samples
        self.samples = samples
        # the work its decisions took since this bot was made, counted, not timed: deals sampled, solver nodes
        self.dealt = 0
        self.nodes = 0
        self.tail_nodes = 0  # the solver's nodes inside playouts' tails (``nodes``: exact decisions only)
        # the trump my bury was chosen for, with the hand it leaves: (hand after the bury, trump)
        self._planned_trump: tuple[int, int] | None = None

    def exact_from(self, players: int, trick_bonus: bool) -> int:
        """How many cards left in all hands the card play solves exactly rather than by playouts (which count
        the most-tricks and sweep bonuses, where the solver counts points only)."""
        if players == 4 and not trick_bonus:
            return max(self.exact_cards, EXACT_CARDS_FOUR)
        return self.exact_cards

    def tail_from(self, k: Knowledge, trick_bonus: bool) -> int:
        """Cards left in all hands from which a card's playouts end in an exact solve (0: played out)."""
        return self.tail_cards if k.rules.partnership == "fixed" and not trick_bonus else 0

    def _deadline(self, ctx: BotContext) -> float:
        budget = min(ctx.budget_s, self.budget_s or self.default_budget_s)
        return ctx.started + budget * 0.85

    def _more(self, done: int, cap: int, floor: int, deadline: float) -> bool:
        """Whether to deal again: a fixed count in fixed-work mode, else until the cap or the deadline."""
        if self.samples is not None:
            return done < min(cap, self.samples)
        return done < cap and (done < floor or time.perf_counter() < deadline)

    # play ---------------------------------------------------------------------------------------------------
    def play_card(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        play = k.play
        moves = bits(play.playable(k.hand, k.trick[0][1] if k.trick else -1))
        if len(moves) == 1:
            return _play(moves[0])
        if (late := late_card(self, view, k, ctx, moves)) is not None:
            return _play(late)  # alpha-mu in the last tricks, when switched on (late_search.py)
        score = self.card_scores(view, k, ctx, moves)
        return _play(max(moves, key=lambda c: (score[c], -c)))

    def card_scores(
        self, view: SeatView, k: Knowledge, ctx: BotContext, moves: list[int], merge: bool = True
    ) -> dict[int, float]:
        """Each playable card's weighted score over the sampled deals (``merge``: one playout for each group
        of interchangeable cards, the group sharing its score)."""
        play = k.play
        deadline = self._deadline(ctx)
        rules = k.rules
        total = rules.card_points_total + rules.last_trick_bonus
        tricks_left = k.hand.bit_count()
        leader = k.trick[0][0] if k.trick else k.leader
        assert leader is not None
        trick_cards = [c for _, c in k.trick]
        # most tricks and a sweep count towards the bid: the playouts count tricks where they score (the exact
        # solver of the last tricks counts points only)
        trick_bonus = bool(rules.most_tricks_bonus or rules.sweep_bonus)
        score = dict.fromkeys(moves, 0.0)
        # a playout scores one card of each group of interchangeable ones (the exact solver merges its own)
        live = k.unseen | sum(1 << c for c in trick_cards)
        groups = equal_groups(play, moves, live) if merge else [[c] for c in moves]
        heads = [g[0] for g in groups]
        exact = tricks_left * k.n <= self.exact_from(k.n, trick_bonus)
        # a defender in an individual game whose defenders score weighs its own points against every other
        # seat's, the bidder's fate among them (the exact solver sees only my points against the rest)
        seat_by_seat = (
            rules.partnership == "individual"
            and rules.defenders_score
            and k.bidder is not None
            and k.seat != k.bidder
        )
        weight_sum = 0.0
        samples = 0
        tail_cards = self.tail_from(k, trick_bonus)
        while self._more(samples, self.max_samples, 4, deadline):
            hands, nest = sample_deal(k, ctx.rng)
            self.dealt += 1
            w = deal_weight(k, hands, nest, view.bids)
            samples += 1
            if w <= 0:
                continue
            mates = self._sample_mates(k, hands)
            side = [s in mates for s in range(k.n)]
            bidder_mine, last_bonus, so_far = scoring_frame(k, mates, nest)
            if exact:
                solver = Solver(play, side, last_bonus)
                values = solver.move_values(hands, leader, trick_cards)
                self.nodes += solver.nodes
                for card in moves:
                    score[card] += w * _utility(k, so_far + values[card], total, bidder_mine)
            else:
                sides, bidding, reveal = self._playout_sides(k, mates, bidder_mine)
                tail = None
                if tail_cards:
                    tail_solver = Solver(play, side, last_bonus)
                    tail = ExactTail(tail_cards, k.seat, tail_solver.value)
                for card in heads:
                    hs = list(hands)
                    hs[k.seat] &= ~(1 << card)
                    trick = [*k.trick, (k.seat, card)]
                    won = list(k.tricks_won) if trick_bonus else None
                    rest = (sides, bidding, last_bonus, ctx.rng, self.playout_noise, won, reveal, tail)
                    if len(trick) == k.n:
                        taken = self._finish_trick(play, hs, trick, k.played | (1 << card), *rest)
                    else:
                        taken = playout(play, hs, leader, trick, k.played | (1 << card), *rest)
                    mine = so_far + sum(taken[s] for s in mates)
                    if seat_by_seat:
                        score[card] += w * seat_utility(k, taken, nest, won)
                    elif won is None:
                        score[card] += w * _utility(k, mine, total, bidder_mine)
                    else:
                        ours, theirs = trick_bonuses(k, mates, won)
                        score[card] += w * _utility(k, mine + ours, total + ours + theirs, bidder_mine)
                if tail is not None:
                    self.tail_nodes += tail_solver.nodes
            weight_sum += w
        if not exact:
            for group in groups:
                for card in group[1:]:
                    score[card] = score[group[0]]
        return score

    @staticmethod
    def _finish_trick(
        play: PlayRules,
        hands: list[int],
        trick: list[tuple[int, int]],
        played: int,
        sides: Sequence[Sequence[bool | None]],
        bidding: Sequence[bool | None],
        last_bonus: int,
        rng: random.Random,
        noise: float,
        tricks: list[int] | None = None,
        reveal: tuple[int, Sequence[Sequence[bool | None]]] | None = None,
        tail: ExactTail | None = None,
    ) -> list[int]:
        n = play.n
        w = trick[play.winner_index([c for _, c in trick])][0]
        gained = sum(play.points[c] for _, c in trick)
        taken = [0] * n
        if tricks is not None:
            tricks[w] += 1
        if not hands[w]:
            taken[w] = gained + last_bonus
            return taken
        taken[w] = gained
        rest = playout(
            play, hands, w, [], played, sides, bidding, last_bonus, rng, noise, tricks, reveal, tail
        )
        return [a + b for a, b in zip(taken, rest, strict=True)]

    def _playout_sides(
        self, k: Knowledge, mates: set[int], bidder_mine: bool | None
    ) -> tuple[list[list[bool | None]], list[bool | None], tuple[int, list[list[bool | None]]] | None]:
        """Who each seat of a playout counts as a teammate and whether it is on the bidding side, as the seats
        know it; while a called partner has not shown itself, also the called card and the sides once it has."""
        n = k.n
        if k.rules.partnership == "individual":
            # everyone for themselves, as the other players see it: a defender does not feed another
            # defender's trick, and only the bidder pulls trump
            sides: list[list[bool | None]] = [[s == t for t in range(n)] for s in range(n)]
            return sides, [None if k.bidder is None else s == k.bidder for s in range(n)], None
        bidding = [None if k.bidder is None else ((s in mates) == bidder_mine) for s in range(n)]
        known: list[list[bool | None]] = [[(s in mates) == (t in mates) for t in range(n)] for s in range(n)]
        called = k.called
        if k.rules.partnership != "called" or k.bidder is None or called is None or k.partner is not None:
            return known, bidding, None
        # until the called card is played only the partner knows the pair: playouts where every seat knew it
        # from the first card misjudged the bidder's and the defenders' cards (custom table 3, docs/BOTS-JOURNAL.md,
        # ninth session). The partner itself (it knows the pair) keeps the pair known to all: the bidder's
        # ignorance modelled there too lost 6.5 a partner's hand at table 3.
        pair = mates if bidder_mine else set(range(n)) - mates
        return hidden_pair_sides(n, k.bidder, pair), bidding, (called, known)

    def _sample_mates(self, k: Knowledge, hands: list[int]) -> set[int]:
        rules = k.rules
        if rules.partnership == "fixed":
            return {s for s in range(k.n) if s % 2 == k.seat % 2}
        if defenders_as_one(k):
            return set(range(k.n)) - {k.bidder}
        if rules.partnership == "individual" or k.bidder is None:
            return {k.seat}
        partner = k.partner
        if partner is None and k.called is not None:
            partner = next((s for s in range(k.n) if hands[s] >> k.called & 1), k.bidder)
        pair = {k.bidder, partner if partner is not None else k.bidder}
        return pair if k.seat in pair else set(range(k.n)) - pair

    # bidding by simulation ----------------------------------------------------------------------------------
    def _as_bidder(self, k: Knowledge, ctx: BotContext, deadline: float, limit: int) -> list[float]:
        """Points my side takes as the bidder, over sampled nests and hands (medium-style bury and trump)."""
        rules = k.rules
        out: list[float] = []
        tries = 0
        # deals the bidding makes unlikely are skipped, up to a bound: a view no deal explains cannot loop forever
        while self._more(len(out), limit, 6, deadline) and tries < limit * 8:
            tries += 1
            hands, nest = sample_deal(k, ctx.rng)
            self.dealt += 1
            w = bid_weight(k, hands, k.bids)
            if w < 0.05 and tries < limit * 4:
                continue
            hands[k.seat], buried, trump = take_nest(rules, hands[k.seat], nest)
            out.append(self._simulate(k, hands, trump, buried if rules.nest_size else nest, k.seat, ctx))
        return out

    def _simulate(
        self, k: Knowledge, hands: list[int], trump: int, hidden: int, bidder: int, ctx: BotContext
    ) -> float:
        return play_contract(k.rules, hands, trump, hidden, bidder, k.dealer, ctx.rng, self.playout_noise)

    def bid(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        legal = view.legal_actions()
        bids = legal.bids()
        if not bids:
            return Pass()
        if not legal.can_pass and not legal.can_redeal:
            return Bid(bids[0])  # the stuck dealer with no way out: the lowest bid is the cheapest contract
        if legal.can_pass and self.partner_holds_bid(view, k) and not self._takes_over(view, k, bids[0]):
            return Pass()
        rules = k.rules
        lowest = bids[0]
        outcomes = self._learned_outcomes(k)
        if outcomes is None:
            outcomes = self._as_bidder(k, ctx, self._deadline(ctx), 48)
        eu = _expected_score(rules, k.n, outcomes, lowest)
        if legal.can_redeal and eu < _pass_value(view, k, tuned=False) - 30:
            return Redeal()
        if not legal.can_pass:
            return Bid(bids[0])
        if can_end(rules, view.scores):
            level = rules.min_bid if view.high_bid is None else view.high_bid
            last = len(set(view.passed) - {k.seat}) == k.n - 1  # nobody bid: my pass throws the cards in
            takers = [] if last else self._takers(view, k, ctx)
            lead = PLAY_LEAD * awarded(rules)
            mine = [p + lead for p in outcomes]
            takers = [(seat, p + lead, w) for seat, p, w in takers]
            verdict = None
            if last or takers:
                verdict = game_says_bid(rules, view.scores, k.seat, lowest, mine, level, takers, last)
            if verdict is not None:
                return Bid(lowest) if verdict else Pass()
        return Bid(bids[0]) if eu > _pass_value(view, k) else Pass()

    def _takes_over(self, view: SeatView, k: Knowledge, amount: int) -> bool:
        """Whether to bid over my own partner: my hand is much stronger than its bids promise, so the side
        does better with me naming trump and taking the nest, and the higher contract is still safe."""
        model = bidding_model(k.rules)
        rules = k.rules
        if model is None or rules.partnership != "fixed":
            return False
        total = float(rules.card_points_total + rules.bonus_total)
        partner = (k.seat + 2) % k.n
        mine = best_trump_value(rules, k.hand)[0] / total
        margin = TUNED_TAKEOVER_MARGIN if table_preset(rules) in TUNED_PRESETS else TAKEOVER_MARGIN
        if mine - _heard_value(model, k, partner, total) < margin:
            return False
        eu = self._learned_value(view, k, amount)
        return eu is not None and eu > 0

    @staticmethod
    def _learned_value(view: SeatView, k: Knowledge, amount: int) -> float | None:
        """Expected score change of holding the contract at ``amount``, from the learned bidding model."""
        outcomes = HardBot._learned_outcomes(k)
        return None if outcomes is None else _expected_score(k.rules, k.n, outcomes, amount)

    @staticmethod
    def _learned_outcomes(k: Knowledge) -> list[float] | None:
        """The points my side may take holding the contract, from the learned bidding model (None without one)."""
        model = bidding_model(k.rules)
        return None if model is None else _model_outcomes(model, k, k.seat, k.hand)

    def _takers(self, view: SeatView, k: Knowledge, ctx: BotContext) -> list[tuple[int, float, float]]:
        """If I pass: the seat that takes the contract and the points its side takes, weighted, over deals of the
        unseen cards that fit the bidding. The holder (with no bid yet, the strongest other hand) is priced by
        the bidding model as its own bid would be, so the threat follows this table's rules and the bids heard."""
        rules = k.rules
        model = bidding_model(rules)
        if model is None:
            return []
        total = float(rules.card_points_total + rules.bonus_total)
        heard = {s: _heard(k, s, total) for s in range(k.n) if s != k.seat}
        # deals whose hands could have said what their seats said; where few can (a high bid), those that
        # come nearest, so a strong bid is never read as an average hand
        fits: list[tuple[float, int, list[int]]] = []
        fitting = 0
        for tries in range(TAKER_DEALS * 12):
            hands, _nest = sample_deal(k, ctx.rng)
            misfit = 0.0
            for s, (low, high) in heard.items():
                value = best_trump_value(rules, hands[s])[0] / total
                misfit += max(0.0, (low or 0.0) - value) + (0.0 if high is None else max(0.0, value - high))
            fits.append((misfit, tries, hands))
            fitting += misfit == 0.0
            if fitting >= TAKER_DEALS:
                break
        out: list[tuple[int, float, float]] = []
        for _misfit, _order, hands in sorted(fits, key=lambda f: f[:2])[:TAKER_DEALS]:
            if view.high_bidder is not None:
                seat = view.high_bidder
            else:
                seat = max(heard, key=lambda s: best_trump_value(rules, hands[s])[0])
            outcomes = _model_outcomes(model, k, seat, hands[seat])
            out.extend((seat, points, 1.0 / len(outcomes)) for points in outcomes)
        return out

    def hand_value(self, k: Knowledge, ctx: BotContext) -> float:
        return best_trump_value(k.rules, k.hand)[0]

    # nest and trump by simulation -------------------------------------------------------------------------------
    def discard(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        rule = view.discard
        assert rule is not None
        rules = k.rules
        allowed = sum(1 << CARD_BY_NAME[c] for c in rule["allowed"])
        required = sum(1 << CARD_BY_NAME[c] for c in rule["required"])
        ranked = sorted(range(4), key=lambda t: -trump_value(rules, k.hand, t))[:2]
        options: dict[int, int] = {}
        for trump in ranked:
            for void_first in (True, False):
                for bury in (True, False) if rules.bury_counters else (False,):
                    d = choose_discard(
                        rules, k.hand, trump, rule["count"], allowed, required, void_first, bury
                    )
                    options.setdefault(d, trump)
        if len(options) == 1:
            return _discard(next(iter(options)))
        deadline = self._deadline(ctx)
        best = self._compare(k, ctx, deadline, [(d, t) for d, t in options.items()])
        self._planned_trump = (k.hand & ~best[0], best[1])
        return _discard(best[0])

    def trump(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        # the bury was compared with its trump: comparing all four colours again on fresh deals only added noise
        # (custom table 3 +1.83 a run, Kentucky Discard even; docs/BOTS-JOURNAL.md, issue 29, ninth session)
        plan, self._planned_trump = self._planned_trump, None
        if plan is not None and plan[0] == k.hand:
            return Trump(Color(plan[1]))
        deadline = self._deadline(ctx)
        best = self._compare(k, ctx, deadline, [(k.buried, t) for t in range(4)])
        return Trump(Color(best[1]))

    def _compare(
        self, k: Knowledge, ctx: BotContext, deadline: float, options: list[tuple[int, int]]
    ) -> tuple[int, int]:
        """Pick the (buried cards, trump) with the best expected score change over sampled deals."""
        rules = k.rules
        totals = [0.0] * len(options)
        bid = k.bid or rules.min_bid
        # Where the defenders score nothing a contract's value is a step (the points if made, minus the bid if
        # set): when every option fails in most simulations the step cannot tell them apart and the pick was
        # noise. The points taken break those ties (seed 32's custom table 3, docs/BOTS-JOURNAL.md, seventh session).
        tie_break = 0.0 if rules.defenders_score else STEP_TIE_BREAK
        rounds = 0
        while self._more(rounds, 40, 3, deadline) or rounds < 3:
            rounds += 1
            # the other hands are what I cannot see; the nest is in my hand or buried
            hands, _ = sample_deal(k, ctx.rng)
            self.dealt += 1
            for i, (buried, trump) in enumerate(options):
                hs = list(hands)
                hs[k.seat] = k.hand & ~buried
                mine = self._simulate(k, hs, trump, buried, k.seat, ctx)
                totals[i] += _expected_score(rules, k.n, [mine], bid) + tie_break * mine
        return options[max(range(len(options)), key=lambda i: totals[i])]


# -- expert ------------------------------------------------------------------------------------------------------
@register("expert")
class ExpertBot(HardBot):
    """Hard with a longer think: four times the deals, a 2 s budget, and exact solving from 20 cards left.

    In fixed-work mode ``samples`` is hard's count: expert deals ``WORK_FACTOR`` times as many."""

    name = "expert"
    default_budget_s = 2.0
    exact_cards = EXACT_CARDS + 4
    WORK_FACTOR = 4

    def __init__(
        self, budget_s: float | None = None, max_samples: int = 800, samples: int | None = None
    ) -> None:
        super().__init__(budget_s, max_samples, None if samples is None else samples * self.WORK_FACTOR)
