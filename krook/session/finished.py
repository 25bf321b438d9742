"""Finished games kept on this computer: one file each in the data folder, listed newest first, exportable.

A game is kept when it ends (``LocalSession`` calls :func:`keep`), so a kept record may be watched with every
hand face up. An unfinished game replaced by a new one is kept too, marked abandoned (:func:`keep_replaced`);
the replay viewer keeps its hands hidden, as for any game in progress. The oldest files beyond :data:`KEEP`
are removed.
"""

from __future__ import annotations

import json
import logging
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from krook import paths, storage
from krook.rules import PRESETS, SETTING_SPECS, KrookError, Match, Rules, match_from_record
from krook.rules.words import COLOUR_WORDS

log = logging.getLogger(__name__)

KIND = "krook-finished"
VERSION = 1
# The autosave's kind: written by session/local.py (which keeps finished games through this module), named here
# so that the readers of game files can refuse it with the reason.
AUTOSAVE_KIND = "krook-save"
FOLDER = "games"
EXPORT_FOLDER = "exports"
KEEP = 200


class FinishedGameError(ValueError):
    """A kept game or a record file that cannot be used; the message says which file and why."""


@dataclass(frozen=True)
class FinishedGame:
    """One line of the list of finished games (the record itself is read only when the game is opened)."""

    path: Path
    finished_at: float
    players: tuple[str, ...]
    humans: tuple[int, ...]
    preset: str
    columns: tuple[str, ...]
    scores: tuple[int, ...]
    winner: int | None
    hands: int
    undos: int
    seat_only: int | None = None  # a LAN game kept by a client: the seat whose view alone was kept
    abandoned: bool = False  # replaced by a new game before it ended (its hands stay hidden)
    title: str = ""  # the game's name by its settings (``Kentucky Discard, to 50``); older files have none
    practice: bool = False  # played with unlimited take-backs (kept apart in the history)

    @property
    def name(self) -> str:
        return self.title or preset_title(self.preset)

    @property
    def date_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.finished_at))

    @property
    def result_text(self) -> str:
        scores = " – ".join(str(s) for s in self.scores)
        if self.abandoned:
            return f"abandoned at hand {self.hands}, {scores.replace('-', chr(0x2212))}"
        if self.winner is None or not 0 <= self.winner < len(self.columns):
            return scores
        # the winner's score first: "Ada & Cleo won 315 – -90", never "won -90 – 315"
        order = [self.winner] + [i for i in range(len(self.scores)) if i != self.winner]
        return f"{self.columns[self.winner]} won {' – '.join(str(self.scores[i]) for i in order)}"


def preset_title(name: str) -> str:
    """A preset's title for people (``Kentucky Discard``); a custom or unknown name as it is."""
    preset = PRESETS.get(name)
    return preset.title if preset is not None else name


def game_title(preset: str, rules: Rules) -> str:
    """A game's name for people: its preset's title, and what it changed from the preset (``Kentucky Discard,
    to 50``), so a custom game is never listed as the preset it started from."""
    base = PRESETS.get(preset)
    if base is None:
        return preset or "Custom game"
    changed = [s for s in SETTING_SPECS if getattr(rules, s.name) != getattr(base.rules, s.name)]
    parts = [f"to {rules.target}" for s in changed if s.name == "target"]
    others = [s for s in changed if s.name != "target"]
    parts += [_setting_words(s.name, s.label, getattr(rules, s.name)) for s in others[:2]]
    if len(others) > 2:
        parts.append(f"{len(others) - 2} more change{'s' if len(others) > 3 else ''}")
    return ", ".join([base.title, *parts])


def _setting_words(name: str, label: str, value: object) -> str:
    if name == "practice_trump" and isinstance(value, str):
        return f"practice, {COLOUR_WORDS.get(value, value)} trump"
    if isinstance(value, bool) or value is None:
        words = "on" if value else "off"
    else:
        words = str(value).replace("_", " ")
    return f"{label.lower()} {words}"


def games_dir() -> Path:
    return paths.user_data_dir() / FOLDER


def export_dir() -> Path:
    """Where exported records go: ``exports`` in the data folder (shown to the player after an export)."""
    return paths.user_data_dir() / EXPORT_FOLDER


