"""The rules of play on bare bitmasks, for the searches' inner loops.

``Hand.playable_mask`` and ``Hand.trick_winner`` are the referee; this module restates exactly the same facts
(the same ``Rules.rank`` and ``Rules.point_list``, the same follow / must-trump / Krook-any-time rules) as
precomputed tables so a playout or a solver node costs a few list lookups. ``tests/test_solver.py`` proves the
two agree on random positions of every preset.
"""

from __future__ import annotations

from krook.rules import Rules
from krook.rules.cards import BIRDS, COLOR_MASKS, KROOK, bits

# bits lives in krook.rules.cards; re-exported for the search modules
__all__ = ["PlayRules", "bits", "equal_groups"]

# "Led colour" index: 0-3 a colour. A bird led means trump led.


class PlayRules:
    """Static facts of the play phase for one rule set and one trump colour (``trump`` None: no trump)."""

    __slots__ = (
        "above",
        "birds",
        "follow",
        "kat",
        "memo",
        "must_trump",
        "n",
        "order",
        "points",
        "power",
        "rank",
        "rules",
        "trump",
        "trump_mask",
    )

    def __init__(self, rules: Rules, trump: int | None) -> None:
        self.rules = rules
        self.n = rules.players
        self.trump = trump
        self.rank = rules.rank
        self.points = rules.point_list
        self.birds = rules.deck_mask & BIRDS
        self.trump_mask = (COLOR_MASKS[trump] | BIRDS) if trump is not None else 0
        self.kat = rules.krook_any_time
        self.must_trump = rules.must_trump
        # follow[led]: the cards that follow colour ``led`` (trump's includes the birds)
        self.follow = tuple((self.trump_mask if c == trump else COLOR_MASKS[c]) for c in range(4))
        # power[led][card]: trick strength of ``card`` when ``led`` was led; -1 cannot win
        power = []
        for led in range(4):
            row = [-1] * 66
            for card in range(66):
                if self.trump_mask >> card & 1:
                    row[card] = 1000 + self.rank[card]
                elif card < KROOK and card >> 4 == led:
                    row[card] = self.rank[card]
            power.append(tuple(row))
        self.power = tuple(power)
        # order[cls]: cards of one "class" (trump with birds, or a plain colour) from low to high rank
        order = []
        deck = rules.deck_mask
        for c in range(4):
            mask = self.follow[c] & deck
            cards = [x for x in range(66) if mask >> x & 1]
            cards.sort(key=lambda x: self.rank[x])
            order.append(tuple(cards))
        self.order = tuple(order)
        # above[card]: cards of the same class that beat it
        above = [0] * 66
        for seq in order:
            for i, card in enumerate(seq):
                for higher in seq[i + 1 :]:
                    above[card] |= 1 << higher
        self.above = tuple(above)
        # searches' caches of facts derived from these (move orders by hand and trick state), shared by every
        # search on this rule set and trump
        self.memo: dict[str, dict[int, object]] = {}

    def led_of(self, card: int) -> int:
        """The colour a card belongs to in play: its own, or trump for a bird."""
        return self.trump if card >= KROOK else card >> 4  # type: ignore[return-value]

    def playable(self, hand: int, lead: int) -> int:
        """Cards of ``hand`` that may be played when ``lead`` was led (-1: this seat leads)."""
        if lead < 0:
            return hand
        led = self.trump if lead >= KROOK else lead >> 4
        follow = hand & self.follow[led]  # type: ignore[index]
        if follow:
            if self.kat:
                return follow | (hand & BIRDS)
            return follow
        if self.must_trump:
            trumps = hand & self.trump_mask
            if trumps:
                return trumps
        return hand

    def winner_index(self, cards: list[int] | tuple[int, ...]) -> int:
        """Index (play order) of the card that wins a full trick."""
        first = cards[0]
        led = self.trump if first >= KROOK else first >> 4
        power = self.power[led]  # type: ignore[index]
        best_i, best = 0, power[first]
        for i in range(1, len(cards)):
            p = power[cards[i]]
            if p > best:
                best_i, best = i, p
        return best_i


def equal_groups(play: PlayRules, moves: list[int], live: int) -> list[list[int]]:
    """``moves`` split into groups of interchangeable cards: one class, the same points, no bird, and no
    ``live`` card (one another seat may still play, or one in the trick) ranked between them. Two such cards
    lead to positions alike but for their swap, so a search need score one card of each group (its first,
    the lowest id)."""
    wanted = 0
    for card in moves:
        wanted |= 1 << card
    groups: list[list[int]] = []
    placed = 0
    for seq in play.order:
        segment: dict[int, list[int]] = {}  # points -> group, within a stretch free of live cards
        for card in seq:
            if live >> card & 1:
                segment = {}
            elif wanted >> card & 1 and card < KROOK:
                group = segment.get(play.points[card])
                if group is None:
                    group = segment[play.points[card]] = []
                    groups.append(group)
                group.append(card)
                placed |= 1 << card
    groups.extend([card] for card in moves if not placed >> card & 1)
    for group in groups:
        group.sort()
    return groups
