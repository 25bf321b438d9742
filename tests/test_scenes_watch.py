"""Watch a game and History through the real title and scenes: finished games, shared files, secrecy."""

from __future__ import annotations

import json

import pygame
import pytest
from scene_helpers import button, click, key, make_app
from test_history_store import play_game


@pytest.fixture(autouse=True)
def _home(home):
    return home


def open_watch(app):
    from krook.scenes.archive.games_list import GamesScene

    click(app, button(app.stack.top, "Watch a game").rect.center)
    scene = app.stack.top
    assert isinstance(scene, GamesScene)
    return scene


class FaceSpy:
    """Wraps the card painter and remembers every card face drawn."""

    def __init__(self, cards):
        self.cards = cards
        self.faces: set[str] = set()

    def face(self, code, height, rules=None):
        self.faces.add(code)
        return self.cards.face(code, height, rules)

    def __getattr__(self, name):
        return getattr(self.cards, name)


def test_watch_a_finished_game_step_jump_show_and_export(home):
    from krook.scenes.archive.replay import ReplayScene
    from krook.scenes.archive.review import ReviewScene

    match = play_game(names=("Ann", "Bob", "Cy", "Di"))
    app = make_app()
    games = open_watch(app)
    assert len(games.entries) == 1 and "Ann, Bob, Cy, Di" in games.entries[0][0]
    click(app, games.watch_btn.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.finished
    spy = FaceSpy(app.services.cards)
    app.services.cards = spy
    app.frame([], dt=0.02)
    # Every hand is face up at the start of a finished game.
    dealt = {c for hand in match.to_record()["hands"][0]["deal"]["hands"] for c in hand}
    assert dealt <= spy.faces
    for _ in range(6):
        key(app, pygame.K_RIGHT)
    assert replay.step == 6
    assert str(replay.frame.action) == match.to_record()["hands"][0]["actions"][5]
    key(app, pygame.K_LEFT)
    assert replay.step == 5
    click(app, replay.back_btn.rect.center)
    assert replay.step == 4
    key(app, pygame.K_PAGEDOWN)
    assert replay.replay.hand_of(replay.step) == 1 and replay.frame.view.hand_number == 2
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert replay.step == 0
    key(app, pygame.K_END)
    assert replay.frame.view.phase == "hand_over"
    # One seat's cards: that seat sits at the bottom and only its cards (and the table's) are face up.
    key(app, pygame.K_a)
    key(app, pygame.K_a)
    assert replay.shown == 1 and replay.show_btn.label == "Bob's cards"
    key(app, pygame.K_HOME)
    spy.faces.clear()
    app.frame([], dt=0.02)
    assert spy.faces == set(match.to_record()["hands"][0]["deal"]["hands"][1])
    # Export: a record file that replays to the same game.
    click(app, replay.export_btn.rect.center)
    files = list((home / "data" / "exports").glob("*.json"))
    assert len(files) == 1 and str(files[0]) in replay.toast[0]
    assert json.loads(files[0].read_text(encoding="utf-8"))["hands"] == match.to_record()["hands"]
    # Review this hand, from where the viewer is: the hand on the table, the seat shown first.
    key(app, pygame.K_PAGEDOWN)
    click(app, replay.review_btn.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.hand_index == 1 and review.seat == 1 and sorted(review.seats) == [0, 1, 2, 3]
    assert review.match.to_record() == match.to_record()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is replay
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is games


def test_a_game_in_progress_never_shows_a_hidden_card(home):
    """The autosave of a hot-seat game: the viewer shows only what a spectator at the table saw."""
    from krook.rules import match_from_record
    from krook.scenes.archive.replay import ReplayScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    lobby = Lobby(
        [
            SeatConfig("Ann", "human"),
            SeatConfig("Bob", "bot", "simple"),
            SeatConfig("Cy", "human"),
            SeatConfig("Di", "bot", "simple"),
        ]
    )
    lobby.seed = 11
    session = LocalSession.new(lobby, threaded=False)
    import random

    rng = random.Random(2)
    m = session.match
    while len(m.hand.tricks) < 3 or len(m.hand.trick) < 2:
        if m.to_act in session.local_seats:
            assert session.submit(m.to_act, m.legal_actions().sample(rng)) is None
        else:
            session.update(1.0)
    session.close()
    app = make_app()
    games = open_watch(app)
    assert games.entries[0][0].startswith("The game in progress")
    click(app, games.watch_btn.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and not replay.replay.finished
    assert not replay.show_btn.enabled and not replay.export_btn.enabled and not replay.review_btn.enabled
    key(app, pygame.K_a)  # asking to see hands changes nothing
    assert replay.shown == "public"
    spy = FaceSpy(app.services.cards)
    app.services.cards = spy
    record = session.match.to_record()
    for step in range(len(replay.replay)):
        replay.go(step)
        spy.faces.clear()
        app.frame([], dt=0.02)
        # What a spectator saw at this step: the cards on the table now (or the trick just completed).
        m = replay.replay.match_at(step)
        public = {c for _, c in m.view(None).trick}
        if m.view(None).tricks:
            public |= {c for _, c in m.view(None).tricks[-1].cards}
        assert spy.faces <= public, (step, spy.faces - public)
        assert replay.frame.hands == [] and replay.frame.view.hand == []
    assert match_from_record(record).hand.actions  # the game really was under way


def test_a_record_file_someone_sent_by_path_or_drop(home):
    from krook.scenes.archive.replay import ReplayScene
    from krook.session import finished

    match = play_game()
    sent = finished.export(match.to_record(), home / "inbox")
    app = make_app()
    games = open_watch(app)
    # A damaged file is refused with a message; nothing opens.
    bad = home / "bad.json"
    bad.write_text('{"format": "krook-record/1", "hands": [{"dealer": 9}]}', encoding="utf-8")
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(bad))], dt=0.02)
    assert app.stack.top is games and "does not replay" in games.message
    click(app, games.path_field.rect.center)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(sent))], dt=0.02)
    click(app, games.open_btn.rect.center)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.replay.finished
    key(app, pygame.K_ESCAPE)
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(sent))], dt=0.02)
    assert isinstance(app.stack.top, ReplayScene)