def summary(
    match: Match, humans: list[int], undos: int, finished_at: float, practice: bool = False
) -> dict[str, Any]:
    """The list line of a game, stored beside its record so the list never replays a game."""
    return {
        "finished_at": finished_at,
        "players": list(match.players),
        "humans": list(humans),
        "preset": match.preset,
        "title": game_title(match.preset, match.rules),
        "columns": [match.column_label(c) for c in range(match.rules.team_count)],
        "scores": list(match.scores),
        "winner": match.winner,
        "hands": len(match.hands),
        "undos": undos,
        "practice": practice,
    }


def keep(
    match: Match, humans: list[int], undos: int = 0, now: float | None = None, practice: bool = False
) -> Path:
    """Store a finished game; returns its file. Raises ``storage.StorageWriteError`` when the disk fails."""
    if not match.is_over:
        raise FinishedGameError("only a finished game is kept (a game in progress would show hidden hands)")
    now = time.time() if now is None else now
    folder = games_dir()
    stem = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{match.seed}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    data = {"summary": summary(match, humans, undos, now, practice), "record": match.to_record()}
    storage.save_json(path, KIND, VERSION, data)
    prune()
    return path


def keep_abandoned(
    match: Match,
    humans: list[int],
    undos: int = 0,
    now: float | None = None,
    lobby: dict[str, Any] | None = None,
) -> Path:
    """Store an unfinished game a new game replaced, marked abandoned, with its lobby (who played each
    seat) so it can be played on; returns its file."""
    if match.is_over:
        return keep(match, humans, undos, now)
    now = time.time() if now is None else now
    path = _new_file(games_dir(), time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{match.seed}")
    data = {
        "summary": {**summary(match, humans, undos, now), "abandoned": True},
        "record": match.to_record(),
        "lobby": lobby or {},
    }
    storage.save_json(path, KIND, VERSION, data)
    prune()
    return path


def _saved_game(store: storage.SaveFile) -> tuple[Match, list[int], int, dict[str, Any]] | None:
    """The unfinished game in an autosave: the match, its human seats, take-backs and its lobby; None when
    there is none."""
    try:
        data = store.load(repair=False).data
        match = match_from_record(data.get("record"))
    except (storage.StorageError, KrookError) as exc:
        log.info("no saved game to keep: %s", exc)
        return None
    if match.is_over:
        return None
    lobby = data.get("lobby")
    seats = lobby.get("seats") if isinstance(lobby, dict) else None
    humans = [
        i for i, seat in enumerate(seats or []) if isinstance(seat, dict) and seat.get("kind") == "human"
    ]
    undos = data.get("undos")
    undos = undos if isinstance(undos, int) and not isinstance(undos, bool) else 0
    return match, humans, undos, lobby if isinstance(lobby, dict) else {}


def describe_saved(store: storage.SaveFile) -> str | None:
    """The unfinished saved game in plain words (``Your game against Ada, Ben and Cleo, hand 3, 105–255``);
    None when there is none. Only reads: the game may be open in another window."""
    found = _saved_game(store)
    if found is None:
        return None
    match, humans = found[0], found[1]
    others = [name for i, name in enumerate(match.players) if i not in humans] or list(match.players)
    names = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    word = "against" if humans else "of"
    # a real minus sign, and spaces around the dash, so "-80–60" reads as two scores
    scores = " – ".join(str(score).replace("-", "\u2212") for score in match.scores)
    return f"Your game {word} {names}, hand {len(match.hands)}, {scores}"


def keep_replaced(store: storage.SaveFile) -> Path | None:
    """A new game is about to take the autosave: keep its unfinished game in the list, marked abandoned,
    then remove the autosave and its backups so the new game's saves never roll over a copy of the old one.
    Returns where the old game is kept; None when there was none, or it stays where it is (open in another
    window, a folder Krook may not write to, or it could not be kept)."""
    if not store.exists():
        return None
    lock = store.lock()
    try:
        lock.acquire()
    except storage.StorageError as exc:
        log.info("the saved game stays where it is: %s", exc)
        return None
    try:
        found = _saved_game(store)
        if found is None:
            return None
        try:
            match, humans, undos, lobby = found
            kept = keep_abandoned(match, humans, undos, lobby=lobby)
        except storage.StorageError as exc:
            log.warning("the replaced game could not be kept, so its save stays: %s", exc)
            return None
        store.discard()
        log.info("the replaced game is kept as %s", kept.name)
        return kept
    finally:
        lock.release()


def play_on(path: Path, store: storage.SaveFile) -> None:
    """Make an abandoned game the saved game again (Continue then resumes it). An unfinished game saved
    now is kept as abandoned in its turn, so nothing is lost; the abandoned file is removed once the
    autosave holds the game. Raises FinishedGameError, or a ``storage.StorageError`` when saving fails."""
    try:
        data = storage.load_json(path, KIND, VERSION)
    except storage.StorageError as exc:
        raise FinishedGameError(str(exc)) from None
    entry = _entry(path, data)
    lobby = data.get("lobby")
    if not entry.abandoned or not isinstance(lobby, dict) or not lobby.get("seats"):
        raise FinishedGameError(f"{path.name} is not a game that can be played on")
    record = data.get("record")
    if check_record(record, path.name).is_over:
        raise FinishedGameError(f"{path.name} is already finished")
    keep_replaced(store)
    with store.lock():
        store.check_writable()
        store.save({"record": record, "lobby": lobby, "saved_at": time.time(), "undos": entry.undos})
    try:
        path.unlink()
    except OSError as exc:
        log.warning("the game played on is still listed as abandoned: %s", exc)


def prune(limit: int | None = None) -> None:
    """Remove the oldest kept games beyond ``limit`` (:data:`KEEP` by default)."""
    limit = KEEP if limit is None else limit
    files = sorted(games_dir().glob("*.json"))
    for old in files[: max(0, len(files) - limit)]:
        try:
            old.unlink()
        except OSError as exc:
            log.warning("could not remove old game %s: %s", old, exc)


def _entry(path: Path, data: dict[str, Any]) -> FinishedGame:
    s = data.get("summary")
    if not isinstance(s, dict):
        raise FinishedGameError(f"{path.name} has no summary")
    try:
        winner = s.get("winner")
        return FinishedGame(
            path=path,
            finished_at=float(s["finished_at"]),
            players=tuple(str(p)[:32] for p in s["players"]),
            humans=tuple(int(h) for h in s.get("humans", [])),
            preset=str(s.get("preset", ""))[:40],
            columns=tuple(str(c)[:60] for c in s["columns"]),
            scores=tuple(int(v) for v in s["scores"]),
            winner=winner if isinstance(winner, int) and not isinstance(winner, bool) else None,
            hands=int(s.get("hands", 0)),
            undos=int(s.get("undos", 0)),
            seat_only=_seat_only(s.get("seat_only")),
            abandoned=s.get("abandoned") is True,
            title=str(s.get("title", ""))[:80],
            practice=s.get("practice") is True,
        )
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise FinishedGameError(f"{path.name} has a damaged summary: {exc}") from None


def _seat_only(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 8 else None


def keep_seat_record(record: dict[str, Any], now: float | None = None) -> Path:
    """Store what one seat of a finished LAN game saw (a seat record: no other seat's cards)."""
    from .seat_replay import SeatReplay

    try:
        replay = SeatReplay(record)
    except KrookError as exc:
        raise FinishedGameError(f"the LAN game's record does not hold together: {exc}") from None
    last = replay.views[-1]
    if last.winner is None:
        raise FinishedGameError("only a finished game is kept")
    now = time.time() if now is None else now
    summary = {
        "finished_at": now,
        "players": list(last.players),
        "humans": [replay.own_seat],
        "preset": last.preset,
        "columns": list(last.columns),
        "scores": list(last.scores),
        "winner": last.winner,
        "hands": last.hand_number,
        "undos": 0,
        "seat_only": replay.own_seat,
    }
    path = _new_file(games_dir(), time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + "-lan")
    storage.save_json(path, KIND, VERSION, {"summary": summary, "record": record})
    prune()
    return path


def _new_file(folder: Path, stem: str) -> Path:
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def list_games() -> list[FinishedGame]:
    """Every kept game, newest first. A damaged file is set aside (by ``storage``) and left out."""
    games = []
    for path in sorted(games_dir().glob("*.json"), reverse=True):
        try:
            games.append(_entry(path, storage.load_json(path, KIND, VERSION)))
        except (storage.StorageError, FinishedGameError) as exc:
            log.warning("finished game left out of the list: %s", exc)
    return games


def load_kept(path: Path) -> dict[str, Any]:
    """The record of a kept game (checked to replay)."""
    try:
        data = storage.load_json(path, KIND, VERSION)
    except storage.StorageError as exc:
        raise FinishedGameError(str(exc)) from None
    record = data.get("record")
    check_any(record, path.name)
    assert isinstance(record, dict)
    return record


def check_any(record: object, name: str) -> None:
    """A game record, or a seat record of a LAN game: raises FinishedGameError when it does not replay."""
    from krook.records.seat_record import is_seat_record

    if is_seat_record(record):
        from .seat_replay import SeatReplay

        try:
            SeatReplay(record)  # type: ignore[arg-type]
        except KrookError as exc:
            raise FinishedGameError(f"{name} does not replay: {exc}") from None
        return
    check_record(record, name)


def check_record(record: object, name: str) -> Match:
    try:
        return match_from_record(record)
    except KrookError as exc:
        raise FinishedGameError(f"{name} does not replay: {exc}") from None


def load_record_file(path: Path) -> dict[str, Any]:
    """A record file someone sent (``krook-record/1`` JSON) or a kept game: the record in it. The autosave is
    refused with the reason (its game is not over)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            # a folder, a pipe (opening it waits for a writer) or a device (/dev/zero never ends)
            raise FinishedGameError(f"{path.name} is not a file")
        with path.open("rb") as f:
            raw = f.read(storage.MAX_FILE_BYTES + 1)  # bounded: the size stat gives can be wrong or change
        if len(raw) > storage.MAX_FILE_BYTES:
            raise FinishedGameError(f"{path.name} is far too large to be a game record")
        data = json.loads(raw.decode("utf-8"))
    except FinishedGameError:
        raise
    except FileNotFoundError:
        raise FinishedGameError(f"{path} does not exist") from None
    except json.JSONDecodeError as exc:
        raise FinishedGameError(f"{path.name} is not valid JSON: {exc}") from None
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: bad JSON, bad UTF-8, huge numbers
        raise FinishedGameError(f"{path.name} is not a readable record: {exc}") from None
    if isinstance(data, dict) and str(data.get("format", "")).startswith(f"{AUTOSAVE_KIND}/"):
        # packed on purpose, so nobody reads a hand still being played from it
        raise FinishedGameError(
            f"{path.name} is the game in progress, kept sealed so its hands stay secret: a game can be opened "
            "once it is finished (Watch a game lists it) or exported"
        )
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]  # a kept game wraps its record
    check_any(data, path.name)
    assert isinstance(data, dict)
    return data


def export(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Write a finished game's record as a plain ``krook-record/1`` file to share (a LAN seat's record as a
    ``krook-seat-record/1`` file); returns the file."""
    from krook.records.seat_record import is_seat_record

    from .seat_replay import SeatReplay

    kind = "krook-record"
    if is_seat_record(record):
        try:
            seat_replay = SeatReplay(record)
        except KrookError as exc:
            raise FinishedGameError(f"the record does not replay: {exc}") from None
        over, players = seat_replay.finished, seat_replay.players
        kind = "krook-seat-record"
    else:
        match = check_record(record, "the record")
        over, players = match.is_over, match.players
    if not over:
        raise FinishedGameError("only a finished game can be exported")
    folder = folder or export_dir()
    names = "-".join(re.sub(r"[^A-Za-z0-9]+", "", p)[:10] or "player" for p in players)
    stem = f"krook-{time.strftime('%Y%m%d-%H%M%S')}-{names}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    # A record's own "format" member is "krook-record/1", so the storage layer's tag is the record's tag.
    storage.save_json(path, kind, 1, record)
    return path
