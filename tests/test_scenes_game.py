"""Whole games through the scene stack, driven only by injected mouse and keyboard events."""

from __future__ import annotations

import time

import pygame
import pytest
from scene_helpers import SIZE, button, click, key, make_app

from krook.settings_store import Settings


@pytest.fixture
def home(home, simple_bots):
    return home


def open_lobby(app):
    from krook.scenes.menus.lobby import LobbyScene

    click(app, button(app.stack.top, "New game").rect.center)
    assert isinstance(app.stack.top, LobbyScene)
    return app.stack.top


def choose_preset(app, lobby, name):
    for _ in range(20):
        if lobby.preset_stepper.value == name:
            return
        r = lobby.preset_stepper.rect
        click(app, (r.right - 5, r.centery))
    raise AssertionError(f"preset {name} not reachable")


def set_target_low(app, lobby):
    """Play to a low target through the House rules panel, with the keyboard."""
    widget = next(w for spec, w in lobby.rule_rows if spec.name == "target")
    lobby.focus.focus(widget)
    for _ in range(40):
        if lobby.lobby.overrides.get("target") == 100:
            break
        key(app, pygame.K_LEFT)
    assert lobby.lobby.overrides.get("target") == 100
    assert lobby.preset_stepper.value == "custom"


def make_human(app, lobby, seat):
    stepper = lobby.seat_rows[seat][1]
    for _ in range(5):
        if stepper.value == "Human here":
            return
        click(app, (stepper.rect.x + 5, stepper.rect.centery))
    assert stepper.value == "Human here"


class Driver:
    """Plays the human seats through the UI; counts what it saw."""

    def __init__(self, app):
        self.app = app
        self.curtains = 0
        self.hands = 0
        self.illegal_clicks = 0
        self.keyboard_plays = 0
        self.mouse_plays = 0
        self.phases: set[str] = set()
        self.faces_under_curtain = 0

    def step(self) -> str | None:
        from krook.scenes.table.curtain import CurtainScene
        from krook.scenes.table.scene import TableScene
        from krook.scenes.table.score import ScoreSheetScene

        app = self.app
        top = app.stack.top
        if isinstance(top, CurtainScene):
            table = app.stack.find(TableScene)
            drawn: list[int] = []
            watcher = lambda seat, what: drawn.append(seat)  # noqa: E731
            table.state.watchers.append(watcher)
            app.frame([], dt=0.05)
            app.frame([], dt=0.3)  # the curtain is armed after a moment
            table.state.watchers.remove(watcher)
            assert not drawn, "something private was drawn under the curtain"
            self.curtains += 1
            key(app, pygame.K_SPACE, " ")
            return None
        if isinstance(top, ScoreSheetScene):
            self.hands += 1
            if top.over:
                return "over"
            key(app, pygame.K_RETURN)
            return None
        if not isinstance(top, TableScene):
            raise AssertionError(f"unexpected scene {type(top).__name__}")
        table = top
        if not table.idle or table.view.to_act != table.viewer or not table.revealed or not table.panel_kind:
            app.frame([], dt=0.05)
            if getattr(table.session, "busy", False):
                time.sleep(0.001)  # a bot thinks on a worker thread: give it real time, not just frames
            return None
        view = table.view
        phase = view.phase
        self.phases.add(phase)
        if phase == "bidding":
            if view.high_bid is not None and view.high_bid >= 90 and "pass" in view.legal:
                key(app, pygame.K_p, "p")
            else:
                key(app, pygame.K_RETURN)
        elif phase == "discard":
            rule = view.discard
            chosen = list(rule["required"])
            chosen += [c for c in rule["allowed"] if c not in chosen][: rule["count"] - len(chosen)]
            for code in chosen:
                rect = dict(table.card_rects)[code]
                click(app, (rect.x + 4, rect.centery))
            assert table.state.selected == set(chosen)
            click(app, button(table, "Bury").rect.center)
        elif phase == "trump":
            key(app, pygame.K_g, "g")
        elif phase == "call":
            code, rect = table.call_rects[0]
            click(app, rect.center)
        elif phase == "play":
            legal = [a.split()[1] for a in view.legal]
            rects = dict(table.card_rects)
            illegal = [c for c in rects if c not in legal]
            if illegal and self.illegal_clicks < 3:
                click(app, (rects[illegal[0]].x + 4, rects[illegal[0]].centery))
                assert table.message and "can't play" in table.message.text
                self.illegal_clicks += 1
            target = legal[0]
            if (self.keyboard_plays + self.mouse_plays) % 2 == 0:
                codes = [c for c, _ in table.card_rects]
                for _ in range(len(codes)):
                    if codes[table.state.focus_card % len(codes)] == target:
                        break
                    key(app, pygame.K_RIGHT)
                key(app, pygame.K_RETURN)
                self.keyboard_plays += 1
            else:
                rect = rects[target]
                click(app, (rect.x + 4, rect.centery))
                self.mouse_plays += 1
        return None

    def play_game(self, max_steps: int = 20000) -> None:
        for _ in range(max_steps):
            if self.step() == "over":
                return
        raise AssertionError("the game did not finish")


