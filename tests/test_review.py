"""The hand review: its figures equal a plain minimax on small endgames, a scripted blunder costs exactly what it
should, a running review can be cancelled, and bad requests are refused with a reason."""

from __future__ import annotations

import itertools
import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_review import recorded_hand
from krook.bots import BotContext, make_bot
from krook.bots.fast import PlayRules, bits
from krook.bots.positions import random_position
from krook.review import ReviewError, ReviewJob
from krook.review.engine import Reviewer, plain_review, side_of_seat
from krook.rules import PRESETS, Match, Phase, Rules
from krook.rules.cards import CARD_BY_NAME, CARD_NAMES
from krook.rules.settings import from_overrides
from tests.test_solver import fast_minimax


def finished_random_hand(preset: str, seed: int) -> Match:
    """A hand of ``preset`` after random bidding and play, played to its end."""
    match = random_position(preset, seed, 9, 0)
    rng = random.Random(seed)
    while match.phase is Phase.PLAY:
        match.apply(match.legal_actions().sample(rng))
    return match


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10**9), st.integers(0, 3))
def test_review_of_an_endgame_equals_plain_minimax(preset: str, seed: int, offset: int) -> None:
    """Reviewed from three tricks before the end: par is the minimax value from there, and each of the seat's
    plays loses exactly the minimax value of the best card less that of the card played."""
    match = finished_random_hand(preset, seed)
    n = match.rules.players
    seat = seed % n
    probe = Reviewer(match, len(match.hands) - 1, seat, bids=False)
    first = max(0, len(probe.positions) - 3 * n + offset)
    reviewer = Reviewer(match, len(match.hands) - 1, seat, bids=False, first_play=first)
    review = reviewer.run()
    assert review.complete
    side = [s in reviewer.side for s in range(n)]
    play = PlayRules(match.rules, match.hand.trump)
    bonus = reviewer.last_bonus
    start = reviewer.positions[first]
    assert review.par == start.taken + fast_minimax(
        play, side, bonus, list(start.hands), start.leader, list(start.trick)
    )
    expected = {}
    for pos in reviewer.positions[first:]:
        if pos.seat != seat:
            continue
        values = {}
        for card in bits(play.playable(pos.hands[seat], pos.trick[0] if pos.trick else -1)):
            hands = list(pos.hands)
            hands[seat] ^= 1 << card
            values[card] = fast_minimax(play, side, bonus, hands, pos.leader, [*pos.trick, card])
        loss = max(values.values()) - values[pos.card]
        if loss:
            expected[pos.trick_no] = (loss, {c for c, v in values.items() if v == max(values.values())})
    assert {p.trick: p.loss for p in review.plays} == {t: e[0] for t, e in expected.items()}
    for p in review.plays:
        assert CARD_BY_NAME[p.best] in expected[p.trick][1]
    assert [p.loss for p in review.plays] == sorted((p.loss for p in review.plays), reverse=True)


# Seat 0 cashes the Krook and B14 down to B9 while the others follow or throw these cards
FILLER_TRICKS = [
    ("K", "B5", "B7", "B8"),
    ("B14", "B6", "R11", "R13"),
    ("B13", "R9", "R12", "R14"),
    ("B12", "Y5", "Y9", "Y11"),
    ("B11", "Y8", "Y10", "Y12"),
    ("B10", "G8", "G10", "G12"),
    ("B9", "G9", "G11", "G13"),
]


def seven_trumps(seat0_last: list[str], others_last: list[list[str]], tricks: int) -> Match:
    """Kentucky Discard: seat 0 holds the Krook, B14 to B9 and ``seat0_last``; seats 1-3 hold the cards of
    ``FILLER_TRICKS`` and ``others_last`` (two each; the eight cards are Y6 Y7 Y13 Y14 G5 G6 G7 G14 in any
    order). Seat 0 bids 70, buries R5 R6 R7 R8 R10 (15 points, to the last trick), names black, and the first
    ``tricks`` filler tricks are played."""
    from krook.rules.deal import deal_from_dict

    fillers = [[trick[seat] for trick in FILLER_TRICKS] for seat in range(4)]
    deal = {
        "hands": [fillers[0] + seat0_last] + [fillers[s] + others_last[s - 1] for s in (1, 2, 3)],
        "nest": ["R5", "R6", "R7", "R8", "R10"],
    }
    rules = PRESETS["kentucky-discard"].rules
    match = Match(rules, seed=1, first_dealer=3, deal=deal_from_dict(rules, deal))
    for action in ["bid 70", "pass", "pass", "pass", "discard R5 R6 R7 R8 R10", "trump B"]:
        match.apply(action)
    for trick in FILLER_TRICKS[:tricks]:
        for card in trick:
            match.apply(f"play {card}")
    return match


