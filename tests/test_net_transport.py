"""The transport interface: a game whose seats come in memory and over TCP to one host; the client counts
silence in whole messages; a 4,299-digit ping gets an error frame, not a traceback."""

from __future__ import annotations

import logging
import socket
import threading
import time

from krook.net import Host, RemoteSession
from krook.net.client import Client
from krook.net.framing import FrameDecoder, encode
from krook.net.protocol import PROTOCOL_VERSION
from krook.net.sealed import HostHandshake
from krook.net.sealed_lan import b64, context, sealed_frame, unb64
from krook.net.testing import ClientBot, Raw, drive
from krook.net.transport import memory_dialer

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


def test_memory_and_tcp_seats_play_one_game_at_one_host():
    host = Host.new_game("lan,bot:random,lan,bot:simple", seed=5, target=200, **FAST).start()
    try:
        mem = RemoteSession.connect("memory", 0, "Mo", dialer=memory_dialer(host))
        tcp = RemoteSession.connect("127.0.0.1", host.address[1], "Tia")
        bots = [ClientBot(mem, "simple", 1), ClientBot(tcp, "simple", 2)]
        assert drive(bots, lambda: all(b.game_over for b in bots), timeout=120)
        assert host.protocol.match.is_over
        final = host.protocol.match.version
        assert drive(bots, lambda: all(b.session.view(b.session.seat).version == final for b in bots), 10)
        assert mem.view(mem.seat).scores == tcp.view(tcp.seat).scores == host.protocol.match.scores
        assert not bots[0].errors and not bots[1].errors
        assert host.protocol.match.players[mem.seat] == "Mo"
        mem.close()
        tcp.close()
    finally:
        host.stop()


def test_a_host_that_trickles_bytes_is_silent_to_the_client():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    stop = threading.Event()

    def fake_host() -> None:
        sock, _ = listener.accept()
        decoder = FrameDecoder()
        (seal,) = decoder.feed(sock.recv(65536))  # the exchange, with no room code, as a real host runs it
        handshake = HostHandshake(b"", context(None))
        host_msg, tag = handshake.answer(unb64(seal["spake"], 33))
        sock.sendall(encode({"type": "sealed", "spake": b64(host_msg), "tag": b64(tag)}))
        frames: list = []
        while not frames:
            frames = decoder.feed(sock.recv(65536), stop=lambda f: True)
        channel = handshake.confirm(unb64(frames[0]["tag"], 32))
        sock.sendall(
            sealed_frame(
                channel,
                encode(
                    {
                        "type": "welcome",
                        "protocol": PROTOCOL_VERSION,
                        "app": "x",
                        "seat": 0,
                        "seats": [0],
                        "token": "t",
                        "players": ["a"],
                        "statuses": ["remote"],
                        "started": False,
                        "ready": [],
                    }
                ),
            )
        )
        frame = encode({"type": "pong", "t": 1})
        i = 0
        while not stop.is_set():  # one byte of a frame that never ends, every 0.1 s
            try:
                sock.sendall(frame[i % 4 : i % 4 + 1] if i < 4 else b"x")
            except OSError:
                return
            i += 1
            time.sleep(0.1)
        sock.close()

    thread = threading.Thread(target=fake_host, daemon=True)
    thread.start()
    client = Client("127.0.0.1", port, "Ann", host_timeout=1.0, ping_interval=0.3, reconnect_s=0.0)
    try:
        client.connect()
        started = time.monotonic()
        link = None
        while time.monotonic() - started < 5:
            msg = client.inbox.get(timeout=5)
            if msg.get("type") == "_link":
                link = msg
                break
        assert link is not None and "said nothing" in link["reason"], link
        assert time.monotonic() - started < 4
    finally:
        stop.set()
        client.close()
        listener.close()


def test_a_ping_with_a_4299_digit_integer_gets_an_error_frame_and_no_traceback(caplog):
    host = Host.new_game("lan,bot:random,bot:random,bot:random", seed=1, **FAST).start()
    try:
        raw = Raw(host.address[1])
        raw.send({"type": "hello", "protocol": PROTOCOL_VERSION, "app": "x", "name": "Eve"})
        assert raw.read(lambda f: f.get("type") == "welcome") is not None
        with caplog.at_level(logging.ERROR, logger="krook.net"):
            raw.send(_ping_with_digits(4299))
            err = raw.error()
        assert err is not None and err["code"] == "bad_message" and not err["fatal"]
        raw.send({"type": "ping", "t": 5})
        assert raw.read(lambda f: f.get("type") == "pong") == {"type": "pong", "t": 5}
        assert not [r for r in caplog.records if r.exc_info]
        raw.close()
    finally:
        host.stop()


def _ping_with_digits(n: int) -> bytes:
    body = b'{"type":"ping","t":' + b"9" * n + b"}"
    return len(body).to_bytes(4, "big") + body
