"""Watch a game, History and Learn to play for ``krook gallery``: the same pictures on every run.

Two games between simple bots are played from fixed seeds and kept (in the gallery's own ``KROOK_HOME``)
as if "Ann" had played seat 0, so the list, the replay and the history have something to show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from krook.rules import Match

_GAMES: list[Match] = []


def finished_games() -> list[Match]:
    """Two finished games, kept and counted in Ann's history once per gallery run."""
    if _GAMES:
        return _GAMES
    from krook.bots import BotContext, make_bot
    from krook.rules import get_preset
    from krook.session import finished, history
    from krook.session.lan_games import seat_record_of

    bot = make_bot("simple")
    book = history.load_history()
    for n, seed in enumerate((3, 4)):
        match = Match(get_preset("kentucky-discard").rules, ["Ann", "Bob", "Cy", "Di"], seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            if match.phase.value == "hand_over":
                match.next_hand()
            else:
                match.apply(bot.choose(match.view(match.to_act), BotContext(rng, budget_s=0.1)))
        at = 1_764_547_200.0 + n * 86_400  # fixed dates: the pictures do not change from day to day
        finished.keep(match, [0], 0, at)
        history.add_game(book, match, [0], 0, at)
        _GAMES.append(match)
    # the first game once more, as Bob kept it after joining it over the LAN: his own cards only
    finished.keep_seat_record(seat_record_of(_GAMES[0].to_record(), 1), 1_764_547_200.0 + 2 * 86_400)
    history.save_history(book)
    return _GAMES


def gallery_scenes(app: Any) -> dict[str, Callable[[], list[Any]]]:
    from krook.scenes.archive.games_list import GamesScene
    from krook.scenes.archive.history import HistoryScene
    from krook.scenes.archive.replay import ReplayScene
    from krook.scenes.table.score import ScoreSheetScene
    from krook.scenes.table.tutorial import TutorialEndScene, TutorialTable
    from krook.session.tutorial import TutorialSession

    s = app.services

    def watch_list() -> list[Any]:
        finished_games()
        return [GamesScene(s)]

    def replay() -> list[Any]:
        scene = ReplayScene(s, finished_games()[0].to_record(), "Finished game")
        scene.go(15)
        return [scene]

    def replay_lan() -> list[Any]:
        from krook.session.lan_games import seat_record_of

        record = seat_record_of(finished_games()[0].to_record(), 1)
        scene = ReplayScene(s, record, "LAN game, as Bob")
        scene.go(15)
        return [scene]

    def replay_in_progress() -> list[Any]:
        record = finished_games()[0].to_record()
        record["hands"] = record["hands"][:1]
        record["hands"][0]["actions"] = record["hands"][0]["actions"][:22]
        scene = ReplayScene(s, record, "The game in progress")
        scene.go(22)
        return [scene]

    def history_screen() -> list[Any]:
        finished_games()
        return [HistoryScene(s)]

    def guided(until: str) -> list[Any]:
        """The guided hand played as taught up to the lesson ``until``, on its table."""
        session = TutorialSession.start()
        while session.current is None or session.current.key != until:
            lesson = session.current
            if lesson is not None and lesson.needs_ack:
                session.acknowledge()
            elif lesson is not None and lesson.expect and session.match.to_act == 0:
                session.submit(0, lesson.expect)
            else:
                session.update(1.0)
        table = TutorialTable(s, session)
        table.state.deal.t = -1.0
        table.shown.dealt = True
        table.update(0.0)
        return [table]

    def learn() -> list[Any]:
        return guided("bury")

    def learn_refused() -> list[Any]:
        table = guided("follow")[0]
        table.card_clicked("B8")  # Cleo led Red: the table says why not
        return [table]

    def learn_end() -> list[Any]:
        session = TutorialSession.start()
        rng = random.Random(1)
        while session.match.hand.phase.value != "hand_over":
            lesson = session.current
            if lesson is not None and lesson.needs_ack:
                session.acknowledge()
            elif session.match.to_act == 0:
                session.submit(
                    0,
                    lesson.expect if lesson and lesson.expect else session.match.legal_actions().sample(rng),
                )
            else:
                session.update(1.0)
        table = TutorialTable(s, session)
        return [table, ScoreSheetScene(s, session, table), TutorialEndScene(s, session)]

    def undo() -> list[Any]:
        """The table with Undo on offer: your card and the bots' after it may be taken back."""
        from krook.bots import BotContext, make_bot
        from krook.scenes.table.scene import TableScene
        from krook.session.local import Lobby, LocalSession, SeatConfig

        lobby = Lobby(
            [SeatConfig("You", "human")] + [SeatConfig(n, "bot", "easy") for n in ("Ada", "Ben", "Cleo")]
        )
        lobby.seed = 7
        session = LocalSession.new(lobby, threaded=False, autosave=False)
        session.bot_delay = 1e9  # frozen: the picture must not move on
        m = session.match
        bot = make_bot("simple")
        rng = random.Random(7)
        while not (m.phase.value == "play" and m.to_act == 0 and len(m.hand.tricks) >= 2):
            m.apply(bot.choose(m.view(m.to_act), BotContext(rng, budget_s=0.1)))
        table = TableScene(s, session)
        table.state.deal.t = -1.0
        table.shown.dealt = True
        table.update(0.0)
        return [table]

    return {
        "24-watch-list": watch_list,
        "25-replay": replay,
        "26-replay-in-progress": replay_in_progress,
        "26-replay-lan": replay_lan,
        "27-history": history_screen,
        "28-learn": learn,
        "29-learn-refused": learn_refused,
        "30-learn-end": learn_end,
        "31-undo": undo,
    }
