"""``krook serve`` tells the person at the terminal where players connect and the room code, in plain lines
(issue 26 item 12). A real process on 127.0.0.1."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_serve_prints_where_to_connect_and_the_room_code(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KROOK_HOME": str(tmp_path)}
    cmd = [sys.executable, "-m", "krook", "serve", "--bind", "127.0.0.1", "--port", "0", "--no-discovery"]
    proc = subprocess.Popen(
        [*cmd, "--password", "KITCHEN7"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stdout is not None
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()  # type: ignore[union-attr]
    seen: list[str] = []
    try:
        deadline = time.monotonic() + 90  # a bound for a loaded machine, not a timing
        while not any(line.startswith("Seats open to players") for line in seen):
            assert time.monotonic() < deadline and proc.poll() is None, "".join(seen)
            try:
                seen.append(lines.get(timeout=0.2))
            except queue.Empty:
                continue
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    port = next(int(line.split("on port ")[1].split()[0]) for line in seen if "waiting for players" in line)
    plain = [line.rstrip("\n") for line in seen if not line[:4].isdigit()]  # not the timestamped log lines
    assert f"  127.0.0.1:{port}" in plain
    assert "Room code: KITCHEN7" in plain
    assert any(line.startswith("Seats open to players: 1, 3 (of 4)") for line in plain)


def test_serve_handles_sigterm_before_it_listens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A SIGTERM sent the moment the port answers stops the game cleanly: the handler is in place before the
    host listens (the frozen serve test saw a process killed by the signal's default action, exit -15)."""
    from krook.net import serve
    from krook.net.host import Host

    seen: list[object] = []

    def start(self: Host) -> Host:
        seen.append(signal.getsignal(signal.SIGTERM))
        raise OSError("stopped here by the test, where the host would listen")

    monkeypatch.setattr(Host, "start", start)
    before = signal.getsignal(signal.SIGTERM)
    try:
        code = serve.main(
            ["--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--save", str(tmp_path / "lan.json")]
        )
    finally:
        signal.signal(signal.SIGTERM, before)
    assert code == 2
    assert seen and seen[0] not in (signal.SIG_DFL, signal.SIG_IGN, None), seen
