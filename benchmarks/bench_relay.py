"""Relay benchmark on loopback (a real nats-server on 127.0.0.1): action round trip, bytes per hand, and one
relay's CPU and memory with many simulated tables.

    python benchmarks/bench_relay.py [--actions 400]          # round trip through the relay, durable saves
    python benchmarks/bench_relay.py --hands 5                # bytes per hand on the wire (relay and LAN)
    python benchmarks/bench_relay.py --tables 200 --seconds 30  # nats-server CPU and memory, 200 tables

Round trip: from ``RemoteSession.submit`` until the view with the new version reaches that client, every seat
joined through the relay (sealed), the host journaling each action to disk first. Target p95 <= 30 ms.

Simulated tables: per table one host connection and three seat connections to the relay, each table playing
one action a second (the actor's sealed action to the host; the host's event and view to each seat, sealed and
padded as the game pads them): a busier table than a family's, for a bounded time. The relay's CPU is read from
/proc (user + system time of the nats-server process), its memory as its resident set.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import nats

from krook.net import Host, internet
from krook.net.relay import DATA
from krook.net.relay_testing import LocalRelay
from krook.net.sealed import pair
from krook.net.testing import ClientBot, drive


def round_trips(relay: LocalRelay, actions: int) -> list[float]:
    save = Path(tempfile.mkdtemp()) / "host.json"
    host = Host.new_game(
        "lan,lan,lan,lan", seed=42, bind="127.0.0.1", port=0, discovery_port=None, save_path=save
    ).start()
    relay_host = internet.host(host, relay.url)
    sessions = [internet.join(relay.url, str(relay_host.code), f"P{i}") for i in range(4)]
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
            start = time.perf_counter()
            assert actor.submit(actor.seat, view.legal_actions().sample(rng)) is None
            while True:
                actor.update()
                if actor.view(actor.seat).version > view.version:
                    break
                time.sleep(0.0002)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        for s in sessions:
            s.close()
        host.stop()
        relay_host.stop()
    return times


def bytes_per_hand(relay: LocalRelay, hands: int) -> None:
    got: list[int] = []
    lock = threading.Lock()

    async def spy():
        nc = await nats.connect(relay.url)

        async def cb(msg):
            with lock:
                got.append(len(msg.data))

        await nc.subscribe("krook.>", cb=cb)
        await nc.flush()
        return nc

    from krook.net.relay import run_async

    spy_nc = run_async(spy(), 5)
    host = Host.new_game(
        "lan,lan,lan,lan", seed=5, bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0
    ).start()
    relay_host = internet.host(host, relay.url)
    sessions = [internet.join(relay.url, str(relay_host.code), f"P{i}") for i in range(4)]
    bots = [ClientBot(s, "simple", seed=i) for i, s in enumerate(sessions)]
    drive(bots, lambda: len(host.protocol.match.hands) > hands or host.protocol.match.is_over, timeout=300)
    played = len(host.protocol.match.hands) - 1
    lan_json = host.sent_total
    for s in sessions:
        s.close()
    host.stop()
    relay_host.stop()
    time.sleep(0.3)
    run_async(spy_nc.close(), 5)
    with lock:
        total, count = sum(got), len(got)
    print(f"bytes per hand, 4 internet seats, {played} hands (both directions, every seat):")
    print(f"  relay payloads: {total / played:,.0f} bytes/hand in {count / played:,.0f} messages/hand")
    print(f"  the same game's JSON from the host (unsealed, unpadded): {lan_json / played:,.0f} bytes/hand")


def _proc_cpu_mem(pid: int) -> tuple[float, float]:
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    return cpu, rss


def tables(relay: LocalRelay, count: int, seconds: float) -> None:
    assert relay.proc is not None
    pid = relay.proc.pid
    cpu0, rss0 = _proc_cpu_mem(pid)

    async def run() -> tuple[int, int]:
        conns = []
        sent = received = 0
        sims = []
        for t in range(count):
            host = await nats.connect(relay.url)
            seats = [await nats.connect(relay.url) for _ in range(3)]
            conns += [host, *seats]
            channels = [pair() for _ in range(3)]

            async def on_seat(msg):
                nonlocal received
                received += 1

            for i, seat in enumerate(seats):
                await seat.subscribe(f"krook.1.g.t{t}s{i}", cb=on_seat)

            async def on_host(msg):
                nonlocal received
                received += 1

            await host.subscribe(f"krook.1.h.T{t:03d}.*", cb=on_host)
            sims.append((host, seats, channels, t))
        for c in conns:
            await c.flush()

        async def play(host, seats, channels, t):
            nonlocal sent
            rng = random.Random(t)
            await asyncio.sleep(rng.random())
            k = 0
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                actor = k % 3
                guest, _ = channels[actor]
                await seats[actor].publish(
                    f"krook.1.h.T{t:03d}.s{actor}", bytes([DATA]) + guest.seal(b"a" * 40)
                )
                for i in range(3):
                    _, h = channels[i]
                    await host.publish(f"krook.1.g.t{t}s{i}", bytes([DATA]) + h.seal(b"e" * 90))
                    await host.publish(f"krook.1.g.t{t}s{i}", bytes([DATA]) + h.seal(b"v" * 700))
                sent += 7
                k += 1
                await asyncio.sleep(1.0)

        await asyncio.gather(*(play(*s) for s in sims))
        await asyncio.sleep(0.5)
        for c in conns:
            await c.close()
        return sent, received

    started = time.monotonic()
    cpu_start, _ = _proc_cpu_mem(pid)
    peak = [rss0]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.5):
            peak[0] = max(peak[0], _proc_cpu_mem(pid)[1])

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    sent, received = asyncio.run(run())
    stop.set()
    elapsed = time.monotonic() - started
    cpu1, rss1 = _proc_cpu_mem(pid)
    print(
        f"{count} simulated tables ({count * 4} connections) for {seconds:g} s ({elapsed:.1f} s with setup):"
    )
    print(f"  messages published {sent:,}, delivered {received:,} ({sent / seconds:,.0f}/s)")
    print(
        f"  nats-server CPU: {cpu1 - cpu_start:.2f} s over {elapsed:.1f} s = {(cpu1 - cpu_start) / elapsed:.1%} of a core"
    )
    print(f"  nats-server memory: {rss0:.1f} MB idle, peak {peak[0]:.1f} MB, {rss1:.1f} MB at the end")
    del cpu0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=0)
    p.add_argument("--hands", type=int, default=0)
    p.add_argument("--tables", type=int, default=0)
    p.add_argument("--seconds", type=float, default=30.0)
    opts = p.parse_args()
    if not (opts.actions or opts.hands or opts.tables):
        opts.actions = 400
    with LocalRelay() as relay:
        if opts.actions:
            times = round_trips(relay, opts.actions)
            times.sort()
            p95 = times[int(len(times) * 0.95) - 1]
            print(
                f"action round trip through the relay, durable saves, {len(times)} actions: "
                f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms (target p95 <= 30 ms)"
            )
        if opts.hands:
            bytes_per_hand(relay, opts.hands)
        if opts.tables:
            tables(relay, opts.tables, min(opts.seconds, 120.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
