"""A LAN game hosted by this computer's window, built the way ``LocalSession`` is: :meth:`HostedGame.new`
from a lobby, :meth:`HostedGame.resume` from the autosave, :meth:`HostedGame.has_saved` to offer it.

The screens hold a ``HostedGame`` and read :meth:`snapshot` (the seat table, who is waiting, the room code);
they never touch the ``Host``'s protocol or its lock.
"""

from __future__ import annotations

import errno
import logging
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from krook.rules import KrookError, Match, match_from_record
from krook.session.local import Lobby

from .discovery import DISCOVERY_PORT
from .host import DEFAULT_PORT, Host
from .host_snapshot import HostSnapshot
from .journal import journal_path
from .persistence import SAVE_KIND, SAVE_VERSION
from .remote_session import HostSession, local_session

if TYPE_CHECKING:  # the relay (nats-py) is loaded only for a game that uses it
    from .internet import Status
    from .relay import RelayHost

log = logging.getLogger("krook.net.hosted")

PORT_TRIES = 10  # the next ports are tried when one is taken (another Krook host on this computer)
ROOM_CODE_LETTERS = "ACDEFGHJKLMNPQRTUVWXY34679"  # no look-alikes: 0/O, 1/I/L, 2/Z, 5/S, 8/B


def room_code(length: int = 6) -> str:
    """A room code to read out across a room: six characters with no look-alikes (about 28 bits)."""
    return "".join(secrets.choice(ROOM_CODE_LETTERS) for _ in range(length))


def host_seats(lobby: Lobby, players: int) -> tuple[list[str], list[str]]:
    """The lobby's seats as host seat kinds (``human``, ``lan``, ``bot:STRENGTH``) and starting names."""
    kinds: list[str] = []
    names: list[str] = []
    for i, seat in enumerate(lobby.seats[:players]):
        if seat.kind == "human":
            kinds.append("human")
            names.append(seat.name)
        elif seat.kind == "open":
            kinds.append("lan")
            names.append(f"Open seat {i + 1}")
        else:
            kinds.append(f"bot:{seat.strength}")
            names.append(seat.name)
    return kinds, names


