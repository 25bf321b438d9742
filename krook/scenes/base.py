"""The scene stack and the services every scene is handed.

A scene has ``on_enter / on_exit``, ``handle_event(e) -> bool``, ``update(dt)`` and ``draw(surface)``.
The stack applies push / pop / replace between frames and draws from the top-most opaque scene upward.

Scenes never import one another across the parts of the window (table, menus, LAN, archive): they ask
``services.go`` (a :class:`Navigator`) for the next scene and ``services.games`` (a :class:`GameFactory`) for
a game, both built once in ``krook.app``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

import pygame

from krook.settings_store import Settings, save_settings
from krook.ui.cards import CardPainter
from krook.ui.held_keys import HeldKeys
from krook.ui.theme import Theme

if TYPE_CHECKING:
    from krook.net import RemoteSession
    from krook.net.hosted import HostedGame
    from krook.rules import Match, SeatView
    from krook.session.base import Session
    from krook.session.local import Lobby
    from krook.session.tutorial import TutorialSession

log = logging.getLogger(__name__)


class Navigator(Protocol):
    """Where the window goes next. Each call builds the scene; the caller pushes, replaces or resets."""

    def title(self) -> Scene: ...
    def lobby(self, internet: bool = False) -> Scene:
        """New game; ``internet``: the seats of a game hosted over the internet (Host game gives a code)."""
        ...

    def internet(self) -> Scene:
        """Play over the internet: host a game or join one with a code."""
        ...

    def relay_setting(self) -> Scene:
        """The relay internet games use: Krook's default, or the player's own address."""
        ...

    def table(self, session: Session, note: str = "") -> Scene: ...
    def pause(self, saved: str | None = None) -> Scene: ...
    def review(self, match: Match, hand_index: int, seat: int, humans: list[int]) -> Scene: ...
    def join(self) -> Scene: ...
    def games(self) -> Scene: ...
    def waiting_room(self, game: HostedGame) -> Scene: ...
    def host_gone(self, session: Session, detail: str = "") -> Scene: ...
    def tutorial(self) -> Scene | None:
        """The guided first game's table (None, with a message for the player, when it cannot start)."""
        ...


JoinedSession: TypeAlias = (
    "RemoteSession"  # a seat in a game hosted elsewhere: the waiting room reads its seat and link
)


class GameFactory(Protocol):
    """Makes every kind of game the screens can start, so no scene builds a concrete session."""

    def has_saved_game(self) -> bool: ...
    def new_local(self, lobby: Lobby) -> Session: ...
    def resume_local(self, read_only: bool = False) -> Session:
        """The saved game on this computer; raises ``krook.storage.StorageError`` (and its kinds)."""
        ...

    def hosted_game(self) -> str | None:
        """The name of the unfinished LAN game this computer hosted last, or None."""
        ...

    def host(
        self, lobby: Lobby, name: str, grace_s: float, *, password: str | None = None, autosave: bool = True
    ) -> HostedGame:
        """Start hosting the lobby's game on the LAN; raises ``OSError`` with a message to show."""
        ...

    def resume_host(self) -> HostedGame: ...
    def join(
        self, address: str, port: int, name: str, token: str | None = None, **options: Any
    ) -> JoinedSession:
        """Take a seat in a game another computer hosts; raises ``krook.net.JoinError`` with a message."""
        ...

    def host_internet(self, lobby: Lobby, name: str, grace_s: float, *, autosave: bool = True) -> HostedGame:
        """Host the lobby's game on the LAN and through the settings' relay (``game.invite_code``); raises
        ``OSError`` (``krook.net.internet.InternetError``) with a message to show."""
        ...

    def join_internet(self, code: str, name: str, token: str | None = None) -> JoinedSession:
        """Take a seat by invite code through the settings' relay; raises ``OSError``
        (``krook.net.internet.InternetError``: ``.message`` to show, ``.failure`` says which)."""
        ...

    def internet_status(self, session: Session) -> tuple[str, bool] | None:
        """The status line of a game on the internet (its words, and whether all is well); None otherwise."""
        ...

    def tutorial(self) -> TutorialSession: ...
    def easy_game(self) -> Session:
        """You against three easy bots: the game after the guided hand."""
        ...


class GameScreen(Protocol):
    """A scene showing a game (the table): what the menus over it may read."""

    @property
    def session(self) -> Session: ...
    @property
    def view(self) -> SeatView: ...


class _NotWired:
    """Stands in for a navigator or factory a test did not give: says so when used."""

    def __init__(self, what: str) -> None:
        self._what = what

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"services.{self._what}.{name}: no {self._what} was given to these Services")


class SilentSound:
    """Stands in for ``krook.audio.SoundService`` when it is missing or has no device."""

    def play(self, name: str) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass

    def set_muted(self, muted: bool) -> None:
        pass


