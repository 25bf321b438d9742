"""Game records round-trip; ``krook replay`` and ``krook sim`` behave as documented."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from krook.records import load_record, save_record
from krook.rules import Match, Phase, RecordError, Rules, match_from_record
from krook.rules.deal import deal_from_seed, hand_seed
from krook.tools.replay_sim import replay_summary


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "krook", *args], capture_output=True, text=True, timeout=120)


def finished_game(seed: int = 4) -> Match:
    from krook.bots import BotContext, SimpleBot

    match = Match(Rules(target=150), ["Ann", "Ben", "Cal", "Dee"], seed=seed)
    bot, rng = SimpleBot(), random.Random(seed)
    while not match.is_over and len(match.hands) < 60:
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
        else:
            match.apply(bot.choose(match.view(match.to_act), BotContext(rng)))
    return match


def test_unfinished_game_round_trips_exactly(tmp_path: Path) -> None:
    match = Match(Rules(), ["Ann", "Ben", "Cal", "Dee"], seed=5)
    rng = random.Random(5)
    for _ in range(23):
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
        else:
            match.apply(match.legal_actions().sample(rng))
    save_record(match, tmp_path / "game.json")
    again = load_record(tmp_path / "game.json")
    assert again.to_record() == match.to_record()
    assert again.view(2) == match.view(2) and again.to_act == match.to_act
    # the rebuilt game carries on identically
    action = match.legal_actions().sample(random.Random(1))
    match.apply(action)
    again.apply(action)
    assert again.to_record() == match.to_record()


def test_hand_may_be_given_by_seed() -> None:
    record = Match(Rules(), seed=3).to_record()
    seed = hand_seed(3, 0)
    record["hands"][0] = {"dealer": 0, "seed": seed, "actions": ["bid 70", "pass", "pass", "pass"]}
    match = match_from_record(record)
    assert match.hand.dealt == tuple(deal_from_seed(Rules(), 0, seed)[0])
    assert match.phase is Phase.DISCARD


def test_overrides_use_setting_names() -> None:
    record = Match(Rules(target=500), seed=1).to_record()
    assert record["rules"] == {"preset": "kentucky-discard", "overrides": {"target": 500}}
    assert match_from_record(record).rules.target == 500


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="krook-record/9"), "unknown record format"),
        (lambda r: r.update(hands=[]), "non-empty list"),
        (lambda r: r["rules"].update(overrides={"nest_size": 3}), "nest_size"),
        (lambda r: r["hands"][0].update(dealer=9), "dealer 9 is not a seat"),
        (lambda r: r["hands"][0]["deal"]["hands"][0].pop(), "has 8 cards"),
        (lambda r: r["hands"][0]["actions"].insert(0, "play R5"), "hand 1, action 1 ('play R5')"),
        (lambda r: r["hands"][0]["actions"].insert(0, 7), "an action is a text"),
    ],
)
def test_malformed_records_are_explained(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    record = Match(Rules(), seed=2).to_record()
    record["hands"][0]["actions"] = ["bid 70", "pass"]
    mutate(record)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        match_from_record(record)


def test_replay_json_matches_the_game(tmp_path: Path) -> None:
    match = finished_game()
    assert match.is_over
    path = tmp_path / "game.json"
    save_record(match, path)
    done = run_cli("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary == json.loads(json.dumps(replay_summary(match)))
    assert summary["winner"] == match.winner and summary["scores"] == match.scores
    first = summary["hands"][0]
    assert set(first) == {"dealer", "bidder", "bid", "trump", "made", "captured", "deltas"}
    text = run_cli("replay", str(path))
    assert text.returncode == 0 and "winner" in text.stdout
    # the text names players, sides and colours; the seat and column numbers stay in the JSON
    bidder = match.players[first["bidder"]]
    assert f"  hand 1: {bidder} bid {first['bid']} in " in text.stdout, text.stdout
    assert f"winner: {match.column_label(match.winner)}" in text.stdout and "seat " not in text.stdout


def test_replay_reads_the_finished_games_krook_keeps_and_says_why_it_cannot_read_a_seats_record(
    home: Path,
) -> None:
    """The files in the saved-games folder (Settings, Saved games) wrap their record: ``krook replay`` reads them
    as ``krook review`` and the window's Finished games do (before, it refused them as an unknown format)."""
    from krook.session import finished

    match = finished_game(seed=6)
    kept = finished.keep(match, humans=[0])
    assert json.loads(kept.read_text(encoding="utf-8"))["format"] == "krook-finished/1"
    done = run_cli("replay", str(kept), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(replay_summary(match)))
    from krook.session.lobby import Lobby
    from krook.session.local import LocalSession, save_path

    LocalSession.new(Lobby.default(), threaded=False)._save()
    for tool in ("replay", "review"):
        done = run_cli(tool, str(save_path()))
        assert done.returncode == 2 and done.stdout == "", (tool, done.stdout)
        assert "autosave.json is the game in progress" in done.stderr and "Traceback" not in done.stderr, tool
    seat = home / "seat.json"
    seat.write_text(json.dumps({"format": "krook-seat-record/1", "seat": 0}), encoding="utf-8")
    done = run_cli("replay", str(seat))
    assert done.returncode == 2 and done.stdout == ""
    assert "seat.json" in done.stderr and "Traceback" not in done.stderr