def scripted_blunder() -> Match:
    """Seven trumps cashed; then seat 0 holds Y14 and G5 against seat 1's Y13 and G14: leading Y14 takes 10 but
    lets seat 1 win the last trick and the buried 15; leading G5 gives seat 1 the 15 of that trick but the last
    trick (10 + 15) comes back to seat 0. Seat 0 leads Y14: a loss of exactly 15.

    The seventh trump (B9) already cost 15: on it seat 1 may throw Y13 and keep G9 behind G14, and then seat 0
    wins no more than Y14's trick; G5 at trick 7 keeps B9 to win the last trick whatever seat 1 does. Seat 1
    threw G9, which gave the chance back."""
    match = seven_trumps(["Y14", "G5"], [["Y13", "G14"], ["Y6", "G6"], ["Y7", "G7"]], 7)
    for trick in [("Y14", "Y13", "Y6", "Y7"), ("G5", "G14", "G6", "G7")]:  # the blunder: G5 first
        for card in trick:
            match.apply(f"play {card}")
    assert match.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    return match


def test_a_scripted_blunder_is_reported_with_its_exact_loss() -> None:
    match = scripted_blunder()
    review = Reviewer(match, 0, 0, bids=False).run()
    assert review.complete and review.checked == review.total == 9
    assert [p.to_dict() for p in review.plays] == [
        {"trick": 7, "card": "B9", "best": "G5", "loss": 15},
        {"trick": 8, "card": "Y14", "best": "G5", "loss": 15},
    ]
    # the side took every trick but the last: 120 card points less G14, G5 and the 15 buried with the last trick
    assert review.actual == 120 - 15 - 15
    # 30 lost, 15 of them given back by seat 1's throw at trick 7
    assert review.par == review.actual + 15
    assert review.bid == 70  # seat 0's side holds the contract
    # the defenders' review of the same hand: seat 1's throw of G9 is the 15 it gave back
    defence = Reviewer(match, 0, 1, bids=False).run()
    assert defence.actual == 30 and defence.par == 15 and defence.bid is None
    assert [p.to_dict() for p in defence.plays] == [{"trick": 7, "card": "G9", "best": "Y13", "loss": 15}]


# real hands (medium bots, the benchmark's seeds) and seats whose reviews have costly plays, and some without
REAL_HANDS = [(1, 2, 0), (5, 0, 0), (5, 2, 0), (8, 0, 0), (16, 0, 0), (16, 3, 0), (18, 2, 0), (9, 2, 14)]


def test_the_review_equals_plain_re_solving_on_real_hands() -> None:
    """One solver with its table, guesses and killer moves carried from figure to figure gives exactly the
    figures of a fresh solver without killer moves for each: par, actual, and every costly play's card, better
    card and loss; the plain way's work is counted too, so the comparison is not of two idle runs."""
    costly = 0
    for seed, seat, first in REAL_HANDS:
        match = recorded_hand(seed)
        assert match is not None
        reviewer = Reviewer(match, 0, seat, bids=False, first_play=first)
        review = reviewer.run()
        plain = plain_review(match, 0, seat, first_play=first)
        assert review.to_dict() == plain.to_dict(), (seed, seat)
        assert (review.checked, review.total) == (plain.checked, plain.total)
        assert reviewer.solver.nodes > 0
        costly += len(review.plays)
    assert costly >= 6


def test_snapshots_grow_one_figure_at_a_time() -> None:
    match = scripted_blunder()
    snaps = list(Reviewer(match, 0, 0, bids=False).steps())
    assert snaps[0].par is None and snaps[0].checked == 0
    assert snaps[1].par is not None
    checked = [s.checked for s in snaps[1:]]
    assert checked == sorted(checked) and checked[-1] == 9
    assert snaps[-1].complete and not any(s.complete for s in snaps[:-1])


def test_the_bid_part_names_the_seat_s_decisions_and_the_nest() -> None:
    match = scripted_blunder()
    review = Reviewer(match, 0, 0, bids=True, bid_budget_s=0.05).run()
    assert [d.phase for d in review.decisions] == ["bidding", "discard", "trump"]
    assert [str(d.yours) for d in review.decisions] == ["bid 70", "discard R5 R6 R7 R8 R10", "trump B"]
    assert all(d.hard for d in review.decisions)
    nest = review.nest
    assert nest is not None and nest.bidder == 0 and nest.buried_points == 15
    assert nest.dealt_value is not None and nest.with_nest_value is not None and nest.kept_value is not None
    # a defender sees the nest and the burial but no estimate of the bidder's hand
    other = Reviewer(match, 0, 1, bids=True, bid_budget_s=0.05).run()
    assert [str(d.yours) for d in other.decisions] == ["pass"]
    assert other.nest is not None and other.nest.dealt_value is None


