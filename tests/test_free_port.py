"""The tests' loopback ports: ``free_port`` never hands one process the same port twice (the relay deployment's
cluster test draws forty, and a port drawn twice failed a CI run with "address already in use")."""

from __future__ import annotations

import socket

from krook.net.relay_testing import free_port


def test_no_port_is_handed_out_twice() -> None:
    # 600 draws from the 12,000 ports below the ephemeral range: drawn independently, some two would match
    ports = [free_port() for _ in range(600)]
    assert len(set(ports)) == len(ports)
    assert all(20000 <= p < 32000 for p in ports)


def test_a_handed_out_port_is_free_on_loopback() -> None:
    port = free_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))