def type_deal_number(app, lobby, number: int) -> None:
    """Fix the deals through the lobby's Deal number field, so a test sees the same cards every run."""
    lobby.focus.focus(lobby.seed_field)
    for digit in str(number):
        # a keyboard sends the key, then the text it typed
        app.frame(
            [
                pygame.event.Event(
                    pygame.KEYDOWN, key=getattr(pygame, f"K_{digit}"), mod=0, unicode=digit, scancode=0
                ),
                pygame.event.Event(pygame.TEXTINPUT, text=digit),
            ],
            dt=0.02,
        )
    assert lobby.lobby.seed == number


def start_game(app, preset, humans=(0,), deal_number=2026):
    lobby = open_lobby(app)
    choose_preset(app, lobby, preset)
    for seat in humans:
        if seat:
            make_human(app, lobby, seat)
    set_target_low(app, lobby)
    type_deal_number(app, lobby, deal_number)
    click(app, lobby.start_btn.rect.center)
    from krook.scenes.table.scene import TableScene

    table = app.stack.find(TableScene)
    assert table is not None
    return table


@pytest.mark.parametrize("preset", ["kentucky-discard", "call-partner", "three-handed"])
def test_whole_game_through_the_ui(home, preset):
    app = make_app()
    table = start_game(app, preset)
    assert table.humans == [0]
    driver = Driver(app)
    driver.play_game()
    view = table.session.view(None)
    assert view.winner is not None
    assert driver.curtains == 0, "one human with bots never needs a curtain"
    assert {"bidding", "play"} <= driver.phases
    assert driver.mouse_plays and driver.keyboard_plays
    assert driver.illegal_clicks >= 1 or preset == "three-handed"
    if preset == "call-partner":
        results = view.results
        assert results and all(r["called"] for r in results if r["bidder"] is not None), "no card called"
        # The human is shown the call panel exactly when it won a bid (bots call for themselves).
        assert ("call" in driver.phases) == any(r["bidder"] == 0 for r in results)
    # Game over: the sheet offers New game and Back to title; Back to title works.
    sheet = app.stack.top
    click(app, button(sheet, "Back to title").rect.center)
    from krook.scenes.menus.title import TitleScene

    assert isinstance(app.stack.top, TitleScene)
    assert not button(app.stack.top, "Continue").enabled  # a finished game is not offered again


def test_hot_seat_curtain_hides_every_hand(home):
    app = make_app()
    table = start_game(app, "kentucky-discard", humans=(0, 2))
    assert table.hotseat and table.humans == [0, 2]
    seats_drawn: set[int] = set()
    table.state.watchers.append(lambda seat, what: seats_drawn.add(seat))
    driver = Driver(app)
    for _ in range(3000):
        if driver.step() == "over" or driver.hands >= 2:
            break
    assert driver.curtains >= 2
    # Private things are only ever drawn for the humans' seats.
    assert seats_drawn == {0, 2}


