"""The player's settings: one small dataclass saved as JSON in the user config folder.

A damaged or foreign settings file never stops the game: ``load_settings`` moves it aside (see
``krook.storage``), starts from the defaults and returns a message the title screen shows once.
Each field is checked on its own, so one bad value resets that value only.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from krook import paths, storage

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
KIND = "krook-settings"
VERSION = 1

# The smallest window every screen is laid out for, and the largest size a saved file may ask for (8K);
# a restored window is also clamped to the screen it opens on (krook.app).
MIN_WINDOW = (960, 540)
MAX_WINDOW = (7680, 4320)
SPEEDS = ("slow", "normal", "fast", "instant")
CARD_SIZES = ("small", "medium", "large")
# Animation time multipliers; "instant" skips every tween.
SPEED_FACTOR = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
# Seconds a bot waits before it acts (on top of its thinking), so a family can follow the table.
BOT_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
CARD_SCALE = {"small": 0.85, "medium": 1.0, "large": 1.18}


@dataclass
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    anim_speed: str = "normal"
    bot_speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    colour_blind: bool = False
    card_size: str = "medium"
    large_text: bool = False
    reduce_motion: bool = False
    # "Claim the rest" is offered when the remaining tricks are certain; a last card plays itself
    offer_claims: bool = True
    auto_finish: bool = True
    last_lobby: dict[str, Any] | None = field(default=None)
    player_name: str = ""  # the name shown to a LAN host when joining
    last_join_address: str = ""  # the address last joined, offered again in Join LAN game
    # Seat tokens of LAN games joined, by "address:port": {"token", "game", "seat", "name"}. Join rejoins.
    lan_seats: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Internet play: the player's own relay ("" uses Krook's default, krook.net.internet.DEFAULT_RELAY)
    relay_url: str = ""
    # The relay of the game this computer hosts now ("" for a LAN game): Resume hosting goes back on it
    hosted_relay: str = ""
    # Seat tokens of internet games joined, by the invite code's routing part: as lan_seats
    internet_seats: dict[str, dict[str, Any]] = field(default_factory=dict)

    # -- derived ---------------------------------------------------------------------------------------
    @property
    def anim_factor(self) -> float:
        if self.anim_speed == "instant":
            return 0.0
        return SPEED_FACTOR[self.anim_speed] * (0.35 if self.reduce_motion else 1.0)

    @property
    def bot_delay(self) -> float:
        return BOT_DELAY[self.bot_speed]

    @property
    def card_scale(self) -> float:
        return CARD_SCALE[self.card_size]

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from saved data; each unusable value falls back to its default and is named."""
        base = cls()
        bad: list[str] = []
        values: dict[str, Any] = {}
        checks: dict[str, Callable[[Any], bool]] = {
            "fullscreen": lambda v: isinstance(v, bool),
            "window_size": lambda v: (
                isinstance(v, list | tuple)
                and len(v) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
                and MIN_WINDOW[0] <= v[0] <= MAX_WINDOW[0]
                and MIN_WINDOW[1] <= v[1] <= MAX_WINDOW[1]
            ),
            "anim_speed": lambda v: v in SPEEDS,
            "bot_speed": lambda v: v in SPEEDS,
            "sound": lambda v: isinstance(v, bool),
            "volume": lambda v: isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1,
            "colour_blind": lambda v: isinstance(v, bool),
            "card_size": lambda v: v in CARD_SIZES,
            "large_text": lambda v: isinstance(v, bool),
            "reduce_motion": lambda v: isinstance(v, bool),
            "offer_claims": lambda v: isinstance(v, bool),
            "auto_finish": lambda v: isinstance(v, bool),
            "last_lobby": lambda v: v is None or isinstance(v, dict),
            "player_name": lambda v: isinstance(v, str) and len(v) <= 40,
            "last_join_address": lambda v: isinstance(v, str) and len(v) <= 40 and v.isprintable(),
            "lan_seats": _seat_tokens,
            "relay_url": lambda v: isinstance(v, str) and (v == "" or relay_problem(v) is None),
            "hosted_relay": lambda v: isinstance(v, str) and (v == "" or relay_problem(v) is None),
            "internet_seats": _seat_tokens,
        }
        for name, ok in checks.items():
            if name not in data:
                continue
            value = data[name]
            if ok(value):
                values[name] = tuple(value) if name == "window_size" else value
            else:
                bad.append(name)
        return dataclasses.replace(base, **values), bad


def _seat_tokens(v: Any) -> bool:
    return isinstance(v, dict) and all(
        isinstance(k, str) and isinstance(e, dict) and isinstance(e.get("token"), str) for k, e in v.items()
    )


RELAY_SCHEMES = ("nats", "tls", "ws", "wss")
MAX_RELAY_URL = 200


def relay_problem(text: str) -> str | None:
    """Why ``text`` is not a relay address, in words for the Settings screen; None when it is one.

    A relay address is ``nats://``, ``tls://``, ``ws://`` or ``wss://``, a host, and an optional port; plain
    ASCII (a host name with other letters is written in its ``xn--`` form), so nothing in it can mislead."""
    from urllib.parse import urlsplit

    example = "Type it like tls://relay.example.org:4222 or wss://relay.example.org."
    text = text.strip()
    if not text:
        return "Type the relay's address. " + example
    if len(text) > MAX_RELAY_URL or not (text.isascii() and text.isprintable()) or " " in text:
        return "A relay address has no spaces or unusual characters. " + example
    scheme, sep, _ = text.partition("://")
    if not sep:
        return "A relay address starts with nats://, tls://, ws:// or wss://. " + example
    if scheme.lower() not in RELAY_SCHEMES:
        return f"Krook cannot use {scheme}:// for a relay: use nats://, tls://, ws:// or wss://."
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return "The port must be a number from 1 to 65535. " + example
    if not parts.hostname:
        return "The address has no host name after the ://. " + example
    if port == 0:
        return "The port must be a number from 1 to 65535. " + example
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return "A relay address is just a host and a port. " + example
    return None


def file_locations() -> dict[str, Path]:
    """Where Krook keeps the player's files, for the Settings screen: saved games, logs, settings."""
    return {
        "Saved games": paths.user_data_dir(create=False),
        "Logs": paths.user_log_dir(create=False),
        "Settings": paths.user_config_dir(create=False),
    }


def shown_path(path: Path) -> str:
    """``path`` as a person reads it: the home folder written as ``~``."""
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except ValueError:
        return str(path)


def settings_path() -> Path:
    return paths.user_config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player when the file had to be set aside, else None."""
    path = path or settings_path()
    loaded = storage.load_or_default(path, KIND, VERSION, {})
    message = None
    problem = loaded.problem
    if problem is not None and not isinstance(problem, storage.MissingFileError):
        moved = getattr(problem, "moved_to", None)
        where = f" (kept as {moved.name})" if moved else ""
        message = f"Your settings file was damaged{where}; Krook started with the default settings."
    settings, bad = Settings.from_dict(loaded.data)
    if bad and message is None:
        message = f"Some settings could not be read ({', '.join(bad)}) and were reset."
        log.warning("settings: reset %s", bad)
    return settings, message


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Save; returns a message if the disk refused (the game goes on with the settings in memory)."""
    try:
        storage.save_json(path or settings_path(), KIND, VERSION, settings.to_dict())
    except storage.StorageError as exc:
        log.warning("could not save settings: %s", exc)
        return f"Settings could not be saved: {exc}"
    return None
