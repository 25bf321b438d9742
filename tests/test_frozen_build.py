"""End to end: build the frozen app with PyInstaller, then run it as a player and as the tools would.

Slow (a PyInstaller build), so it only runs with ``KROOK_TEST_FROZEN=1`` (CI sets it). One build serves
every test of this module.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    # One worker builds once where grouping works; the build's lock (below) holds where it does not.
    pytest.mark.xdist_group("frozen_build"),
    pytest.mark.skipif(os.environ.get("KROOK_TEST_FROZEN") != "1", reason="set KROOK_TEST_FROZEN=1 to build"),
]


def _shared_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this test run that every pytest-xdist worker sees (the run's own folder without xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """One build for the whole run, whichever workers run these tests and however often the module fixture is
    set up: two PyInstaller builds at once share the work folder and corrupt each other. The xdist group keeps
    the module on one worker where the grouping works; this lock holds where it does not (pytest 9.2 with
    xdist 3.8 ignored the group and ran two builds at once)."""
    import fcntl

    shared = _shared_dir(tmp_path_factory)
    dist, log = shared / "frozen-dist", shared / "frozen-build.log"
    with (shared / "frozen-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait here while one builds
        if not (shared / "frozen-build.done").exists():
            proc = subprocess.run(
                [sys.executable, str(ROOT / "build" / "make.py"), "--no-zip", "--dist", str(dist)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=900,
            )
            assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
            log.write_text(proc.stdout, encoding="utf-8")
            (shared / "frozen-build.done").touch()
    exe = dist / "krook" / ("krook.exe" if sys.platform == "win32" else "krook")
    assert exe.is_file()
    yield exe, log.read_text(encoding="utf-8")


def _env(tmp_path: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "KROOK_HOME": str(tmp_path / "home"),
    }
    env.pop("PYTHONPATH", None)
    return env


def _run(exe: Path, tmp_path: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    # From an unrelated folder: the build must find everything without the source tree's help.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    return subprocess.run(
        [str(exe), *args], cwd=elsewhere, env=_env(tmp_path), capture_output=True, text=True, timeout=timeout
    )


def test_frozen_build_passes_selftest(built: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = built
    proc = _run(exe, tmp_path, "--selftest")
    lines = proc.stdout.strip().splitlines()
    assert lines, f"no output; stderr: {proc.stderr}"
    report = json.loads(lines[-1])
    assert report["ok"] is True, report.get("reason")
    assert report["frozen"] is True
    assert proc.returncode == 0
    for name in (
        "assets",
        "user_dirs",
        "display",
        "scenes_render",
        "bot_hand",
        "net_loopback",
        "internet_stack",
        "review_worker",
    ):
        assert report["checks"][name]["status"] == "ok", report["checks"][name]
    assert not (tmp_path / "home" / "logs").exists(), "the selftest keeps out of the player's log folder"


def test_frozen_build_reaches_for_a_relay_and_says_when_none_answers(
    built: tuple[Path, str], tmp_path: Path
) -> None:
    """The packaged app was built without ssl, which nats-py imports: joining over the internet crashed before it
    reached any relay. A relay port on loopback where nothing listens must give the plain refusal."""
    from krook.net.relay_testing import free_port

    exe, _ = built
    relay = f"nats://127.0.0.1:{free_port()}"
    proc = _run(exe, tmp_path, "join", "--relay", relay, "AAAA-111-222", "--timeout", "2", timeout=60)
    assert proc.returncode == 2, (proc.stdout[-500:], proc.stderr[-800:])
    assert "relay" in proc.stderr and "unexpected problem" not in proc.stderr, proc.stderr[-800:]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux bundles only")
def test_linux_bundle_leaves_system_libraries_out_and_reports_glibc(built: tuple[Path, str]) -> None:
    exe, output = built
    internal = exe.parent / "_internal"
    # The C++ runtime, graphics, windowing and sound stacks must match the player's system: never bundled
    # (SDL opens the system's own at run time). pygame-ce's renamed copies (libSDL2-<hash>...) are its own.
    system = ("libstdc++.so", "libgcc_s.so", "libGL.so", "libGLX", "libEGL", "libGLdispatch", "libdrm.so",
              "libX11.so", "libxcb.so", "libasound", "libpulse", "libwayland-")  # fmt: skip
    bundled = [p.name for p in internal.rglob("*.so*") if p.name.startswith(system)]
    assert not bundled, f"{bundled} must come from the system"
    assert "highest GLIBC needed:" in output


def test_frozen_sim_and_replay(built: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = built
    sim = _run(exe, tmp_path, "sim", "--games", "2", "--seed", "3", "--bots", "simple,random", "--json")
    assert sim.returncode == 0, sim.stderr
    summary = json.loads(sim.stdout)
    assert summary["games"] == 2 and summary["hands"] > 0

    from krook.rules import Match, get_preset

    match = Match(get_preset("kentucky-discard").rules, ["A", "B", "C", "D"], seed=11)
    import random

    rng = random.Random(2)
    for _ in range(30):
        match.apply(match.legal_actions().sample(rng), match.to_act)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(match.to_record()), encoding="utf-8")
    replay = _run(exe, tmp_path, "replay", "--json", str(record))
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)


def test_frozen_arena_spawns_workers_and_finishes(built: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = built
    proc = _run(
        exe, tmp_path, "arena", "--a", "simple", "--b", "random", "--deals", "4", "--workers", "2", "--json"
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "usage:" not in proc.stderr, "a worker re-ran the command line"
    json.loads(proc.stdout)


def test_frozen_gallery_draws_scenes_and_card_sheets(built: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = built
    out = tmp_path / "gallery"
    proc = _run(
        exe, tmp_path, "gallery", str(out), "--sizes", "640x360,800x450", "--only", "01-title,22-cards"
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name for p in out.glob("*.png"))
    assert names == [
        "01-title-640x360.png",
        "01-title-800x450.png",
        "22-cards-640x360.png",
        "22-cards-800x450.png",
    ]


def test_frozen_serve_listens_and_stops_on_sigterm(built: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = built
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    args = [
        "serve",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--no-discovery",
        "--save",
        str(tmp_path / "lan.json"),
    ]
    proc = subprocess.Popen([str(exe), *args], env=_env(tmp_path), cwd=tmp_path)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "serve never listened"
                time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        proc.kill()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX shells only")
def test_frozen_app_starts_with_std_fds_closed(built: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = built
    env = {**_env(tmp_path), "KROOK_EXIT_AFTER_FIRST_FRAME": "1"}
    proc = subprocess.run(["sh", "-c", f"exec <&- >&- 2>&-; exec '{exe}'"], env=env, timeout=120)
    assert proc.returncode == 0
    assert "first frame after" in (tmp_path / "home" / "logs" / "krook.log").read_text(encoding="utf-8")
