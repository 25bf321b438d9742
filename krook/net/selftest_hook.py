"""``krook --selftest`` checks ``net_loopback`` (host on 127.0.0.1, join, finish the handshake, close both) and
``internet_stack`` (what internet play loads, without touching a network)."""

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


def internet_stack(ctx: Any) -> str:
    """Internet play's modules load (the relay client, TLS for tls:// and wss:// relays) and a sealed channel
    carries a message both ways: a packaged copy built without one of them fails here, not when a family joins."""
    import ssl

    from . import internet  # noqa: F401  (the relay client and nats-py with it)
    from .sealed import pair

    ssl.create_default_context()
    guest, host = pair(b"selftest", b"krook selftest")
    if host.open_message(guest.seal_message({"hello": "host"})) != {"hello": "host"}:
        raise RuntimeError("the sealed channel did not carry a message from the guest")
    if guest.open_message(host.seal_message({"hello": "guest"})) != {"hello": "guest"}:
        raise RuntimeError("the sealed channel did not carry a message from the host")
    return f"relay client loaded; {ssl.OPENSSL_VERSION}; sealed channel both ways"
