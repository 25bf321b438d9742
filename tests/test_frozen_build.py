"""End to end: build the frozen app with PyInstaller and run its selftest, as CI does.

Slow (a PyInstaller build), so it only runs with ``KROOK_TEST_FROZEN=1``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("KROOK_TEST_FROZEN") != "1", reason="set KROOK_TEST_FROZEN=1 to build"),
]


def test_frozen_build_passes_selftest(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, str(ROOT / "build" / "make.py"), "--no-zip", "--dist", str(dist)],
        cwd=ROOT,
        check=True,
        timeout=900,
    )
    exe = dist / "krook" / ("krook.exe" if sys.platform == "win32" else "krook")
    assert exe.is_file()

    # Run from an unrelated folder: the build must find its assets without the source tree's help.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "KROOK_HOME": str(tmp_path / "home"),
    }
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(
        [str(exe), "--selftest"], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120
    )
    lines = proc.stdout.strip().splitlines()
    assert lines, f"no output; stderr: {proc.stderr}"
    report = json.loads(lines[-1])
    assert report["ok"] is True, report.get("reason")
    assert report["frozen"] is True
    assert proc.returncode == 0
    for name in ("assets", "user_dirs", "display", "scenes_render", "bot_hand", "net_loopback"):
        assert report["checks"][name]["status"] == "ok", report["checks"][name]
