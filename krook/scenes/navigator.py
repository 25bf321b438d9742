"""The window's map: which scene each way out of a screen leads to.

Built once by the app and handed to every scene as ``services.go``. It is the only module of
``krook.scenes`` that knows the five parts (table, menus, LAN, internet, archive); the parts know only ``base``,
``common`` and the layers below, so none of them imports another (internet play alone builds on the LAN
screens and the lobby).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from krook.scenes.archive.games_list import GamesScene
from krook.scenes.archive.review import ReviewScene
from krook.scenes.base import Scene, Services
from krook.scenes.internet.lobby import InternetLobbyScene
from krook.scenes.internet.menu import InternetScene
from krook.scenes.internet.relay_setting import RelaySettingScene
from krook.scenes.internet.waiting_room import InternetWaitingRoom
from krook.scenes.lan.host_gone import HostGoneScene
from krook.scenes.lan.join import JoinScene
from krook.scenes.lan.waiting_room import WaitingRoomScene
from krook.scenes.menus.lobby import LobbyScene
from krook.scenes.menus.pause import PauseScene
from krook.scenes.menus.title import TitleScene
from krook.scenes.table.scene import TableScene
from krook.scenes.table.tutorial import TutorialTable

if TYPE_CHECKING:
    from krook.net.hosted import HostedGame
    from krook.rules import Match
    from krook.session.base import Session


class Navigator:
    """``services.go``: each method builds the next scene; the caller decides push, replace or reset."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def title(self) -> Scene:
        return TitleScene(self.services)

    def lobby(self, internet: bool = False) -> Scene:
        return InternetLobbyScene(self.services) if internet else LobbyScene(self.services)

    def internet(self) -> Scene:
        return InternetScene(self.services)

    def relay_setting(self) -> Scene:
        return RelaySettingScene(self.services)

    def table(self, session: Session, note: str = "") -> Scene:
        table = TableScene(self.services, session)
        for seat in range(len(session.players)):
            table.state.status[seat] = session.seat_status(seat)
        if note:
            table.state.say(note, seconds=5.0)
        return table

    def pause(self, saved: str | None = None) -> Scene:
        return PauseScene(self.services) if saved is None else PauseScene(self.services, saved)

    def review(self, match: Match, hand_index: int, seat: int, humans: list[int]) -> Scene:
        return ReviewScene(self.services, match, hand_index, seat, humans)

    def join(self) -> Scene:
        return JoinScene(self.services)

    def games(self) -> Scene:
        return GamesScene(self.services)

    def waiting_room(self, game: HostedGame) -> Scene:
        if game.invite_code is not None:  # also on the internet: the invite code and the relay's status
            return InternetWaitingRoom(self.services, game)
        return WaitingRoomScene(self.services, game)

    def host_gone(self, session: Session, detail: str = "") -> Scene:
        return HostGoneScene(self.services, session, detail)

    def tutorial(self) -> Scene | None:
        return TutorialTable(self.services, self.services.games.tutorial())