def test_curtain_blocks_drawing_of_the_table(home):
    from krook.scenes.table.curtain import CurtainScene
    from krook.scenes.table.scene import TableScene

    app = make_app()
    start_game(app, "kentucky-discard", humans=(0, 1))
    for _ in range(200):
        if isinstance(app.stack.top, CurtainScene):
            break
        app.frame([], dt=0.05)
    assert isinstance(app.stack.top, CurtainScene)
    table = app.stack.find(TableScene)
    calls = []
    original = table._draw_hand
    table._draw_hand = lambda surface: (calls.append(1), original(surface))
    for _ in range(5):
        app.frame([], dt=0.1)
    assert calls == []
    assert not table.revealed
    key(app, pygame.K_RETURN)
    app.frame([], dt=0.05)
    assert calls and table.revealed


def test_continue_after_a_kill(home):
    from krook.scenes.table.scene import TableScene

    app = make_app()
    table = start_game(app, "kentucky-discard")
    driver = Driver(app)
    for _ in range(400):
        driver.step()
        v = table.session.view(None)
        if v.phase == "play" and len(v.tricks) >= 2 and table.idle and v.to_act == 0:
            break
    before = table.session.view(0)
    # The app is dropped without closing anything, as if killed.
    assert table.session.settle_bots(10)  # a bot's think is no part of what was saved
    table.session.flush()  # what was saved before the kill
    table.session._lock.release()  # the OS drops a killed app's lock
    del app, table
    app2 = make_app()
    cont = button(app2.stack.top, "Continue")
    assert cont.enabled
    click(app2, cont.rect.center)
    table2 = app2.stack.top
    assert isinstance(table2, TableScene)
    after = table2.session.view(0)
    assert after.version == before.version
    assert after.hand == before.hand and after.trick == before.trick and after.scores == before.scores
    assert table2.shown.tricks_done == len(after.tricks)
    driver2 = Driver(app2)
    for _ in range(50):
        driver2.step()  # it goes on from there
    assert driver2.mouse_plays + driver2.keyboard_plays >= 1, "the resumed table took no card from the human"
    later = table2.session.view(0)
    assert later.version > after.version


def test_continue_asks_between_the_saved_game_and_a_hosted_lan_game(home, monkeypatch):
    """With both a game of its own and an unfinished LAN game it hosted, Continue asks which; a host that
    cannot start again says why and keeps the title (and both games)."""
    from krook.scenes.games import GameMaker
    from krook.scenes.menus.title import TitleScene
    from krook.scenes.table.scene import TableScene

    app = make_app()
    start_game(app, "kentucky-discard").session.close()
    # The game factory is the seam: this computer "hosted" a game whose port is now taken.
    monkeypatch.setattr(GameMaker, "hosted_game", lambda self: "Kitchen table")

    def port_taken(self):
        raise OSError("port 47470 is in use by another program")

    monkeypatch.setattr(GameMaker, "resume_host", port_taken)
    app2 = make_app()
    click(app2, button(app2.stack.top, "Continue").rect.center)
    notice = app2.stack.top
    assert "Kitchen table" in notice.body
    click(app2, button(notice, "Resume hosting").rect.center)
    assert "in use" in app2.stack.top.body  # the reason, in a notice over the title
    key(app2, pygame.K_ESCAPE)
    assert isinstance(app2.stack.top, TitleScene)
    click(app2, button(app2.stack.top, "Continue").rect.center)
    click(app2, button(app2.stack.top, "Continue the saved game").rect.center)
    assert isinstance(app2.stack.top, TableScene)


def test_corrupt_save_is_reported_not_fatal(home):
    from krook.scenes.menus.title import TitleScene

    data = home / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "autosave.json").write_text("{ not json", encoding="utf-8")
    app = make_app()
    cont = button(app.stack.top, "Continue")
    assert cont.enabled
    click(app, cont.rect.center)
    assert isinstance(app.stack.top, TitleScene)
    assert any("saved game" in m for m in app.services.messages)
    assert not (data / "autosave.json").exists()
    assert list(data.glob("autosave.json.corrupt-*"))


def test_corrupt_settings_start_with_defaults(home):
    from krook.app import App

    config = home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text("\x00garbage", encoding="utf-8")
    app = App(SIZE)
    app.frame([], dt=0.0)
    assert app.settings == Settings(window_size=app.settings.window_size)
    assert any("settings" in m.lower() for m in app.services.messages)
    app.frame([], dt=0.02)  # the title shows the message without failing
    assert list(config.glob("settings.json.corrupt-*"))
