"""Internet play for the screens: host through a relay and get an invite code; join by code and get a Session.

The whole API (docs/INTERNET.md, *For the screens*)::

    from krook.net import internet

    # hosting: a HostedGame (krook.net.hosted) that is also on the relay
    game = HostedGame.new(lobby, name=..., grace_s=..., relay=internet.relay_url(settings_value))
    game.invite_code            # "K7QM-482-916", to show large with a Copy button (changes after guessing)
    game.relay_status()         # internet.Status.CONNECTED / RELAY_LOST
    game.session                # the host's own Session, as for a LAN game

    # joining
    try:
        session = internet.join(relay_url, "k7qm 482 916", "Grandma")   # a RemoteSession
    except internet.InternetError as exc:
        show(exc.message)       # plain words; exc.failure says which (Failure.WRONG_CODE, ...)
    internet.status(session)    # Status.CONNECTED / RELAY_LOST (retrying) / HOST_GONE (waiting) / CLOSED
    session.token               # keep it in the settings: join(..., token=) takes the seat back later

Every failure is a :class:`Failure` with a message in :data:`MESSAGES`; the session's own link changes come
as ``StatusEvent``/``ErrorEvent`` as for a LAN game, and :func:`status` reads the current one.
"""

from __future__ import annotations

import enum
from typing import Any

from .join_error import JoinError
from .relay import InviteCode, RelayError, RelayHost, relay_dialer
from .remote_session import RemoteSession

DEFAULT_RELAY = "nats://127.0.0.1:4222"
"""Until a public Krook relay exists, the default is a relay on this computer (docs/INTERNET.md explains how
to run one); the settings offer "use my own" with any ``nats://``, ``tls://`` or ``wss://`` address."""


class Failure(enum.Enum):
    NO_RELAY = "no_relay"
    BAD_CODE = "bad_code"
    WRONG_CODE = "wrong_code"
    NO_HOST = "no_host"
    FULL = "full"
    HOST_CLOSED = "host_closed"
    VERSION = "version"
    SEAT_GONE = "seat_gone"
    OTHER = "other"


class Status(enum.Enum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    RELAY_LOST = "relay_lost"  # retrying by itself
    HOST_GONE = "host_gone"  # the host is not answering; waiting for it to come back
    CLOSED = "closed"


MESSAGES = {
    Failure.NO_RELAY: "Krook could not reach the relay. Check the internet connection, or the relay address in "
    "Settings.",
    Failure.BAD_CODE: "An invite code looks like K7QM-482-916: four letters, then six digits.",
    Failure.WRONG_CODE: "That invite code is not right. Check it with the host: they may have a new one.",
    Failure.NO_HOST: "No game answers to that code. The host may have closed the game or shown a new code.",
    Failure.FULL: "Every seat at that table is taken.",
    Failure.HOST_CLOSED: "The host closed the game.",
    Failure.VERSION: "That game runs another version of Krook. Update the older copy to play together.",
    Failure.SEAT_GONE: "The host no longer holds your seat. Join with the invite code as a new player.",
    Failure.OTHER: "Krook could not join that game.",
}

STATUS_WORDS = {
    Status.CONNECTING: "Connecting…",
    Status.CONNECTED: "Connected",
    Status.RELAY_LOST: "Relay lost — retrying",
    Status.HOST_GONE: "Host gone — waiting",
    Status.CLOSED: "Closed",
}

_CODES = {
    "unreachable": Failure.NO_RELAY,
    "no_relay": Failure.NO_RELAY,
    "bad_code": Failure.BAD_CODE,
    "wrong_code": Failure.WRONG_CODE,
    "no_host": Failure.NO_HOST,
    "timeout": Failure.NO_HOST,
    "lost": Failure.NO_HOST,  # the link ended during the hello: the host went away
    "full": Failure.FULL,
    "shutdown": Failure.HOST_CLOSED,
    "closed": Failure.HOST_CLOSED,
    "version": Failure.VERSION,
    "bad_token": Failure.SEAT_GONE,
}


class InternetError(ConnectionError):
    """Joining or hosting over the internet failed: ``failure`` says why, ``message`` says it in plain words."""

    def __init__(self, failure: Failure, detail: str = "") -> None:
        self.failure = failure
        self.message = MESSAGES[failure]
        self.detail = detail
        super().__init__(self.message)


def failure_of(code: str) -> Failure:
    return _CODES.get(code, Failure.OTHER)


def relay_url(setting: str | None) -> str:
    """The relay address to use: the player's own when set, else :data:`DEFAULT_RELAY`."""
    text = (setting or "").strip()
    return text or DEFAULT_RELAY


def relay_on_this_computer(url: str) -> bool:
    """Whether the relay's host is this computer (a loopback address): only players here can reach it, so a
    family in other houses needs another (Krook's default is such a relay until a public one exists)."""
    import ipaddress
    from urllib.parse import urlsplit

    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_code(text: str) -> InviteCode:
    """The code as typed (case, spaces and dashes do not matter); InternetError BAD_CODE otherwise."""
    try:
        return InviteCode.parse(text)
    except RelayError:
        raise InternetError(Failure.BAD_CODE) from None


def join(
    relay: str,
    code: str,
    name: str,
    *,
    token: str | None = None,
    timeout: float = 10.0,
    **client_options: Any,
) -> RemoteSession:
    """Take a seat at the game with this invite code (or, with ``token``, take one's seat back). Blocks for
    at most about ``timeout`` seconds; raises :class:`InternetError`."""
    invite = parse_code(code)
    try:
        return RemoteSession.connect(
            "relay", 0, name, token, timeout=timeout, dialer=relay_dialer(relay, invite), **client_options
        )
    except JoinError as exc:
        raise InternetError(failure_of(exc.code), exc.message) from None


def status(session: RemoteSession) -> Status:
    """The link of a session made by :func:`join`, as the status line shows it."""
    client = session.client
    if client.connected:
        return Status.CONNECTED
    if session._gone:
        return Status.CLOSED
    reason = client.last_lost or ""
    if "relay" in reason:
        return Status.RELAY_LOST
    return Status.HOST_GONE


def host(host: Any, relay: str, **options: Any) -> RelayHost:
    """Put a running ``krook.net.host.Host`` on the relay; ``.code`` is its invite code. Raises InternetError
    NO_RELAY when the relay cannot be reached. (``HostedGame.new(..., relay=)`` does this for the screens.)"""
    try:
        return RelayHost(host, relay, **options).start()
    except RelayError as exc:
        raise InternetError(Failure.NO_RELAY, exc.message) from None
    except TimeoutError:
        raise InternetError(Failure.NO_RELAY, f"the relay at {relay} did not answer") from None


__all__ = [
    "DEFAULT_RELAY",
    "MESSAGES",
    "STATUS_WORDS",
    "Failure",
    "InternetError",
    "InviteCode",
    "Status",
    "failure_of",
    "host",
    "join",
    "parse_code",
    "relay_on_this_computer",
    "relay_url",
    "status",
]
