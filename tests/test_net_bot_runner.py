"""The shared bot runner (krook/session/bot_runner.py) through its API: seeded answers, an injected bot
factory, a failing bot replaced by a legal action, the pause before an answer, inline mode; and the host
playing its bots through it with an injected factory."""

from __future__ import annotations

import threading

from krook.bots import make_bot
from krook.net import Host
from krook.net.testing import wait_for
from krook.rules import Match, get_preset
from krook.session.bot_runner import BotMove, BotRunner


def _view():
    match = Match(get_preset("kentucky-discard").rules, seed=4)
    return match, match.view(match.to_act)


def _collect(runner: BotRunner, n: int = 1) -> list[BotMove]:
    got: list[BotMove] = []
    assert wait_for(lambda: bool(got.extend(runner.results()) or len(got) >= n), timeout=10)
    return got


def test_answers_are_seeded_by_game_seat_and_version():
    match, view = _view()
    answers = []
    for _ in range(2):
        runner = BotRunner("seed-1", budget=0.05)
        runner.ask(match.to_act, match.version, view, "medium")
        answers.append(_collect(runner)[0])
        runner.close()
    assert answers[0] == answers[1]
    assert (
        answers[0].seat == match.to_act and answers[0].version == match.version and answers[0].error is None
    )
    assert answers[0].text in set(view.legal_actions().texts)


class Broken:
    name = "broken"

    def choose(self, view, ctx):
        raise RuntimeError("bug in the bot")


def test_a_failing_bot_is_replaced_by_a_legal_action_and_says_why():
    match, view = _view()
    made: list[str] = []

    def factory(strength: str):
        made.append(strength)
        return Broken()

    woken = threading.Event()
    runner = BotRunner(1, factory=factory, on_done=woken.set)
    runner.ask(match.to_act, match.version, view, "whatever")
    assert runner.pending == (match.to_act, match.version)
    (move,) = _collect(runner)
    assert woken.is_set() and made == ["whatever"]
    assert move.error is not None and "bug in the bot" in move.error
    assert move.text in set(view.legal_actions().texts)
    assert runner.pending is None
    runner.close()


def test_the_pause_comes_before_the_answer_and_inline_mode_answers_at_once():
    match, view = _view()
    slow = BotRunner(1, delay=0.3)
    slow.ask(match.to_act, match.version, view, "random")
    assert slow.results() == []  # thinking and the pause overlap: not before the pause is over
    assert len(_collect(slow)) == 1
    slow.close()
    inline = BotRunner(1, threaded=False)
    inline.ask(match.to_act, match.version, view, "random")
    assert len(inline.results()) == 1


def test_the_host_plays_its_bots_through_the_runner_with_an_injected_factory():
    asked: list[str] = []

    def factory(strength: str):
        asked.append(strength)
        return make_bot("random")

    host = Host.new_game(
        "bot:hard,bot:medium,bot:easy,bot:simple",
        seed=2,
        bind="127.0.0.1",
        port=0,
        discovery_port=None,
        bot_delay=0.0,
        bot_factory=factory,
    ).start()
    try:
        host.start_now()
        assert wait_for(lambda: host.protocol.match.version >= 12, timeout=20)
        assert sorted(set(asked)) == ["easy", "hard", "medium", "simple"]
    finally:
        host.stop()
