"""Logging, missing-console safety and crash reports for the packaged app.

A windowed build (PyInstaller ``console=False`` on Windows, ``Krook.app`` on macOS) starts with
``sys.stdout`` and ``sys.stderr`` set to None, so a stray ``print`` would raise and the app would vanish
without a word. Call, as early as possible::

    guard_std_streams()
    setup_logging()
    install_crash_handler(show_message)   # show_message draws the text for the player

An unexpected exception then writes ``crash-YYYYmmdd-HHMMSS.txt`` to ``user_data_dir()/crashes`` and shows
a short message saying where the report is, instead of closing silently: a native dialog whenever there
is a display (stderr may exist with nobody reading it: a menu launch's journal, Finder's /dev/null), and
stderr too when there is one. It also leaves a marker so the next launch says "Krook closed unexpectedly"
with a button that opens the folder (:func:`take_unseen_crash`).
"""

from __future__ import annotations

import contextlib
import io
import logging
import logging.handlers
import os
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from krook import __version__, paths

__all__ = [
    "LOG_FILE_NAME",
    "crash_dir",
    "crash_message",
    "default_show_message",
    "guard_std_streams",
    "install_crash_handler",
    "setup_logging",
    "take_unseen_crash",
    "write_crash_report",
]

LOG_FILE_NAME = "krook.log"
UNSEEN_MARKER = "unseen-crash.txt"  # names the newest report the player has not been told about yet
_HANDLER_MARK = "_krook_handler"

ShowMessage = Callable[[str], None]


class _LogWriter(io.TextIOBase):
    """Stands in for a missing stdout/stderr: whole lines go to the log, nothing is ever raised."""

    def __init__(self, name: str, level: int) -> None:
        super().__init__()
        self._logger = logging.getLogger(f"krook.{name}")
        self._level = level
        self._buffer = ""
        self._busy = threading.local()
        self.name = f"<krook {name}>"

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        # logging's last-resort handler writes to sys.stderr, which may be this object: without the guard
        # a log record about a write would recurse forever.
        if getattr(self._busy, "on", False):
            return len(s)
        self._busy.on = True
        try:
            self._buffer += s
            *lines, self._buffer = self._buffer.split("\n")
            for line in lines:
                if line.strip():
                    self._logger.log(self._level, "%s", line.rstrip())
        except Exception:  # this IS the log: a failure here has nowhere left to be reported
            pass
        finally:
            self._busy.on = False
        return len(s)

    def flush(self) -> None:
        if self._buffer.strip():
            pending, self._buffer = self._buffer, ""
            self.write(pending + "\n")

    def isatty(self) -> bool:
        return False


def guard_std_streams() -> None:
    """Replace a None ``sys.stdout``/``sys.stderr`` with writers that log; leaves real streams alone."""
    if sys.stdout is None:
        sys.stdout = _LogWriter("stdout", logging.INFO)
    if sys.stderr is None:
        sys.stderr = _LogWriter("stderr", logging.WARNING)


def _has_console_stream(stream: object) -> bool:
    return stream is not None and not isinstance(stream, _LogWriter)


def setup_logging(
    level: int = logging.INFO, *, log_dir: Path | None = None, console: bool = False
) -> Path | None:
    """Send the ``krook`` loggers to a rotating ``krook.log`` in the user log folder.

    Safe to call again (earlier Krook handlers are replaced). ``console`` also echoes to stderr when a
    real stderr exists. Returns the log file's path, or None if the folder isn't writable, in which case
    logs go to stderr if there is one and are dropped otherwise; logging must never stop the game.
    """
    root = logging.getLogger("krook")
    for handler in list(root.handlers):
        if getattr(handler, _HANDLER_MARK, False):
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")

    log_file: Path | None = None
    handlers: list[logging.Handler] = []
    try:
        folder = log_dir if log_dir is not None else paths.user_log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        log_file = folder / LOG_FILE_NAME
        handlers.append(
            logging.handlers.RotatingFileHandler(
                log_file, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
            )
        )
    except OSError:
        log_file = None
    if (console or log_file is None) and _has_console_stream(sys.stderr):
        handlers.append(logging.StreamHandler(sys.stderr))
    if not handlers:
        handlers.append(logging.NullHandler())
    for handler in handlers:
        handler.setFormatter(fmt)
        setattr(handler, _HANDLER_MARK, True)
        root.addHandler(handler)
    # The krook logger owns its output; passing records on to the root logger would print them twice
    # when an embedding program (pytest, a REPL) has configured the root.
    root.propagate = False
    if log_file is None:
        root.warning(
            "log folder not writable; logging to %s",
            "stderr" if _has_console_stream(sys.stderr) else "nowhere",
        )
    return log_file


