"""The settings file: round trip, damaged files set aside with a message, bad values reset one by one."""

from __future__ import annotations

import json

import pytest

from krook.settings_store import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KROOK_HOME", str(tmp_path))
    return tmp_path


def test_first_run_gives_defaults_without_a_message():
    settings, message = load_settings()
    assert settings == Settings() and message is None


def test_round_trip():
    s = Settings(
        fullscreen=True,
        window_size=(1920, 1080),
        anim_speed="instant",
        bot_speed="fast",
        sound=False,
        volume=0.3,
        colour_blind=True,
        card_size="large",
        large_text=True,
        reduce_motion=True,
        last_lobby={"preset": "keith"},
        last_join_address="192.168.1.20:47470",
    )
    assert save_settings(s) is None
    loaded, message = load_settings()
    assert loaded == s and message is None


def test_corrupt_file_is_set_aside_and_reported():
    path = settings_path()
    path.write_text("{{{ not json", encoding="utf-8")
    settings, message = load_settings()
    assert settings == Settings()
    assert message and "damaged" in message
    assert list(path.parent.glob("settings.json.corrupt-*"))


def test_bad_values_reset_only_themselves():
    path = settings_path()
    path.write_text(
        json.dumps({"format": "krook-settings/1", "anim_speed": "warp", "volume": 7, "colour_blind": True}),
        encoding="utf-8",
    )
    settings, message = load_settings()
    assert settings.anim_speed == "normal" and settings.volume == 0.7 and settings.colour_blind
    assert message and "anim_speed" in message


@pytest.mark.parametrize("address", ["x" * 500, "10.0.0.1\n\x1b[2J", 47470, None, ["10.0.0.1"]])
def test_a_hostile_remembered_address_is_dropped(address):
    path = settings_path()
    path.write_text(
        json.dumps({"format": "krook-settings/1", "last_join_address": address, "sound": False}),
        encoding="utf-8",
    )
    settings, message = load_settings()
    assert settings.last_join_address == "" and settings.sound is False
    assert message and "last_join_address" in message


def test_derived_values():
    assert Settings(anim_speed="instant").anim_factor == 0
    assert Settings(reduce_motion=True).anim_factor < Settings().anim_factor
    assert Settings(bot_speed="instant").bot_delay == 0
