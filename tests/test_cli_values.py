"""Out-of-range values on the command line are refused by argparse with what is allowed (exit 2), not turned
into a traceback (a port of 99999 reached the socket), a confusing message (NaN seconds reached the JSON
writer) or a silent no-op (a negative number of games ran none and exited 0)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from krook import cli_values


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["serve", "--port", "99999"], "a port is 0 to 65535"),
        (["serve", "--discovery-port=-1"], "a port is 0 to 65535"),
        (["serve", "--grace", "nan"], "seconds are a number from 0 up"),
        (["serve", "--bot-delay=-inf"], "seconds are a number from 0 up"),
        (["join", "127.0.0.1", "--port", "70000"], "a port is 0 to 65535"),
        (["join", "127.0.0.1", "--timeout", "1e999"], "seconds are a number from 0 up"),
        (["arena", "--deals", "-3"], "at least 1"),
        (["arena", "--workers", "0"], "at least 1"),
        (["arena", "--budget", "NaN"], "seconds are a number from 0 up"),
        (["sim", "--games", "-5"], "at least 1"),
        (["sim", "--games", "ten"], "is not a whole number"),
        (["gallery", "out", "--sizes", "1280x0"], "is not a window size"),
        (
            ["--size", "abc"],
            "write it as WIDTHxHEIGHT",
        ),  # was a crash report and a dialog waiting for a click
        (["--size", "640x"], "write it as WIDTHxHEIGHT"),
        (["play", "--size", "0x0"], "each side is 1 to 20000 pixels"),
    ],
)
def test_a_value_out_of_range_is_refused_with_what_is_allowed(
    args: list[str], reason: str, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "krook", *args], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 2, (args, done.stdout[-300:], done.stderr[-300:])
    assert reason in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_gallery_folder_that_cannot_be_made_is_refused_with_the_reason(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "krook", "gallery", str(blocker / "out")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-400:]


def test_the_values_at_the_edges_are_taken() -> None:
    assert cli_values.port("0") == 0 and cli_values.port("65535") == 65535
    assert cli_values.at_least(1)("1") == 1
    assert cli_values.seconds("0") == 0.0 and cli_values.seconds("2.5") == 2.5
    assert cli_values.window_size("1280x720") == cli_values.window_size("1280×720") == (1280, 720)
    with pytest.raises(argparse.ArgumentTypeError):
        cli_values.seconds("inf")
