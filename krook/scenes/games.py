"""Every kind of game the screens can start, made in one place (``services.games``).

The screens receive a ``Session`` and ask it what it can do (``krook.session.base``'s capabilities); only this
module names the concrete sessions: a game on this computer, the guided first hand, a LAN host, a game on the
internet (through a relay: ``krook.net.internet``, loaded only when one is played, as nats-py comes with it).
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

from krook import paths
from krook.net import DEFAULT_PORT, RemoteSession
from krook.net.hosted import HostedGame, room_code
from krook.scenes.base import Services
from krook.scenes.lan.common import lan_options, player_name
from krook.session.base import Session
from krook.session.local import Lobby, LocalSession, SeatConfig, has_saved_game
from krook.session.tutorial import TutorialSession

if TYPE_CHECKING:
    from krook.net.relay import RelayHost

HOST_SAVE = "lan-host.json"


def host_save_path() -> Path:
    return paths.user_data_dir() / HOST_SAVE


class GameMaker:
    """``services.games``: sessions built with this window's settings (bot pace, LAN options, player name)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        # The sessions on the internet, for the status line: a host's relay, or None for a seat joined by code
        # (its link says). Weak, so a closed game is forgotten with its session.
        self._internet: weakref.WeakKeyDictionary[Any, RelayHost | None] = weakref.WeakKeyDictionary()

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
        game = self._host(lobby, name, grace_s, password=password, autosave=autosave)
        if autosave and self.services.settings.hosted_relay:
            self.services.settings.hosted_relay = ""  # Resume hosting brings this game back on the LAN only
            self.services.save_settings()
        return game

    def host_internet(self, lobby: Lobby, name: str, grace_s: float, *, autosave: bool = True) -> HostedGame:
        """Host the lobby's game on the LAN and through the relay of the settings: ``invite_code`` is the code
        to show. Raises ``internet.InternetError`` (an ``OSError``) with a message when the relay cannot be
        reached."""
        from krook.net import internet

        relay = internet.relay_url(self.services.settings.relay_url)
        try:
            game = self._host(lobby, name, grace_s, password=None, autosave=autosave, relay=relay)
        except internet.InternetError:
            if autosave:  # the host had started and saved before the relay failed: nothing to resume
                HostedGame.forget(host_save_path())
            raise
        self._internet[game.session] = game.relay
        if autosave:
            self.services.settings.hosted_relay = relay
            self.services.save_settings()
        return game

    def join_internet(self, code: str, name: str, token: str | None = None) -> RemoteSession:
        """Take a seat by invite code (or, with ``token``, take one's seat back) through the settings' relay;
        raises ``internet.InternetError`` with a message (``.failure`` says which)."""
        from krook.net import internet

        options = lan_options(self.services)
        session = internet.join(
            internet.relay_url(self.services.settings.relay_url),
            code,
            name,
            token=token,
            timeout=options.connect_timeout * 2,
            **(options.client_options or {}),
        )
        self._internet[session] = None
        return session

    def internet_status(self, session: Session) -> tuple[str, bool] | None:
        """The status line of a game on the internet (its words, and whether all is well); None otherwise."""
        if session not in self._internet:
            return None
        from krook.net import internet

        relay = self._internet[session]
        if relay is not None:
            status = internet.Status.CONNECTED if relay.connected else internet.Status.RELAY_LOST
        else:
            status = internet.status(session)  # type: ignore[arg-type]
        return internet.STATUS_WORDS[status], status is internet.Status.CONNECTED

    def _host(
        self,
        lobby: Lobby,
        name: str,
        grace_s: float,
        *,
        password: str | None,
        autosave: bool,
        relay: str | None = None,
    ) -> HostedGame:
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
            relay=relay,
            **{"bot_delay": self._bot_delay, **(options.host_options or {})},
        )

    def resume_host(self) -> HostedGame:
        """Host the autosaved game again on its saved port (and on its relay, for an internet game); the
        players rejoin their seats with their tokens, those on the internet without typing the code again."""
        options = lan_options(self.services)
        relay = self.services.settings.hosted_relay or None
        game = HostedGame.resume(
            host_save_path(),
            bind=options.bind,
            port=None if options.port == DEFAULT_PORT else options.port,
            discovery_port=options.discovery_port,
            relay=relay,
            **{"bot_delay": self._bot_delay, **(options.host_options or {})},
        )
        if game.relay is not None:
            self._internet[game.session] = game.relay
        return game
