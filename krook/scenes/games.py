"""Every kind of game the screens can start, made in one place (``services.games``).

The screens receive a ``Session`` and ask it what it can do (``krook.session.base``'s capabilities); only this
module names the concrete sessions: a game on this computer, the guided first hand, a LAN host.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from krook import paths
from krook.net import DEFAULT_PORT, RemoteSession
from krook.net.hosted import HostedGame, room_code
from krook.scenes.base import Services
from krook.scenes.lan.common import lan_options, player_name
from krook.session.base import Session
from krook.session.local import Lobby, LocalSession, SeatConfig, has_saved_game
from krook.session.tutorial import TutorialSession

HOST_SAVE = "lan-host.json"


def host_save_path() -> Path:
    return paths.user_data_dir() / HOST_SAVE


class GameMaker:
    """``services.games``: sessions built with this window's settings (bot pace, LAN options, player name)."""

    def __init__(self, services: Services) -> None:
        self.services = services

    @property
    def _bot_delay(self) -> float:
        return float(self.services.settings.bot_delay)

    def has_saved_game(self) -> bool:
        return has_saved_game()

    def new_local(self, lobby: Lobby) -> Session:
        return LocalSession.new(lobby, bot_delay=self._bot_delay)

    def resume_local(self, read_only: bool = False) -> Session:
        return LocalSession.resume(bot_delay=self._bot_delay, read_only=read_only)

    def tutorial(self) -> TutorialSession:
        return TutorialSession.start(bot_delay=self._bot_delay)

    def easy_game(self) -> Session:
        """You against three easy bots (Ben, across the table, is your partner): the game after the lesson."""
        lobby = Lobby(
            [SeatConfig("You", "human")] + [SeatConfig(n, "bot", "easy") for n in ("Ada", "Ben", "Cleo")]
        )
        return self.new_local(lobby)

    def join(
        self, address: str, port: int, name: str, token: str | None = None, **options: Any
    ) -> RemoteSession:
        return RemoteSession.connect(address, port, name, token, **options)

    def hosted_game(self) -> str | None:
        return HostedGame.has_saved(host_save_path())

    def host(
        self,
        lobby: Lobby,
        name: str,
        grace_s: float,
        *,
        password: str | None = None,
        autosave: bool = True,
    ) -> HostedGame:
        """Host the lobby's game; a room code is made unless ``password=""``. The host autosaves to
        ``lan-host.json`` (``autosave=False``: the gallery)."""
        options = lan_options(self.services)
        own = player_name(self.services)
        return HostedGame.new(
            lobby,
            name=name,
            grace_s=grace_s,
            own_name=own if own not in ("You", "Player", "") else "Host",
            save_path=host_save_path() if autosave else None,
            bind=options.bind,
            port=options.port,
            discovery_port=options.discovery_port,
            password=room_code() if password is None else password or None,
            **{"bot_delay": self._bot_delay, **(options.host_options or {})},
        )

    def resume_host(self) -> HostedGame:
        """Host the autosaved game again on its saved port; the players rejoin their seats with their tokens."""
        options = lan_options(self.services)
        return HostedGame.resume(
            host_save_path(),
            bind=options.bind,
            port=None if options.port == DEFAULT_PORT else options.port,
            discovery_port=options.discovery_port,
            **{"bot_delay": self._bot_delay, **(options.host_options or {})},
        )
