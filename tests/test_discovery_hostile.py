"""Discovery fails closed per answer (issue 26 item 1): a fake answerer on loopback sends every malformed
answer found — NUL and lone surrogates in the name, ``"port": 1e999``, nesting 2,000 deep, wrong types, a
flood of games — and the real game is still listed, the list is capped and each address kept to a few."""

from __future__ import annotations

import json
import socket
import sys
import threading

import pytest

from krook.net.discovery import (
    MAX_GAMES,
    MAX_PER_ADDRESS,
    QUERY,
    find_games,
    is_query,
    parse_answer,
)
from krook.net.protocol import PROTOCOL_VERSION


def _answer(**fields: object) -> bytes:
    base: dict[str, object] = {
        "type": "krook-game",
        "name": "Real game",
        "port": 47470,
        "open_seats": 2,
        "seats": 4,
        "protocol": PROTOCOL_VERSION,
        "app": "1.0",
        "started": False,
    }
    base.update(fields)
    return json.dumps(base).encode("utf-8")


HOSTILE = [
    _answer(name="Evil\x00game", port=50001),
    b'{"type":"krook-game","name":"\\ud800","port":50002,"seats":4,"open_seats":1,"protocol":1}',
    _answer(name="\u202eemag live", port=50003),
    b'{"type":"krook-game","name":"Inf","port":1e999}',
    b'{"type":"krook-game","name":"NaN","port":NaN}',
    b'{"type":"krook-game","name":"Big","port":' + b"9" * 5000 + b"}",
    b'{"type":"krook-game","x":' + b"[" * 2000 + b"]" * 2000 + b',"port":50004}',
    b"[" * 3000,
    _answer(name=["not", "text"], port=50005),
    _answer(port=True),
    _answer(port=70000),
    _answer(open_seats=-1, port=50006),
    _answer(started="yes", port=50007),
    b"\xff\xfe",
    b"",
]


@pytest.mark.parametrize("data", HOSTILE, ids=range(len(HOSTILE)))
def test_a_malformed_answer_is_dropped_or_cleaned_never_raises(data: bytes) -> None:
    info = parse_answer(data, "192.168.1.9")
    if info is not None:  # the name answers are kept, cleaned by the gate
        info.name.encode("utf-8")
        assert "\x00" not in info.name and "\u202e" not in info.name
        assert 1 <= info.port <= 65535


def test_the_two_names_that_killed_the_join_screen_are_cleaned() -> None:
    evil = parse_answer(HOSTILE[0], "10.0.0.2")
    assert evil is not None and evil.name == "Evilgame"
    lone = parse_answer(HOSTILE[1], "10.0.0.2")
    assert lone is not None and lone.name == "Krook game"  # nothing left of the name: the default


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FakeAnswerer:
    """A discovery 'host' on loopback: answers each query with the datagrams given, from loopback
    addresses of its choosing (127.0.0.x, so several 'machines' can answer)."""

    def __init__(self, answers: list[tuple[str, bytes]]) -> None:
        self.port = _free_udp_port()
        self.listen = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.listen.bind(("127.0.0.1", self.port))
        self.listen.settimeout(10)
        self.answers = answers
        self.queries = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            data, sender = self.listen.recvfrom(4096)
        except OSError:
            return
        if data != QUERY:
            return
        self.queries += 1
        senders: dict[str, socket.socket] = {}
        for source, answer in self.answers:
            sock = senders.get(source)
            if sock is None:
                sock = senders[source] = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                sock.bind((source, 0))
            sock.sendto(answer, sender)
        for sock in senders.values():
            sock.close()

    def close(self) -> None:
        self.listen.close()
        self.thread.join(5)


needs_loopback_net = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="127.0.0.x beyond 127.0.0.1 is loopback on Linux"
)


@needs_loopback_net
def test_hostile_answers_do_not_hide_the_real_game() -> None:
    """Before: the 1e999 answer raised OverflowError out of find_games and no game was listed at all."""
    answers = [("127.0.0.2", data) for data in HOSTILE]
    answers.append(("127.0.0.3", _answer(name="Real game", port=47470)))
    fake = FakeAnswerer(answers)
    try:
        games = find_games(1.0, port=fake.port, targets=("127.0.0.1",))
    finally:
        fake.close()
    assert fake.queries == 1
    names = {(g.address, g.name) for g in games}
    assert ("127.0.0.3", "Real game") in names
    for g in games:
        g.name.encode("utf-8")
        assert "\x00" not in g.name


@needs_loopback_net
def test_a_flood_is_capped_per_address_and_in_all() -> None:
    """Before: every answer was listed (20 games from one machine, 60 in all)."""
    answers = [("127.0.0.4", _answer(name=f"Flood {i}", port=40000 + i)) for i in range(20)]
    answers += [(f"127.0.1.{i}", _answer(name=f"Other {i}", port=47470)) for i in range(1, 41)]
    answers += [("127.0.0.4", _answer(name="Flood 0 again", port=40000))]  # a later answer for a listed game
    fake = FakeAnswerer(answers)
    try:
        games = find_games(1.5, port=fake.port, targets=("127.0.0.1",))
    finally:
        fake.close()
    assert len(games) == MAX_GAMES
    flood = [g for g in games if g.address == "127.0.0.4"]
    assert len(flood) == MAX_PER_ADDRESS
    assert "Flood 0 again" in {g.name for g in flood}
    assert len({(g.address, g.port) for g in games}) == len(games)


HOSTILE_QUERIES = [
    b"[" * 1900,  # nesting deeper than the stack: RecursionError, which is not a ValueError
    b'{"type":"krook?","x":' + b"[" * 1500 + b"]" * 1500 + b"}",
    b'{"type":"krook?","protocol":' + b"9" * 1900 + b"}",
    b'{"type":"krook?","protocol":NaN}',
    b"\xff\xfe\x00",
    b"",
]


@pytest.mark.parametrize("data", HOSTILE_QUERIES, ids=range(len(HOSTILE_QUERIES)))
def test_a_malformed_query_is_not_a_query_and_never_raises(data: bytes) -> None:
    assert is_query(data) in (True, False)


def test_hostile_queries_do_not_stop_a_host() -> None:
    """Before: one datagram of 1,000 '[' raised RecursionError in the host's socket thread, which ended the
    whole game ("the host stopped working") for everyone at the table."""
    from krook.net.host import Host

    port = _free_udp_port()
    host = Host.new_game(
        "lan,bot:simple,lan,bot:simple",
        name="Kitchen table",
        bind="127.0.0.1",
        port=0,
        discovery_port=port,
        bot_delay=0.0,
    )
    host.start()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as attacker:
            for data in HOSTILE_QUERIES:
                attacker.sendto(data, ("127.0.0.1", port))
        games = find_games(1.0, port=port, targets=("127.0.0.1",))
        assert host.failed is None
        assert [g.name for g in games] == ["Kitchen table"]
    finally:
        host.stop()
