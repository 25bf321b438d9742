"""LAN play, standard library only: framing, the protocol referee, a host, a client, discovery.

For the screens: ``find_games()``, ``RemoteSession.connect(address, port, name, token)``, and
``HostedGame.new(lobby, ...)`` / ``.resume(path)`` / ``.has_saved(path)`` for a game this window hosts
(its ``session`` plays the host's own seats, its ``snapshot()`` is what the screens show).
"""

from .discovery import DISCOVERY_PORT, GameInfo, find_games
from .framing import MAX_FRAME, FrameDecoder, FrameError, encode
from .host import DEFAULT_PORT, Host
from .host_snapshot import HostSnapshot
from .hosted import HostedGame
from .join_error import JoinError
from .protocol import PROTOCOL_VERSION, HostProtocol
from .remote_session import HostSession, RemoteSession, local_session

__all__ = [
    "DEFAULT_PORT",
    "DISCOVERY_PORT",
    "MAX_FRAME",
    "PROTOCOL_VERSION",
    "FrameDecoder",
    "FrameError",
    "GameInfo",
    "Host",
    "HostProtocol",
    "HostSession",
    "HostSnapshot",
    "HostedGame",
    "JoinError",
    "RemoteSession",
    "encode",
    "find_games",
    "local_session",
]
