"""The relay configuration in deploy/relay/, as a person would run it, on 127.0.0.1 only: every file passes
``nats-server -t`` with test certificates; the single node takes TLS and WebSocket connections, keeps its
users to Krook's subjects and refuses oversized payloads; a 3-node cluster and two gateway-joined regions
carry a message from one node to another. Addresses and certificate paths are rewritten to loopback ones."""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import nats
import pytest

from krook.net.relay import run_async
from krook.net.relay_testing import free_port, nats_server_path

DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "relay"
CONFIGS = [
    "nats-server.conf",
    "cluster/node-1.conf",
    "cluster/node-2.conf",
    "cluster/node-3.conf",
    "gateways/eu-1.conf",
    "gateways/us-1.conf",
]
NAMES = ["single", "eu-1", "eu-2", "eu-3", "gw-eu-1", "gw-us-1"]


def _openssl(*args: str, cwd: Path) -> None:
    if shutil.which("openssl") is None:
        raise AssertionError(
            "these tests make their certificates with openssl: install it (apt-get install openssl)"
        )
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def _certificates(tls: Path) -> None:
    """A test CA; a server certificate for 127.0.0.1 (apps) and one for the nodes (server and client auth)."""
    tls.mkdir()
    _openssl(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=krook test CA",
        "-keyout",
        "ca-key.pem",
        "-out",
        "ca.pem",
        cwd=tls,
    )
    ext = "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n"
    (tls / "ext.cnf").write_text(ext)
    for name in ("fullchain", "cluster"):
        key = "privkey.pem" if name == "fullchain" else "cluster-key.pem"
        _openssl(
            "req",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            key,
            "-out",
            f"{name}.csr",
            cwd=tls,
        )
        _openssl(
            "x509",
            "-req",
            "-in",
            f"{name}.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca-key.pem",
            "-CAcreateserial",
            "-days",
            "2",
            "-extfile",
            "ext.cnf",
            "-out",
            f"{name}.pem",
            cwd=tls,
        )
    shutil.copy(tls / "ca.pem", tls / "cluster-ca.pem")


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """deploy/relay copied, its certificate paths and every address moved to loopback ports."""
    root = tmp_path_factory.mktemp("relay")
    shutil.copytree(DEPLOY, root / "relay")
    _certificates(root / "tls")
    ports = {n: {k: free_port() for k in ("client", "ws", "http", "cluster", "gateway")} for n in NAMES}
    hostnames = {
        "relay-eu-1.example.org:6222": ports["eu-1"]["cluster"],
        "relay-eu-2.example.org:6222": ports["eu-2"]["cluster"],
        "relay-eu-3.example.org:6222": ports["eu-3"]["cluster"],
    }
    gateway_names = {
        "relay-eu-1.example.org:7222": ports["gw-eu-1"]["gateway"],
        "relay-us-1.example.org:7222": ports["gw-us-1"]["gateway"],
        # the regions' other nodes are not started here: their routes point at closed loopback ports
        "relay-eu-2.example.org:6222": free_port(),
        "relay-eu-3.example.org:6222": free_port(),
        "relay-us-2.example.org:6222": free_port(),
        "relay-us-3.example.org:6222": free_port(),
    }
    for name, rel in zip(NAMES, CONFIGS, strict=True):
        path = root / "relay" / rel
        text = path.read_text().replace("/etc/krook-relay/tls/", f"{root / 'tls'}/")
        p = ports[name]
        for old, new in (
            ("0.0.0.0:4222", f"127.0.0.1:{p['client']}"),
            ("0.0.0.0:443", f"127.0.0.1:{p['ws']}"),
            ("127.0.0.1:8222", f"127.0.0.1:{p['http']}"),
            ("0.0.0.0:6222", f"127.0.0.1:{p['cluster']}"),
            ("0.0.0.0:7222", f"127.0.0.1:{p['gateway']}"),
        ):
            text = text.replace(old, new)
        for host, port in (gateway_names if name.startswith("gw") else hostnames).items():
            text = text.replace(host, f"127.0.0.1:{port}")
        settings = "\n".join(line.split("#")[0] for line in text.splitlines())
        assert "0.0.0.0" not in settings and "example.org" not in settings, rel
        path.write_text(text)
    yield root, ports
    shutil.rmtree(root, ignore_errors=True)


class Node:
    def __init__(self, conf: Path, port: int) -> None:
        self.proc = subprocess.Popen(
            [nats_server_path(), "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        self.port = port
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (
                self.proc.stderr.read().decode()[-600:] if self.proc.stderr else ""
            )
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.3).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"{conf} did not listen")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


def _tls(root: Path) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=str(root / "tls" / "ca.pem"))
    return ctx