class HostedGame:
    """A started :class:`Host` and the host's own :class:`HostSession` on it."""

    def __init__(self, host: Host, own_name: str, relay: str | None = None) -> None:
        self.host = host
        self.session: HostSession = local_session(host, own_name)
        self.relay: RelayHost | None = None
        if relay is not None:
            from . import internet

            try:
                self.relay = internet.host(host, relay)
            except internet.InternetError:
                self.session.close()
                raise
            # The table closes only the session it plays: the relay's connection must end with it.
            self._close_session = self.session.close
            self.session.close = self._close_all  # type: ignore[method-assign]

    def _close_all(self) -> None:
        self._close_session()
        if self.relay is not None:
            self.relay.stop()

    @property
    def invite_code(self) -> str | None:
        """The code to show for joining over the internet (it changes after repeated wrong guesses)."""
        return str(self.relay.code) if self.relay is not None else None

    def relay_status(self) -> Status | None:
        """CONNECTED or RELAY_LOST (retrying by itself); None for a LAN-only game."""
        if self.relay is None:
            return None
        from .internet import Status

        return Status.CONNECTED if self.relay.connected else Status.RELAY_LOST

    # -- building ---------------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        lobby: Lobby,
        *,
        name: str,
        grace_s: float,
        own_name: str = "Host",
        save_path: Path | None = None,
        bind: str = "",
        port: int = DEFAULT_PORT,
        discovery_port: int | None = DISCOVERY_PORT,
        password: str | None = None,
        relay: str | None = None,
        **host_options: Any,
    ) -> HostedGame:
        """Build the match from the lobby and start hosting it (trying the next ports when one is taken);
        raises ``OSError`` with a message to show. With ``relay`` (a relay address) its open seats can also be
        taken over the internet: ``invite_code`` is then the code to show (``internet.InternetError``, an
        ``OSError``, when the relay cannot be reached)."""
        rules = lobby.rules()
        kinds, names = host_seats(lobby, rules.players)
        if kinds.count("human") == 1 and names[kinds.index("human")] in ("You", ""):
            names[kinds.index("human")] = own_name  # "You" reads oddly on the other players' screens
        ports = [port] if port == 0 else [port + i for i in range(PORT_TRIES)]
        last: OSError | None = None
        for candidate in ports:
            if candidate == DISCOVERY_PORT:
                continue
            match = Match(
                rules,
                list(names),
                seed=lobby.seed,
                first_dealer=lobby.first_dealer % rules.players,
                preset=lobby.preset,
            )
            host = Host.for_match(
                match,
                kinds,
                name=name,
                bind=bind,
                port=candidate,
                grace_s=grace_s,
                save_path=save_path,
                discovery_port=discovery_port,
                password=password,
                **host_options,
            )
            try:
                host.start()
            except OSError as exc:
                last = exc
                if exc.errno not in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1), errno.EACCES):
                    break
                continue
            humans = [names[s] for s, k in enumerate(kinds) if k == "human"]
            return cls(host, humans[0] if len(humans) == 1 else own_name, relay)
        raise OSError(f"Krook could not listen for players on this computer: {last}")

    @classmethod
    def resume(
        cls,
        save_path: Path,
        *,
        bind: str = "",
        port: int | None = None,
        discovery_port: int | None = DISCOVERY_PORT,
        relay: str | None = None,
        **host_options: Any,
    ) -> HostedGame:
        """Host the autosaved game again, on its saved port unless ``port`` is given; the players rejoin
        their seats with their tokens. Raises ``OSError`` or ``storage.StorageError`` with a message."""
        host = Host.resume(save_path, bind=bind, port=port, discovery_port=discovery_port, **host_options)
        try:
            host.start()
        except OSError as exc:
            raise OSError(f"Krook could not listen for players on port {host.port}: {exc}") from None
        snap = host.snapshot()
        humans = snap.human_seats
        return cls(host, snap.players[humans[0]] if humans else "Host", relay)

    @staticmethod
    def has_saved(save_path: Path) -> str | None:
        """The name of the unfinished game this computer hosted last (its autosave), or None."""
        from krook import storage

        if not save_path.exists():
            return None
        try:
            data = storage.load_json(save_path, SAVE_KIND, SAVE_VERSION)
            if match_from_record(data["record"]).is_over:
                return None
        except (storage.StorageError, KrookError, KeyError, TypeError, ValueError) as exc:
            log.info("no hosted game to resume: %s", exc)
            return None
        return str(data.get("name") or "LAN game")

    @staticmethod
    def forget(save_path: Path) -> None:
        """Remove the autosave and its journal (a finished or abandoned game)."""
        for path in (save_path, journal_path(save_path)):
            path.unlink(missing_ok=True)

    # -- reading ----------------------------------------------------------------------------------------
    def snapshot(self) -> HostSnapshot:
        return self.host.snapshot()

    @property
    def bind(self) -> str:
        return self.host.bind

    @property
    def port(self) -> int:
        return self.host.address[1]

    def start_now(self) -> None:
        self.session.start_now()

    def close(self) -> None:
        self.session.close()  # and the relay, for an internet game

    def cancel(self) -> None:
        """End the game for good (Cancel in the waiting room): the players are told the host closed it at
        once, not left waiting for a host that will not come back; a game that never started leaves no
        autosave to be offered as "Resume hosting"."""
        started = self.host.snapshot().started
        self.session.end_game()
        if not started and self.host.save_path is not None:
            for path in (self.host.save_path, journal_path(self.host.save_path)):
                path.unlink(missing_ok=True)


__all__ = ["HostSnapshot", "HostedGame", "host_seats", "room_code"]
