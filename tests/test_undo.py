"""Undo in local games: fair take-backs by default (nothing shown since), unlimited ones in a practice game
(your own last action with the bots' after it), the record as if never played."""

from __future__ import annotations

import random

import pytest

from krook.bots import BotContext, make_bot
from krook.rules import match_from_record
from krook.session.local import Lobby, LocalSession, SeatConfig


@pytest.fixture(autouse=True)
def _home(home):
    return home


def session(humans=(0,), seed=42, threaded=False, practice=False, **kw):
    lob = Lobby.default()
    lob.seats = [SeatConfig(f"P{i}", "human" if i in humans else "bot", "simple") for i in range(4)]
    lob.seed = seed
    lob.first_dealer = 3  # seat 0 bids first
    lob.practice = practice
    return LocalSession.new(lob, threaded=threaded, **kw)


def run_bots(s):
    for _ in range(200):
        s.update(1.0)
        m = s.match
        if m.is_over or m.to_act is None or m.to_act in s.local_seats:
            return


def play_to_the_end(s: LocalSession, seed: int) -> None:
    """Seat 0 played by the simple bot, the others by the session's own bots, until the game is over."""
    bot, rng = make_bot("simple"), random.Random(seed)
    for _ in range(5000):
        m = s.match
        if m.is_over:
            break
        if m.phase.value == "hand_over":
            s.next_hand()
        elif m.to_act == 0:
            assert s.submit(0, bot.choose(s.view(0), BotContext(rng, budget_s=0.1))) is None
        else:
            run_bots(s)
    assert s.match.is_over


def test_take_back_a_card_after_the_bots_played_in_a_practice_game():
    s = session(practice=True)
    m = s.match
    assert s.undo_problem(0) == "you have not acted in this hand yet"
    assert s.submit(0, "bid 70") is None
    run_bots(s)
    # Play on to the tricks: the human takes whatever the bidding leaves.
    while s.match.phase.value != "play" or s.match.to_act != 0:
        m = s.match
        if m.to_act == 0:
            legal = m.legal_actions()
            action = "pass" if "pass" in legal else legal.sample(__import__("random").Random(1))
            assert s.submit(0, action) is None
        run_bots(s)
    before = s.match.to_record()
    card = next(iter(s.match.legal_actions()))
    assert s.submit(0, card) is None
    run_bots(s)
    assert s.match.to_act == 0
    assert len(s.match.hand.actions) > len(before["hands"][-1]["actions"]) + 1  # the bots answered
    assert s.practice
    assert s.undo(0) is None
    assert s.match.to_record() == before
    assert s.undos == 1
    # The autosave holds the record as if the card was never played, and the count of undos.
    s.close()  # the save's lock is the session's until it closes
    resumed = LocalSession.resume(threaded=False)
    assert resumed.match.to_record() == before and resumed.undos == 1
    resumed.close()


def test_a_bid_comes_back_only_while_the_bidding_goes_on():
    s = session(seed=7, practice=True)
    assert s.submit(0, "bid 70") is None
    s.update(0.0)  # one bot step at most per update with bot_delay 0
    assert s.match.phase.value == "bidding"
    assert s.undo(0) is None
    assert s.match.hand.actions == []
    assert s.submit(0, "bid 120") is None
    run_bots(s)
    if s.match.phase.value != "bidding":
        assert s.undo(0) == "the bidding is over (the nest has been turned up)"
    s.close()


def test_hot_seat_another_human_blocks_the_undo():
    s = session(humans=(0, 1))
    assert s.submit(0, "bid 70") is None
    # Seat 1 (a human) is to act: the table has passed to them.
    assert s.undo(0) == "P1 has seen the table since"
    assert s.submit(1, "pass") is None
    assert s.undo(0) == "P1 has acted since"
    assert s.undo(1) is None  # P1 may take back their own pass: only bots... none acted since
    assert s.match.hand.actions == ["bid 70"]
    s.close()


def test_bots_and_foreign_seats_cannot_undo():
    s = session()
    assert s.undo(2) == "that seat is not played at this screen"
    assert s.undo(9) == "that seat is not played at this screen"
    s.close()
    assert s.undo(0) == "the game is closed"


def test_a_bot_thinking_during_the_undo_is_forgotten():
    import threading

    from krook.bots import make_bot

    gate = threading.Event()

    class Slow:
        name = "slow"

        def choose(self, view, ctx):
            gate.wait(5)
            return make_bot("simple").choose(view, ctx)

    s = session(threaded=True, bot_factory=lambda strength: Slow())
    assert s.submit(0, "bid 70") is None
    s.update(0.0)
    assert s.seat_status(1) == "thinking"
    assert s.undo(0) is None
    gate.set()
    assert s.settle_bots(5)  # its answer is in: the session must drop it
    events = s.update(0.0)
    assert s.match.hand.actions == []
    assert not [e for e in events if getattr(e, "seat", None) == 1 and hasattr(e, "text")]
    assert match_from_record(s.match.to_record()).hand.actions == []
    s.close()


