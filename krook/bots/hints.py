"""Hints for a human player: the hard bot's action and one line saying why, in a player's words."""

from __future__ import annotations

import random

from krook.rules import Action, Bid, Call, Discard, Pass, Redeal, Rules, SeatView, Trump, as_action
from krook.rules.cards import CARD_NAMES, COLOR_MASKS, KROOK, Color, bits, mask_of

from .base import BotContext
from .evaluate import best_trump_value
from .game_point import can_end
from .knowledge import read_view
from .strengths import HardBot, MediumBot
from .utility import defenders_as_one


def suggest(view: SeatView, budget_s: float = 0.5, seed: int = 0) -> tuple[Action, str]:
    """(action, reason) for the seat to act in ``view``."""
    ctx = BotContext(random.Random(seed), budget_s=budget_s)
    action = as_action(HardBot(budget_s=budget_s).choose(view, ctx))
    return action, _reason(view, action)


def _yours(rules: Rules) -> str:
    """Whose chances of winning the game: a fixed pair's, or the player's own (a called pair changes hands)."""
    return "your side's" if rules.partnership == "fixed" else "your"


def _reason(view: SeatView, action: Action) -> str:
    k = read_view(view)
    rules = k.rules
    at_stake = can_end(rules, view.scores)
    if isinstance(action, Pass):
        if MediumBot.partner_holds_bid(view, k):
            return "Pass: your partner holds the bid; bidding over them only raises your own side's contract."
        value = int(best_trump_value(rules, k.hand)[0])
        bids = view.legal_actions().bids()
        if at_stake and bids and value >= bids[0]:
            return (
                f"Pass: this hand can end the game, and {_yours(rules)} chances of winning it are better "
                f"defending than risking a set at {bids[0]}."
            )
        if bids and value >= bids[0]:
            # worth the next bid on paper, but a contract that close is a coin toss, and a set costs more
            return (
                f"Pass: your hand is worth about {value}, so {bids[0]} would be a coin toss; "
                "a set costs more than letting it go."
            )
        return f"Pass: your hand looks worth about {value} points, not enough for the next bid."
    if isinstance(action, Bid):
        value = int(best_trump_value(rules, k.hand)[0])
        if MediumBot.partner_holds_bid(view, k):
            return (
                f"Bid {action.amount} over your partner: your hand (worth about {value}) is much stronger than "
                "their bid promises, and your side takes more with you naming trump."
            )
        if at_stake and value < action.amount:
            return (
                f"Bid {action.amount}: your hand looks worth about {value}, but this hand can end the game, and "
                f"holding the contract is {_yours(rules)} best chance to win it."
            )
        who = {"fixed": "your side", "called": "you and your partner"}.get(rules.partnership, "you")
        legal = view.legal_actions()
        if not legal.can_pass and not legal.can_redeal and value <= action.amount:
            return f"Bid {action.amount}: you must bid here, and the lowest bid is the cheapest contract to hold."
        high = view.high_bidder
        rival = {"fixed": "the other side", "individual": "another player"}.get(rules.partnership)
        opposed = (
            high is not None and high != k.seat and (rules.partnership != "fixed" or high % 2 != k.seat % 2)
        )
        if rival and opposed and value < action.amount:
            # a contest: the hand alone is worth less than the bid; what it is worth is the cheap contract denied
            return (
                f"Bid {action.amount}: {rival} would have the contract cheaply at {view.high_bid}; your hand "
                f"(worth about {value}) is good enough to fight for it."
            )
        if value > action.amount:
            # an auction: the hint bids low, so say how far the hand could go (a bare "about 101" read as a slip)
            return (
                f"Bid {action.amount}: with the nest {who} should take about {value} points, "
                f"so you could bid up to about {value}."
            )
        return f"Bid {action.amount}: with the nest {who} should take about {action.amount} points."
    if isinstance(action, Redeal):
        return "Call a redeal: you hold no counters and a weak hand."
    if isinstance(action, Discard):
        kept = k.hand & ~mask_of(action.cards)
        empty = [Color(c).title for c in range(4) if k.hand & COLOR_MASKS[c] and not kept & COLOR_MASKS[c]]
        emptied = " and ".join([", ".join(empty[:-1]), empty[-1]] if len(empty) > 1 else empty)
        tail = (
            f" and empties {emptied} so you can trump {'them' if len(empty) > 1 else 'it'}" if empty else ""
        )
        return f"Bury {str(action).removeprefix('discard ')}: keeps your trump and top cards{tail}."
    if isinstance(action, Trump):
        count = (k.hand & COLOR_MASKS[action.color]).bit_count()
        return f"Name {action.color.title} trump: {count} cards in it, and the simulations score it best."
    if isinstance(action, Call):
        name = CARD_NAMES[action.card]
        return f"Call {name}: a strong card you don't hold, so its holder will help you win tricks."
    card = action.card
    arg = CARD_NAMES[card]
    play = k.play
    points = rules.point_list[card]
    out = rules.deck_mask & ~k.played & ~k.hand
    if not k.trick:
        if play.trump_mask >> card & 1 and (out & play.trump_mask):
            return f"Lead {arg}: pull the opponents' trump while you are long in it."
        if not play.above[card] & out:
            return f"Lead {arg}: it is the highest card left in its colour, so it should win."
        return f"Lead {arg}: a low card that keeps your counters and strong cards for later."
    first = k.trick[0][1]
    led = play.trump if first >= KROOK else first >> 4
    power = play.power[led]  # type: ignore[index]
    best_seat, best_card = max(k.trick, key=lambda sc: power[sc[1]])
    trick_points = sum(rules.point_list[c] for _, c in k.trick)
    mates = k.teammates()
    partner_winning = mates is not None and best_seat in mates
    if partner_winning and power[card] <= power[best_card]:
        if points:
            return (
                f"Play {arg}: your partner is winning this trick, so give them your {points}-point counter."
            )
        return f"Play {arg}: your partner is winning; don't overtake them, play low."
    # an individual game whose defenders score nothing: another defender's trick keeps its points from the bidder
    if defenders_as_one(k) and best_seat != k.bidder and power[card] <= power[best_card]:
        if points:
            return (
                f"Play {arg}: another defender is winning this trick; your {points} points there are "
                "points the bidder doesn't take."
            )
        return f"Play {arg}: another defender is winning this trick against the bidder; don't overtake, play low."
    if power[card] > power[best_card]:
        what = f"{trick_points + points} points" if trick_points + points else "the lead"
        if card >= KROOK:
            return f"Play {arg}: the Krook takes this trick worth {what}."
        return f"Play {arg}: it wins this trick for {what}."
    moves = bits(play.playable(k.hand, first))
    if len(moves) == 1:
        return f"Play {arg}: it is your only legal card."
    return f"Play {arg}: you can't win this trick, so throw your least useful card."
