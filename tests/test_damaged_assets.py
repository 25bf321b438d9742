"""A damaged font falls back to pygame's own font before FreeType ever sees it; audio that fails in any way
means silent play."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from krook.render import fonts


def _damaged_copy(tmp_path: Path, how: str) -> Path:
    good = (fonts.FONTS_DIR / "OpenSans-Regular.ttf").read_bytes()
    out = tmp_path / "OpenSans-Regular.ttf"
    if how == "flipped":
        data = bytearray(good)
        data[len(good) // 3] ^= 0x5A
        out.write_bytes(bytes(data))
    elif how == "truncated":
        out.write_bytes(good[: len(good) // 2])
    elif how == "garbage":
        out.write_bytes(b"\x00\x01\x00\x00" + bytes(range(256)) * 40)
    else:
        out.write_bytes(b"<html>not a font</html>")
    return out


@pytest.mark.parametrize("how", ["flipped", "truncated", "garbage", "html"])
def test_a_damaged_font_falls_back_to_the_default_font(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    path = _damaged_copy(tmp_path, how)
    assert fonts.font_problem(path) is not None
    pygame.font.init()
    with caplog.at_level(logging.WARNING, logger="krook.render.fonts"):
        cache = fonts.FontCache(fonts_dir=tmp_path)
        font = cache.sized("regular", 24)
    assert font.render("Krook", True, (0, 0, 0)).get_width() > 0
    assert font.get_linesize() > 0
    assert any("using the default font" in r.getMessage() for r in caplog.records)


def test_the_shipped_fonts_pass_the_check() -> None:
    for name in fonts.WEIGHTS.values():
        assert fonts.font_problem(fonts.FONTS_DIR / name) is None, name


@pytest.mark.parametrize("error", [OSError("no device"), ImportError("no SDL_mixer"), RuntimeError("driver")])
def test_audio_failure_of_any_kind_is_silence(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    from krook.audio import SoundService

    def broken(*a: object, **k: object) -> None:
        raise error

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sound = SoundService()
    sound.play("deal")
    sound.play("card_play")
    assert not sound.available
