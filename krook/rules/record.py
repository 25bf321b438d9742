"""Game records: a JSON file of rules, players and each hand's deal and actions, replayed to rebuild a game."""

from __future__ import annotations

from .deal import deal_from_dict, deal_from_seed
from .errors import KrookError, RecordError
from .hand import Phase
from .match import RECORD_FORMAT, Match
from .presets import rules_from_spec


class ReplayError(RecordError):
    """An action in a record that cannot be applied; says which hand, which action and why."""

    def __init__(self, hand: int, number: int, action: object, reason: str) -> None:
        super().__init__(f"hand {hand + 1}, action {number + 1} ({action!r}): {reason}")
        self.hand, self.number, self.action, self.reason = hand, number, action, reason


def match_from_record(record: object) -> Match:
    """Rebuild a game by replaying a record; raises RecordError (or ReplayError) saying what is wrong."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"unknown record format {record.get('format')!r}; expected {RECORD_FORMAT!r}")
    try:
        rules = rules_from_spec(record.get("rules", {}))
    except KrookError as exc:
        raise RecordError(f"record rules: {exc}") from None
    players = record.get("players")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError("'players' must be a list of names")
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("'hands' must be a non-empty list")
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("'seed' must be a whole number")
    preset = record.get("rules", {}).get("preset") if isinstance(record.get("rules"), dict) else None

    match: Match | None = None
    for index, entry in enumerate(hands):
        if not isinstance(entry, dict):
            raise RecordError(f"hand {index + 1} is not an object")
        dealer = entry.get("dealer", 0 if match is None else match.next_dealer)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
            raise RecordError(f"hand {index + 1}: dealer {dealer!r} is not a seat")
        try:
            if "deal" in entry:
                deal = deal_from_dict(rules, entry["deal"])
            elif isinstance(entry.get("seed"), int):
                deal = deal_from_seed(rules, dealer, entry["seed"])
            else:
                raise RecordError("each hand needs a 'deal' or a 'seed'")
            if match is None:
                match = Match(rules, players, seed=seed, first_dealer=dealer, preset=preset, deal=deal)
            else:
                if match.is_over:
                    raise RecordError("the game was already over")
                if match.phase is not Phase.HAND_OVER:
                    raise RecordError("the hand before it was not finished")
                if dealer != match.next_dealer:
                    raise RecordError(
                        f"seat {dealer} deals, but the deal is seat {match.next_dealer}'s: it passes left after "
                        "each hand, and only a redeal keeps the same dealer"
                    )
                match.next_hand(deal)
        except KrookError as exc:
            raise RecordError(f"hand {index + 1}: {exc}") from None
        actions = entry.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"hand {index + 1}: 'actions' must be a list")
        for number, action in enumerate(actions):
            if not isinstance(action, str):
                raise ReplayError(index, number, action, "an action is a text such as 'play R14'")
            try:
                match.apply(action)
            except KrookError as exc:
                raise ReplayError(index, number, action, getattr(exc, "reason", str(exc))) from None
    assert match is not None
    return match
