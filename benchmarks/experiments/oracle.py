"""How far hard's kind of play could lead at a table if it saw every card: a measuring device that cheats.

    python benchmarks/experiments/oracle.py --a oracle --b medium --rules SPEC --deals 300 --seed 1 --samples 1

``oracle`` is hard whose sampler returns the true deal instead of a guess (every hand and the nest as they are),
in the auction as well as in the play: it bids by playing the contract out on the true cards (medium's bury and
trump, the playout policy), and each card is scored on the true deal (a playout a card, the exact solver in the
last tricks). ``oracleplay`` sees every card in the play only and bids as hard does; ``oraclepartner`` sees only
its fixed partner's cards in the play and ``oracletrump`` where every trump lies (the rest still sampled, as
hard samples it). Two see what a signal between partners could carry at most: ``oraclepartnertrumps`` which
trumps its fixed partner holds (and so that it holds no others), ``oraclecount`` only how many (deals are drawn
again until the partner's count is true); ``oraclecountbidder`` is that for the bidder alone, and
``oraclecountpartner`` for the bidder's partner alone; ``oraclecountsignalled`` sees it on the bidding side
only once the partner has played a card (the most a signal in the play could tell). ``oracledd`` and ``oracleplaydd`` are the same two solving every card decision exactly on the
true deal. They break the game's secrecy on purpose, so they exist only in this script's processes (a worker is
spawned and patches itself when it imports this script) and never in the game: the figure they give is a ceiling
for hard's search at a table, not a bot. The arguments are ``krook arena``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from krook.bots import arena, sampler, strengths
from krook.bots.base import BotContext, register
from krook.bots.knowledge import Knowledge
from krook.bots.sampler import NEST
from krook.bots.strengths import HardBot, _expected_score, _pass_value
from krook.rules import Action, Bid, Match, Pass, SeatView

_truth: dict[str, Any] = {"hands": None, "on": False, "sees": None}
_sample_deal = strengths.sample_deal
_slots = sampler.slots
_view = Match.view


def _watching_view(self: Match, seat: int) -> SeatView:
    # the arena asks for a seat's view just before that seat decides: the hands now are the truth it decides on
    _truth["hands"] = list(self.hand.hands)
    return _view(self, seat)


def _partner_trumps(k: Knowledge, hands: list[int]) -> int:
    mates = [s for s in range(k.n) if s != k.seat and k.rules.side_of(s) == k.rules.side_of(k.seat)]
    return sum((hands[s] & k.play.trump_mask).bit_count() for s in mates)


def _true_deal(k: Knowledge, rng: Any, tries: int = 40) -> tuple[list[int], int]:
    sees = _truth["sees"]
    role = {
        "count": True,
        "count_bidder": k.seat == k.bidder,
        "count_partner": k.seat != k.bidder,
        # what a signal in the play could tell at most: the count once the partner has played a card
        "count_signalled": any(s % 2 == k.seat % 2 and s != k.seat for trick in k.history for s, _ in trick),
    }.get(sees)
    if role and k.bidder is not None and k.rules.side_of(k.seat) != k.rules.side_of(k.bidder):
        role = sees == "count"  # the role devices see only on the bidding side
    if role and k.trump is not None and k.rules.partnership == "fixed":
        count = _partner_trumps(k, _truth["hands"])
        for _ in range(200):
            hands, nest = _sample_deal(k, rng, tries)
            if _partner_trumps(k, hands) == count:
                break
        return hands, nest
    if not _truth["on"]:
        return _sample_deal(k, rng, tries)
    hands = list(_truth["hands"])
    assert hands[k.seat] == k.hand, "the oracle's truth is another seat's"
    others = 0
    for s, h in enumerate(hands):
        if s != k.seat:
            others |= h
    return hands, k.unseen & ~others


def _seeing_slots(k: Knowledge) -> list[tuple[int, int, int]]:
    """The sampler's hidden places, with the cards the device sees (a fixed partner's hand, or where every trump
    lies) allowed only in their true place while it looks; the rest is sampled as always."""
    places = _slots(k)
    sees = _truth["sees"]
    if sees is None or (sees == "partner" and k.rules.partnership != "fixed"):
        return places
    if sees in ("trumps", "partner_trumps") and k.trump is None:
        return places
    if sees is not None and sees.startswith("count"):
        return places  # a count is kept by drawing again (``_true_deal``), not by where cards may go
    hands = _truth["hands"]
    truth = dict(enumerate(hands))
    truth[NEST] = k.unseen & ~sum(h for s, h in enumerate(hands) if s != k.seat)
    mates: list[int] = []
    if sees == "partner_trumps":
        if k.rules.partnership != "fixed":
            return places
        mates = [s for s in range(k.n) if s != k.seat and k.rules.side_of(s) == k.rules.side_of(k.seat)]
        trumps = k.play.trump_mask & k.unseen
        theirs = sum(hands[s] for s in mates) & trumps
        # the partner's place may take only its own trumps; every other place none of them
        return [
            (place, size, ban | (trumps & ~truth[place] if place in mates else theirs))
            for place, size, ban in places
        ]
    if sees == "partner":
        mates = [s for s in range(k.n) if s != k.seat and k.rules.side_of(s) == k.rules.side_of(k.seat)]
        known = sum(hands[s] for s in mates)
    else:
        known = k.play.trump_mask & k.unseen
    # a partner seen takes nothing but its own cards (so its place is filled first, as the figures were drawn)
    everything = (1 << 64) - 1
    return [
        (place, size, ban | ((everything if place in mates else known) & ~truth[place]))
        for place, size, ban in places
    ]


def _one_while_looking(weight: Any) -> Any:
    """A deal weight that is 1 for the true deal (nothing to weigh) and ``weight`` otherwise."""

    def weigh(*args: Any, **kwargs: Any) -> float:
        return 1.0 if _truth["on"] else float(weight(*args, **kwargs))

    return weigh


Match.view = _watching_view  # type: ignore[method-assign]
strengths.sample_deal = _true_deal
strengths.deal_weight = _one_while_looking(strengths.deal_weight)
strengths.bid_weight = _one_while_looking(strengths.bid_weight)
sampler.slots = _seeing_slots


class _Seeing(HardBot):
    def _seeing(self, method: Any, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        _truth["on"] = True
        try:
            return method(self, view, k, ctx)  # type: ignore[no-any-return]
        finally:
            _truth["on"] = False


@register("oracleplay")
class OraclePlay(_Seeing):
    name = "oracleplay"

    def play_card(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return self._seeing(HardBot.play_card, view, k, ctx)

    def discard(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return self._seeing(HardBot.discard, view, k, ctx)

    def trump(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return self._seeing(HardBot.trump, view, k, ctx)


class _SeeingSome(HardBot):
    sees: str  # what the device sees, as ``_seeing_slots`` reads it

    def play_card(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        _truth["sees"] = self.sees
        try:
            return HardBot.play_card(self, view, k, ctx)
        finally:
            _truth["sees"] = None


def _seeing_device(name: str, sees: str) -> None:
    """Register a device that sees ``sees`` (as ``_seeing_slots`` reads it) in its card play."""
    register(name)(type(name, (_SeeingSome,), {"name": name, "sees": sees}))


_seeing_device("oraclepartner", "partner")
_seeing_device("oracletrump", "trumps")
_seeing_device("oraclepartnertrumps", "partner_trumps")
_seeing_device("oraclecount", "count")
_seeing_device("oraclecountbidder", "count_bidder")  # the bidder sees how many trumps its partner holds
_seeing_device("oraclecountpartner", "count_partner")  # the bidder's partner sees how many the bidder holds
_seeing_device("oraclecountsignalled", "count_signalled")  # the bidding side, once the partner has played


@register("oracle")
class Oracle(OraclePlay):
    name = "oracle"

    def bid(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        legal = view.legal_actions()
        bids = legal.bids()
        if not bids:
            return Pass()
        if not legal.can_pass:
            return Bid(bids[0])
        _truth["on"] = True
        try:
            points = self._as_bidder(k, ctx, self._deadline(ctx), 1)
        finally:
            _truth["on"] = False
        eu = _expected_score(k.rules, k.n, points, bids[0])
        return Bid(bids[0]) if eu > _pass_value(view, k) else Pass()


# the same, every card decision solved exactly on the true deal (practical only with small hands: custom table 7's
# six cards a seat take about 4.5 s a board; its slowest decision took minutes)
@register("oracledd")
class OracleExact(Oracle):
    name = "oracledd"
    exact_cards = 99


@register("oracleplaydd")
class OraclePlayExact(OraclePlay):
    name = "oracleplaydd"
    exact_cards = 99


if __name__ == "__main__":
    sys.exit(arena.main(sys.argv[1:]))
