"""Hostile record files and history files: a clear refusal or a usable result, never a crash."""

from __future__ import annotations

import json
import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from junk import json_junk

from krook.rules import Match, get_preset
from krook.session import finished, history
from krook.session.replay import Replay

_JUNK = json_junk(max_int=10**30, max_leaves=12)


def _record() -> dict:
    m = Match(get_preset("kentucky-discard").rules, ["A", "B", "C", "D"], seed=4)
    for action in ("bid 70", "pass", "pass", "pass"):
        m.apply(action)
    return m.to_record()


RECORD = _record()


def _mutate(record: dict, path: list, value: object) -> dict:
    out = json.loads(json.dumps(record))
    node = out
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
    last = path[-1] if path else 0
    if isinstance(node, dict) and node:
        node[sorted(node)[last % len(node)]] = value
    elif isinstance(node, list) and node:
        node[last % len(node)] = value
    return out


def _sent(tmp_path, data: object) -> dict | None:
    """``data`` written as a file someone sent and opened: the record, or None when refused with a reason."""
    file = tmp_path / "sent.json"
    file.write_text(json.dumps(data, allow_nan=True), encoding="utf-8")
    try:
        return finished.load_record_file(file)
    except finished.FinishedGameError as exc:
        assert str(exc)
        return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.integers(min_value=0, max_value=20), min_size=1, max_size=5), value=_JUNK)
def test_a_damaged_record_file_is_refused_or_replays(tmp_path, path, value):
    record = _sent(tmp_path, _mutate(RECORD, path, value))
    if record is None:
        return
    replay = Replay(record)
    for step in range(len(replay)):
        frame = replay.frame(step, 0)
        assert frame.hands == [] or replay.finished  # a game in progress never shows its hands


@settings(max_examples=150, deadline=None)
@given(players=_JUNK)
def test_any_history_content_reads_as_a_history(players):
    book = history.History.from_dict({"players": players})
    for name in book.names():
        record = book.player(name)
        assert record is not None
        total = record.total
        assert all(isinstance(getattr(total, f), int) for f in history.PresetStats.FIELDS)
        for line in record.recent:
            assert all(len(row) == len(line.columns) for row in line.series)
            assert math.isfinite(line.at)
    json.dumps(book.to_dict(), allow_nan=False)  # what would be saved is plain JSON


def test_hostile_players_in_a_history_file():
    nasty = {f"p{i}": {"name": "\u202e" * 3 + "x" * 10_000} for i in range(3)}
    book = history.History.from_dict({"players": nasty})
    assert all(len(n) <= 40 and n.isprintable() for n in book.names())


def _seat_record() -> dict:
    from krook.session.lan_games import seat_record_of

    m = Match(get_preset("kentucky-discard").rules, ["A", "B", "C", "D"], seed=4)
    rng = random.Random(4)
    for action in ("bid 70", "pass", "pass", "pass"):
        m.apply(action)
    while len(m.hand.tricks) < 2:  # the burial, trump and two tricks
        m.apply(m.legal_actions().sample(rng))
    return seat_record_of(m.to_record(), 1)


SEAT_RECORD = _seat_record()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=6), value=_JUNK)
def test_a_damaged_lan_seat_record_is_refused_or_shows_only_its_seat(tmp_path, path, value):
    """A seat record (what one LAN seat saw) from anyone: refused with a reason, or watched showing no card
    but that seat's own hand and the cards on the table."""
    from krook.session.seat_replay import SeatReplay

    record = _sent(tmp_path, _mutate(SEAT_RECORD, path, value))
    if record is None:
        return
    replay = SeatReplay(record)
    for step in range(len(replay)):
        frame = replay.frame(step, 0)
        assert frame.seat == replay.own_seat
        assert all(cards == [] for s, cards in enumerate(frame.hands) if s != replay.own_seat)
