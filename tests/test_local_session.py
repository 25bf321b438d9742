"""LocalSession: bots off the main thread on views only, ordered events, autosave and resume."""

from __future__ import annotations

import inspect
import threading
import time

import pytest

from krook.rules import SeatView
from krook.session.base import ActionEvent, HandOverEvent, Session
from krook.session.local import Lobby, LocalSession, SeatConfig, has_saved_game, save_path


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KROOK_HOME", str(tmp_path))
    return tmp_path


def lobby(preset="kentucky-discard", humans=(0,), seed=42):
    lob = Lobby.default()
    lob.preset = preset
    n = lob.rules().players
    lob.seats = [SeatConfig(f"P{i}", "human" if i in humans else "bot", "simple") for i in range(n)]
    lob.seed = seed
    return lob


def pump(session, until, timeout=10.0):
    events = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        events += session.update(0.01)
        if until(session):
            return events
        time.sleep(0.001)
    raise AssertionError("timed out")


def test_satisfies_the_protocol_and_lists_local_seats():
    s = LocalSession.new(lobby(humans=(0, 2)))
    # every member of the Session protocol is there, methods with the protocol's parameters
    members = [name for name in vars(Session) if not name.startswith("_")] + list(Session.__annotations__)
    assert {"view", "submit", "update", "next_hand", "close", "local_seats", "players"} <= set(members)
    for name in members:
        assert hasattr(s, name), name
        wanted = getattr(Session, name, None)
        if inspect.isfunction(wanted):
            assert (
                list(inspect.signature(getattr(s, name)).parameters)
                == list(inspect.signature(wanted).parameters)[1:]
            ), name
    assert s.local_seats == [0, 2]
    assert s.players == ["P0", "P1", "P2", "P3"]
    assert s.seat_status(1) == "bot" and s.seat_status(0) == "human"
    s.close()


def test_bots_get_views_on_a_worker_thread(monkeypatch):
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view, ctx):
            seen.append((type(view), threading.current_thread() is threading.main_thread()))
            return view.legal_actions().choice(ctx.rng)

    monkeypatch.setattr("krook.session.local.make_bot", lambda strength: Spy())
    s = LocalSession.new(lobby(humans=()))
    pump(s, lambda s: len(seen) >= 6)
    assert all(kind is SeatView and not on_main for kind, on_main in seen)
    s.close()


def test_an_unknown_strength_is_an_error_when_the_lobby_is_read():
    from krook.session.local import LobbyError

    saved = Lobby.default().to_dict()
    saved["seats"][1]["strength"] = "no-such-bot"
    with pytest.raises(LobbyError, match="no-such-bot"):
        Lobby.from_dict(saved)
    with pytest.raises(LobbyError, match="kind"):
        SeatConfig("Ann", "robot")
    assert Lobby.from_dict(Lobby.default().to_dict()).seats[1].strength == "medium"


def test_human_submit_errors_and_public_discard_text():
    s = LocalSession.new(lobby(humans=(0, 1, 2, 3)))
    m = s.match
    first = m.to_act
    assert s.submit((first + 1) % 4, "pass") == "it is not your turn"
    assert s.submit(first, "bid 5") == "the minimum bid is 70"
    assert "unknown action" in s.submit(first, "dance")
    assert s.submit(first, "bid 70") is None
    for _ in range(3):
        assert s.submit(m.to_act, "pass") is None
    bidder = m.to_act
    rule = s.view(bidder).discard
    cards = rule["allowed"][: rule["count"]]
    assert s.submit(bidder, "discard " + " ".join(cards)) is None
    events = s.update(0)
    texts = [e.text for e in events if isinstance(e, ActionEvent)]
    assert texts[-1] == "discard 5 cards"
    versions = [e.version for e in events if isinstance(e, ActionEvent)]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    s.close()


def test_a_whole_game_of_bots_ends_and_removes_the_save(monkeypatch):
    from krook.bots import make_bot

    monkeypatch.setattr("krook.session.local.make_bot", lambda strength: make_bot("random"))
    lob = lobby("three-handed", humans=())
    lob.overrides = {"target": 100}
    s = LocalSession.new(lob)
    s.flush()
    assert has_saved_game()
    hands = 0

    def done(s):
        nonlocal hands
        if s.match.phase.value == "hand_over":
            s.next_hand()
            hands += 1
        return s.match.is_over

    events = pump(s, done, timeout=60)
    assert any(isinstance(e, HandOverEvent) for e in events)
    s.flush()
    assert not has_saved_game()
    s.close()


