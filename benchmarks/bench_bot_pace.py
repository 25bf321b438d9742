"""Time between bot moves at the table: ``python benchmarks/bench_bot_pace.py [--strength hard] [--speed normal]``.

Four bots of one strength play a local game from a fixed seed while the caller updates the session at the app's
frame rate (60 a second), as the table does; prints the median and largest gap between moves. With the bot-speed
pause and the bot's think overlapping, the gap at *normal* speed is the 0.6 s pause plus a frame or two, whatever
the hard bot's search takes up to its 0.51 s deadline.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strength", default="hard")
    parser.add_argument("--speed", default="normal", help="bot speed: slow, normal, fast")
    parser.add_argument("--moves", type=int, default=45)
    parser.add_argument("--seed", type=int, default=7)
    opts = parser.parse_args()
    os.environ["KROOK_HOME"] = tempfile.mkdtemp()  # no save of the benchmark's game in the player's folder

    from krook.session.base import ActionEvent
    from krook.session.local import Lobby, LocalSession, SeatConfig
    from krook.settings_store import BOT_DELAY

    lobby = Lobby.default()
    lobby.seats = [SeatConfig(name, "bot", opts.strength) for name in ("Ada", "Ben", "Cleo", "Dev")]
    lobby.seed = opts.seed
    session = LocalSession.new(lobby, bot_delay=BOT_DELAY[opts.speed], autosave=False)
    gaps: list[float] = []
    last = time.perf_counter()
    give_up = last + opts.moves * 5.0
    try:
        while len(gaps) < opts.moves and time.perf_counter() < give_up:
            frame = time.perf_counter()
            for event in session.update(1 / 60):
                if isinstance(event, ActionEvent):
                    now = time.perf_counter()
                    gaps.append(now - last)
                    last = now
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - frame)))
    finally:
        session.close()
    print(
        f"{opts.strength} at {opts.speed} speed ({BOT_DELAY[opts.speed]} s pause): {len(gaps)} moves, "
        f"gap median {statistics.median(gaps):.3f} s, max {max(gaps):.3f} s, min {min(gaps):.3f} s"
    )


if __name__ == "__main__":
    main()