def test_replay_of_an_illegal_action_exits_2_with_nothing_on_stdout(tmp_path: Path) -> None:
    record = Match(Rules(), seed=2).to_record()
    record["hands"][0]["actions"] = ["bid 70", "bid 70"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    done = run_cli("replay", str(path), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert "hand 1, action 2 ('bid 70'): a bid must beat 70" in done.stderr
    path.write_text("{not json")
    done = run_cli("replay", str(path))
    assert done.returncode == 2 and done.stdout == "" and "not valid JSON" in done.stderr


def test_sim_prints_a_summary() -> None:
    done = run_cli("sim", "--preset", "call-partner", "--games", "2", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and summary["hands"] > 0 and summary["hands_per_second"] > 0
    assert 0 <= summary["bids_made"] <= summary["bid_hands"]
    text = run_cli("sim", "--games", "1")
    assert "hands per second" in text.stdout
    assert run_cli("sim", "--preset", "nope").returncode == 2


def test_replay_and_review_print_names_from_a_record_whatever_they_hold(tmp_path: Path) -> None:
    """Names come from the file: a lone surrogate crashed both commands (UnicodeEncodeError), and a bidi override
    or a NUL reached the terminal as it was. They print through the same text gate as the screen."""
    match = finished_game(seed=5)
    record = match.to_record()
    record["players"] = ["\ud800Ann", "B\u202eob", "C\x00al", "D" * 5000]
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(record), encoding="utf-8")  # JSON escapes the surrogate: the file is valid
    for args in (["replay", str(path)], ["review", str(path), "--hand", "1"]):
        done = run_cli(*args)
        assert done.returncode == 0 and "Traceback" not in done.stderr, (args, done.stderr[-500:])
        assert done.stdout and not any(ch in done.stdout for ch in "\u202e\x00"), args
        assert all(len(line) <= 4000 for line in done.stdout.splitlines())


@pytest.mark.parametrize(
    "content",
    [b"[" * 5000, b'{"format": "krook-record/1", "n": ' + b"9" * 5000 + b"}", b"\xff\xfe"],
    ids=["nested too deeply", "a number too long", "not UTF-8"],
)
def test_a_hostile_record_file_is_a_record_error(tmp_path: Path, content: bytes) -> None:
    """Before: nesting deeper than the stack raised RecursionError, which no caller expects."""
    path = tmp_path / "sent.json"
    path.write_bytes(content)
    with pytest.raises(RecordError):
        load_record(path)
