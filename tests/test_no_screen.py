"""Started where no display answers (an SSH session, a service), SDL falls back to drawing in memory: Krook
used to open its window there and play on for ever, unseen and silent. It now says why and exits 1."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from krook.app import no_screen_message


def test_a_memory_only_driver_is_refused_unless_asked_for() -> None:
    assert no_screen_message("offscreen", {}) is not None
    assert "no screen" in (no_screen_message("dummy", {}) or "")
    assert no_screen_message("x11", {}) is None and no_screen_message("wayland", {}) is None
    # tests, the self-test and anyone who sets the driver on purpose get the invisible window they asked for
    assert no_screen_message("dummy", {"SDL_VIDEODRIVER": "dummy"}) is None
    # a display named but not answering (a wrong X authority, a closed session) is said as that
    assert "the display DISPLAY=:7 did not answer" in (
        no_screen_message("offscreen", {"DISPLAY": ":7"}) or ""
    )
    assert "DISPLAY and WAYLAND_DISPLAY are not set" in (no_screen_message("offscreen", {}) or "")


def _without_a_display() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a desktop without a display is a Linux case"
)
def test_krook_started_without_a_display_says_so_and_exits(tmp_path) -> None:
    env = _without_a_display()
    env["KROOK_HOME"] = str(tmp_path)
    probe = subprocess.run(
        [sys.executable, "-c", "import pygame; pygame.display.init(); print(pygame.display.get_driver())"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    driver = probe.stdout.strip().splitlines()[-1] if probe.stdout.strip() else ""
    if driver not in ("offscreen", "dummy"):
        pytest.skip(f"this machine has a screen without a desktop session ({driver!r})")
    done = subprocess.run(
        [sys.executable, "-m", "krook"], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 1, (done.stdout[-300:], done.stderr[-300:])
    assert "found no screen" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's x11 driver is a Linux one")
def test_a_display_that_will_not_open_is_named_not_reported_as_a_crash(tmp_path) -> None:
    """SDL_VIDEODRIVER=x11 with no X server: a problem of the machine, said as such, not a crash report asking
    the player to send it to the developers."""
    env = _without_a_display()
    env["KROOK_HOME"] = str(tmp_path)
    env["SDL_VIDEODRIVER"] = "x11"
    done = subprocess.run(
        [sys.executable, "-m", "krook"], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 1, (done.stdout[-300:], done.stderr[-300:])
    assert "could not open its window" in done.stderr and "unexpected problem" not in done.stderr
    assert not list(tmp_path.rglob("crash-*.txt"))
