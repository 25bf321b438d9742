"""The LAN screens for ``krook gallery``: the same picture on every run, and nothing sent off this machine.

The waiting room runs a real host bound to 127.0.0.1 (discovery off); the gallery closes it with the scene's
session. The Join screen is shown with a fixed list of games instead of looking for any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from krook.net import PROTOCOL_VERSION, GameInfo


def _games() -> list[GameInfo]:
    return [
        GameInfo("Kitchen table", "192.168.1.20", 47470, 2, 4, PROTOCOL_VERSION, "0.1.0", password=True),
        GameInfo("Den", "192.168.1.31", 47470, 0, 4, PROTOCOL_VERSION, "0.1.0", started=True),
        GameInfo("Grandpa's laptop", "192.168.1.40", 47470, 1, 4, -1, "0.0.9"),
    ]


def gallery_scenes(app: Any) -> dict[str, Callable[[], list[Any]]]:
    from krook.session.local import Lobby, SeatConfig

    from .connection import HostGoneScene
    from .join import JoinScene
    from .lan_common import LanOptions
    from .lan_help import LanHelpScene
    from .waiting_room import WaitingRoomScene, start_host

    s = app.services

    def join() -> list[Any]:
        scene = JoinScene(s)
        scene.show_games(_games(), looked=True)
        scene.address_field.text = "192.168.1.20:47470"
        scene.rows[0].selected = True
        return [scene]

    def join_error() -> list[Any]:
        scene = JoinScene(s)
        scene.show_games([], looked=True)
        scene.address_field.text = "192.168.1.50"
        scene.error = (
            "Could not join 192.168.1.50:47470. Cannot reach 192.168.1.50:47470: Connection refused. "
            "Check the address, that the host is in its waiting room, and the firewall (see Help)."
        )
        return [scene]

    def waiting() -> list[Any]:
        lobby = Lobby(
            [
                SeatConfig("Ann", "human"),
                SeatConfig("Seat 2", "open"),
                SeatConfig("Ben", "bot", "hard"),
                SeatConfig("Seat 4", "open"),
            ],
            seed=7,
        )
        options = LanOptions(port=0, bind="127.0.0.1", discovery_port=None)
        game = start_host(s, lobby, "Kitchen table", 60.0, options, autosave=False, password="KTC4RM")
        room = WaitingRoomScene(s, game)
        room.address, room.port = "192.168.1.20", 47470  # the picture shows a typical home address
        return [room]

    def help_() -> list[Any]:
        return [*waiting(), LanHelpScene(s)]

    def host_gone() -> list[Any]:
        stack = join()
        session = _ClosedSession()
        return [*stack, HostGoneScene(s, session, "The host is gone (the host closed the connection).")]

    return {
        "20-lan-join": join,
        "20-lan-join-error": join_error,
        "20-lan-waiting-room": waiting,
        "20-lan-help": help_,
        "20-lan-host-gone": host_gone,
    }


class _ClosedSession:
    def close(self) -> None:
        pass
