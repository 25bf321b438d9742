"""Startup benchmark: build size, launch-to-first-frame time and peak memory, from source and frozen.

    python benchmarks/bench_startup.py [--runs 5] [--timeout 30] [--json] [--frozen dist/krook/krook]

Prints:
* the size of the onedir build ``dist/krook/`` in MB (target <= 60 MB), or "not built";
* the median time from launching the process to the first drawn title frame, from source
  (``python -m krook``, target <= 1.0 s) and frozen (``dist/krook/krook``, target <= 2.0 s);
* the peak resident memory of those processes (``ru_maxrss`` of each child; not available on Windows);
* frozen / source: the ratio of the two medians, the runs taken in turns so both see the same machine.

The contract with the app (``krook.app`` honours it; this script only relies on it):
    With ``KROOK_EXIT_AFTER_FIRST_FRAME=1`` in the environment, the app starts as usual, draws its title
    scene once, calls ``pygame.display.flip()``, then prints the line ``KROOK_FIRST_FRAME`` to stdout
    (flushed) and exits with status 0 without waiting for input.
The time is taken when that line arrives; if the app exits 0 without printing it, the time of exit is used
(which includes shutdown, so it overstates slightly). A run that fails or times out is reported as such,
with the last line of its error output, never as a time.

Because the app does not exist yet while this is written, ``--stand-in`` also measures a minimal
pygame program (import pygame, open the window, draw, flip) under the same rules. It is the floor any
real title screen starts from, and is always labelled "stand-in".

Runs use SDL's dummy video and audio drivers and a temporary ``KROOK_HOME``, so no window opens and no
player files are touched.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONEDIR = ROOT / "dist" / "krook"
FROZEN_EXE = ONEDIR / ("krook.exe" if sys.platform == "win32" else "krook")
MARKER = "KROOK_FIRST_FRAME"

STAND_IN = f"""
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((20, 90, 40))
pygame.draw.circle(screen, (230, 200, 60), (640, 360), 120)
pygame.font.Font(None, 72).render("Krook", True, (255, 255, 255))
pygame.display.flip()
print({MARKER!r}, flush=True)
pygame.quit()
"""


@dataclass
class Measurement:
    label: str
    command: list[str]
    times: list[float] = field(default_factory=list)
    peak_rss_mb: float | None = None
    marker_seen: bool = False
    error: str | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "median_s": round(statistics.median(self.times), 3) if self.times else None,
            "min_s": round(min(self.times), 3) if self.times else None,
            "max_s": round(max(self.times), 3) if self.times else None,
            "runs": len(self.times),
            "peak_rss_mb": None if self.peak_rss_mb is None else round(self.peak_rss_mb, 1),
            "marker_seen": self.marker_seen,
            "error": self.error,
        }

    def summary(self) -> str:
        if self.error:
            return f"{self.label}: {self.error}"
        rss = "n/a" if self.peak_rss_mb is None else f"{self.peak_rss_mb:.0f} MB"
        how = "to first frame" if self.marker_seen else "to exit (no first-frame marker)"
        return (
            f"{self.label}: median {statistics.median(self.times):.3f} s {how} over {len(self.times)} runs "
            f"(min {min(self.times):.3f}, max {max(self.times):.3f}); peak RSS {rss}"
        )


def tree_size_mb(path: Path) -> float | None:
    if not path.is_dir():
        return None
    total = sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())
    return total / 1_000_000


def _rss_mb(ru_maxrss: int) -> float:
    # Linux reports kilobytes, macOS bytes.
    return ru_maxrss / 1_000_000 if sys.platform == "darwin" else ru_maxrss / 1000


def run_once(command: list[str], env: dict[str, str], timeout: float) -> tuple[float, bool, float | None]:
    """One launch: (seconds to marker or exit, marker seen, peak RSS in MB or None). Raises on failure."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, env=env, cwd=env["KROOK_HOME"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        proc.kill()

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        seen_at: float | None = None
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:
            if seen_at is None and line.strip() == MARKER:
                seen_at = time.perf_counter()
        err = proc.stderr.read()
        rss: float | None = None
        if hasattr(os, "wait4"):
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            rss = _rss_mb(usage.ru_maxrss)
        else:
            proc.wait()
        ended = time.perf_counter()
    finally:
        timer.cancel()
    if killed.is_set():
        raise RuntimeError(
            f"timed out after {timeout:.0f} s (does the app honour KROOK_EXIT_AFTER_FIRST_FRAME?)"
        )
    if proc.returncode != 0:
        raise RuntimeError(f"exited with status {proc.returncode}: {_gist(err)}")
    return (seen_at or ended) - start, seen_at is not None, rss


