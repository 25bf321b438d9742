"""``krook --selftest`` check ``net_loopback``: host on 127.0.0.1, join, finish the handshake, close both."""

from __future__ import annotations

from typing import Any


def loopback_handshake(ctx: Any) -> str:
    from .host import Host
    from .remote_session import RemoteSession

    host = Host.new_game(
        "lan,bot:simple,bot:simple,bot:simple", bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0
    )
    host.start()
    try:
        session = RemoteSession.connect("127.0.0.1", host.address[1], "Selftest", timeout=5.0)
        try:
            view = session.view(session.seat)
            if view.seat != session.seat or not view.hand:
                raise RuntimeError(f"bad first view for seat {session.seat}")
            return f"joined seat {session.seat} on port {host.address[1]}; {len(view.hand)} cards in hand"
        finally:
            session.close()
    finally:
        host.stop()
