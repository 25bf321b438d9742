"""The LAN screens for ``krook gallery``: the same picture on every run, and nothing sent off this machine.

The waiting room runs a real host bound to 127.0.0.1 (discovery off); the gallery closes it with the scene's
session. The Join screen is shown with a fixed list of games instead of looking for any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from krook.bots import Bot, BotContext
from krook.net import PROTOCOL_VERSION, GameInfo, Host, RemoteSession, local_session
from krook.rules import Action, SeatView

LAN_TABLE_PRESETS = ("kentucky-discard", "five-handed", "six-handed")


def _games() -> list[GameInfo]:
    return [
        GameInfo("Kitchen table", "192.168.1.20", 47470, 2, 4, PROTOCOL_VERSION, "0.1.0", password=True),
        GameInfo("Den", "192.168.1.31", 47470, 0, 4, PROTOCOL_VERSION, "0.1.0", started=True),
        GameInfo("Grandpa's laptop", "192.168.1.40", 47470, 1, 4, -1, "0.0.9"),
    ]


def gallery_scenes(app: Any) -> dict[str, Callable[[], list[Any]]]:
    from krook.scenes.lan.common import LanOptions
    from krook.scenes.lan.help import LanHelpScene
    from krook.scenes.lan.host_gone import HostGoneScene
    from krook.scenes.lan.join import JoinScene
    from krook.scenes.lan.waiting_room import WaitingRoomScene
    from krook.session.local import Lobby, SeatConfig

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
        kept, s.lan = getattr(s, "lan", None), options
        try:
            game = s.games.host(lobby, "Kitchen table", 60.0, autosave=False, password="KTC4RM")
        finally:
            s.lan = kept
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
        "20-lan-table-host": lambda: lan_table(app, "kentucky-discard", "bidding", "host"),
        "20-lan-table-client": lambda: lan_table(app, "six-handed", "play", "client"),
        "20-lan-join": join,
        "20-lan-join-error": join_error,
        "20-lan-waiting-room": waiting,
        "20-lan-help": help_,
        "20-lan-host-gone": host_gone,
    }


def lan_table(app: Any, preset: str, phase: str, role: str, seed: int = 3) -> list[Any]:
    """A LAN table in play on loopback, seen by the host (seat 0) or by its client (seat 1), at that seat's
    turn: in ``"bidding"``, or in ``"play"`` with every other seat's card in the trick. Bots play the other
    seats; closing the table's session stops the host and its client."""
    from krook.net.testing import ClientBot, drive
    from krook.scenes.table.scene import TableScene

    n = {"five-handed": 5, "six-handed": 6}.get(preset, 4)
    host = _GalleryHost.new_game(
        ",".join(["human", "lan"] + ["bot:simple"] * (n - 2)),
        preset=preset,
        seed=seed,
        host_name="Hostess",
        bind="127.0.0.1",
        port=0,
        discovery_port=None,
        bot_delay=0.0,
    )
    host.start()
    try:
        local = local_session(host, "Hostess")
        remote = _ClientOfHost.connect("127.0.0.1", host.address[1], "Ann")
        assert isinstance(host, _GalleryHost) and isinstance(remote, _ClientOfHost)
        host.guest, remote.host = remote, host
        viewer, session = (0, local) if role == "host" else (1, remote)
        bots = [ClientBot(local, seed=1), ClientBot(remote, seed=2)]

        def there(view: SeatView) -> bool:
            trick_full = phase != "play" or len(view.trick) == n - 1
            return view.phase == phase and view.my_turn and trick_full

        # The viewer's bot holds once its own view is the wanted one; nobody else may act at its turn, so the
        # table stands still from there.
        bots[viewer].bot = _HoldAt(bots[viewer].bot, there)
        try:
            drive(bots, lambda: False, timeout=30.0)
        except _There:
            pass
        else:
            raise RuntimeError(f"the LAN game never reached {phase} at seat {viewer}")
    except BaseException:
        host.stop()
        raise
    scene = TableScene(app.services, session)
    scene.state.deal.t = -1.0
    scene.shown.dealt = True
    scene.update(0.0)
    return [scene]


class _There(Exception):
    """The LAN game reached the wanted table."""


class _HoldAt:
    """A bot that plays like ``bot`` until ``there(view)``, then stops the game where it is."""

    def __init__(self, bot: Bot, there: Callable[[SeatView], bool]) -> None:
        self.bot = bot
        self.there = there
        self.name = bot.name

    def choose(self, view: SeatView, ctx: BotContext) -> Action:
        if self.there(view):
            raise _There
        return self.bot.choose(view, ctx)


class _GalleryHost(Host):
    """The gallery's host, stopped with its one client (which would otherwise try to rejoin it)."""

    guest: RemoteSession | None = None

    def stop(self, final: bool = False) -> None:
        if self.guest is not None:
            self.guest.client.close()
        super().stop(final)


class _ClientOfHost(RemoteSession):
    """The gallery's client: the host it joined runs in this process and stops with it."""

    host: Host | None = None

    def close(self) -> None:
        super().close()
        if self.host is not None:
            self.host.stop()


class _ClosedSession:
    def close(self) -> None:
        pass
