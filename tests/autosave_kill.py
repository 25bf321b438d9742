"""The autosave under ``kill -9``: a child process plays a hot-seat game and is killed at random moments,
some within 20 ms of an action; after each kill the save must load, be at most the last action behind,
never be damaged, and have a backup beside it.

    python tests/autosave_kill.py child SEED      # the child (KROOK_HOME set): prints READY/ACTION/NEWGAME
    run_trials(n, home, seed)                     # the driver, used by tests/test_autosave_kill.py and
                                                  # benchmarks/bench_autosave_kill.py
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(seed: int) -> None:
    from krook.session.local import Lobby, LocalSession, SeatConfig

    rng = random.Random(seed)
    lobby = Lobby([SeatConfig(f"P{i}", "human") for i in range(4)], seed=seed)
    try:
        session = LocalSession.resume(threaded=True)
    except Exception:
        session = LocalSession.new(lobby, threaded=True)
        print("NEWGAME", flush=True)
    print("READY", session.version, flush=True)
    while True:
        m = session.match
        if m.is_over:
            session.close()
            session = LocalSession.new(lobby, threaded=True)
            print("NEWGAME", flush=True)
            continue
        if m.to_act is None:
            session.next_hand()
            continue
        action = m.legal_actions().sample(rng)
        if session.submit(m.to_act, action) is None:
            sys.stdout.write(f"ACTION {session.version}\n")
            sys.stdout.flush()
        # A quick player: the next action comes 10-40 ms later.
        time.sleep(rng.uniform(0.01, 0.04))


@dataclass(frozen=True)
class Trial:
    mode: str  # "after-action" (killed 0-20 ms after an action) or "random"
    last_action: int | None  # the last version the child reported applied, None before any action
    resumed: int | None  # the version the save resumes at (None: no save yet)
    corrupt_files: int
    backups: int
    notices: tuple[str, ...]

    @property
    def behind(self) -> int:
        if self.last_action is None or self.resumed is None:
            return 0
        return self.last_action - self.resumed


def _one(home: Path, rng: random.Random, mode: str, seed: int) -> Trial:
    from krook.rules import match_from_record
    from krook.session.local import _check_replays, save_file

    env = {**os.environ, "KROOK_HOME": str(home), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, __file__, "child", str(seed)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    lines: list[str] = []
    actions = threading.Semaphore(0)

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.strip())
            if line.startswith("ACTION"):
                actions.release()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        if mode == "after-action":
            for _ in range(rng.randint(1, 12)):
                if not actions.acquire(timeout=20):
                    raise AssertionError(f"the child stopped acting: {lines[-3:]}")
            time.sleep(rng.uniform(0.0, 0.02))
        else:
            time.sleep(rng.uniform(0.05, 0.6))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        reader.join(5)
    last: int | None = None
    for line in lines:
        if line == "NEWGAME":
            last = None
        elif line.startswith("ACTION ") and line[7:].isdigit():  # a line cut by the kill is not counted
            last = int(line[7:])
    store = save_file(home / "data" / "autosave.json")
    resumed = None
    notices: tuple[str, ...] = ()
    if store.exists():
        loaded = store.load(_check_replays)
        resumed = match_from_record(loaded.data["record"]).view(None).version
        notices = loaded.notices
    data = home / "data"
    return Trial(
        mode,
        last,
        resumed,
        len(list(data.glob("autosave.json.corrupt-*"))),
        sum(p.exists() for p in store.backup_paths),
        notices,
    )


def run_trials(n: int, home: Path, seed: int = 1) -> list[Trial]:
    rng = random.Random(seed)
    return [_one(home, rng, ("after-action", "random")[i % 2], seed + i) for i in range(n)]


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child(int(sys.argv[2]))