def test_autosave_after_every_action_and_resume():
    s = LocalSession.new(lobby(humans=(0, 1, 2, 3)))
    m = s.match
    s.submit(m.to_act, "bid 70")
    s.submit(m.to_act, "pass")
    version = s.version
    record = m.to_record()
    s.close()
    r = LocalSession.resume()
    assert r.version == version
    assert r.match.to_record() == record
    assert r.lobby.seats[0].name == "P0" and r.local_seats == [0, 1, 2, 3]
    r.close()


def test_corrupt_save_is_moved_aside():
    from krook import storage

    path = save_path()
    path.write_text("{broken", encoding="utf-8")
    with pytest.raises(storage.CorruptFileError):
        LocalSession.resume()
    assert not path.exists()
    # a save that is valid JSON but does not replay
    storage.save_json(
        path, "krook-save", 1, {"record": {"format": "krook-record/1", "hands": []}, "lobby": {}}
    )
    with pytest.raises(storage.CorruptFileError):
        LocalSession.resume()
    assert not path.exists()


def test_a_redeal_out_of_turn_from_a_local_seat(monkeypatch):
    """With redeal_any_time a seat without counters calls a redeal at any moment of the bidding (RULES.md)."""
    from rules_helpers import scripted_deal

    from krook.rules import Match, Redeal, get_preset

    rules = get_preset("kentucky-discard").rules.replace(no_counter_redeal=True, redeal_any_time=True)
    no_counters = ["R6", "R7", "R8", "R9", "R11", "R12", "R13", "Y6", "Y7"]
    match = Match(rules, first_dealer=0, deal=scripted_deal(rules, {2: no_counters}))
    s = LocalSession(match, lobby(humans=(0, 1, 2, 3)), threaded=False, autosave=False)
    assert match.to_act == 1
    assert s.submit(0, Redeal()) == "it is not your turn", "seat 0 holds counters"
    assert s.submit(2, Redeal()) is None
    events = [e for e in s.update(0) if isinstance(e, ActionEvent)]
    assert (events[-1].seat, events[-1].text) == (2, "redeal")
    assert match.hand.thrown_in and match.next_dealer == 0
    s.close()


def test_two_humans_at_one_screen_are_not_both_called_you():
    """The one-player default name "You" would make the curtain say "Pass to You" to a second player."""
    lob = lobby(humans=(0, 1))
    lob.seats[0].name = "You"
    lob.seats[1].name = "Player 1"  # taken already: seat 0's new name must not repeat it
    names = LocalSession.new(lob, autosave=False).match.players
    assert names[:2] == ["Player 2", "Player 1"]
    lob.seats[1].name = "Ada"
    assert LocalSession.new(lob, autosave=False).match.players[:2] == ["Player 1", "Ada"]


def test_one_human_keeps_the_name_you():
    lob = lobby(humans=(0,))
    lob.seats[0].name = "You"
    assert LocalSession.new(lob, autosave=False).match.players[0] == "You"


def test_a_bot_thinks_during_the_pause_and_moves_only_after_it(monkeypatch):
    """The bot-speed pause and the bot's think overlap: a hard bot's half second of search no longer comes on
    top of the table's pause."""
    entered = threading.Event()
    release = threading.Event()

    class Slow:
        name = "slow"

        def choose(self, view, ctx):
            entered.set()
            release.wait(10)
            return view.legal_actions().choice(ctx.rng)

    s = LocalSession.new(lobby(humans=()), bot_delay=5.0, autosave=False, bot_factory=lambda strength: Slow())
    try:
        version = s.version
        s.update(0.01)
        assert entered.wait(5), "the bot was not asked to think until the pause was over"
        release.set()
        assert s.settle_bots(10)
        s.update(1.0)
        assert s.version == version, "the move landed before the pause was over"
        s.update(4.0)
        assert s.version == version + 1, "the move did not land once the pause and the think were both over"
    finally:
        release.set()
        s.close()
