"""Property tests over random games in every preset: conservation, secrecy, replay."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krook.rules import PRESETS, Match, Phase, match_from_record
from krook.rules.cards import CARD_BY_NAME, iter_mask, names

PRESET_NAMES = sorted(PRESETS)


def knowable(match: Match, seat: int) -> set[str]:
    """Every card ``seat`` may know right now: its hand, cards played, and the nest when the rules show it."""
    hand = match.hand
    known = set(names(hand.hands[seat]))
    if hand.called is not None:  # the called card is announced to the table
        known.update(names([hand.called]))
    for trick in hand.tricks:
        known.update(names([c for _, c in trick.cards]))
    known.update(names([c for _, c in hand.trick]))
    if hand.phase is Phase.HAND_OVER or (seat == hand.bidder and hand.rules.nest_size):
        known.update(names(hand.nest) + names(hand.buried))
    for old in match.hands[:-1]:  # finished hands are public once scored
        known.update(names(old.nest) + names(old.buried))
        for trick in old.tricks:
            known.update(names([c for _, c in trick.cards]))
    return known


def cards_in(obj: object) -> set[str]:
    text = json.dumps(obj)
    tokens = set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())
    return {t for t in tokens if t in CARD_BY_NAME}


def check_views(match: Match) -> None:
    for seat in range(match.rules.players):
        view = match.view(seat)
        data = view.to_dict()
        data.pop("rules")  # setting values like "57" are not cards
        if match.phase is Phase.CALL and seat == match.hand.bidder:
            # the bidder may call any card it did not bury: the list names the deck, not where cards are
            calls = {a.split()[1] for a in data.pop("legal")}
            assert calls == set(names(match.rules.deck_mask & ~match.hand.buried))
        leaked = cards_in(data) - knowable(match, seat)
        assert not leaked, f"seat {seat} sees {leaked} in phase {match.phase}"
        hand = match.hand
        if hand.partner is not None and not hand.partner_revealed and hand.phase is Phase.PLAY:
            assert view.partner in (None, seat)
            if seat != hand.partner:
                assert view.partner is None
    public = match.view(None).to_dict()
    public.pop("rules")
    assert not cards_in(public) - knowable_by_nobody(match)


def knowable_by_nobody(match: Match) -> set[str]:
    hand = match.hand
    known: set[str] = set()
    for h in match.hands:
        for trick in h.tricks:
            known.update(names([c for _, c in trick.cards]))
        if h is not hand or hand.phase is Phase.HAND_OVER:
            known.update(names(h.nest) + names(h.buried))
    known.update(names([c for _, c in hand.trick]))
    if hand.called is not None:
        known.update(names([hand.called]))
    return known


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**31), hands=st.integers(1, 3))
def test_random_games_keep_every_invariant(preset: str, seed: int, hands: int) -> None:
    rules = PRESETS[preset].rules
    match = Match(rules, seed=seed, first_dealer=seed % rules.players)
    rng = random.Random(seed)
    steps = 0
    while not match.is_over and len(match.hands) <= hands:
        if match.phase is Phase.HAND_OVER:
            if len(match.hands) == hands:
                break
            match.next_hand()
            continue
        hand = match.hand
        # every card of the deck is in exactly one place
        # the nest is face down until a bidder picks it up; then what the bidder buried lies there
        places = [*hand.hands, hand.nest if hand.bidder is None else hand.buried]
        played = 0
        for trick in hand.tricks:
            for _, card in trick.cards:
                played |= 1 << card
        for _, card in hand.trick:
            played |= 1 << card
        places.append(played)
        union = 0
        for mask in places:
            assert not union & mask
            union |= mask
        assert union == rules.deck_mask
        if steps % 7 == 0:
            check_views(match)
        legal = match.legal_actions()
        assert len(legal) > 0
        match.apply(legal.sample(rng))
        steps += 1
    check_views(match)
    for hand, result in zip(match.hands, match.results, strict=False):
        if result.thrown_in:
            continue
        # every card was played once or buried once; the points captured plus the nest are the deck's
        played = [card for trick in hand.tricks for _, card in trick.cards]
        assert len(played) == len(set(played)) == rules.players * rules.hand_size
        assert sum(result.captured) == rules.card_points_total
        assert sum(t.points for t in hand.tricks) + result.nest_points == rules.card_points_total
    for column in range(rules.team_count):
        assert match.scores[column] == sum(r.deltas[column] for r in match.results)
    # the record replays to the same game, through JSON
    record = json.loads(json.dumps(match.to_record()))
    again = match_from_record(record)
    assert again.to_record() == match.to_record()
    assert again.scores == match.scores and again.phase == match.phase
    for seat in range(rules.players):
        assert again.view(seat) == match.view(seat)


def test_seed_reproduces_a_game() -> None:
    def play(seed: int) -> dict:
        match = Match(PRESETS["kentucky-discard"].rules, seed=seed)
        rng = random.Random(seed)
        while len(match.hands) < 3 and not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.next_hand()
            else:
                match.apply(match.legal_actions().sample(rng))
        return match.to_record()

    assert play(42) == play(42)
    assert play(42)["hands"][0]["deal"] != play(43)["hands"][0]["deal"]


def test_every_card_is_dealt_once_per_preset() -> None:
    for preset in PRESET_NAMES:
        rules = PRESETS[preset].rules
        hand = Match(rules, seed=9).hand
        dealt = [c for h in hand.hands for c in iter_mask(h)] + list(iter_mask(hand.nest))
        assert sorted(dealt) == sorted(rules.deck_cards)
        assert all(h.bit_count() == rules.hand_size for h in hand.hands)
