"""The table's score box at a hand's end. The view is scored the moment the last card is played, while the table
still shows that trick landing: the box showed the new totals (115) beside the card points caught so far (+100:
not the last trick, still landing, nor the nest) until the score sheet came. Now the totals wait for the hand's
end to be shown, and then "this hand" is what the hand scored, the nest, bonuses and a set included."""

from __future__ import annotations

import pytest
from scene_helpers import make_app, record_text
from test_scenes_game import Driver, start_game

from krook.scenes.table import hud
from krook.scenes.table.scene import TableScene
from krook.scenes.table.score import ScoreSheetScene


@pytest.fixture(autouse=True)
def _home(home, simple_bots):
    return home


def _drawn(app, table: TableScene) -> list[str]:
    theme = table.state.theme
    drawn = record_text(theme)
    try:
        table.draw(app.screen)
    finally:
        del theme.text  # record_text wraps the bound method on the instance
    return drawn


def test_totals_wait_for_the_hands_end_and_then_show_what_it_scored():
    app = make_app(
        anim_speed="fast", bot_speed="fast"
    )  # animated: the tests' instant table has no such moment
    table = start_game(app, "kentucky-discard")
    driver = Driver(app)
    lagging = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoreSheetScene):
            break
        if isinstance(top, TableScene) and top.state.shown.dealt:
            t = top.state
            drawn = _drawn(app, top)
            if t.view.results and not t.shown.over:
                lagging += 1
                assert all(str(v) not in drawn for v in t.view.scores if v), (
                    "the box drew the new totals early"
                )
                assert hud.shown_scores(t)[0] == [0, 0], "a total counted the hand before its end was shown"
            totals, this_hand = hud.shown_scores(t)
            assert all(str(v) in drawn for v in totals) and all(f in drawn for f in this_hand)
        driver.step()
    else:
        raise AssertionError("the first hand never ended")
    assert lagging, "the table never showed the last trick landing after the view was scored"
    # Under the score sheet the table shows the hand's end: the new totals, and what the hand scored.
    view = table.state.view
    assert table.state.shown.over
    drawn = _drawn(app, table)
    scored = [f"{d:+d}" for d in view.results[0]["deltas"]]
    assert hud.shown_scores(table.state) == (view.scores, scored)
    assert all(str(v) in drawn for v in view.scores) and all(f in drawn for f in scored), (scored, drawn)
