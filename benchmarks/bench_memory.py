"""Peak memory during a whole game played through the desktop app (headless), and after every scene is drawn.

Run: ``python benchmarks/bench_memory.py [--bots medium] [--preset kentucky-discard] [--size 1920x1080]``.
Each measurement runs in a fresh process and reports its peak resident set size (``ru_maxrss``), the figure a
player's machine sees. The target is at most 200 MB during a game.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

GAME_SCRIPT = r"""
import json, os, resource, sys, time
from krook.app import App
from krook.scenes.table.score import ScoreSheetScene
from krook.scenes.table.scene import TableScene
from krook.session.local import Lobby, LocalSession, SeatConfig
from krook.settings_store import Settings

preset, strength, w, h = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
app = App((w, h), fullscreen=False, settings=Settings(anim_speed="fast", bot_speed="instant"))
lobby = Lobby.default()
lobby.preset = preset
rules = lobby.rules()
lobby.seats = [SeatConfig(f"Bot {i + 1}", "bot", strength) for i in range(rules.players)]
lobby.seed = 2026
session = LocalSession.new(lobby, autosave=True)
session.bot_delay = 0.0
table = TableScene(app.services, session)
app.stack.scenes = [table]
started, frames, hands = time.perf_counter(), 0, 0
while time.perf_counter() - started < 600:
    app.frame([], dt=1 / 30)
    frames += 1
    top = app.stack.top
    if isinstance(top, ScoreSheetScene):
        hands += 1
        if session.view(None).winner is not None:
            break
        top.next_hand()
session.close()
print(json.dumps({"hands": hands, "frames": frames, "seconds": round(time.perf_counter() - started, 1),
                  "winner": session.view(None).winner,
                  "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


def run(code: str, *args: str) -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.setdefault("KROOK_HOME", tempfile.mkdtemp(prefix="krook-mem-"))
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=900
    )
    if done.returncode:
        raise SystemExit(f"measurement failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--size", default="1920x1080")
    opts = parser.parse_args()
    w, h = opts.size.split("x")
    game = run(GAME_SCRIPT, opts.preset, opts.bots, w, h)
    print(
        f"whole game ({opts.preset}, {opts.bots} bots, {opts.size}): {game['hands']} hands, "
        f"{game['frames']} frames in {game['seconds']} s; peak RSS {game['peak_mb']} MB (target <= 200 MB)"
    )


if __name__ == "__main__":
    main()
