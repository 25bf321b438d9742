"""The main loop draws only when something changed, shows lasting problems, tells of the last crash, and
the process survives closed std fds and ends on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.scene_helpers import button, click, make_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _home(home: Path) -> None:
    pass


def test_idle_title_draws_nothing_until_an_event() -> None:
    app = make_app()
    app.run(max_seconds=0.3)  # the window's own start-up events
    drawn = app.frames
    app.run(max_seconds=1.2)
    assert app.frames == drawn, "nothing changed, so nothing was drawn"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.run(max_seconds=0.2)
    assert app.frames == drawn + 1


def test_a_scene_timer_and_invalidate_bring_a_redraw() -> None:
    from krook.scenes.base import Scene

    class Clock(Scene):
        opaque = False

        def redraw_in(self) -> float | None:
            return 0.2

    app = make_app()
    app.run(max_seconds=0.3)
    app.stack.push(Clock(app.services))
    app.stack.apply()
    drawn = app.frames
    app.run(max_seconds=1.05)
    assert 3 <= app.frames - drawn <= 7
    app.stack.pop()
    app.stack.apply()
    top = app.stack.top
    drawn = app.frames
    threading.Timer(0.2, top.invalidate).start()
    app.run(max_seconds=0.7)
    assert app.frames - drawn == 1


def test_a_failed_save_shows_a_lasting_marker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import tempfile

    from krook.scenes.table.scene import TableScene
    from krook.session.local import Lobby, LocalSession, SeatConfig

    failing = [True]
    real = tempfile.mkstemp

    def mkstemp(*a: Any, **k: Any) -> Any:
        if failing[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*a, **k)

    app = make_app()
    session = LocalSession.new(Lobby([SeatConfig("You", "human")] + [SeatConfig(f"B{i}") for i in range(3)]))
    app.stack.push(TableScene(app.services, session))
    app.stack.apply()
    app.frame([], dt=0.0)
    spot = (30, 200)  # inside the marker, under the top-left panel
    clean = app.screen.get_at(spot)
    assert app.save_problem() is None
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    session.next_hand = lambda: None  # keep it to this hand
    for _ in range(40):
        app.frame([], dt=0.5)
        session.flush()
        if session.save_error:
            break
    app.frame([], dt=0.0)
    assert app.save_problem() is not None and "No space left" in app.save_problem()
    assert app.screen.get_at(spot)[:3] == app.services.theme.p.danger
    pygame.image.save(app.screen, str(tmp_path / "marker.png"))
    failing[0] = False
    for _ in range(80):
        app.frame([], dt=0.5)
        session.flush()
        if session.save_error is None:
            break
    app.frame([], dt=0.0)
    assert app.save_problem() is None, "the marker goes once a save works again"
    assert app.screen.get_at(spot) != app.services.theme.p.danger
    assert clean is not None
    session.close()


def test_the_next_launch_tells_of_the_crash_once(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    from krook import app_log, desktop
    from krook.scenes.menus.notice import NoticeScene

    try:
        raise RuntimeError("the deck fell off the table")
    except RuntimeError as e:
        report = app_log.write_crash_report(type(e), e, e.__traceback__)
    assert report is not None
    opened: list[Path] = []
    monkeypatch.setattr(desktop, "open_folder", lambda folder: opened.append(folder))
    app = make_app()
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and notice.heading == "Krook closed unexpectedly"
    assert str(report) in notice.body
    click(app, button(notice, "Open the folder").rect.center)
    assert opened == [report.parent]
    assert not isinstance(app.stack.top, NoticeScene)
    assert not isinstance(make_app().stack.top, NoticeScene), "told once"


def test_a_fatal_error_below_python_becomes_a_report(home: Path) -> None:
    from krook import process_guard

    folder = home / "crashes"
    folder.mkdir()
    (folder / process_guard.FATAL_FILE).write_text('Fatal Python error: Segmentation fault\n  File "x.py"\n')
    report = process_guard.take_fatal_report(folder)
    assert report is not None and "Segmentation fault" in report.read_text()
    assert process_guard.take_fatal_report(folder) is None


def test_crash_dialog_shown_even_when_stderr_exists(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    from krook import app_log

    shown: list[tuple[str, str]] = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # as on a desktop: not headless
    monkeypatch.setattr(pygame.display, "message_box", lambda title, text, **kw: shown.append((title, text)))
    app_log.default_show_message("Krook hit an unexpected problem and has to close.")
    assert shown and shown[0][0] == "Krook closed unexpectedly"
    assert "unexpected problem" in capsys.readouterr().err


def _krook(home: Path, *extra_env: tuple[str, str], pre: str = "") -> subprocess.Popen[bytes]:
    env = {**os.environ, "KROOK_HOME": str(home), "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    env.update(dict(extra_env))
    cmd = f"{pre}exec {sys.executable} -m krook"
    return subprocess.Popen(["sh", "-c", cmd], env=env, cwd=ROOT)


def test_starts_with_stdin_stdout_and_stderr_closed(home: Path) -> None:
    proc = _krook(home, ("KROOK_EXIT_AFTER_FIRST_FRAME", "1"), pre="exec <&- >&- 2>&-; ")
    assert proc.wait(60) == 0
    log = (home / "logs" / "krook.log").read_text(encoding="utf-8")
    assert "first frame after" in log


def _wait_for_first_frame(home: Path, proc: subprocess.Popen[bytes]) -> None:
    log = home / "logs" / "krook.log"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if log.exists() and "first frame after" in log.read_text(encoding="utf-8"):
            return
        time.sleep(0.05)
    raise AssertionError("no first frame")


def test_sigterm_ends_the_running_app_cleanly(home: Path) -> None:
    proc = _krook(home)
    try:
        _wait_for_first_frame(home, proc)
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0  # the bound is the wait; how quickly within it is not this test's business
        assert (home / "config" / "settings.json").exists(), "closed normally: settings saved"
    finally:
        proc.kill()


def test_sigterm_during_start_up_ends_it_at_once(home: Path) -> None:
    proc = _krook(home)
    try:
        time.sleep(0.4)  # still importing or opening the window
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) in (0, 15, -15)
    finally:
        proc.kill()


def test_settings_show_where_the_files_are_and_open_the_folders(
    monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    from krook import desktop, paths
    from krook.scenes.menus.settings import SettingsScene

    opened: list[Path] = []
    monkeypatch.setattr(desktop, "open_folder", lambda folder: opened.append(folder))
    app = make_app()
    app.stack.push(SettingsScene(app.services))
    app.stack.apply()
    app.frame([], dt=0.0)
    scene = app.stack.top
    assert (
        scene.locations["Saved games"] == paths.user_data_dir()
        and scene.locations["Logs"] == paths.user_log_dir()
    )
    buttons = [w for _, w in scene.rows if getattr(w, "label", "") == "Open folder"]
    for b in buttons:
        click(app, b.rect.center)
    assert opened == [paths.user_data_dir(), paths.user_log_dir()]