def make_sound(settings: Settings) -> Any:
    try:
        from krook.audio import SoundService

        sound = SoundService(volume=settings.volume, muted=not settings.sound)
    except Exception:
        return SilentSound()
    try:
        sound.set_volume(settings.volume)
        sound.set_muted(not settings.sound)
    except Exception:
        log.debug("sound settings not applied", exc_info=True)
    return sound


@dataclass
class Services:
    """What scenes may use. ``stack`` is the scene stack; ``app`` callbacks change the window."""

    settings: Settings
    theme: Theme
    cards: CardPainter
    sound: Any
    stack: SceneStack = field(default=None)  # type: ignore[assignment]
    messages: list[str] = field(default_factory=list)
    apply_display: Callable[[], None] = lambda: None
    quit: Callable[[], None] = lambda: None
    settings_file: Any = None
    keyboard_mode: bool = False  # the last input was a key, not a click: menus show their focus ring
    go: Navigator = field(default_factory=lambda: _NotWired("go"))
    games: GameFactory = field(default_factory=lambda: _NotWired("games"))
    held_keys: HeldKeys = field(default_factory=HeldKeys)  # a key held across a change acts no more

    def save_settings(self) -> None:
        problem = save_settings(self.settings, self.settings_file)
        if problem:
            self.messages.append(problem)

    def apply_settings(self) -> None:
        """Re-read the settings into the services (text size, deck, sound) and save them."""
        s = self.settings
        self.theme.large_text = s.large_text
        self.theme._fonts.clear()
        self.theme._text_cache.clear()
        if self.cards.colour_blind != s.colour_blind:
            self.cards.colour_blind = s.colour_blind
            self.cards._cache.clear()
        try:
            self.sound.set_volume(s.volume)
            self.sound.set_muted(not s.sound)
        except Exception:  # sound is a nicety: the game goes on silent, the log says why
            log.warning("could not apply the sound settings", exc_info=True)
        self.save_settings()

    def play(self, name: str) -> None:
        with contextlib.suppress(Exception):
            self.sound.play(name)


class Scene:
    opaque = True
    shows_game = False  # a GameScreen: the table (menus over it read its session and view)
    _dirty = False

    def __init__(self, services: Services) -> None:
        self.services = services
        self.theme = services.theme

    @property
    def stack(self) -> SceneStack:
        return self.services.stack

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def handle_event(self, e: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def animating(self) -> bool:
        """True while the scene wants frames without input (tweens, a bot to wait for)."""
        return False

    def redraw_in(self) -> float | None:
        """Seconds until this scene looks different with no input and no animation (a list the network
        fills in, a countdown on screen); None when only input or :meth:`animating` changes it. The app
        draws nothing while idle otherwise."""
        return None

    def invalidate(self) -> None:
        """Something this scene shows changed outside input and update (another thread's result): draw."""
        self._dirty = True


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._ops: list[tuple[str, Scene | None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._ops.append(("push", scene))

    def pop(self) -> None:
        self._ops.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._ops.append(("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Clear everything and show ``scene`` (e.g. back to the title)."""
        self._ops.append(("reset", scene))

    def apply(self) -> bool:
        changed = bool(self._ops)
        while self._ops:
            op, scene = self._ops.pop(0)
            if op in ("pop", "replace") and self.scenes:
                self.scenes.pop().on_exit()
            if op == "reset":
                while self.scenes:
                    self.scenes.pop().on_exit()
            if scene is not None:
                self.scenes.append(scene)
                scene.on_enter()
        return changed

    def find(self, kind: type) -> Any:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def game(self) -> GameScreen | None:
        """The top-most scene showing a game, if any (the pause menu's table, the rules reader's rules)."""
        for scene in reversed(self.scenes):
            if scene.shows_game:
                return scene  # type: ignore[return-value]
        return None

    def handle_event(self, e: pygame.event.Event) -> bool:
        top = self.top
        return bool(top and top.handle_event(e))

    def update(self, dt: float) -> None:
        # Only the top scene runs: a game under the pause menu or the curtain waits.
        if self.scenes:
            self.scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame, bottom first: the top opaque one and those over it."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return list(self.scenes)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def animating(self) -> bool:
        return bool(self._ops) or any(s.animating() for s in self.scenes)

    def redraw_in(self) -> float | None:
        times = [t for t in (s.redraw_in() for s in self.scenes) if t is not None]
        return min(times) if times else None

    def take_dirty(self) -> bool:
        """True once after any scene called :meth:`Scene.invalidate`."""
        dirty = False
        for scene in self.scenes:
            if getattr(scene, "_dirty", False):
                scene._dirty = False
                dirty = True
        return dirty
