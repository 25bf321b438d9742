"""Finished games kept and exported, and each player's history, from whole games played in sessions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from krook import storage
from krook.bots import BotContext, make_bot
from krook.rules import match_from_record
from krook.session import finished, history
from krook.session.local import Lobby, LocalSession, SeatConfig


@pytest.fixture(autouse=True)
def _home(home):
    return home


def play_game(names=("Ann", "Bob", "Cy", "Di"), humans=(0,), seed=3, preset="kentucky-discard", target=200):
    lob = Lobby.default()
    lob.preset = preset
    n = lob.rules().players
    lob.seats = [SeatConfig(names[i], "human" if i in humans else "bot", "simple") for i in range(n)]
    lob.seed = seed
    lob.overrides = {"target": target}
    s = LocalSession.new(lob, threaded=False)
    bot = make_bot("simple")
    rng = random.Random(seed)
    for _ in range(5000):
        m = s.match
        if m.is_over:
            break
        if m.phase.value == "hand_over":
            s.next_hand()
        elif m.to_act in s.local_seats:
            action = bot.choose(s.view(m.to_act), BotContext(rng, budget_s=0.1))
            assert s.submit(m.to_act, action) is None
        else:
            s.update(1.0)
    assert s.match.is_over
    s.close()
    return s.match


def test_a_finished_game_is_kept_listed_and_exported(home):
    match = play_game()
    games = finished.list_games()
    assert len(games) == 1
    g = games[0]
    assert g.players == ("Ann", "Bob", "Cy", "Di") and g.humans == (0,)
    assert g.preset == "kentucky-discard" and list(g.scores) == match.scores
    assert g.winner == match.winner and g.hands == len(match.hands)
    # the winner and the winner's score first, whatever column the winner is in
    assert g.result_text.startswith(f"{g.columns[match.winner]} won {match.scores[match.winner]} – ")
    record = finished.load_kept(g.path)
    assert match_from_record(record).to_record() == match.to_record()
    out = finished.export(record, home / "shared")
    sent = json.loads(out.read_text(encoding="utf-8"))
    assert sent["format"] == "krook-record/1"
    assert finished.load_record_file(out) == record
    # A kept game's file opens as a record file too, and a game in progress is never exported.
    assert finished.load_record_file(g.path) == record
    unfinished = dict(record, hands=record["hands"][:1])
    unfinished["hands"] = [dict(unfinished["hands"][0], actions=unfinished["hands"][0]["actions"][:5])]
    with pytest.raises(finished.FinishedGameError, match="only a finished game"):
        finished.export(unfinished, home / "shared")


def test_damaged_and_hostile_files(home):
    play_game()
    folder = finished.games_dir()
    (folder / "29990101-000000-1.json").write_text("{not json", encoding="utf-8")
    storage.save_json(folder / "29990101-000000-2.json", finished.KIND, finished.VERSION, {"summary": "x"})
    storage.save_json(
        folder / "29990101-000000-3.json",
        finished.KIND,
        finished.VERSION,
        {"summary": {"finished_at": 1, "players": ["A" * 5000], "columns": [], "scores": ["NaN"]}},
    )
    assert len(finished.list_games()) == 1  # the three bad ones are left out
    assert any(p.name.startswith("29990101-000000-1.json.corrupt") for p in folder.iterdir())
    bad = home / "bad.json"
    for text in ("[1, 2]", '{"format": "krook-record/1", "hands": "x"}', "\u0000\ud800", "9" * 5000):
        bad.write_text(text, encoding="utf-8", errors="surrogatepass")
        with pytest.raises(finished.FinishedGameError):
            finished.load_record_file(bad)
    with pytest.raises(finished.FinishedGameError, match="does not exist"):
        finished.load_record_file(home / "missing.json")


def test_only_the_newest_games_are_kept(monkeypatch):
    monkeypatch.setattr(finished, "KEEP", 2)
    for seed in (1, 2, 3):
        play_game(seed=seed)
    assert len(finished.list_games()) == 2


def test_history_counts_games_hands_streaks_and_partners():
    first = play_game(names=("Ann", "Bob", "Cy", "Di"), humans=(0, 2), seed=3)
    second = play_game(names=("ann ", "Bob", "Cy", "Di"), humans=(0,), seed=4)
    h = history.load_history()
    ann = h.player("ANN")
    assert ann is not None and ann.name == "Ann"
    stats = ann.presets["kentucky-discard"]
    assert stats.games == 2
    wins = [m.winner == 0 for m in (first, second)]
    assert stats.won == sum(wins)
    longest = run = 0
    for won in wins:
        run = run + 1 if won else 0
        longest = max(longest, run)
    assert ann.best_streak == longest and ann.streak == run
    results = [r for m in (first, second) for r in m.results if not r.thrown_in]
    assert stats.hands == len(results)
    assert stats.points == sum(r.deltas[0] for r in results)
    bids = [r for r in results if r.bidder == 0]
    assert stats.bid == len(bids) and stats.made + stats.set == len(bids)
    assert stats.bid_sum == sum(r.bid for r in bids)
    assert ann.biggest == max(r.deltas[0] for r in results)
    assert ann.partners[history.name_key("Cy")].games == 2  # seat 2 is Ann's partner in both games
    assert h.player("Cy").presets["kentucky-discard"].games == 1  # a human in the first game only
    assert h.player("Bob") is None  # bots have no history
    assert len(ann.recent) == 2 and ann.recent[-1].series[-1] == second.scores


def test_called_partner_records_count_hands():
    match = play_game(names=("Ann", "Bob", "Cy", "Di", "Ed"), preset="call-partner", seed=5)
    ann = history.load_history().player("Ann")
    called = [
        r
        for r in match.results
        if r.bidder is not None
        and r.partner is not None
        and r.bidder != r.partner
        and 0 in (r.bidder, r.partner)
    ]
    assert sum(p.hands for p in ann.partners.values()) == len(called)


def test_a_damaged_or_hostile_history_file_starts_afresh(home):
    path = history.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\x00garbage", encoding="utf-8")
    h = history.load_history()
    assert h.players == {} and h.problem and "damaged" in h.problem
    hostile = {
        "players": {
            "a": {
                "name": "Ann",
                "presets": {"x": {"games": "NaN", "won": 1e300, "hands": True}},
                "streak": [1],
            },
            "b": {"name": 5},
            "c": "nonsense",
            "d": {"name": "Dee", "recent": [{"columns": ["x"], "series": [[1], [2, 3], "q"]}, 7]},
        }
    }
    storage.save_json(path, history.KIND, history.VERSION, hostile)
    h = history.load_history()
    assert h.names() == ["Ann", "Dee"]
    assert h.player("Ann").presets["x"].games == 0 and h.player("Ann").presets["x"].won == 10**15
    assert h.player("Dee").recent[0].series == [[1]]
    storage.save_json(path, history.KIND, 99, {"players": {}})
    h = history.load_history()
    assert h.players == {} and "newer" in (h.problem or "")


def test_history_waits_for_another_copy_of_krook_and_falls_back_to_a_backup(monkeypatch):
    import threading
    import time
    import types

    first = play_game(seed=3)
    lock = history.history_file().lock()
    lock.acquire()  # another running Krook is writing the history
    done = threading.Event()
    refused = threading.Event()

    def pause(seconds):
        refused.set()  # the worker found the lock taken and waits before trying again
        time.sleep(min(seconds, 0.01))

    monkeypatch.setattr(history, "time", types.SimpleNamespace(sleep=pause, time=time.time))

    def record():
        history.record_game(first, [0], 0, 1.0)
        done.set()

    worker = threading.Thread(target=record)
    worker.start()
    assert refused.wait(10), "the worker never met the other copy's lock"
    # It waits for the lock rather than overwrite the other copy's work: nothing counted yet.
    assert not done.is_set()
    assert history.load_history().player("Ann").total.games == 1
    lock.release()
    worker.join(10)
    assert done.is_set()
    assert history.load_history().player("Ann").total.games == 2  # play_game's own game, and this one
    # A damaged file: the history comes back from the save before it.
    history.history_path().write_text("{damaged", encoding="utf-8")
    back = history.load_history()
    assert back.problem is None and back.player("Ann").total.games == 1


def test_the_result_line_names_the_winners_score_first():
    from pathlib import Path

    game = finished.FinishedGame(
        Path("g.json"), 0.0, ("You", "Ada", "Ben", "Cleo"), (0,), "kentucky-discard",
        ("You & Ben", "Ada & Cleo"), (-90, 315), 1, 5, 0,
    )  # fmt: skip
    assert game.result_text == "Ada & Cleo won 315 – -90"


def test_a_record_file_that_is_a_pipe_a_device_or_endless_is_refused_without_waiting_or_reading_it_all(home):
    """Open file, a dropped file, krook replay and krook review read through one loader: a named pipe used to
    block it (opening waits for a writer), /dev/zero to fill memory (its size says 0)."""
    import os
    import threading

    fifo = home / "pipe.json"
    os.mkfifo(fifo)
    outcome: list[str] = []

    def load() -> None:
        try:
            finished.load_record_file(fifo)
        except finished.FinishedGameError as exc:
            outcome.append(str(exc))

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # unblock the reader before failing, so the test run is not left hanging
        with open(fifo, "w"):
            pass
    assert outcome == ["pipe.json is not a file"]
    with pytest.raises(finished.FinishedGameError, match="zero is not a file"):
        finished.load_record_file(Path("/dev/zero"))
    big = home / "big.json"
    big.write_bytes(b" " * (storage.MAX_FILE_BYTES + 1))
    with pytest.raises(finished.FinishedGameError, match="far too large"):
        finished.load_record_file(big)
