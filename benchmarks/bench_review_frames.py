"""Frame times while a hand review runs: the solver on a thread (sharing the window's GIL) or in a worker process.

    nice -n 15 python benchmarks/bench_review_frames.py [--seconds 8] [--rounds 2]

The headless app (SDL's dummy driver) opens the review of one long Kentucky Discard hand (the first hand of the
medium bots' game from seed 7, as in bench_review.py) and draws a frame every 1/60 s for up to ``--seconds``,
timing each frame: its work (events, update, draw, flip) and its lateness (how long after its 1/60 s slot it
started: the wait for the GIL after sleeping shows here). The baseline (``none``) is the same screen showing
the finished review with nothing solving.
Ways are interleaved (none, thread, process, ...) ``--rounds`` times, so a busy machine weighs on each alike;
it prints the medians and 95th percentiles of each way and the thread / process ratio of the p95.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

FRAME_S = 1 / 60


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run_way(
    app: object, record: dict[str, object], way: str, seconds: float, done: object
) -> dict[str, float]:
    """Frames for ``seconds`` (or until the review ends) with the review scene on top: solving on a thread,
    in a process, or (``none``) showing the finished review ``done`` with nothing solving."""
    from krook.review.job import ReviewJob
    from krook.scenes.archive.review import ReviewScene

    ReviewJob.process_default = way != "thread"
    scene = ReviewScene(app.services, record, 0, 0)  # type: ignore[attr-defined]
    if way == "none":
        assert scene.job is not None
        scene.job.cancel()
        scene.job.join(30)
        scene.job.latest, scene.job.finished = done, True  # type: ignore[assignment]
    app.stack.push(scene)  # type: ignore[attr-defined]
    work: list[float] = []
    late: list[float] = []
    start = time.perf_counter()
    due = start
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        late.append(max(0.0, t0 - due))
        app.frame([], dt=FRAME_S, draw=True)  # type: ignore[attr-defined]
        t1 = time.perf_counter()
        work.append(t1 - t0)
        due = max(due + FRAME_S, t1)
        if way != "none" and scene.job is not None and scene.job.finished:
            break
        pause = due - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    finished = way != "none" and scene.job is not None and scene.job.finished
    scene.close()
    if scene.job is not None:
        scene.job.join(30)
    app.frame([], dt=FRAME_S, draw=True)  # type: ignore[attr-defined]
    ms = [w * 1000 for w in work]
    total = [(w + x) * 1000 for w, x in zip(work, late, strict=True)]
    return {
        "frames": len(ms),
        "work_p50_ms": round(statistics.median(ms), 2),
        "work_p95_ms": round(percentile(ms, 0.95), 2),
        "late_plus_work_p95_ms": round(percentile(total, 0.95), 2),
        "review_done": finished,
        "seconds": round(time.perf_counter() - start, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    opts = parser.parse_args()
    from bench_review import recorded_hand

    from krook.app import App
    from krook.settings_store import Settings

    match = recorded_hand(opts.seed)
    assert match is not None, "that seed's first hand was thrown in: pick another --seed"
    record = match.to_record()
    settings = Settings(anim_speed="instant", bot_speed="instant", window_size=(1280, 720))
    app = App(settings.window_size, fullscreen=False, settings=settings)
    app.frame([], dt=0.0)
    from krook.review.engine import Reviewer

    done = Reviewer(match, 0, 0, bid_budget_s=0.05).run()  # what the idle way shows
    rows: dict[str, list[dict[str, float]]] = {"none": [], "thread": [], "process": []}
    for _ in range(opts.rounds):
        for way in rows:
            row = run_way(app, record, way, opts.seconds, done)
            rows[way].append(row)
            print(json.dumps({"way": way, **row}), flush=True)
    summary = {}
    for way, got in rows.items():
        summary[way] = {
            key: round(statistics.median(r[key] for r in got), 2)
            for key in ("work_p50_ms", "work_p95_ms", "late_plus_work_p95_ms")
        }
    ratio = summary["thread"]["late_plus_work_p95_ms"] / max(
        0.01, summary["process"]["late_plus_work_p95_ms"]
    )
    print(
        "frame p50 / p95 (work) and p95 (late + work), ms: "
        + "; ".join(
            f"{way} {s['work_p50_ms']} / {s['work_p95_ms']} / {s['late_plus_work_p95_ms']}"
            for way, s in summary.items()
        )
        + f"; thread / process p95 ratio {ratio:.2f}"
    )
    print(json.dumps({"summary": summary, "thread_over_process_p95": round(ratio, 2)}))


if __name__ == "__main__":
    main()
