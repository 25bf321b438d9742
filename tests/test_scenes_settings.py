"""Readable text, motion settings and the sound settings, checked through the scenes."""

from __future__ import annotations

import pygame
import pytest

from krook.settings_store import Settings

SIZE = (1280, 720)
GALLERY_SUBSET = ("01-title", "02-lobby", "04-bidding", "05-nest", "10-play", "14-score-sheet", "17-settings")


def font_sizes_drawn(monkeypatch, large_text: bool) -> dict[str, int]:
    """The smallest text size each of a set of gallery scenes draws at 1280x720."""
    from krook.app import App
    from krook.devtools.gallery import scenes
    from krook.ui.theme import Theme

    sizes: list[int] = []
    original = Theme.font

    def font(self, role="body", bold=False, px=None):
        sizes.append(px or self.font_px(role))
        return original(self, role, bold, px)

    monkeypatch.setattr(Theme, "font", font)
    app = App(SIZE, fullscreen=False, settings=Settings(window_size=SIZE, large_text=large_text))
    smallest = {}
    for name, build in scenes(app).items():
        if name not in GALLERY_SUBSET:
            continue
        stack = build()
        app.stack.scenes = list(stack)
        sizes.clear()
        app.services.theme._text_cache.clear()
        app.stack.draw(pygame.Surface(SIZE))
        smallest[name] = min(sizes)
        for scene in stack:
            if getattr(scene, "session", None) is not None:
                scene.session.close()
    return smallest


def test_no_text_below_14_px_at_720p_and_large_text_enlarges(home, monkeypatch):
    normal = font_sizes_drawn(monkeypatch, large_text=False)
    assert min(normal.values()) >= 14, normal
    large = font_sizes_drawn(monkeypatch, large_text=True)
    for name, size in normal.items():
        assert large[name] > size, name


def make_table(**settings):
    from krook.app import App
    from krook.devtools.gallery import build_session
    from krook.scenes.table.scene import TableScene

    app = App(SIZE, fullscreen=False, settings=Settings(window_size=SIZE, **settings))
    session = build_session(humans=())
    session.bot_delay = 0.0
    return TableScene(app.services, session)


def test_animation_speed_and_reduce_motion_shorten_the_deal(home):
    normal = make_table(anim_speed="normal")
    calm = make_table(anim_speed="normal", reduce_motion=True)
    fast = make_table(anim_speed="fast")
    instant = make_table(anim_speed="instant")
    assert normal.state.deal.length > fast.state.deal.length > 0
    assert 0 < calm.state.deal.length < normal.state.deal.length
    assert instant.state.deal.length == 0 and not instant.state.deal.running and instant.shown.dealt
    for table in (normal, calm, fast, instant):
        table.session.close()


def test_instant_speed_shows_a_bot_hand_without_waiting(home):
    table = make_table(anim_speed="instant", bot_speed="instant")
    for _ in range(400):
        table.update(0.0)
        if table.shown.over:
            break
    assert table.shown.over, "with instant speed no frame should wait for an animation"
    assert not table.state.flights and not table.state.sweep
    table.session.close()


def test_sound_and_volume_settings_reach_the_sound_service(home):
    from krook.app import App
    from krook.audio import SoundService
    from krook.scenes.menus.settings import SettingsScene

    app = App(SIZE, fullscreen=False, settings=Settings(window_size=SIZE, volume=0.5))
    sound = app.services.sound
    assert isinstance(sound, SoundService)
    assert sound.volume == pytest.approx(0.5) and not sound.muted
    scene = SettingsScene(app.services)
    rows = dict(scene.rows)
    rows["Sound"].value = False
    rows["Sound"].on_change(False)
    assert sound.muted
    rows["Volume"].on_change(0.2)
    assert sound.volume == pytest.approx(0.2)
    assert app.settings.volume == pytest.approx(0.2) and not app.settings.sound
    sound.play("card_play")  # silent and error-free with the dummy audio driver
