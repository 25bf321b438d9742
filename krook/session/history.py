"""A player's history on this computer: games, hands bid, made and set by preset, streaks and partners.

One file (``history.json``) holds every human player's record by name. It is updated when a local game ends,
with the same atomic, versioned saves as the rest; a damaged file is set aside and history starts afresh.
Names are matched without regard to case or surrounding spaces (``Ann`` and ``ann `` are one player).

A practice game (unlimited take-backs) is kept apart: its figures go to the player's ``practice`` line only,
never into the presets, totals, streaks, best hand, partners or the chart.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from krook import paths, storage
from krook.rules import Rules
from krook.rules.scoring import HandResult
from krook.rules.settings import from_overrides

from .finished import game_title

log = logging.getLogger(__name__)

KIND = "krook-history"
VERSION = 1
FILE = "history.json"
RECENT = 20  # games whose score lines are kept for the chart
MAX_PLAYERS = 500


def history_path() -> Path:
    return paths.user_data_dir() / FILE


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _int(value: object) -> int:
    """A count from the file: whole numbers only; anything else (text, NaN, huge floats, bools) is 0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    if isinstance(value, float) and not math.isfinite(value):
        return 0
    return max(-(10**15), min(10**15, int(value)))  # room for a timestamp, bounded against huge values


def _str(value: object, limit: int = 40) -> str:
    """Text from the file: printable characters only (no direction overrides or controls), bounded."""
    if not isinstance(value, str):
        return ""
    return "".join(ch for ch in value[: limit * 4] if ch.isprintable())[:limit]


@dataclass
class PresetStats:
    """One preset's figures for a player."""

    games: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0  # the player's side's score change, summed over hands
    bid: int = 0  # hands the player won the bid
    made: int = 0
    set: int = 0
    bid_sum: int = 0

    FIELDS = ("games", "won", "hands", "points", "bid", "made", "set", "bid_sum")

    @classmethod
    def from_dict(cls, data: object) -> PresetStats:
        d = data if isinstance(data, dict) else {}
        return cls(*(_int(d.get(k)) for k in cls.FIELDS))

    def to_dict(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.FIELDS}

    def add(self, other: PresetStats) -> None:
        for k in self.FIELDS:
            setattr(self, k, getattr(self, k) + getattr(other, k))

    @property
    def average_bid(self) -> float | None:
        return self.bid_sum / self.bid if self.bid else None

    @property
    def average_points(self) -> float | None:
        return self.points / self.hands if self.hands else None


@dataclass
class Partner:
    name: str
    games: int = 0  # fixed partnerships: games on the same side
    won: int = 0
    hands: int = 0  # called partnerships: hands as the bidder and the called partner
    made: int = 0


@dataclass
class GameLine:
    """A recent game for the chart: each score column's running total after every hand."""

    at: float
    preset: str
    columns: list[str]
    side: int
    won: bool
    series: list[list[int]]  # series[hand][column]
    title: str = ""  # the game named by its settings (``finished.game_title``); "" in older files


@dataclass
class PlayerRecord:
    name: str
    presets: dict[str, PresetStats] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0
    biggest: int | None = None  # the most points the player's side scored in one hand
    biggest_preset: str = ""
    undos: int = 0
    partners: dict[str, Partner] = field(default_factory=dict)
    recent: list[GameLine] = field(default_factory=list)
    practice: PresetStats = field(default_factory=PresetStats)  # practice games, every preset together

    @property
    def total(self) -> PresetStats:
        out = PresetStats()
        for stats in self.presets.values():
            out.add(stats)
        return out

    # -- the file's form ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "presets": {k: v.to_dict() for k, v in self.presets.items()},
            "streak": self.streak,
            "best_streak": self.best_streak,
            "biggest": self.biggest,
            "biggest_preset": self.biggest_preset,
            "undos": self.undos,
            "partners": {k: vars(p).copy() for k, p in self.partners.items()},
            "recent": [vars(g).copy() for g in self.recent],
            "practice": self.practice.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> PlayerRecord | None:
        """Read back one player; returns None for an entry that is not a player at all."""
        if not isinstance(data, dict) or not _str(data.get("name")):
            return None
        presets = data.get("presets")
        partners = data.get("partners")
        biggest = data.get("biggest")
        record = cls(
            name=_str(data.get("name")),
            presets={
                _str(k): PresetStats.from_dict(v)
                for k, v in (presets.items() if isinstance(presets, dict) else [])
            },
            streak=_int(data.get("streak")),
            best_streak=_int(data.get("best_streak")),
            biggest=None if biggest is None else _int(biggest),
            biggest_preset=_str(data.get("biggest_preset")),
            undos=_int(data.get("undos")),
            practice=PresetStats.from_dict(data.get("practice")),
        )
        for key, p in partners.items() if isinstance(partners, dict) else []:
            if isinstance(p, dict) and _str(p.get("name")):
                record.partners[_str(key)] = Partner(
                    _str(p.get("name")),
                    _int(p.get("games")),
                    _int(p.get("won")),
                    _int(p.get("hands")),
                    _int(p.get("made")),
                )
        recent = data.get("recent")
        for g in (recent if isinstance(recent, list) else [])[-RECENT:]:
            line = _game_line(g)
            if line is not None:
                record.recent.append(line)
        return record


