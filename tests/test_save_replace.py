"""New game over an unfinished saved game asks first and keeps the old game; Continue writes nothing until a
move (issue 26 item 7). Driven through the title, the notice, the lobby and the games list."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame

from krook import storage
from krook.rules import Phase
from krook.scenes.archive.games_list import GamesScene
from krook.scenes.archive.replay import ReplayScene
from krook.scenes.menus.lobby import LobbyScene
from krook.scenes.menus.notice import NoticeScene
from krook.scenes.menus.title import TitleScene
from krook.session import finished
from krook.session.local import Lobby, LocalSession, SeatConfig, save_file, save_path
from tests.scene_helpers import button, click, make_app

SHOTS = os.environ.get("KROOK_SHOTS")  # a folder: the new dialogs are saved there as PNGs to look at


def unfinished_game(hands: int = 2) -> LocalSession:
    """You against Ada, Ben and Cleo, saved in hand ``hands`` a few actions in (closed: only the save is left)."""
    seats = [SeatConfig("You", "human")] + [SeatConfig(n, "bot", "easy") for n in ("Ada", "Ben", "Cleo")]
    s = LocalSession.new(Lobby(seats, seed=3), threaded=False)
    rng = random.Random(1)
    while not (len(s.match.hands) == hands and s.match.to_act == 0 and s.match.phase is not Phase.HAND_OVER):
        m = s.match
        if m.phase is Phase.HAND_OVER:
            s.next_hand()
        elif m.to_act == 0:
            assert s.submit(0, m.legal_actions().sample(rng)) is None
        else:
            s.update(1.0)
    s.close()
    return s


def save_files() -> dict[str, tuple[bytes, int]]:
    """The autosave and its backups: bytes and modification time."""
    store = save_file()
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns)
        for p in [store.path, *store.backup_paths]
        if p.is_file()
    }


def shot(app: object, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(SHOTS) / name))  # type: ignore[attr-defined]


def test_new_game_asks_before_replacing_and_keep_it_changes_nothing() -> None:
    old = unfinished_game()
    m = old.match
    before = save_files()
    app = make_app()
    click(app, button(app.stack.top, "New game").rect.center)
    ask = app.stack.top
    assert isinstance(ask, NoticeScene), "New game went straight to the lobby over an unfinished game"
    scores = " – ".join(str(v).replace("-", "\u2212") for v in m.scores)
    facts = f"Your game against Ada, Ben and Cleo, hand {len(m.hands)}, {scores}"
    assert facts in ask.body
    assert [b.label for b in ask.buttons] == ["Keep it", "Replace it"]
    app.frame([], dt=0.0)
    shot(app, "replace_saved_game.png")
    click(app, button(ask, "Keep it").rect.center)
    assert isinstance(app.stack.top, TitleScene)
    assert save_files() == before
    assert finished.list_games() == []


def test_replace_it_keeps_the_old_game_abandoned_and_its_saves_never_roll_over_it(inline_bots: None) -> None:
    old = unfinished_game()
    old_record = old.match.to_record()
    app = make_app()
    click(app, button(app.stack.top, "New game").rect.center)
    click(app, button(app.stack.top, "Replace it").rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    click(app, button(lobby, "Start game").rect.center)
    table = app.stack.game()
    assert table is not None
    session = table.session
    for _ in range(60):  # the new game's moves: many saves, every backup rolled
        app.frame([], dt=0.5)
        seat = session.view(None).to_act
        if seat in session.local_seats:
            session.submit(seat, session.view(seat).legal_actions().sample(random.Random(seat)))
    assert session.view(None).version > 8
    session.flush()  # type: ignore[attr-defined]
    # the old game is in the list, marked abandoned, whole
    (kept,) = finished.list_games()
    assert kept.abandoned and kept.hands == len(old.match.hands)
    assert finished.load_kept(kept.path) == old_record
    # and no save file or backup is the old game any more: only the new one is there to continue
    store = save_file()
    for path in [store.path, *store.backup_paths]:
        if path.is_file():
            copy = storage.SaveFile(path, "krook-save", 2, backups=0, obfuscate=True)
            assert copy.load(repair=False).data["record"]["seed"] != old_record["seed"]
    # the games list shows it, hands hidden, not exportable
    app.stack.reset(GamesScene(app.services))
    app.stack.apply()
    games = app.stack.top
    assert isinstance(games, GamesScene)
    row = next(i for i, (text, g) in enumerate(games.entries) if g == kept)
    assert "abandoned" in games.entries[row][0]
    games.select(row)
    assert not games.export_btn.enabled
    app.frame([], dt=0.0)
    shot(app, "games_list_abandoned.png")
    click(app, games.watch_btn.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.shown == "public"
    session.close()


def test_continue_writes_nothing_until_a_move() -> None:
    unfinished_game()
    before = save_files()
    assert len(before) >= 2
    for _ in range(3):  # three relaunches, Continue, no move, back to the title
        app = make_app()
        click(app, button(app.stack.top, "Continue").rect.center)
        table = app.stack.game()
        assert table is not None
        for _ in range(5):
            app.frame([], dt=0.2)
        table.session.close()
    assert save_files() == before, "Continue wrote a save (and rolled a backup) with no move"
    assert save_path().is_file()


def test_an_abandoned_game_can_be_played_on_and_the_game_it_displaces_is_kept(inline_bots: None) -> None:
    old_record = unfinished_game().match.to_record()
    seats = [SeatConfig("You", "human")] + [SeatConfig(n, "bot", "easy") for n in ("Dee", "Eli", "Fay")]
    newer = LocalSession.new(Lobby(seats, seed=11))  # replaces the old game: it is kept, abandoned
    newer_record = newer.match.to_record()
    newer.close()
    app = make_app()
    click(app, button(app.stack.top, "Watch a game").rect.center)
    games = app.stack.top
    assert isinstance(games, GamesScene)
    row = next(i for i, (_, g) in enumerate(games.entries) if getattr(g, "abandoned", False))
    games.select(row)
    assert games.play_btn.visible and not games.export_btn.visible
    app.frame([], dt=0.0)
    shot(app, "games_list_play_on.png")
    click(app, games.play_btn.rect.center)
    table = app.stack.game()
    assert table is not None, games.message
    assert table.session.match.to_record() == old_record  # type: ignore[attr-defined]
    assert table.session.view(0).players[1:] == ["Ada", "Ben", "Cleo"]
    table.session.close()
    # the game it displaced is in the list in its turn; the one played on is listed no more
    (kept,) = finished.list_games()
    assert kept.abandoned and finished.load_kept(kept.path) == newer_record
