"""A client that quits right after the last hand keeps its game: the file is written on a thread, and both
closing the session and the process's exit wait for it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from krook.session import finished

# a client's keeper sees a whole game of simple bots as seat 1 saw it; the write is slowed down, and the
# process ends as soon as the last view is in (the game-over moment), as when the player closes the window
QUIT_AT_GAME_OVER = textwrap.dedent(
    """
    import os, random, sys, time
    from krook.bots import BotContext, make_bot
    from krook.net import RemoteSession
    from krook.rules import Match, get_preset
    from krook.rules.settings import from_overrides
    from krook.rules.view import public_action_text
    from krook.session import finished, lan_games
    from krook.session.replay import Replay

    rules = from_overrides(get_preset("kentucky-discard").rules, {"target": 120})
    match = Match(rules, ["Ann", "Bob", "Cy", "Di"], seed=5)
    bot, rng = make_bot("simple"), random.Random(5)
    while not match.is_over:
        if match.phase.value == "hand_over":
            match.next_hand()
        else:
            match.apply(bot.choose(match.view(match.to_act), BotContext(rng)))
    keep = finished.keep_seat_record

    def slow_keep(record, at):
        time.sleep(1.0)
        return keep(record, at)

    finished.keep_seat_record = slow_keep
    class Link:  # the host is gone already: closing the session only has the file to wait for
        def close(self):
            pass

    session = RemoteSession(Link())
    session.keep_finished_game()
    keeper = session.keeper
    replay = Replay(match.to_record())
    actor = None
    for step in range(len(replay)):
        at = replay.match_at(step)
        text = replay.action_text(step)
        if text and actor is not None:
            keeper.action(actor, public_action_text(text), at.version)
        keeper.see(at.view(1))
        actor = at.to_act
    assert keeper.kept
    print("QUITTING", flush=True)
    if sys.argv[1] == "close":
        session.close()  # what the window does on its way out; then nothing waits any more
        os._exit(0)
    """
)


@pytest.mark.parametrize("how", ["close", "exit"])
def test_quitting_right_after_the_last_hand_keeps_the_clients_game(home: Path, how: str) -> None:
    env = dict(os.environ, KROOK_HOME=str(home), PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run(
        [sys.executable, "-c", QUIT_AT_GAME_OVER, how], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "QUITTING" in done.stdout
    (game,) = finished.list_games()
    assert game.seat_only == 1
    record = finished.load_kept(game.path)
    assert record["format"] == "krook-seat-record/1" and record["views"]