def _versions() -> dict[str, str]:
    pygame = sys.modules.get("pygame")
    sdl = "not loaded"
    if pygame is not None:
        try:
            sdl = ".".join(str(n) for n in pygame.get_sdl_version())
        except Exception:
            sdl = "unknown"
    return {
        "krook": __version__,
        "python": sys.version.replace("\n", " "),
        "pygame": getattr(getattr(pygame, "version", None), "ver", "not loaded") if pygame else "not loaded",
        "sdl": sdl,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "frozen": str(paths.is_frozen()),
        "executable": sys.executable,
        "argv": " ".join(sys.argv),
    }


def write_crash_report(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    thread_name: str | None = None,
    unseen: bool = True,
) -> Path | None:
    """Write a crash report to ``user_data_dir()/crashes``; its path, or None if it could not be written.

    ``unseen=False`` for an error the player was told about already (a screen's error the window survived):
    the next start does not announce it as a crash."""
    lines = ["Krook crash report", f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}"]
    if thread_name:
        lines.append(f"thread: {thread_name}")
    lines += [f"{k}: {v}" for k, v in _versions().items()]
    lines += ["", "".join(traceback.format_exception(exc_type, exc, tb))]
    text = "\n".join(lines).rstrip("\n") + "\n"
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        report = folder / f"crash-{stamp}.txt"
        n = 1
        while report.exists():
            report = folder / f"crash-{stamp}-{n}.txt"
            n += 1
        report.write_text(text, encoding="utf-8")
        if unseen:
            mark_unseen(report)
    except OSError:
        report = None
    logging.getLogger("krook.crash").critical("%s", text)
    return report


def crash_dir() -> Path:
    """Where crash reports go: ``user_data_dir()/crashes`` (not created here)."""
    return paths.user_data_dir(create=False) / "crashes"


def mark_unseen(report: Path) -> None:
    """Remember ``report`` so the next launch tells the player about it."""
    with contextlib.suppress(OSError):
        (report.parent / UNSEEN_MARKER).write_text(report.name, encoding="utf-8")


def take_unseen_crash() -> Path | None:
    """The report of a crash the player has not been told about (and forget it), or None."""
    marker = crash_dir() / UNSEEN_MARKER
    try:
        name = marker.read_text(encoding="utf-8").strip()
        marker.unlink()
    except OSError:
        return None
    report = crash_dir() / Path(name).name  # a name only: the marker can't point outside the folder
    return report if name and report.is_file() else crash_dir()


def crash_message(exc: BaseException, report: Path | None) -> str:
    """The few lines a player sees: what happened, and where the report is."""
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    where = (
        f"A report was saved to:\n{report}\nPlease send it to the Krook developers."
        if report
        else "The crash report could not be saved; see the log file."
    )
    return f"Krook hit an unexpected problem and has to close.\n\n{what}\n\n{where}"


def _headless() -> bool:
    # Tests, CI and the selftest run with SDL's dummy driver: a dialog there would wait for a click forever.
    return os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen")


def default_show_message(text: str) -> None:
    """Print to stderr when there is one, and show a native message box whenever there is a display."""
    if _has_console_stream(sys.stderr):
        with contextlib.suppress(Exception):
            print(text, file=sys.stderr, flush=True)
    if _headless():
        return
    with contextlib.suppress(Exception):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        # SDL shows it without a window (before pygame.init, or after pygame.quit): on Windows, macOS,
        # X11 and Wayland alike.
        pygame.display.message_box("Krook closed unexpectedly", text, message_type="error")


def install_crash_handler(show_message: ShowMessage | None = None) -> None:
    """Route uncaught exceptions (main and other threads) to a crash report.

    For the main thread the player also sees ``crash_message(...)`` via ``show_message`` (the caller's
    function that draws it; :func:`default_show_message` when None). If ``show_message`` itself fails,
    the default is tried. Other threads only write the report: drawing from them is not safe in SDL.
    Ctrl-C keeps Python's usual behaviour. Calling again replaces the earlier handler.
    """
    show = show_message or default_show_message

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        report = write_crash_report(exc_type, exc, tb)
        text = crash_message(exc, report)
        try:
            show(text)
        except Exception:
            logging.getLogger("krook.crash").exception("showing the crash message failed")
            if show is not default_show_message:
                default_show_message(text)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        name = args.thread.name if args.thread is not None else None
        write_crash_report(args.exc_type, args.exc_value, args.exc_traceback, thread_name=name)

    sys.excepthook = hook
    threading.excepthook = thread_hook