def test_a_review_job_can_be_cancelled_mid_search() -> None:
    """A whole-hand review stopped from another thread ends within a moment, without an error."""
    match = finished_random_hand("kentucky-discard", 7)
    job = ReviewJob(match.to_record(), len(match.hands) - 1, 0, bids=False, process=False)
    started = threading.Event()
    original = job.reviewer.solver.value

    def value(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        return original(*args, **kwargs)

    job.reviewer.solver.value = value  # type: ignore[method-assign]
    job.start()
    assert started.wait(10)
    job.cancel()
    assert job.join(10)
    assert job.error is None
    assert job.latest is None or not job.latest.complete


def test_a_review_in_its_worker_process_sends_progress_and_stops_when_cancelled() -> None:
    """The window's review runs in a process of its own: its snapshots and the par's closing bounds arrive
    while it searches, the result is the one the blocking review finds, and cancelling ends the process."""
    match = finished_random_hand("kentucky-discard", 7)
    index = len(match.hands) - 1
    job = ReviewJob(match.to_record(), index, 0, bids=False).start()
    assert job.process
    bounds: list[tuple[int, int]] = []
    nodes: list[int] = []
    deadline = time.monotonic() + 240
    while not job.finished and time.monotonic() < deadline:
        snap = job.latest
        if snap is not None and snap.par is None and snap.par_low is not None and snap.par_high is not None:
            bounds.append((snap.par_low, snap.par_high))
        if snap is not None:
            nodes.append(snap.nodes)
        time.sleep(0.02)
    assert job.finished and job.error is None
    final = job.latest
    expected = Reviewer(match, index, 0, bids=False).run()
    assert final is not None and final.complete
    assert (final.par, final.actual, final.plays) == (expected.par, expected.actual, expected.plays)
    # the par's interval only ever narrows, and always holds the par
    assert all(lo <= final.par <= hi for lo, hi in bounds)
    assert all(a[0] <= b[0] and b[1] <= a[1] for a, b in itertools.pairwise(bounds))
    assert nodes == sorted(nodes) and nodes[-1] > 0
    # cancelled mid-search, the worker process ends at once and no error is reported
    job = ReviewJob(match.to_record(), index, 0, bids=False).start()
    deadline = time.monotonic() + 60
    while job.latest is None and time.monotonic() < deadline:
        time.sleep(0.01)
    job.cancel()
    assert job.join(10)
    assert job.error is None and job._proc is not None and not job._proc.is_alive()


@pytest.mark.parametrize(
    ("hand", "seat", "why"),
    [(5, 0, "not in this game"), (0, 4, "not at this table"), (-1, 0, "not in this game")],
)
def test_bad_requests_say_why(hand: int, seat: int, why: str) -> None:
    match = scripted_blunder()
    with pytest.raises(ReviewError, match=why):
        Reviewer(match, hand, seat)


def test_an_unfinished_or_thrown_in_hand_is_refused() -> None:
    match = Match(Rules(), seed=3)
    with pytest.raises(ReviewError, match="not finished"):
        Reviewer(match, 0, 0)
    rules = Rules(all_pass="redeal")
    match = Match(rules, seed=3)
    for _ in range(4):
        match.apply("pass")
    assert match.hand.thrown_in
    with pytest.raises(ReviewError, match="thrown in"):
        Reviewer(match, 0, 0)


def test_sides_follow_the_partnership() -> None:
    match = scripted_blunder()
    assert side_of_seat(match.hand, 0) == (0, 2)
    assert side_of_seat(match.hand, 3) == (1, 3)
    assert CARD_NAMES[CARD_BY_NAME["Y14"]] == "Y14"


@pytest.mark.parametrize("defenders_score", [True, False])
def test_in_an_individual_game_the_defenders_are_one_side_only_where_they_score_nothing(
    defenders_score: bool,
) -> None:
    rules = from_overrides(PRESETS["three-handed"].rules, {"defenders_score": defenders_score})
    match = Match(rules, seed=5, preset="three-handed")
    rng = random.Random(5)
    while match.hand.phase is not Phase.HAND_OVER:
        seat = match.hand.to_act
        assert seat is not None
        match.apply(make_bot("medium").choose(match.view(seat), BotContext(rng)), seat)
    bidder = match.hand.bidder
    assert bidder is not None
    defenders = tuple(s for s in range(3) if s != bidder)
    assert side_of_seat(match.hand, bidder) == (bidder,)
    for seat in defenders:
        assert side_of_seat(match.hand, seat) == ((seat,) if defenders_score else defenders)
    if not defenders_score:
        # the review is solved for the defenders as one side (from the last four tricks: the whole hand of a
        # three-handed game solved afresh for every figure took minutes)
        reviewer = Reviewer(match, 0, defenders[0], bids=False)
        assert reviewer.side == defenders
        late = len(reviewer.positions) - 12
        review = plain_review(match, 0, defenders[0], first_play=late)
        assert review.side == defenders
        assert (
            review.to_dict() == Reviewer(match, 0, defenders[0], bids=False, first_play=late).run().to_dict()
        )
