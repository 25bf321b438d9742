"""Idle CPU and memory: ``python benchmarks/bench_idle.py [--seconds 10] [--x11] [--exe dist/krook/krook]``.

In-process (SDL's dummy driver): the app sits at the title, the lobby and the table (the human to act)
for ``--seconds`` each; prints the share of one core used and the frames drawn while nothing changed.

``--x11`` runs the real program on a private Xvfb display (needs Xvfb): the title screen of
``python -m krook`` (and ``--exe``, a frozen build) with the x11 video driver, CPU share over
``--seconds`` after the first frame and the peak resident memory (VmHWM), once as shipped and once with
SDL's OpenGL probe allowed (``SDL_FRAMEBUFFER_ACCELERATION=1``, what Krook did before) for comparison;
and the title, lobby and table of the in-process run again under Xvfb with the x11 driver, once with SDL's
own blocking wait (``krook/event_wait.py``, as shipped) and once polling (``KROOK_POLL_EVENTS=1``, before).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def idle_in_process(seconds: float) -> dict[str, dict[str, float]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from krook.app import App
    from krook.devtools.gallery import advance, build_session
    from krook.scenes.menus.lobby import LobbyScene
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings

    results = {}
    with tempfile.TemporaryDirectory(prefix="krook-idle-") as home:
        os.environ["KROOK_HOME"] = home
        app = App((1280, 720), fullscreen=False, settings=Settings(window_size=(1280, 720)))
        session = build_session(seed=3)
        advance(session, lambda m: m.phase.value == "play" and m.to_act == 0)

        def table() -> TableScene:
            t = TableScene(app.services, session)
            t.deal_t = -1.0
            t.shown.dealt = True
            return t

        for name, make in (("title", None), ("lobby", lambda: LobbyScene(app.services)), ("table", table)):
            if make is not None:
                app.stack.scenes = [make()]
            app.frame([], dt=0.0)
            app.run(max_seconds=1.0)  # settle: start-up events, the first redraws
            frames0 = app.frames
            cpu0, wall0 = time.process_time(), time.perf_counter()
            app.run(max_seconds=seconds)
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            results[name] = {"cpu_percent": round(100 * cpu / wall, 2), "frames": app.frames - frames0}
        session.close()
    return results


def _proc_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _vm_hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def idle_x11(command: list[str], seconds: float, display: str, accel: str | None) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="krook-idle-") as home:
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
        env.update({"KROOK_HOME": home, "PYTHONPATH": str(ROOT)})
        if accel is not None:
            env["SDL_FRAMEBUFFER_ACCELERATION"] = accel
        proc = subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        log = Path(home) / "logs" / "krook.log"
        try:
            deadline = time.monotonic() + 60
            while not (log.exists() and "first frame after" in log.read_text()):
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"{command}: no first frame")
                time.sleep(0.05)
            time.sleep(1.0)
            cpu0, wall0 = _proc_cpu_s(proc.pid), time.perf_counter()
            time.sleep(seconds)
            cpu, wall = _proc_cpu_s(proc.pid) - cpu0, time.perf_counter() - wall0
            return {"cpu_percent": round(100 * cpu / wall, 2), "peak_rss_mb": round(_vm_hwm_mb(proc.pid), 1)}
        finally:
            proc.terminate()
            proc.wait(15)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--x11", action="store_true", help="also measure the real program under Xvfb")
    parser.add_argument("--exe", type=Path, help="a frozen build to measure under Xvfb too")
    parser.add_argument("--in-process-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_process_only:
        print(json.dumps(idle_in_process(args.seconds)))
        return 0
    result: dict[str, object] = {"in_process": idle_in_process(args.seconds)}
    if args.x11:
        display = ":73"
        xvfb = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1.0)
            x11: dict[str, object] = {}
            commands = {"source": [sys.executable, "-m", "krook"]}
            if args.exe:
                commands["frozen"] = [str(args.exe.resolve())]
            for label, command in commands.items():
                x11[f"{label} title"] = idle_x11(command, args.seconds, display, None)
                x11[f"{label} title, GL probe allowed"] = idle_x11(command, args.seconds, display, "1")
            for label, poll in (("screens, SDL wait", "0"), ("screens, polling (before)", "1")):
                env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "KROOK_POLL_EVENTS": poll}
                out = subprocess.run(
                    [sys.executable, __file__, "--in-process-only", "--seconds", str(args.seconds)],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                x11[label] = json.loads(out.stdout.strip().splitlines()[-1])
            result["x11"] = x11
        finally:
            xvfb.terminate()
            xvfb.wait(10)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
