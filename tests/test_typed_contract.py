"""The typed contract between the rules core and the layers above it: actions, LegalActions, Phase in views.

Text is the wire and record form; typed actions are what bots and screens use. Both must agree everywhere:
whatever ``x in legal_actions()`` says, ``apply(x)`` does.
"""

from __future__ import annotations

import json
import random

import pytest

from krook.rules import (
    PRESETS,
    Bid,
    Call,
    Color,
    Discard,
    IllegalActionError,
    Match,
    NotationError,
    Pass,
    Phase,
    Play,
    Redeal,
    SeatView,
    Trump,
    as_action,
    card_id,
    card_name,
    parse_action,
)
from krook.rules.cards import ALL_CARD_IDS, iter_mask


def _variants(text: str) -> list[str]:
    return [text, text.lower(), text.upper(), f"  {text.title()} "]


def _candidates(match: Match, rng: random.Random) -> list[str]:
    """Some legal texts (in odd letter cases) and some texts that are well formed but maybe illegal."""
    legal = match.legal_actions()
    out = [variant for _ in range(2) for variant in _variants(legal.sample(rng))]
    out += [
        f"play {card_name(rng.choice(ALL_CARD_IDS))}",
        f"bid {rng.randrange(0, 250, 5)}",
        "pass",
        "redeal",
    ]
    out += [f"trump {rng.choice('rygb')}", f"call {card_name(rng.choice(ALL_CARD_IDS)).lower()}"]
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_membership_agrees_with_apply_in_any_letter_case(preset: str) -> None:
    rng = random.Random(preset)
    for game in range(3):
        match = Match(PRESETS[preset].rules, seed=game)
        while not match.is_over and len(match.hands) < 3:
            if match.phase is Phase.HAND_OVER:
                match.next_hand()
                continue
            legal = match.legal_actions()
            for text in _candidates(match, rng):
                typed = parse_action(text)
                assert (text in legal) == (typed in legal), text
                before = match.to_record()
                if text in legal:
                    continue  # applying it would move the game on: checked below with the chosen action
                with pytest.raises(IllegalActionError):
                    match.apply(text)
                with pytest.raises(IllegalActionError):
                    match.apply(typed)
                assert match.to_record() == before, "a refused action changed nothing"
            chosen = rng.choice(_variants(legal.sample(rng)))
            assert chosen in legal
            match.apply(chosen if rng.random() < 0.5 else as_action(chosen))
            assert match.hand.actions[-1] == str(parse_action(chosen)), "the record keeps the canonical text"


def test_typed_accessors_read_the_same_actions_as_the_texts() -> None:
    seen: set[Phase] = set()
    for preset in sorted(PRESETS):
        rng = random.Random(preset)
        match = Match(PRESETS[preset].rules, seed=3)
        while not match.is_over and len(match.hands) < 2:
            if match.phase is Phase.HAND_OVER:
                match.next_hand()
                continue
            legal = match.legal_actions()
            seen.add(match.phase)
            typed = list(legal.actions())
            assert [str(a) for a in typed] == list(legal)
            assert legal.can_pass == (Pass() in typed)
            assert legal.can_redeal == (Redeal() in typed)
            assert [Bid(b) for b in legal.bids()] == [a for a in typed if isinstance(a, Bid)]
            assert [Play(c) for c in legal.cards()] == [a for a in typed if isinstance(a, Play)]
            assert [Call(c) for c in legal.calls()] == [a for a in typed if isinstance(a, Call)]
            assert [Trump(c) for c in legal.trumps()] == [a for a in typed if isinstance(a, Trump)]
            if match.phase is Phase.DISCARD:
                assert legal.discard is not None and all(isinstance(a, Discard) for a in typed[:50])
            else:
                assert legal.discard is None
            assert legal.choice(random.Random(7)) == parse_action(legal.sample(random.Random(7)))
            match.apply(legal.choice(rng))
    assert {Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.CALL, Phase.PLAY} <= seen


def test_play_cards_are_the_playable_cards_of_the_hand() -> None:
    match = Match(PRESETS["kentucky-discard"].rules, seed=5)
    rng = random.Random(5)
    while match.phase is not Phase.PLAY:
        match.apply(match.legal_actions().choice(rng))
    hand = match.hand
    assert hand.to_act is not None
    assert match.legal_actions().cards() == tuple(iter_mask(hand.playable_mask(hand.to_act)))


def test_a_view_carries_the_phase_enum_and_serialises_it_by_value() -> None:
    match = Match(PRESETS["kentucky-discard"].rules, seed=1)
    view = match.view(match.to_act)
    assert view.phase is Phase.BIDDING and view.phase == "bidding"
    data = json.loads(json.dumps(view.to_dict()))
    assert data["phase"] == "bidding" and type(view.to_dict()["phase"]) is str
    again = SeatView.from_dict(data)
    assert again.phase is Phase.BIDDING and again == view
    assert again.legal_actions().bids() == view.legal_actions().bids() != ()


def test_typed_actions_check_their_own_fields() -> None:
    for bad in (lambda: Play(99), lambda: Call(-1), lambda: Discard(frozenset({1, 200})), lambda: Bid(-5)):
        with pytest.raises(NotationError):
            bad()
    with pytest.raises(NotationError):
        Bid("70")  # type: ignore[arg-type]
    assert Trump(2) == Trump(Color.GREEN) and str(Trump(2)) == "trump G"
    assert str(Play(card_id(Color.RED, 14))) == "play R14" == str(parse_action("PLAY r14"))
    with pytest.raises(NotationError):
        Trump(7)  # type: ignore[arg-type]
    match = Match(PRESETS["kentucky-discard"].rules, seed=1)
    with pytest.raises(NotationError):
        match.apply(70)  # type: ignore[arg-type]
