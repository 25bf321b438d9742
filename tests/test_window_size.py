"""The window is never smaller than the minimum every screen is laid out for, nor larger than the screen."""

from __future__ import annotations

from krook.app import MIN_SIZE, fit_window, parse_size
from krook.settings_store import Settings


def test_saved_window_sizes_outside_the_bounds_are_reset():
    for bad in (
        [16384, 16384],
        [500, 400],
        [320, 240],
        [959, 540],
        [1280, 10**9],
        [True, 720],
        ["1280", 720],
    ):
        settings, reset = Settings.from_dict({"window_size": bad})
        assert reset == ["window_size"], bad
        assert settings.window_size == Settings().window_size
    settings, reset = Settings.from_dict({"window_size": [960, 540]})
    assert not reset and settings.window_size == (960, 540)


def test_a_restored_size_is_clamped_to_the_screen_and_the_minimum():
    assert fit_window((16384, 16384), (1920, 1080)) == (1920, 1080)
    assert fit_window((2560, 1440), (1366, 768)) == (1366, 768)
    assert fit_window((500, 400), None) == MIN_SIZE
    assert fit_window((1280, 720), (1920, 1080)) == (1280, 720)
    assert parse_size("320x240") == MIN_SIZE


def test_the_app_opens_no_smaller_than_the_minimum(home):
    from scene_helpers import make_app

    app = make_app(window_size=(500, 400))
    assert app.screen.get_size() == MIN_SIZE


def test_a_button_clicks_only_when_pressed_and_released_on_it():
    import pygame

    from krook.ui import Button

    clicks = []
    button = Button("Bury", lambda: clicks.append(1))
    button.rect = pygame.Rect(100, 100, 80, 40)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(120, 120), button=1)
    button.handle_event(down)
    button.handle_event(up)
    assert clicks == [], "a press that began elsewhere clicked the button"
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(120, 120), button=1))
    button.handle_event(up)
    assert clicks == [1]
