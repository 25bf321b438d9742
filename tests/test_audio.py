"""SoundService stays silent and quiet about it when there is no device; the sound files are sound."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import logging
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from krook.audio import SOUND_NAMES, SOUNDS_DIR, SoundService


@pytest.fixture
def service() -> Iterator[SoundService]:
    sounds = SoundService()
    yield sounds
    sounds.close()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_file_is_a_short_valid_wav(name: str) -> None:
    path = SOUNDS_DIR / f"{name}.wav"
    assert path.stat().st_size < 60 * 1024
    with wave.open(str(path)) as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 0.05 < seconds < 1.5
    assert any(frames), "sound is silent"


def test_sounds_total_size() -> None:
    assert sum((SOUNDS_DIR / f"{n}.wav").stat().st_size for n in SOUND_NAMES) < 400 * 1024


def test_no_device_is_silent_and_warns_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = SoundService()
    with caplog.at_level(logging.WARNING, logger="krook.audio"):
        for name in SOUND_NAMES * 2:
            sounds.play(name)
        sounds.preload()
    assert not sounds.available
    assert len([r for r in caplog.records if "no audio device" in r.getMessage()]) == 1


def test_missing_files_and_unknown_names_never_raise(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sounds = SoundService(sounds_dir=tmp_path)
    try:
        with caplog.at_level(logging.WARNING, logger="krook.audio"):
            sounds.play("bid")
            sounds.play("bid")
            sounds.play("no_such_sound")
        messages = [r.getMessage() for r in caplog.records]
        assert sum("'bid'" in m for m in messages) == 1, "one warning per problem, not per play"
        assert any("'no_such_sound'" in m for m in messages)
    finally:
        sounds.close()


def test_play_with_dummy_device(service: SoundService, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="krook.audio"):
        service.preload()
        for name in SOUND_NAMES:
            service.play(name)
    assert service.available, "the dummy audio driver gives a device"
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    assert pygame.mixer.get_busy(), "the effects are playing"


def test_volume_is_clamped_and_mute_skips_loading(service: SoundService) -> None:
    service.set_volume(1.7)
    assert service.volume == 1.0
    service.set_volume(-3)
    assert service.volume == 0.0
    service.set_volume(0.5)
    service.set_muted(True)
    assert service.muted
    service.play("deal")
    assert not service.available, "a muted service should not open the device"
    service.set_muted(False)
    service.play("deal")
