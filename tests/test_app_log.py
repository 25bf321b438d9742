from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from krook import __version__, app_log, paths


@pytest.fixture(autouse=True)
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Each test gets its own KROOK_HOME, and the hooks and krook logger are put back afterwards."""
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    logger = logging.getLogger("krook")
    before = (list(logger.handlers), logger.level, logger.propagate)
    yield
    for handler in logger.handlers:
        if handler not in before[0]:
            handler.close()
    logger.handlers[:], logger.level, logger.propagate = before


def _raise_and_hook(exc: BaseException) -> None:
    try:
        raise exc
    except BaseException as e:
        sys.excepthook(type(e), e, e.__traceback__)


def test_missing_std_streams_are_replaced_and_logged(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    app_log.guard_std_streams()
    log_file = app_log.setup_logging()
    assert log_file == tmp_path / "home" / "logs" / app_log.LOG_FILE_NAME

    print("hello from a windowed build")
    print("partial", end="")
    sys.stdout.flush()
    sys.stderr.write("warning without a console\n")
    logging.getLogger("krook.test").warning("direct record")

    text = log_file.read_text(encoding="utf-8")
    assert "hello from a windowed build" in text
    assert "partial" in text
    assert "warning without a console" in text
    assert "direct record" in text


def test_real_streams_are_left_alone(capsys: pytest.CaptureFixture[str]) -> None:
    out, err = sys.stdout, sys.stderr
    app_log.guard_std_streams()
    assert (sys.stdout, sys.stderr) == (out, err)


def test_unwritable_log_folder_never_raises(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setattr(sys, "stderr", None)
    app_log.guard_std_streams()
    assert app_log.setup_logging(log_dir=blocker / "logs") is None
    logging.getLogger("krook.test").error("goes nowhere, quietly")


def test_setup_logging_twice_keeps_one_file_handler(tmp_path: Path) -> None:
    app_log.setup_logging()
    app_log.setup_logging()
    files = [h for h in logging.getLogger("krook").handlers if isinstance(h, logging.FileHandler)]
    assert len(files) == 1


def test_crash_writes_report_and_shows_message(tmp_path: Path) -> None:
    shown: list[str] = []
    app_log.install_crash_handler(shown.append)
    _raise_and_hook(ValueError("the deck has 58 cards"))

    reports = list((tmp_path / "home" / "data" / "crashes").glob("crash-*.txt"))
    assert len(reports) == 1
    report = reports[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in report
    assert "ValueError: the deck has 58 cards" in report
    assert f"krook: {__version__}" in report
    assert "platform: " in report and "python: " in report and "frozen: False" in report

    assert len(shown) == 1
    assert "the deck has 58 cards" in shown[0]
    assert str(reports[0]) in shown[0]


def test_failing_show_message_falls_back_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    def broken(text: str) -> None:
        raise RuntimeError("display already gone")

    app_log.install_crash_handler(broken)
    _raise_and_hook(KeyError("seat"))
    assert "Krook hit an unexpected problem" in capsys.readouterr().err


def test_crash_handler_without_any_console(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.delitem(sys.modules, "pygame", raising=False)  # no message box to try
    app_log.guard_std_streams()
    app_log.install_crash_handler()
    _raise_and_hook(RuntimeError("no console at all"))
    assert list((tmp_path / "home" / "data" / "crashes").glob("crash-*.txt"))


def test_thread_crash_is_reported_without_drawing(tmp_path: Path) -> None:
    shown: list[str] = []
    app_log.install_crash_handler(shown.append)

    def boom() -> None:
        raise OSError("connection reset")

    worker = threading.Thread(target=boom, name="net-reader")
    worker.start()
    worker.join()
    (report,) = (tmp_path / "home" / "data" / "crashes").glob("crash-*.txt")
    text = report.read_text(encoding="utf-8")
    assert "thread: net-reader" in text and "OSError: connection reset" in text
    assert shown == []


def test_ctrl_c_is_not_a_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shown: list[str] = []
    app_log.install_crash_handler(shown.append)
    _raise_and_hook(KeyboardInterrupt())
    assert shown == []
    assert not (tmp_path / "home" / "data" / "crashes").exists()