def test_every_configuration_passes_nats_server_t(deployed):
    root, _ = deployed
    for rel in CONFIGS:
        result = subprocess.run(
            [nats_server_path(), "-t", "-c", str(root / "relay" / rel)],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert result.returncode == 0, (rel, result.stderr[-600:])


def test_the_single_node_takes_tls_keeps_to_krook_subjects_and_caps_payloads(deployed):
    root, ports = deployed
    p = ports["single"]
    node = Node(root / "relay" / "nats-server.conf", p["client"])
    try:
        socket.create_connection(("127.0.0.1", p["ws"]), timeout=2).close()  # the WebSocket listener is up

        async def go():
            errors: list[Exception] = []

            async def on_error(exc: Exception) -> None:
                errors.append(exc)

            nc = await nats.connect(
                f"tls://127.0.0.1:{p['client']}", tls=_tls(root), error_cb=on_error, allow_reconnect=False
            )
            got: list[bytes] = []

            async def cb(msg):
                got.append(msg.data)

            await nc.subscribe("krook.1.g.0123", cb=cb)
            await nc.subscribe("other.things", cb=cb)  # not Krook's: refused by the server
            await nc.publish("krook.1.g.0123", b"sealed")
            await nc.publish("other.things", b"x")
            await nc.flush()
            await asyncio.sleep(0.3)
            too_big = None
            try:
                await nc.publish("krook.1.g.0123", bytes(80 * 1024))
            except Exception as exc:
                too_big = exc
            max_payload = nc.max_payload
            await nc.close()
            return got, errors, too_big, max_payload

        got, errors, too_big, max_payload = run_async(go(), 15)
        assert got == [b"sealed"]
        assert any("permissions violation" in str(e).lower() for e in errors), errors
        assert too_big is not None and 66 * 1024 < max_payload <= 72 * 1024

        async def plain():
            await nats.connect(f"nats://127.0.0.1:{p['client']}", allow_reconnect=False, connect_timeout=2)

        with pytest.raises(Exception):  # noqa: B017 - TLS only: a plain connection is refused
            run_async(plain(), 10)
    finally:
        node.stop()


def _carried(root: Path, from_port: int, to_port: int, timeout: float = 15.0) -> bool:
    async def go():
        a = await nats.connect(f"tls://127.0.0.1:{from_port}", tls=_tls(root), allow_reconnect=False)
        b = await nats.connect(f"tls://127.0.0.1:{to_port}", tls=_tls(root), allow_reconnect=False)
        got: list[bytes] = []

        async def cb(msg):
            got.append(msg.data)

        await b.subscribe("krook.1.g.abcd", cb=cb)
        await b.flush()
        deadline = time.monotonic() + timeout
        while not got and time.monotonic() < deadline:  # until the route or gateway is up
            await a.publish("krook.1.g.abcd", b"across")
            await a.flush()
            await asyncio.sleep(0.2)
        await a.close()
        await b.close()
        return bool(got)

    return run_async(go(), timeout + 10)


@pytest.mark.slow
def test_a_three_node_cluster_carries_messages_between_its_nodes(deployed):
    root, ports = deployed
    nodes = [Node(root / "relay" / f"cluster/node-{i}.conf", ports[f"eu-{i}"]["client"]) for i in (1, 2, 3)]
    try:
        assert _carried(root, ports["eu-1"]["client"], ports["eu-3"]["client"])
        assert _carried(root, ports["eu-2"]["client"], ports["eu-1"]["client"])
    finally:
        for node in nodes:
            node.stop()


@pytest.mark.slow
def test_two_regions_joined_by_gateways_carry_messages_across(deployed):
    root, ports = deployed
    nodes = [
        Node(root / "relay" / f"gateways/{r}-1.conf", ports[f"gw-{r}-1"]["client"]) for r in ("eu", "us")
    ]
    try:
        assert _carried(root, ports["gw-eu-1"]["client"], ports["gw-us-1"]["client"], timeout=20)
    finally:
        for node in nodes:
            node.stop()


def test_krook_plays_through_the_deployed_node_over_tls_within_its_permissions(deployed, monkeypatch):
    from krook.net import Host, internet
    from krook.net.testing import ClientBot, drive

    root, ports = deployed
    p = ports["single"]
    monkeypatch.setenv("SSL_CERT_FILE", str(root / "tls" / "ca.pem"))  # trust the test CA, as a real one is
    node = Node(root / "relay" / "nats-server.conf", p["client"])
    url = f"tls://127.0.0.1:{p['client']}"
    host = Host.new_game(
        "lan,bot:simple,bot:simple,bot:simple",
        seed=3,
        target=100,
        bind="127.0.0.1",
        port=0,
        discovery_port=None,
        bot_delay=0.0,
    ).start()
    try:
        relay_host = internet.host(host, url)
        ann = internet.join(url, str(relay_host.code), "Ann")
        bot = ClientBot(ann, "simple", seed=1)
        final = lambda: bot.game_over and ann.view(ann.seat).version == host.protocol.match.version  # noqa: E731
        assert drive([bot], final, timeout=60)
        assert ann.view(ann.seat).scores == host.protocol.match.scores and not bot.errors
        ann.close()
        relay_host.stop()
    finally:
        host.stop()
        node.stop()