def _game_line(g: object) -> GameLine | None:
    if not isinstance(g, dict):
        return None
    columns = g.get("columns")
    series = g.get("series")
    if not isinstance(columns, list) or not isinstance(series, list) or not 1 <= len(columns) <= 8:
        return None
    rows = [
        [_int(v) for v in row] for row in series[:400] if isinstance(row, list) and len(row) == len(columns)
    ]
    side = _int(g.get("side"))
    return GameLine(
        at=float(_int(g.get("at"))),
        preset=_str(g.get("preset")),
        columns=[_str(c, 60) for c in columns],
        side=side if 0 <= side < len(columns) else 0,
        won=g.get("won") is True,
        series=rows,
        title=_str(g.get("title")),
    )


@dataclass
class History:
    players: dict[str, PlayerRecord] = field(default_factory=dict)
    problem: str | None = None  # why the file could not be read, when it could not

    def player(self, name: str) -> PlayerRecord | None:
        return self.players.get(name_key(name))

    def names(self) -> list[str]:
        """Players, the one with the most games first."""
        return [
            p.name for p in sorted(self.players.values(), key=lambda p: (-p.total.games, p.name.casefold()))
        ]

    def to_dict(self) -> dict[str, Any]:
        return {"players": {k: p.to_dict() for k, p in self.players.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> History:
        out = cls()
        players = data.get("players")
        for p in players.values() if isinstance(players, dict) else []:
            record = PlayerRecord.from_dict(p)
            if record is not None and len(out.players) < MAX_PLAYERS:
                out.players[name_key(record.name)] = record
        return out


def history_file(path: Path | None = None) -> storage.SaveFile:
    """The history's file: atomic saves with two backups to fall back on."""
    return storage.SaveFile(path or history_path(), KIND, VERSION, backups=2)


def load_history(path: Path | None = None) -> History:
    """Everyone's history; an empty one on a first run, or (with ``problem`` set) when nothing was usable."""
    try:
        loaded = history_file(path).load()
    except storage.MissingFileError:
        return History()
    except storage.StorageError as exc:
        log.warning("history not loaded: %s", exc)
        return History(problem=str(exc))
    return History.from_dict(loaded.data)


def save_history(history: History, path: Path | None = None) -> None:
    history_file(path).save(history.to_dict())


class ScoredGame(Protocol):
    """What the history counts of a finished game: a ``Match``, or what one LAN seat saw (``SeatGame``)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> list[str]: ...
    @property
    def preset(self) -> str: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def results(self) -> Sequence[HandResult]: ...
    def column_label(self, column: int) -> str: ...


@dataclass(frozen=True)
class SeatGame:
    """A finished LAN game as a client saw it: the score sheet, the players and the rules (no cards)."""

    rules: Rules
    players: list[str]
    preset: str
    winner: int | None
    results: list[HandResult]
    columns: list[str]

    def column_label(self, column: int) -> str:
        return self.columns[column] if 0 <= column < len(self.columns) else f"Column {column + 1}"


def game_from_seat_record(record: dict[str, Any]) -> SeatGame:
    """The history's view of a checked seat record (``krook.session.lan_games``)."""
    last = record["views"][-1]
    return SeatGame(
        rules=from_overrides(Rules(), record["rules"]),
        players=[str(p) for p in record["players"]],
        preset=str(record["preset"]),
        winner=last.get("winner"),
        results=[HandResult.from_dict(dict(r)) for r in record["results"]],
        columns=[str(c) for c in last["columns"]],
    )


def score_series(match: ScoredGame) -> list[list[int]]:
    """Each score column's running total after every scored hand."""
    totals = [0] * match.rules.team_count
    series = [list(totals)]
    for result in match.results:
        totals = [t + d for t, d in zip(totals, result.deltas, strict=True)]
        series.append(list(totals))
    return series


def add_game(
    history: History,
    match: ScoredGame,
    humans: list[int],
    undos: int = 0,
    at: float = 0.0,
    practice: bool = False,
) -> None:
    """Count a finished game for each human seat (a bot's seat has no history); a ``practice`` game only
    in each player's practice line."""
    rules = match.rules
    series = score_series(match)
    for seat in humans:
        name = match.players[seat]
        key = name_key(name)
        if not key:
            continue
        record = history.players.get(key)
        if record is None:
            if len(history.players) >= MAX_PLAYERS:
                continue
            record = history.players[key] = PlayerRecord(" ".join(name.split()))
        side = rules.side_of(seat)
        won = match.winner == side
        if practice:
            _count(record.practice, match, seat, won)
            continue
        stats = record.presets.setdefault(match.preset, PresetStats())
        _count(stats, match, seat, won)
        record.streak = record.streak + 1 if won else 0
        record.best_streak = max(record.best_streak, record.streak)
        record.undos += undos
        for result in match.results:
            if result.thrown_in:
                continue
            # In Call Partner the sides change each hand: the seat's own column is its side.
            delta = result.deltas[side]
            if record.biggest is None or delta > record.biggest:
                record.biggest, record.biggest_preset = delta, match.preset
            if rules.partnership == "called" and result.bidder is not None and result.partner is not None:
                pair = {result.bidder, result.partner}
                if seat in pair and len(pair) == 2:
                    other = (pair - {seat}).pop()
                    mate = _partner(record, match.players[other])
                    mate.hands += 1
                    mate.made += int(bool(result.made))
        if rules.partnership == "fixed":
            for other in range(rules.players):
                if other != seat and rules.side_of(other) == side:
                    mate = _partner(record, match.players[other])
                    mate.games += 1
                    mate.won += int(won)
        record.recent.append(
            GameLine(
                at,
                match.preset,
                [match.column_label(c) for c in range(rules.team_count)],
                side,
                won,
                series,
                game_title(match.preset, rules),
            )
        )
        del record.recent[:-RECENT]


def _count(stats: PresetStats, match: ScoredGame, seat: int, won: bool) -> None:
    """Add one finished game's figures for ``seat`` to ``stats``."""
    side = match.rules.side_of(seat)
    stats.games += 1
    stats.won += int(won)
    for result in match.results:
        if result.thrown_in:
            continue
        stats.hands += 1
        stats.points += result.deltas[side]
        if result.bidder == seat and result.bid is not None:
            stats.bid += 1
            stats.bid_sum += result.bid
            stats.made += int(bool(result.made))
            stats.set += int(result.made is False)


def _partner(record: PlayerRecord, name: str) -> Partner:
    key = name_key(name)
    mate = record.partners.get(key)
    if mate is None:
        mate = record.partners[key] = Partner(" ".join(name.split()))
    return mate


def record_game(
    match: ScoredGame,
    humans: list[int],
    undos: int = 0,
    at: float = 0.0,
    path: Path | None = None,
    practice: bool = False,
) -> None:
    """Load the history, count this game, save it, holding the file's lock so two running copies of Krook
    can't lose each other's games. Raises ``storage.StorageError`` when the disk fails or the lock stays
    taken for a few seconds."""
    lock = history_file(path).lock()
    for attempt in range(50):
        try:
            lock.acquire()
            break
        except storage.LockedError:
            if attempt == 49:
                raise
            time.sleep(0.1)
    try:
        history = load_history(path)
        add_game(history, match, humans, undos, at, practice)
        save_history(history, path)
    finally:
        lock.release()