def test_history_screen_lists_players_and_charts_a_game(home):
    from krook.scenes.archive.history import SERIES_COLOURS, HistoryScene

    first = play_game(names=("Ann", "Bob", "Cy", "Di"), seed=3)
    play_game(names=("Ann", "Bob", "Cy", "Di"), seed=4)
    app = make_app()
    games = open_watch(app)
    click(app, games.history_btn.rect.center)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene) and scene.names == ["Ann"]
    assert scene.player.total.games == 2
    app.frame([], dt=0.02)
    shot = app.screen.copy()
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(300, 1260, 3) for y in range(380, 640, 3)}
    assert SERIES_COLOURS[0] in colours and SERIES_COLOURS[1] in colours  # both sides' score lines
    key(app, pygame.K_LEFT)
    assert scene.game_index == 0 and scene.player.recent[0].series[-1] == first.scores
    click(app, scene.next_btn.rect.center)
    assert scene.game_index == 1
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is games


def test_jump_to_any_hand_with_the_hand_buttons_or_a_typed_number(home):
    from krook.scenes.archive.replay import ReplayScene

    match = play_game(names=("Ann", "Bob", "Cy", "Di"), target=500)
    hands = len(match.hands)
    assert hands >= 3
    app = make_app()
    games = open_watch(app)
    click(app, games.watch_btn.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    starts = replay.replay.hand_starts
    # The mouse: a click on hand 3's button shows the deal of hand 3; its button turns gold.
    click(app, replay.hand_btns[2].rect.center)
    assert replay.step == starts[2] and replay.frame.view.hand_number == 3
    assert replay.hand_btns[2].style == "primary" and replay.hand_btns[0].style != "primary"
    # The keyboard: a typed number goes to that hand; a number no hand has starts over with its last digit.
    key(app, pygame.K_2, "2")
    assert replay.step == starts[1]
    key(app, pygame.K_9, "9")  # "29": no such hand, so hand 9 when there is one, else it stays put
    assert replay.replay.hand_of(replay.step) == (8 if hands >= 9 else 1)
    key(app, pygame.K_KP1, "1")
    replay.typed = ""  # as if a moment had passed
    key(app, pygame.K_1, "1")
    assert replay.step == starts[0]
    # Tab reaches the hand buttons; Enter on one jumps there.
    replay.focus.focus(replay.hand_btns[-1])
    key(app, pygame.K_RETURN)
    assert replay.replay.hand_of(replay.step) == hands - 1
    # Every visible hand button lies on the screen, clear of the others.
    screen = app.screen.get_rect() if hasattr(app, "screen") else pygame.Rect(0, 0, 1280, 720)
    shown = [b.rect for b in replay.hand_btns if b.visible]
    assert shown and all(screen.contains(r) for r in shown)
    assert all(a.collidelist([b for b in shown if b is not a]) == -1 for a in shown)


def test_a_long_path_stays_inside_the_field_and_its_message_on_the_screen(home):
    app = make_app()
    games = open_watch(app)
    long_path = "/home/someone/" + "a-very-long-folder-name/" * 12 + "the-game.json"
    click(app, games.path_field.rect.center)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=long_path)], dt=0.02)
    assert games.path_field.text == long_path
    # Drawn alone on a clear surface, nothing of the text lands outside the field's box.
    field = games.path_field
    surface = pygame.Surface(app.screen.get_size() if hasattr(app, "screen") else (1280, 720))
    surface.fill((255, 0, 255))
    field.draw(surface, app.services.theme, focused=False)
    outside = field.rect.inflate(2, 2)
    w, h = surface.get_size()
    for y in range(max(0, outside.y - 4), min(h, outside.bottom + 4)):
        for x in range(outside.right, w, 3):
            assert surface.get_at((x, y))[:3] == (255, 0, 255), (x, y)
    # Opening it says the file does not exist, in lines that fit beside the buttons.
    key(app, pygame.K_RETURN)
    assert "does not exist" in games.message
    font = app.services.theme.font("body")
    from krook.scenes.archive.games_list import middle_cut

    room = games.watch_btn.rect.x - 40
    cut = middle_cut(app.services.theme, games.message, room)
    assert font.size(cut)[0] <= room and cut.endswith("json does not exist")


