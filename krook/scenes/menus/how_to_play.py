""" "How to play" in plain words: the current table's rules turned into numbered sections a family can read.

Every sentence comes from a setting of ``Rules``, so the page describes the game being played (its deck, its
bids, its nest, its scoring); the developer reference (docs/RULES.md) stays one level down.
"""

from __future__ import annotations

from krook.rules.settings import Rules

COLOURS = "Red, Yellow, Green and Black"


def _deck(rules: Rules) -> str:
    low = {"41": 5, "45": 1, "57": 1, "56": 1, "44": 4}[rules.deck]
    numbers = f"numbered {low} to 14" if low != 1 else "numbered 1 to 14"
    krooks = {"56": "", "44": ""}.get(rules.deck, " and the Krook, a bird card")
    if rules.double_krook and krooks:
        krooks = " and two bird cards (the Krook and a second Krook just below it)"
    ones = " The 1s rank above the 14s." if low == 1 and rules.ones_high else ""
    return f"The deck has four colours ({COLOURS}), {numbers}{krooks}: {len(rules.deck_cards)} cards.{ones}"


def _partners(rules: Rules) -> str:
    n = rules.players
    if rules.partnership == "fixed":
        return f"{n} players in two teams; partners sit across the table and score together."
    if rules.partnership == "called":
        return (
            f"{n} players. The winner of the bid calls a card; whoever holds it becomes their partner for the hand,"
            " secretly until that card is played."
        )
    return f"{n} players, each playing for themselves."


def _krook(rules: Rules) -> str:
    if rules.deck in ("56", "44"):
        return ""
    rank = {
        "high": "The Krook is the highest trump",
        "middle": "The Krook ranks between the 10 and the 11 of trump",
        "low": "The Krook is the lowest trump",
    }[rules.krook_rank]
    any_time = (
        " and can be played at any time, even when you could follow the colour led"
        if rules.krook_any_time
        else ""
    )
    return f"{rank}{any_time}. It is worth {rules.krook_points} points."


def how_to_play(rules: Rules, title: str = "") -> str:
    """The page, as simple Markdown: numbered sections of short sentences."""
    hand = rules.hand_size
    step = rules.bid_step
    top = f" and at most {rules.max_bid}" if rules.max_bid else ""
    first = "the player left of the dealer" if rules.bid_first == "left_of_dealer" else "the dealer"
    all_pass = {
        "redeal": "If everyone passes, the cards are dealt again.",
        "same_dealer": "If everyone passes, the same dealer deals again.",
        "dealer_forced": "If everyone passes, the dealer must take the bid at the lowest amount.",
    }[rules.all_pass]
    counters = "5s are worth 5, 10s and 14s are worth 10"
    if rules.ones_points and rules.deck in ("45", "57", "56"):
        counters += f", 1s are worth {rules.ones_points}"
    lead = {
        "bidder": "The winner of the bid leads the first trick.",
        "left_of_dealer": "The player left of the dealer leads the first trick.",
        "left_of_bidder": "The player left of the winner of the bid leads the first trick.",
    }[rules.first_lead]
    nest_to = (
        "The cards buried from the nest go to whoever takes the last trick."
        if rules.nest_to == "last_trick"
        else "The cards buried from the nest count for the winner of the bid."
    )
    lines = [f"# How to play{': ' + title if title else ''}", ""]
    lines += ["## 1. The players and the cards", _partners(rules), _deck(rules), ""]
    nest = f" and {rules.nest_size} go face down in the middle: the nest" if rules.nest_size else ""
    lines += ["## 2. The deal", f"Everyone gets {hand} cards{nest}.", ""]
    lines += [
        "## 3. Bidding",
        f"Starting with {first}, each player bids how many points their side will take, or passes. Bids start"
        f" at {rules.min_bid} and go up by {step}{top}. Once you pass, you are out of the bidding.",
        all_pass,
    ]
    if rules.no_counter_redeal:
        lines.append("A player dealt no point cards may ask for a new deal.")
    lines.append("")
    if rules.nest_size:
        bury = (
            ""
            if rules.bury_counters
            else " Point cards may not be buried while you have other cards to bury."
        )
        lines += [
            "## 4. The nest and trump",
            f"The winner of the bid takes the nest into their hand, then buries {rules.nest_size} cards face down"
            f" and names a trump colour.{bury}",
            nest_to,
            "",
        ]
    else:
        lines += ["## 4. Trump", "The winner of the bid names a trump colour.", ""]
    must_trump = " If you can't, you must play a trump if you have one." if rules.must_trump else ""
    lines += [
        "## 5. Playing the tricks",
        f"{lead} Everyone must play a card of the colour led if they can.{must_trump} Otherwise play any card.",
        "The highest trump wins the trick; with no trump in it, the highest card of the colour led wins.",
    ]
    krook = _krook(rules)
    if krook:
        lines.append(krook)
    lines.append("")
    lines += [
        "## 6. Scoring",
        f"Point cards: {counters}. Nothing else counts.",
        "If the bidding side takes at least its bid, it scores what it took; if not, it loses the amount it bid.",
    ]
    if rules.defenders_score:
        lines.append("The other side always scores the points it took.")
    bonuses = [
        (rules.last_trick_bonus, "taking the last trick"),
        (rules.most_tricks_bonus, "taking the most tricks"),
        (rules.sweep_bonus, "taking every trick"),
        (rules.all_points_bonus, "taking every point"),
    ]
    for amount, what in bonuses:
        if amount:
            lines.append(f"There is a bonus of {amount} for {what}.")
    ends = (
        "the higher total wins"
        if rules.both_over_target == "higher_total"
        else "the side that won the bid wins"
    )
    lines += [
        "",
        "## 7. Winning",
        f"The first to reach {rules.target} points wins. If both sides reach it in the same hand, {ends}.",
    ]
    return "\n".join(lines) + "\n"
