"""A headless tool piped into a reader that stops early ends quietly, as Unix tools do."""

from __future__ import annotations

import subprocess
import sys


def test_arena_into_a_closed_pipe_ends_without_a_traceback() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "krook",
            "arena",
            "--a",
            "medium",
            "--b",
            "easy",
            "--deals",
            "2",
            "--workers",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader leaves before the tool writes a line
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code == 141