def test_a_custom_game_is_named_by_its_settings(home):
    """A Kentucky Discard game played to 50 is listed as 'Kentucky Discard, to 50', never as the preset it
    started from; a game with the preset's own settings keeps the preset's name."""
    play_game(target=50, seed=4)
    play_game(target=300, seed=5)
    app = make_app()
    games = open_watch(app)
    lines = sorted(line for line, *_ in games.entries)
    assert sum("Kentucky Discard, to 50  ·" in line for line in lines) == 1, lines
    assert sum("Kentucky Discard  ·" in line for line in lines) == 1, lines


def test_the_replays_headline_never_runs_into_its_info_box(home):
    """A custom game's longer title ('..., Kentucky Discard, to 50') ran out of the info box, and the centred
    headline ('Zoe buried Yellow 6, Yellow 11, ...') was written over it."""
    from krook.scenes.archive.replay import ReplayScene

    play_game(target=50, seed=4)
    app = make_app()
    games = open_watch(app)
    click(app, games.watch_btn.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    theme = app.services.theme
    drawn: list[tuple[str, pygame.Rect]] = []
    panels: list[pygame.Rect] = []
    real_text, real_panel = theme.text, theme.panel

    def text(surface, words, *args, **kw):
        rect = real_text(surface, words, *args, **kw)
        drawn.append((words, rect))
        return rect

    def panel(surface, rect, *args, **kw):
        panels.append(pygame.Rect(rect))
        return real_panel(surface, rect, *args, **kw)

    theme.text, theme.panel = text, panel
    for step in range(1, 45):
        replay.go(step)
        drawn.clear()
        panels.clear()
        app.frame([], dt=0.02)
        box = next(r for r in panels if r.topleft == (theme.px(18), theme.px(18)))  # the info box
        assert [r for _, r in drawn if box.contains(r)], "the info box holds its lines"
        for words, r in drawn:
            if r.colliderect(box):
                assert box.contains(r), f"step {step}: {words!r} {r} runs over the info box {box}"
    theme.text, theme.panel = real_text, real_panel


def test_a_typed_path_naming_a_home_that_does_not_exist_is_a_message(home):
    """Before: Path.expanduser raised RuntimeError for "~nobody/...", and the screen showed nothing."""
    app = make_app()
    games = open_watch(app)
    click(app, games.path_field.rect.center)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="~krooknosuchuser/game.json")], dt=0.02)
    click(app, games.open_btn.rect.center)
    assert app.stack.top is games
    assert "krooknosuchuser" in games.message
