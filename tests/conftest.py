"""Fixtures the tests share: headless SDL, a home folder of the test's own, and quick bots in the seats."""

from __future__ import annotations

import os

# Every test runs headless: no window, no sound card. Set before any test module imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """``KROOK_HOME`` in the test's temporary folder: settings and saves start empty and stay there."""
    monkeypatch.setenv("KROOK_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def simple_bots(monkeypatch):
    """Fast, deterministic bots whatever strengths exist in the seats: the scene tests are about the screens."""
    from krook.bots import make_bot

    monkeypatch.setattr("krook.session.local.make_bot", lambda strength: make_bot("simple"))
