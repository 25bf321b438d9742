"""Sound effects behind a small service that never fails the game.

A missing audio device, a missing or broken file, or an unknown name all end in silence plus one logged
warning for that problem, never an exception: sound is a nicety, and a family game must still start on a
machine with no speakers (or in CI). The mixer starts lazily on first use, so constructing the service is
free and a player who mutes from the start never opens the device.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import Final

import pygame

from krook.paths import assets_root

SOUNDS_DIR: Final = assets_root() / "sounds"
SOUND_NAMES: Final = ("shuffle", "deal", "card_play", "trick_taken", "bid", "bid_made", "set", "game_won")

_log = logging.getLogger(__name__)


class SoundService:
    """Plays the named effects in `sounds_dir` (krook/assets/sounds by default) at a shared volume."""

    def __init__(
        self,
        sounds_dir: Path | None = None,
        volume: float = 0.8,
        muted: bool = False,
        logger: logging.Logger | None = None,
    ) -> None:
        self.sounds_dir = Path(sounds_dir) if sounds_dir is not None else SOUNDS_DIR
        self._volume = _clamp(volume)
        self._muted = muted
        self._log = logger or _log
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        # None: not tried yet; False: no device, stay silent for the rest of the session.
        self._ready: bool | None = None
        self._warned: set[str] = set()

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def available(self) -> bool:
        """True once the mixer has started; False before first use and when there is no audio device."""
        return bool(self._ready)

    def set_volume(self, volume: float) -> None:
        """Set the effects volume, 0 (silent) to 1 (full); out-of-range values are clamped."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        self._muted = muted
        if muted and self._ready:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def play(self, name: str) -> None:
        """Play effect `name` (one of SOUND_NAMES) unless muted; silent on any failure."""
        if self._muted or self._volume <= 0.0:
            return
        sound = self._load(name)
        if sound is None:
            return
        try:
            sound.play()
        except Exception as error:  # sound is a nicety: any failure is silence, never a crash
            self._warn(f"play:{name}", "could not play sound %r: %s", name, error)

    def preload(self) -> None:
        """Load every effect now (e.g. behind a loading screen) instead of on first play."""
        for name in SOUND_NAMES:
            self._load(name)

    def close(self) -> None:
        self._sounds.clear()
        if self._ready:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
        self._ready = None

    def _start(self) -> bool:
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    # A small buffer keeps card sounds in step with the animation.
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                pygame.mixer.set_num_channels(16)
                self._ready = True
            except Exception as error:  # no device, a missing library, a driver bug: play silently
                self._ready = False
                self._warn("device", "no audio device, sound is off: %s", error)
        return bool(self._ready)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        if name not in SOUND_NAMES:
            self._warn(f"name:{name}", "unknown sound %r", name)
            return None
        if not self._start():
            return None
        sound: pygame.mixer.Sound | None = None
        path = self.sounds_dir / f"{name}.wav"
        try:
            sound = pygame.mixer.Sound(str(path))
            sound.set_volume(self._volume)
        except Exception as error:
            self._warn(f"file:{name}", "sound %r unavailable (%s): %s", name, path, error)
        self._sounds[name] = sound
        return sound

    def _warn(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            self._log.warning(message, *args)


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))
