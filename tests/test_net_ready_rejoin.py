"""A player who said *Next hand* while the host was down says it again when the host is back (docs/LAN.md,
"After a crash": nobody has to click twice), however the host's answers to the rejoin arrive: the seat's view
may come in a later read than the welcome, after the link already reads as back (one message a read, as over
the relay and the in-memory link)."""

from __future__ import annotations

from pathlib import Path

from krook.net import Host, JoinError, RemoteSession
from krook.net.testing import ClientBot, drive
from krook.net.transport import Connection, MemoryConnection

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


def test_next_hand_said_while_the_host_was_down_is_said_again_when_it_is_back(tmp_path: Path) -> None:
    save = tmp_path / "host.json"
    up: list[Host] = [Host.new_game("lan,bot:random,bot:random,bot:random", save_path=save, seed=9, **FAST)]
    up[0].start()

    def dial(timeout: float, token: str | None = None) -> Connection:
        if not up:
            raise JoinError("unreachable", "the host is down")
        return MemoryConnection(up[0], "memory")

    session = RemoteSession.connect("memory", 0, "Ann", dialer=dial, retry_s=0.02, reconnect_s=60)
    bot = ClientBot(session, "random", seed=2)
    bot.ready_for = 1  # the bot leaves the score sheet of hand 1 to the test
    try:
        assert drive([bot], lambda: up[0].snapshot().waiting_for_ready == (0,), timeout=20)
        host = up.pop()
        host.stop()
        assert drive([bot], lambda: not session.connected, timeout=20)
        session.next_hand()  # clicked while the host is down: the ready cannot reach it now
        assert up == [] and not session.connected
        again = Host.resume(save, **FAST)
        assert again.protocol.match.version == host.protocol.match.version and not again.protocol.ready
        up.append(again.start())
        dealt = drive([bot], lambda: len(again.protocol.match.hands) == 2, timeout=20)
        assert dealt, f"the host still waits for the player's ready: {again.snapshot().waiting_for_ready}"
    finally:
        session.close()
        for host in up:
            host.stop()
