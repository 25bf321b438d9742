"""When a player may take back an action in a local game, and how much of the hand goes with it.

Fair take-backs (the default). A seat played at this screen may take back its own last action of the hand
being played when nothing hidden from it has been shown since, that is:

- no other seat has acted since: another player's card came out of a hand the seat could not see, and a
  bid, pass, burial, trump or call tells something about a hand too (so a card may be taken back while the
  trick's next player has not played, a bid while nobody else has bid since);
- the action did not close the bidding (then the nest is turned up);
- no other human has seen the table since: in hot-seat the table passes to a human when the turn does,
  so the turn must be the seat's own again, or a bot's;
- the hand is not over (the score sheet has been shown).

So a take-back can never return to a point from which the player would replay the hand knowing more.

Unlimited take-backs (``practice=True``, a lobby setting): the seat's own last action goes back with every
bot action after it, whatever those showed, as long as no other human acted since, no other human has seen
the table, a bid or pass only while the bidding goes on, and not once the hand is over. Such a game is
practice: kept apart in the history and statistics.
"""

from __future__ import annotations

from collections.abc import Sequence

from krook.rules import Hand, Match, Phase


def actors(match: Match) -> list[tuple[int, Phase]]:
    """Who made each action of the current hand, and in which phase, found by replaying the hand."""
    current = match.hand
    hand = Hand(match.rules, current.dealer, list(current.dealt), current.nest)
    out: list[tuple[int, Phase]] = []
    for action in current.actions:
        seat = hand.to_act
        assert seat is not None
        out.append((seat, hand.phase))
        hand.apply(action)
    return out


def _last_own(done: list[tuple[int, Phase]], seat: int) -> int | None:
    for index in range(len(done) - 1, -1, -1):
        if done[index][0] == seat:
            return index
    return None


def why_not(
    match: Match, seat: int, kinds: Sequence[str], closed: bool = False, practice: bool = False
) -> str | None:
    """Why ``seat`` may not take back its last action now; None when it may (``practice``: unlimited)."""
    if closed:
        return "the game is closed"
    if not 0 <= seat < len(kinds) or kinds[seat] != "human":
        return "that seat is not played at this screen"
    if match.is_over or match.phase is Phase.HAND_OVER:
        return "the hand is over"
    done = actors(match)
    index = _last_own(done, seat)
    if index is None:
        return "you have not acted in this hand yet"
    later_humans = [s for s, _ in done[index + 1 :] if kinds[s] == "human"]
    if later_humans:
        return f"{match.players[later_humans[0]]} has acted since"
    later = [s for s, _ in done[index + 1 :] if s != seat]
    if later and not practice:
        return f"{match.players[later[0]]} has moved since (unlimited take-backs are for practice games)"
    to_act = match.to_act
    if to_act is not None and to_act != seat and kinds[to_act] == "human":
        return f"{match.players[to_act]} has seen the table since"
    if done[index][1] is Phase.BIDDING and match.phase is not Phase.BIDDING:
        return "the bidding is over (the nest has been turned up)"
    return None


def kept_actions(match: Match, seat: int) -> int:
    """How many of the hand's actions stay when ``seat`` takes back its last one."""
    index = _last_own(actors(match), seat)
    if index is None:
        raise ValueError(f"seat {seat} has not acted in this hand")
    return index
