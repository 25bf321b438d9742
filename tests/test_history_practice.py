"""Practice games (unlimited take-backs) are kept apart in a player's history and labelled on its screen."""

from __future__ import annotations

from test_history_store import play_game

from krook.session import history


def test_a_practice_game_counts_only_on_the_practice_line(home):
    match = play_game(seed=3)  # one ordinary game, counted by its session
    before = history.load_history().player("Ann")
    assert before is not None and before.total.games == 1 and before.practice.games == 0
    history.record_game(match, [0], 4, 2.0, practice=True)
    after = history.load_history().player("Ann")
    assert after is not None
    assert after.practice.games == 1 and after.practice.hands == before.total.hands
    # nothing else moved: games, wins, streaks, the best hand, the take-backs, partners and the chart
    assert after.presets == before.presets and after.total.games == 1
    assert (after.streak, after.best_streak, after.biggest, after.undos) == (
        before.streak,
        before.best_streak,
        before.biggest,
        before.undos,
    )
    assert after.partners == before.partners and len(after.recent) == len(before.recent)


def test_the_history_screen_shows_practice_games_on_their_own_labelled_line(home):
    from scene_helpers import make_app

    from krook.scenes.archive.history import HistoryScene

    match = play_game(seed=3)
    history.record_game(match, [0], 0, 2.0, practice=True)
    app = make_app()
    said: list[str] = []
    text = app.services.theme.text

    def spy(surface, words, *args, **kw):
        said.append(words)
        return text(surface, words, *args, **kw)

    app.services.theme.text = spy
    app.stack.push(HistoryScene(app.services, "Ann"))
    app.frame([], dt=0.0)
    assert "Practice games" in said
    assert [w for w in said if w.startswith("Games ")] == [f"Games 1, won {int(match.winner == 0)}"]
