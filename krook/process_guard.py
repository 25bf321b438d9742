"""What keeps the app's process from hanging or dying silently: standard file descriptors, SIGTERM, fatal
errors.

* :func:`reopen_std_fds` first thing: a launcher may start Krook with fds 0-2 closed; the next file opened
  would then take fd 1 or 2 (the log file, the X connection) and a library's error text would be written
  into it (ALSA's into the X socket hung the first frame).
* :func:`exit_on_sigterm_now` until the first frame (nothing to save yet; works even when the main thread
  is stuck in C code), then :func:`graceful_sigterm`: the main loop ends normally, and a C-level watchdog
  ends the process anyway if it has not exited within ``GRACE_S``.
* :func:`enable_fatal_report`: a crash below Python (a segfault in a library) leaves its traceback in a
  file that the next launch turns into a crash report.
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

log = logging.getLogger(__name__)

__all__ = [
    "FATAL_FILE",
    "GRACE_S",
    "enable_fatal_report",
    "exit_on_sigterm_now",
    "graceful_sigterm",
    "reopen_std_fds",
    "take_fatal_report",
]

GRACE_S = 5.0
FATAL_FILE = "fatal-last.txt"
_fatal_file: IO[str] | None = None


def reopen_std_fds() -> list[int]:
    """Open the null device on each of fds 0, 1, 2 that is closed; returns the fds that were closed."""
    closed = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.append(fd)
    for fd in closed:
        null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    return closed


def exit_on_sigterm_now() -> bool:
    """Make SIGTERM end the process at once, in C, without needing Python's main thread.

    For the start-up stretch before the first frame: nothing is unsaved yet, and a main thread blocked
    inside a library (a display that never answers) would never run a Python handler. The handler is the C
    library's ``_exit`` itself, which is async-signal-safe. False where that can't be done (Windows).
    """
    if sys.platform == "win32" or not hasattr(signal, "SIGTERM"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.signal.restype = ctypes.c_void_p
        libc.signal.argtypes = [ctypes.c_int, ctypes.c_void_p]
        exit_fn = ctypes.cast(libc._exit, ctypes.c_void_p).value
        return bool(libc.signal(int(signal.SIGTERM), exit_fn) != ctypes.c_void_p(-1).value)
    except (OSError, AttributeError, TypeError, ValueError) as e:
        log.debug("no early SIGTERM exit: %s", e)
        return False


def graceful_sigterm(on_term: Callable[[], None], wake: Callable[[], None] | None = None) -> bool:
    """SIGTERM (and SIGHUP) call ``on_term`` on the main thread; ``wake`` is called from a helper thread
    so a main loop asleep in an event wait notices at once. If the process is still alive ``GRACE_S``
    seconds later, faulthandler's C watchdog writes the stacks to the fatal report and exits."""
    if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
        return False
    wanted = {int(signal.SIGTERM)} | ({int(signal.SIGHUP)} if hasattr(signal, "SIGHUP") else set())

    def handler(signum: int, frame: object) -> None:
        _arm_backstop()
        log.info("signal %s: closing", signum)
        on_term()

    for sig in wanted:
        signal.signal(sig, handler)
    if wake is None:
        return True
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)

    def watch() -> None:
        while True:
            try:
                data = os.read(read_fd, 64)
            except OSError:
                return
            if not data:
                return
            if wanted & set(data):
                _arm_backstop()
                with contextlib.suppress(Exception):
                    wake()

    threading.Thread(target=watch, name="krook-signals", daemon=True).start()
    return True


def _arm_backstop() -> None:
    # C thread: runs even if the main thread never again releases the GIL.
    with contextlib.suppress(Exception):
        target = _fatal_file if _fatal_file is not None else sys.__stderr__
        if target is not None:
            faulthandler.dump_traceback_later(GRACE_S, exit=True, file=target)


def enable_fatal_report(folder: Path) -> Path | None:
    """Send faulthandler's output (segfaults, the SIGTERM watchdog) to ``folder/FATAL_FILE``.

    Call :func:`take_fatal_report` first: opening the file empties what the last run left there.
    """
    global _fatal_file
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FATAL_FILE
        f = path.open("w", encoding="utf-8")
        faulthandler.enable(file=f, all_threads=True)
    except (OSError, ValueError, RuntimeError) as e:
        log.warning("no fatal-error report: %s", e)
        return None
    if _fatal_file is not None:
        with contextlib.suppress(OSError):
            _fatal_file.close()
    _fatal_file = f
    return path


def take_fatal_report(folder: Path) -> Path | None:
    """If the last run died below Python, keep its traceback as ``crash-<date>-fatal.txt``; else None."""
    path = folder / FATAL_FILE
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if not text.strip():
        return None
    report = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-fatal.txt"
    try:
        report.write_text("Krook stopped by a fatal error (below Python)\n\n" + text, encoding="utf-8")
        path.unlink()
    except OSError as e:
        log.warning("could not keep the fatal report: %s", e)
        return None
    return report
