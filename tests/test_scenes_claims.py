"""Claim the rest and the forced last card, through the real table scene and the scene stack."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import button, click, make_app
from test_claims import scripted

from krook.rules.cards import CARD_NAMES

CLAIMABLE = (["Y14", "G14"], [["Y13", "G6"], ["Y6", "G7"], ["Y7", "G5"]])
NOT_CLAIMABLE = (["Y14", "G5"], [["Y13", "G14"], ["Y6", "G6"], ["Y7", "G7"]])


@pytest.fixture
def home(home, simple_bots):
    return home


def table_at(app, deal):
    """The table of a local game at seat 0's lead with four cards left (the scripted deal of test_claims)."""
    from krook.scenes.table.scene import TableScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    match = scripted(*deal)
    lobby = Lobby.default()
    lobby.seats = [SeatConfig("You", "human")] + [
        SeatConfig(n, "bot", "medium") for n in ("Ada", "Ben", "Cleo")
    ]
    session = LocalSession(match, lobby, threaded=False, autosave=False)
    table = TableScene(app.services, session)
    app.stack.push(table)
    settle(app, table)
    return table


def settle(app, table, frames: int = 200) -> None:
    """Frames until the table waits for the player (or the hand is over)."""
    for _ in range(frames):
        app.frame([], dt=0.05)
        top = app.stack.top
        if top is not table:
            return
        if table.idle and table.view.to_act == 0 and table.panel_kind:
            return


def test_a_certain_claim_is_offered_and_plays_every_card(home):
    from krook.scenes.table.score import ScoreSheetScene

    app = make_app()
    table = table_at(app, CLAIMABLE)
    assert table.panel_kind == "play" and len(table.view.hand) == 4
    claim = button(table, "Claim the rest")
    click(app, claim.rect.center)
    for _ in range(400):
        if isinstance(app.stack.top, ScoreSheetScene):
            break
        app.frame([], dt=0.05)
    assert isinstance(app.stack.top, ScoreSheetScene), "the claimed tricks were not played out"
    hand = table.session.match.hands[-1]
    assert [t.winner for t in hand.tricks[5:]] == [0, 0, 0, 0]
    # the claim was played in its proven order: the two trumps first
    assert [CARD_NAMES[t.cards[0][1]] for t in hand.tricks[5:7]] == ["B10", "B9"]


def test_no_claim_when_a_card_may_lose_or_when_claims_are_off(home):
    app = make_app()
    table = table_at(app, NOT_CLAIMABLE)
    assert table.panel_kind == "play"
    with pytest.raises(AssertionError, match="no button"):
        button(table, "Claim the rest")
    app = make_app(offer_claims=False)
    table = table_at(app, CLAIMABLE)
    assert table.panel_kind == "play"
    with pytest.raises(AssertionError, match="no button"):
        button(table, "Claim the rest")


def play_down_to_one_card(app, table) -> None:
    for _ in range(20):
        settle(app, table)
        if app.stack.top is not table or len(table.view.hand) <= 1:
            return
        legal = [a.split()[1] for a in table.view.legal]
        rect = dict(table.card_rects)[legal[0]]
        click(app, (rect.x + 4, rect.centery))


@pytest.mark.parametrize("auto_finish", [True, False])
def test_the_forced_last_card_plays_itself_only_when_set(home, auto_finish):
    from krook.scenes.table.score import ScoreSheetScene

    app = make_app(auto_finish=auto_finish)
    table = table_at(app, NOT_CLAIMABLE)
    play_down_to_one_card(app, table)
    for _ in range(200):
        if isinstance(app.stack.top, ScoreSheetScene):
            break
        app.frame([], dt=0.05)
    if auto_finish:
        assert isinstance(app.stack.top, ScoreSheetScene)
    else:
        assert app.stack.top is table and table.view.to_act == 0 and len(table.view.hand) == 1
        rect = dict(table.card_rects)[table.view.hand[0]]
        click(app, (rect.x + 4, rect.centery))
        for _ in range(200):
            if isinstance(app.stack.top, ScoreSheetScene):
                break
            app.frame([], dt=0.05)
        assert isinstance(app.stack.top, ScoreSheetScene)


def test_the_settings_screen_switches_claims_and_the_last_card(home):
    from krook.scenes.menus.settings import SettingsScene
    from krook.settings_store import load_settings
    from krook.ui import Toggle

    app = make_app()
    scene = SettingsScene(app.services)
    app.stack.push(scene)
    app.frame([], dt=0.02)
    rows = dict(scene.rows)
    for label, name in (("Offer claims", "offer_claims"), ("Play a last card by itself", "auto_finish")):
        toggle = rows[label]
        assert isinstance(toggle, Toggle) and getattr(app.services.settings, name) is True
        click(app, toggle.rect.center)
        assert getattr(app.services.settings, name) is False
    saved, _ = load_settings()
    assert saved.offer_claims is False and saved.auto_finish is False
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert scene.done.rect.bottom <= 720  # eleven rows still fit the smallest window