def _gist(stderr: str) -> str:
    """The most telling line of a failed run's stderr: the last exception line, else the last line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if "Error" in line or "Exception" in line]
    return (errors or lines or ["no error output"])[-1]


def measure_interleaved(specs: list[tuple[str, list[str]]], runs: int, timeout: float) -> list[Measurement]:
    """Each command ``runs`` times, taking turns (source, frozen, source, ...), so that a busy moment of the
    machine falls on both alike and their ratio stays fair."""
    results = [Measurement(label, command) for label, command in specs]
    peaks: dict[str, list[float]] = {m.label: [] for m in results}
    for _ in range(runs):
        for m in results:
            if m.error:
                continue
            with tempfile.TemporaryDirectory(prefix="krook-bench-") as home:
                env = {
                    **os.environ,
                    "KROOK_EXIT_AFTER_FIRST_FRAME": "1",
                    "KROOK_HOME": home,
                    "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
                    "SDL_AUDIODRIVER": "dummy",
                    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                    "PYTHONPATH": str(ROOT),
                }
                try:
                    seconds, seen, rss = run_once(m.command, env, timeout)
                except (RuntimeError, OSError) as e:
                    m.error = f"failed: {e}"
                    m.times.clear()
                    continue
            m.times.append(seconds)
            m.marker_seen = seen
            if rss is not None:
                peaks[m.label].append(rss)
    for m in results:
        m.peak_rss_mb = max(peaks[m.label]) if peaks[m.label] else None
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Krook startup benchmark")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per launch")
    parser.add_argument("--stand-in", action="store_true", help="also time a minimal pygame program")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--frozen", type=Path, help="the frozen executable (default: dist/krook/krook)")
    args = parser.parse_args(argv)

    frozen_exe = args.frozen.resolve() if args.frozen else FROZEN_EXE
    size = tree_size_mb(frozen_exe.parent)
    specs: list[tuple[str, list[str]]] = []
    if args.stand_in:
        specs.append(("stand-in (pygame window + flip)", [sys.executable, "-c", STAND_IN]))
    specs.append(("source (python -m krook)", [sys.executable, "-m", "krook"]))
    if frozen_exe.is_file():
        specs.append((f"frozen ({frozen_exe})", [str(frozen_exe)]))
    results = measure_interleaved(specs, args.runs, args.timeout)
    if not frozen_exe.is_file():
        results.append(
            Measurement("frozen", [str(frozen_exe)], error="not built (run: python build/make.py)")
        )
    source = next(m for m in results if m.label.startswith("source"))
    frozen = next((m for m in results if m.label.startswith("frozen") and m.times), None)
    ratio = (
        round(statistics.median(frozen.times) / statistics.median(source.times), 2)
        if frozen is not None and source.times
        else None
    )

    if args.json:
        print(
            json.dumps(
                {
                    "onedir_mb": None if size is None else round(size, 1),
                    "startup": [m.as_json() for m in results],
                    "frozen_over_source": ratio,
                }
            )
        )
        return 0
    print(f"onedir build size: {'not built' if size is None else f'{size:.1f} MB'} ({frozen_exe.parent})")
    for m in results:
        print(m.summary())
    if ratio is not None:
        print(f"time to first frame, frozen / source (medians, runs interleaved): {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
