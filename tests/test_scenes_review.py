"""Review this hand, driven through the real scene stack: from the score sheet, while frames keep coming."""

from __future__ import annotations

import time

import pygame
import pytest
from scene_helpers import button, click, key, make_app, record_text
from test_scenes_game import Driver, start_game

from krook.review.engine import Reviewer
from krook.rules import match_from_record


@pytest.fixture
def home(home, simple_bots):
    return home


def play_to_score_sheet(app):
    from krook.scenes.table.score import ScoreSheetScene

    driver = Driver(app)
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoreSheetScene) and top.view.results and top.view.results[-1].get("trump"):
            return top
        if isinstance(top, ScoreSheetScene):
            key(app, pygame.K_RETURN)  # a thrown-in hand: nothing to review, deal the next
            continue
        driver.step()
    raise AssertionError("no hand was played to the end")


def test_review_from_the_score_sheet_fills_in_while_the_window_draws(home):
    from krook.scenes.archive.review import ReviewScene
    from krook.scenes.table.score import ScoreSheetScene

    app = make_app()
    table = start_game(app, "kentucky-discard", deal_number=77)
    sheet = play_to_score_sheet(app)
    record = table.session.match.to_record()
    hand_index = len(sheet.view.results) - 1
    click(app, button(sheet, "Review this hand").rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    job = scene.job
    assert job is not None
    frames_while_solving = 0
    seen: list[tuple[bool, int]] = []
    deadline = time.monotonic() + 240
    while not job.finished and time.monotonic() < deadline:
        app.frame([], dt=0.02)  # the window keeps drawing: the solver is on its own thread
        frames_while_solving += 1
        snap = scene.review
        if snap is not None and (not seen or seen[-1] != (snap.par is not None, snap.checked)):
            seen.append((snap.par is not None, snap.checked))
        time.sleep(0.01)
    assert job.finished and job.error is None
    # the finished figures are drawn by an idle app (one that draws only when something changed)
    assert app.frame([], dt=0.02, draw=False)
    assert not scene.animating() and scene.redraw_in() is None  # and then the review rests
    assert frames_while_solving >= 1
    assert seen and seen[0] in ((False, 0), (True, 0))  # figures arrived one after another, par first
    final = scene.review
    assert final is not None and final.complete
    # the screen shows what the headless review finds on the same record
    expected = Reviewer(match_from_record(record), hand_index, 0, bids=False).run()
    assert (final.par, final.actual, final.plays) == (expected.par, expected.actual, expected.plays)
    assert len(final.decisions) >= 1  # the seat bid or passed at least once
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    # Back returns to the score sheet, which still offers the next hand
    click(app, button(scene, "Back").rect.center)
    assert isinstance(app.stack.top, ScoreSheetScene)
    assert button(app.stack.top, "Next hand" if not app.stack.top.over else "New game")


def test_leaving_a_running_review_stops_its_thread(home):
    from krook.scenes.archive.review import ReviewScene

    app = make_app()
    start_game(app, "kentucky-discard", deal_number=77)
    sheet = play_to_score_sheet(app)
    click(app, button(sheet, "Review this hand").rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    job = scene.job
    assert job is not None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is sheet
    assert job.join(30), "the review thread kept running after the screen closed"
    assert job.error is None


def test_an_idle_window_draws_each_new_figure_and_then_rests(home):
    """Opened over the title (as the replay viewer opens it): the app draws only when something changed, so the
    review must ask for a frame when a figure arrives from its thread, and for none once it is done."""
    from test_review import scripted_blunder

    from krook.scenes.archive.review import ReviewScene

    app = make_app()
    scene = ReviewScene(app.services, scripted_blunder().to_record(), 0, 0)
    app.stack.push(scene)
    app.frame([], dt=0.02)
    job = scene.job
    assert job is not None
    deadline = time.monotonic() + 120
    while not job.finished and time.monotonic() < deadline:
        app.frame([], dt=0.02, draw=False)
        time.sleep(0.005)
    assert job.finished
    assert app.frame([], dt=0.02, draw=False), "the finished review was not drawn"
    assert scene.review is not None and scene.review.complete
    assert not app.frame([], dt=0.02, draw=False), "a finished review keeps drawing"


def test_the_replay_viewer_opens_the_review_of_the_hand_it_shows(home):
    """Watch a game → a finished game → step into hand 2 → Review hand: that hand's review, seat after seat."""
    from test_history_store import play_game

    from krook.scenes.archive.replay import ReplayScene
    from krook.scenes.archive.review import ReviewScene

    match = play_game(names=("Ann", "Bob", "Cy", "Di"))
    app = make_app()
    click(app, button(app.stack.top, "Watch a game").rect.center)
    click(app, app.stack.top.watch_btn.rect.center)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    key(app, pygame.K_PAGEDOWN)
    hand_index = viewer.replay.hand_of(viewer.step)
    assert hand_index == 1
    click(app, viewer.review_btn.rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.hand_index == 1 and scene.seat == scene.seats[0] and sorted(scene.seats) == [0, 1, 2, 3]
    assert not match.hands[1].thrown_in  # the game is the same every run: its second hand was played
    assert scene.job is not None and scene.job.join(120)
    review = scene.review
    assert review is not None and review.complete and review.hand == 2
    key(app, pygame.K_s)  # the next player's review
    assert scene.seat == scene.seats[1] and scene.job is not None and scene.job.join(120)
    assert scene.review is not None and scene.review.seat == scene.seats[1]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is viewer


def test_the_review_counts_the_plays_it_has_no_room_for_and_says_what_the_others_gave_back(home):
    """A long list of costly plays used to stop at the panel's edge without a word, and "par 110, taken 70"
    beside plays costing 55 read as a contradiction: the screen says what did not fit and what the rest of the
    table's plays did."""
    import random

    from krook.bots import BotContext, SimpleBot
    from krook.review.engine import HandReview, PlayReview
    from krook.rules import Match, Phase, Rules
    from krook.scenes.archive.review import ReviewScene

    match = Match(Rules(), ["You", "Ann", "Ben", "Cy"], seed=3)
    bot, rng = SimpleBot(), random.Random(3)
    while match.phase is not Phase.HAND_OVER:
        match.apply(bot.choose(match.view(match.to_act), BotContext(rng)))
    app = make_app(window_size=(960, 540))
    scene = ReviewScene(app.services, match, 0, 0)
    app.stack.push(scene)
    assert scene.job is not None
    scene.job.cancel()
    scene.job.join(30)
    plays = tuple(PlayReview(t, "R8", "Y14", 5) for t in range(1, 13))  # twelve plays of 5: 60
    scene.job.latest = HandReview(1, 0, 70, 9, par=110, plays=plays, complete=True, side=(0, 2))
    scene.job.finished = True
    drawn = record_text(app.services.theme)
    scene.draw(pygame.display.get_surface())
    shown = [w for w in drawn if w.startswith("Trick ")]
    assert 1 <= len(shown) < len(plays)
    hidden = plays[len(shown) :]
    assert f"and {len(hidden)} more plays, −{sum(p.loss for p in hidden)} points" in drawn
    assert "Your plays cost 60 points; the rest of the table's plays gave 20 points back." in " ".join(drawn)
    # Six plays: no room for a row of cards each, but room for a line of words each, so every one is named
    # (a row of cards for the first and "and 5 more plays" before).
    plays = tuple(PlayReview(t, "R8", "Y14", 5 * (8 - t)) for t in range(1, 7))  # 35 + 30 + ... + 10 = 135
    scene.job.latest = HandReview(1, 0, 70, 9, par=110, plays=plays, complete=True, side=(0, 2))
    drawn.clear()
    scene.draw(pygame.display.get_surface())
    shown = [w for w in drawn if w.startswith("Trick ")]
    assert shown == [f"Trick {t}: Red 8 instead of Yellow 14, −{5 * (8 - t)} points" for t in range(1, 7)]
    assert not [w for w in drawn if "more play" in w]
    assert "Your plays cost 135 points; the rest of the table's plays gave 95 points back." in " ".join(drawn)
