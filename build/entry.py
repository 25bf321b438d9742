"""PyInstaller entry point for the packaged app: make the process safe, then hand over to ``krook.cli``.

This runs before anything else in a frozen build, so it does the few things that must happen before the
first print or the first exception: give a windowed build somewhere to write (``sys.stdout`` is None there),
start the log file and install the crash handler. ``krook.cli.main`` may install its own crash handler with
a drawn message once pygame is up; both calls are safe to repeat.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    # Spawned worker processes (krook arena) run this executable too: they must become workers at once.
    import multiprocessing

    multiprocessing.freeze_support()
    # Before anything opens a file: a launcher may have closed fds 0-2 (see krook.process_guard).
    from krook import process_guard

    process_guard.reopen_std_fds()
    # pygame prints a banner on import; in a windowed build that is noise, and under --selftest it would
    # break the one-JSON-line output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from krook import app_log

    app_log.guard_std_streams()
    if sys.argv[1:2] != ["--selftest"]:
        # The selftest works in a temporary home and must not write into the player's log folder.
        app_log.setup_logging()
    app_log.install_crash_handler()

    try:
        # Imported here, inside the try, so even a broken import is reported as a crash, not a silent exit.
        from krook.cli import main as cli_main

        return cli_main(sys.argv[1:])
    except Exception as e:
        # Report it ourselves, then exit normally: an exception escaping the script would make PyInstaller's
        # bootloader print or show a second, raw traceback.
        sys.excepthook(type(e), e, e.__traceback__)
        return 1


if __name__ == "__main__":
    sys.exit(main())
