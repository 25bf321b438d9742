"""Headless, as a person runs it: ``krook serve --relay`` prints its invite code, two ``krook join --relay``
processes play their seats with bots, and all three exit 0 at the end of the game."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from krook.net.relay_testing import LocalRelay

ROOT = Path(__file__).resolve().parents[1]


def _krook(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "krook", *args],
        cwd=ROOT,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_serve_and_join_through_a_relay_play_to_the_end_and_exit_0(tmp_path):
    with LocalRelay() as relay:
        serve = _krook(
            "serve",
            "--relay",
            relay.url,
            "--seats",
            "lan,bot:simple,lan,lan",
            "--target",
            "150",
            "--save",
            str(tmp_path / "h.json"),
            "--port",
            "0",
            "--no-discovery",
            "--bot-delay",
            "0",
        )
        procs = [serve]
        try:
            assert serve.stdout is not None
            code = None
            deadline = time.monotonic() + 20
            while code is None and time.monotonic() < deadline:
                line = serve.stdout.readline()
                if line.startswith("invite code: "):
                    code = line.split(": ", 1)[1].strip()
            assert code is not None and len(code) == len("K7QM-482-916")
            joins = [
                _krook(
                    "join",
                    "--relay",
                    relay.url,
                    code,
                    "--bot",
                    "simple",
                    "--name",
                    f"P{i}",
                    "--target",
                    "150",
                )
                for i in range(3)
            ]
            procs += joins
            seats = set()
            for j in joins:
                out, err = j.communicate(timeout=120)
                assert j.returncode == 0, err[-800:]
                # seats counted from 1 as `krook serve` lists them; the result named, not a column number
                joined = re.match(r"joined: seat (\d) of 4\n", out)
                assert joined, out
                seats.add(int(joined.group(1)))
                over = re.search(r"game over: (.+) won \((.+) (-?\d+), (.+) (-?\d+)\)\n", out)
                assert over and over.group(1) in (over.group(2), over.group(4)), out
            assert seats == {1, 3, 4}  # seat 2 is the host's bot
            assert serve.wait(30) == 0
            wrong = _krook("join", "--relay", relay.url, "AAAA-000-000", "--bot", "simple", "--timeout", "2")
            procs.append(wrong)
            _, err = wrong.communicate(timeout=30)
            assert wrong.returncode == 2 and "No game answers to that code" in err
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
                    p.wait(5)
