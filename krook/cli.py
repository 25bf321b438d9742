"""The ``krook`` command: with no arguments it opens the game; subcommands run the headless tools."""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence

# Subcommands owned by other packages are imported only when used, so `krook replay` never loads pygame.
_DELEGATES: dict[str, tuple[str, str]] = {
    "arena": ("krook.bots.arena", "Play two bot strengths against each other on duplicate deals."),
    "serve": ("krook.net.serve", "Host a game without a window (LAN, and the internet with --relay)."),
    "join": ("krook.net.join", "Take a seat without a window and let a bot play it."),
    "gallery": ("krook.devtools.gallery", "Render every scene to PNG files."),
    "review": ("krook.review.cli", "Review a recorded game's hands with the exact solver."),
}


def _delegate(module: str) -> Callable[[Sequence[str]], int]:
    def run(argv: Sequence[str]) -> int:
        try:
            code = int(importlib.import_module(module).main(list(argv)) or 0)
            sys.stdout.flush()  # a pipe's reader that left shows here, not in the exit's own flush
            return code
        except BrokenPipeError:
            return _reader_left()

    return run


def _reader_left() -> int:
    """A tool's output piped into a reader that stopped early (``krook arena | head``): end quietly, as Unix
    tools do, instead of a traceback; stdout goes to the null device so the exit's flush cannot fail again."""
    try:
        target = sys.stdout.fileno()
    except (OSError, ValueError):
        return 141  # no file behind stdout (closed, or replaced): the exit has nothing left to flush into the pipe
    os.dup2(os.open(os.devnull, os.O_WRONLY), target)
    return 141  # 128 + SIGPIPE, what a shell reports for a tool the pipe stopped


def main(argv: Sequence[str] | None = None) -> int:
    # A frozen build's worker processes (krook arena) start this same executable: this turns them into
    # workers before any argument parsing. Does nothing in a source checkout.
    multiprocessing.freeze_support()
    from krook.process_guard import reopen_std_fds

    reopen_std_fds()
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--selftest":
        from krook.selftest import main as selftest_main

        return int(selftest_main(args[1:]) or 0)
    if args and args[0] in _DELEGATES:
        return _delegate(_DELEGATES[args[0]][0])(args[1:])
    if args and args[0] in ("replay", "sim"):
        from krook.tools import replay_sim

        try:
            code = replay_sim.main(args)
            sys.stdout.flush()
            return code
        except BrokenPipeError:
            return _reader_left()
    if not args or args[0] == "play" or args[0].startswith("--"):
        from krook import cli_values

        parser = argparse.ArgumentParser(
            prog="krook",
            description="Krook, the Rook card game. Subcommands: play (default), replay, sim, "
            + ", ".join(_DELEGATES)
            + "; --selftest checks an installed copy.",
        )
        parser.add_argument("command", nargs="?", default="play", choices=["play"])
        parser.add_argument("--size", type=cli_values.window_size, help="window size, e.g. 1280x720")
        parser.add_argument("--fullscreen", action="store_true")
        opts = parser.parse_args(args)
        from krook.app import run_app

        return int(run_app(size=opts.size, fullscreen=opts.fullscreen) or 0)
    print(f"krook: unknown command {args[0]!r}; try 'krook --help'", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