def test_an_answer_from_before_the_undo_is_dropped_when_the_game_is_back_at_its_version():
    """After a take-back the game can reach the same version by another road (bid 100 instead of 70): the
    bot's late answer to the old position (bid 75) must not be played there."""
    import threading

    from krook.rules import Bid, Pass
    from krook.session.base import ActionEvent, ErrorEvent

    gates = [threading.Event(), threading.Event()]
    calls: list[int] = []
    thinking = threading.Event()

    class Late:
        name = "late"

        def choose(self, view, ctx):
            n = len(calls)
            calls.append(view.version)
            thinking.set()
            gates[n].wait(5)
            return Bid(75) if n == 0 else Pass()

    s = session(threaded=True, bot_factory=lambda strength: Late())
    try:
        assert s.submit(0, Bid(70)) is None
        s.update(0.0)
        assert thinking.wait(5)  # (a question forgotten before the bot starts on it is never thought about)
        assert s.undo(0) is None
        gates[0].set()
        assert s.settle_bots(5)  # the old answer (bid 75 at version 1) is in
        assert s.submit(0, Bid(100)) is None  # version 1 again, seat 1 to act again
        s.update(0.0)  # seat 1 asked anew; its new answer waits on the second gate
        events = s.update(0.0)
        assert [str(a) for a in s.match.hand.actions] == [str(Bid(100))]
        assert not [e for e in events if isinstance(e, (ErrorEvent, ActionEvent))]
        gates[1].set()
        assert s.settle_bots(5)
        events = s.update(0.0)
        assert [e.action for e in events if isinstance(e, ActionEvent)] == [Pass()]
        assert calls[0] == calls[1]  # the same version, asked twice
    finally:
        for gate in gates:
            gate.set()
        s.close()


def test_the_games_summary_counts_undos_in_the_list_and_the_history(home):
    """A game with one move taken back: the kept game, its line in Watch a game and the history say so."""

    from scene_helpers import button, click, make_app

    from krook.scenes.archive.games_list import GamesScene
    from krook.session import finished, history

    s = session(practice=True)
    assert s.submit(0, "bid 70") is None
    run_bots(s)
    assert s.undo(0) is None and s.undos == 1
    play_to_the_end(s, seed=4)
    s.flush()
    s.close()
    (kept,) = finished.list_games()
    assert kept.undos == 1
    you = history.load_history().player(s.players[0])
    # a practice game: its take-back is in the kept game, its figures only in the practice line
    assert you is not None and you.practice.games == 1 and you.total.games == 0
    app = make_app()
    click(app, button(app.stack.top, "Watch a game").rect.center)
    games = app.stack.top
    assert isinstance(games, GamesScene) and "1 undo" in games.entries[0][0]
    assert "practice" in games.entries[0][0] and kept.practice


def play_to_the_last_trick(s, seed=1, tricks=None):
    """The human plays any legal move and the bots answer, until the human is to play in the last trick
    (or with ``tricks`` tricks taken)."""
    import random

    rng = random.Random(seed)
    for _ in range(400):
        m = s.match
        want = m.rules.hand_size - 1 if tricks is None else tricks
        if m.phase.value == "play" and len(m.hand.tricks) == want and m.to_act == 0:
            return
        assert m.phase.value != "hand_over", "the hand ended before the human's last card"
        if m.to_act == 0:
            assert s.submit(0, m.legal_actions().sample(rng)) is None
        run_bots(s)
    raise AssertionError("never reached the last trick")


def _trump_index(s):
    from krook.rules import Trump, as_action

    return next(i for i, a in enumerate(s.match.hand.actions) if isinstance(as_action(a), Trump))


def test_the_last_trick_exploit_is_refused_by_default():
    """Play to the last trick having seen most of the bots' cards, then take back to before the trump: a fair
    take-back stops at the first move another player made after yours."""
    for seed in (42, 7, 3):
        s = session(seed=seed)
        play_to_the_last_trick(s)
        if s.match.hand.bidder == 0:
            break
        s.close()
    else:
        raise AssertionError("the human never won the bid")
    assert not s.practice
    problem = s.undo_problem(0)
    assert problem is not None and "has moved since" in problem and "practice" in problem
    assert s.undo(0) == problem and s.undos == 0
    # Nothing can be taken back, one step or many: the trump stays.
    trump_at = _trump_index(s)
    assert len(s.match.hand.actions) > trump_at + 1
    s.close()


def test_the_last_trick_exploit_is_allowed_in_a_practice_game_and_the_game_is_practice(home):
    from krook.session import history

    for seed in (42, 7, 3):
        s = session(seed=seed, practice=True)
        play_to_the_last_trick(s)
        if s.match.hand.bidder == 0:
            break
        s.close()
    else:
        raise AssertionError("the human never won the bid")
    trump_at = _trump_index(s)
    for _ in range(60):
        if len(s.match.hand.actions) <= trump_at:
            break
        assert s.undo(0) is None
    assert len(s.match.hand.actions) == trump_at, "back to before the trump"
    assert s.match.phase.value == "trump" and s.match.to_act == 0
    # The game is saved as practice, and finished as practice: apart in the history.
    s.close()
    resumed = LocalSession.resume(threaded=False)
    assert resumed.practice and resumed.undos == s.undos

    play_to_the_end(resumed, seed=2)
    resumed.flush()
    resumed.close()
    you = history.load_history().player("P0")
    assert you is not None
    assert you.practice.games == 1 and you.total.games == 0 and you.presets == {} and you.recent == []


def test_a_card_comes_back_by_default_while_the_next_player_has_not_played():
    """Fair take-backs still mend a slip: the card just played, before anyone answers it."""
    s = session(seed=42)
    play_to_the_last_trick(s, tricks=2)
    before = s.match.to_record()
    card = next(iter(s.match.legal_actions()))
    assert s.submit(0, card) is None
    assert s.match.to_act != 0 and len(s.match.hand.actions) == len(before["hands"][-1]["actions"]) + 1
    assert s.undo(0) is None
    assert s.match.to_record() == before
    s.close()


def test_a_bid_comes_back_by_default_only_before_anyone_else_bids():
    s = session(seed=7)
    assert s.submit(0, "bid 70") is None
    assert s.undo(0) is None and s.match.hand.actions == []
    assert s.submit(0, "bid 70") is None
    s.update(0.0)  # the next bot bids or passes
    assert len(s.match.hand.actions) == 2
    problem = s.undo(0)
    assert problem is not None and "P1 has moved since" in problem
    s.close()
