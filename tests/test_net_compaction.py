"""The host's journal is compacted into the autosave after each hand (docs/PROTOCOL.md, "Durable before
visible"): it stays about a hand long however long the host runs, a restart after compaction resumes the
same game, and a SIGKILL at any step of a compaction loses no change that was on disk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import krook
from krook.net import Host
from krook.net.journal import Replayed, journal_path, read_journal, replay_journal
from krook.net.testing import wait_for
from krook.rules import Match, get_preset

ROOT = Path(krook.__file__).resolve().parents[1]
BOTS = "bot:random,bot:random,bot:random,bot:random"


def _host(save: Path, seed: int = 5) -> Host:
    return Host.new_game(
        BOTS,
        seed=seed,
        target=2000,  # a long game: many hands
        bind="127.0.0.1",
        port=0,
        discovery_port=None,
        bot_delay=0.0,
        save_path=save,
    )


def test_the_journal_stays_about_a_hand_long_and_a_restart_resumes_the_game(tmp_path: Path) -> None:
    save = tmp_path / "host.json"
    host = _host(save).start()
    longest = 0
    try:
        host.start_now()

        def played(hands: int) -> bool:
            nonlocal longest
            longest = max(longest, len(read_journal(journal_path(save))))
            return len(host.protocol.match.hands) > hands

        assert wait_for(lambda: played(8), timeout=60, pause=0.005), "eight hands are played"
    finally:
        host.stop()
    per_hand = max(len(h.actions) for h in host.protocol.match.hands) + 4
    assert host.compactions >= 6, (
        f"compacted {host.compactions} times in {len(host.protocol.match.hands)} hands"
    )
    # bots with no delay outrun the saver by a hand at times; without compaction it would hold every line
    assert longest <= 3 * per_hand, f"the journal reached {longest} lines (a hand is at most {per_hand})"
    written = json.loads(save.read_text())["journal"]
    assert written >= 3 * longest, f"{written} lines written in all, {longest} at most at once"
    record = host.protocol.match.to_record()
    again = Host.resume(save)
    assert again.protocol.match.to_record() == record
    assert again.protocol.started


def test_a_restart_replays_only_the_lines_newer_than_the_autosave() -> None:
    """A journal that still holds lines the autosave has (killed between the save and the compaction):
    those lines are skipped, so a stale one (an old seat list) cannot undo a newer change."""
    match = Match(get_preset("kentucky-discard").rules, ["Ann", "Bob", "Cy", "Di"], seed=3)
    entries = [
        {"n": 7, "v": 1, "start": True, "players": ["Open seat 1", "Bob", "Cy", "Di"]},  # in the autosave
        {"n": 8, "v": 2, "seat": 1, "action": "pass"},
    ]
    match.apply("pass", 1)  # the autosave holds line 8 too ...
    state = replay_journal(match, entries, Replayed(True, {0}, last=8))
    assert match.players[0] == "Ann" and state.applied == 0 and state.last == 8
    entries.append({"n": 9, "v": 3, "seat": 2, "action": "pass"})  # ... but not line 9
    state = replay_journal(match, entries, Replayed(True, {0}, last=8))
    assert state.applied == 1 and state.last == 9 and match.version == 3 and match.players[0] == "Ann"
    # a line missing between the autosave and the journal (it cannot be: stop rather than guess)
    gap = Match(get_preset("kentucky-discard").rules, ["Ann", "Bob", "Cy", "Di"], seed=3)
    state = replay_journal(
        gap, [{"n": 10, "v": 2, "seat": 1, "action": "pass"}], Replayed(True, set(), last=8)
    )
    assert state.applied == 0 and gap.version == 1


CHILD = textwrap.dedent(
    """
    import json, os, signal, sys, threading
    from pathlib import Path
    import krook.net.journal as journal
    from krook.net import Host

    save, point = Path(sys.argv[1]), sys.argv[2]
    real_append, real_replace, real_open = journal.Journal.append, os.replace, open

    def append(self, change):
        real_append(self, change)
        print(json.dumps({"n": self.last, **change}), flush=True)  # on disk: a confirmed change

    def die(step):
        print(json.dumps({"killed": step}), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    compacting = False

    def replace(src, dst):  # os.replace everywhere: the autosave's rename goes through here too
        if compacting and point == "before-rename":
            die(point)
        real_replace(src, dst)
        if compacting and point == "after-rename":
            die(point)

    def compact(self, saved, _real=journal.Journal.compact):
        global compacting
        if not self._lines or self._lines[0][0] > saved:
            return 0  # nothing to drop: no file is touched
        compacting = True
        if point == "torn-temp":
            with real_open(journal._temp_path(self.path), "wb") as out:
                out.write(b'{"n":')  # the temporary file half written
            die(point)
        return _real(self, saved)

    journal.Journal.append = append
    journal.Journal.compact = compact
    journal.os.replace = replace
    host = Host.new_game("bot:random,bot:random,bot:random,bot:random", seed=21, target=2000,
                         bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0, save_path=save)
    host.start()
    host.start_now()
    threading.Event().wait(120)  # the bots play on until a compaction kills this process
    sys.exit(3)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("point", ["torn-temp", "before-rename", "after-rename"])
def test_sigkill_during_a_compaction_loses_nothing(tmp_path: Path, point: str) -> None:
    save = tmp_path / "host.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(save), point], capture_output=True, text=True, env=env, timeout=150
    )
    lines = [json.loads(line) for line in child.stdout.splitlines()]
    assert lines and lines[-1] == {"killed": point}, child.stderr[-2000:]
    assert child.returncode == -9
    confirmed = {line["v"]: (line["seat"], line["action"]) for line in lines if "action" in line}
    assert confirmed
    host = Host.resume(save)
    match = host.protocol.match
    assert match.version >= max(confirmed), "every change on disk before the kill is in the resumed game"
    replayed: dict[int, tuple[int, str]] = {}
    version = 0
    for hand in match.hands:
        version += 1
        for action in hand.actions:
            version += 1
            replayed[version] = action
    lost = [v for v, (_, action) in confirmed.items() if replayed.get(v) != action]
    assert not lost, f"confirmed changes lost or changed: {lost[:5]}"
    host.start()  # the restarted host opens a fresh journal: a cut-short compaction leaves nothing behind
    try:
        assert not (tmp_path / "host.json.journal.tmp").exists()
    finally:
        host.stop()
