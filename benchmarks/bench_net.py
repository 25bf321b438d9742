"""LAN benchmark on loopback: action round trip (client submit -> its own next view) and the host's idle CPU.

    python benchmarks/bench_net.py [--actions 400] [--idle 3]

Target: p95 round trip <= 20 ms. The round trip is measured from ``RemoteSession.submit`` until the view
with the new version reaches that client (through the host's referee, broadcast and the client thread).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from krook.net import Host, RemoteSession


def round_trips(actions: int) -> list[float]:
    host = Host.new_game("lan,lan,lan,lan", seed=42, bind="127.0.0.1", port=0, discovery_port=None).start()
    sessions = [RemoteSession.connect("127.0.0.1", host.address[1], f"P{i}") for i in range(4)]
    rng = random.Random(1)
    times: list[float] = []
    try:
        while len(times) < actions:
            for s in sessions:
                s.update()
            views = {s.seat: s.view(s.seat) for s in sessions}
            if all(v.phase in ("hand_over", "game_over") for v in views.values()):
                if any(v.winner is not None for v in views.values()):
                    break
                for s in sessions:
                    s.next_hand()
                deadline = time.monotonic() + 2
                while time.monotonic() < deadline and any(
                    s.view(s.seat).phase == "hand_over" for s in sessions if s.update() is not None
                ):
                    time.sleep(0.001)
                continue
            actor = next((s for s in sessions if views[s.seat].my_turn), None)
            if actor is None:
                time.sleep(0.0005)
                continue
            view = views[actor.seat]
            text = view.legal_actions().sample(rng)
            start = time.perf_counter()
            assert actor.submit(actor.seat, text) is None
            while True:
                actor.update()
                if actor.view(actor.seat).version > view.version:
                    break
                time.sleep(0.0002)
            times.append(time.perf_counter() - start)
    finally:
        for s in sessions:
            s.close()
        host.stop()
    return times


def idle_cpu(seconds: float) -> float:
    """Percent of one core the host uses while a full table of four clients sits idle."""
    host = Host.new_game("lan,lan,lan,lan", seed=1, bind="127.0.0.1", port=0, discovery_port=None).start()
    sessions = [RemoteSession.connect("127.0.0.1", host.address[1], f"P{i}") for i in range(4)]
    try:
        time.sleep(0.3)
        before, wall = time.process_time(), time.monotonic()
        time.sleep(seconds)
        used = time.process_time() - before
        return 100 * used / (time.monotonic() - wall)
    finally:
        for s in sessions:
            s.close()
        host.stop()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=400)
    p.add_argument("--idle", type=float, default=3.0)
    opts = p.parse_args()
    times = sorted(round_trips(opts.actions))
    ms = [t * 1000 for t in times]
    p95 = ms[max(0, int(len(ms) * 0.95) - 1)]
    print(f"action round trip over loopback, {len(ms)} actions, 4 clients:")
    print(f"  median {statistics.median(ms):.2f} ms   p95 {p95:.2f} ms   max {ms[-1]:.2f} ms   (target p95 <= 20 ms)")
    cpu = idle_cpu(opts.idle)
    print(f"idle: host + 4 client threads in this process use {cpu:.2f}% of one core over {opts.idle:g} s")
    return 0 if p95 <= 20 else 1


if __name__ == "__main__":
    sys.exit(main())
