"""The one gate for outside text (krook/text_gate.py), and drawing that never raises on text: arbitrary
Unicode (NUL, lone surrogates, control and bidi characters, piles of combining marks, long text) through the
gate, the theme's text functions, every widget and the screens that show text from outside (issue 26)."""

from __future__ import annotations

import unicodedata
from types import SimpleNamespace
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krook.text_gate import MAX_LINE, outside_text

# every code point, lone surrogates and unassigned ones included
ANY_CHAR = st.characters(exclude_categories=())
ANY_TEXT = st.text(ANY_CHAR, max_size=80) | st.sampled_from(
    ["a\x00b", "\ud800", "x\udfffy", "\u202eevil", "e" + "\u0301" * 300, "x" * 5000, "\r\n\t", ""]
)
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _drawable(text: str) -> bool:
    return all(unicodedata.category(c)[0] != "C" and c not in BIDI for c in text.replace("\n", ""))


@given(st.text(ANY_CHAR, max_size=300), st.integers(1, 100), st.booleans())
def test_the_gate_keeps_only_drawable_text_within_its_limit(text: str, limit: int, multiline: bool) -> None:
    out = outside_text(text, limit, multiline=multiline)
    assert len(out) <= limit
    assert _drawable(out)
    assert "\n" not in out or multiline
    out.encode("utf-8")  # no lone surrogate left
    assert outside_text(out, limit, multiline=multiline) == out  # a second pass changes nothing


def test_the_gate_on_the_cases_found() -> None:
    assert outside_text("a\x00b") == "ab"
    assert outside_text("\ud800Ann") == "Ann"
    assert outside_text("\u202eAnn\u2066") == "Ann"
    assert outside_text("Ann\nBob") == "Ann Bob"
    assert outside_text("Ann\r\nBob", multiline=True) == "Ann\nBob"
    assert outside_text("x" * 1000, 10) == "x" * 9 + "…"
    assert outside_text("e" + "\u0301" * 50) == "e\u0301\u0301"
    assert outside_text(None) == "None" and outside_text(7) == "7"
    assert outside_text("Kentucky Discard — 105–255, «tout»") == "Kentucky Discard — 105–255, «tout»"
    assert outside_text("a" * MAX_LINE) == "a" * MAX_LINE


class _Hostile:
    def __str__(self) -> str:
        raise RuntimeError("no text for you")


def test_the_gate_never_raises_on_what_it_is_given() -> None:
    assert outside_text(_Hostile()) == ""
    assert outside_text(b"\xff") == "b'\\xff'"


# -- drawing ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def screen() -> Any:
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((1280, 720))


@pytest.fixture(scope="module")
def theme(screen: Any) -> Any:
    from krook.ui.theme import Theme

    t = Theme()
    t.resize(screen.get_size())
    return t


@FEW
@given(text=ANY_TEXT)
def test_the_theme_draws_and_measures_any_text(theme: Any, screen: Any, text: str) -> None:
    theme.text(screen, text, (10, 10))
    theme.text(screen, text, (10, 10), "title", bold=True, anchor="center")
    assert theme.font("body").size(text)[1] > 0
    assert theme.font("label", True).render(text, True, (255, 255, 255)).get_height() > 0
    assert theme.font("caption").size(theme.fit(text, 200, "caption"))[0] <= 200
    theme.elide(text, 120)
    for line in theme.wrap(text, 300):
        theme.text(screen, line, (0, 0))


def test_drawing_the_cases_found_raised_before_the_gate(theme: Any) -> None:
    """The two texts that killed the Join screen (issue 26 item 1) draw as their clean part."""
    assert theme.render("Ann\x00").get_width() == theme.render("Ann").get_width()
    assert theme.render("\ud800Ann").get_width() == theme.render("Ann").get_width()
    assert theme.font("body").size("Bo\ud800b") == theme.font("body").size("Bob")


@FEW
@given(text=ANY_TEXT)
def test_every_widget_draws_any_text(theme: Any, screen: Any, text: str) -> None:
    from krook.ui import Button, ListBox, Stepper, TextField, Toggle, draw_tooltip

    widgets: list[Any] = [
        Button(text, lambda: None, tooltip=text),
        Stepper([text, "b"], 0, lambda v: None, fmt=str),
        TextField(text, lambda v: None, max_len=16, placeholder=text),
        ListBox([text, text + "2"], 0, lambda i: None),
        Toggle(True, lambda v: None, tooltip=text),
    ]
    for i, w in enumerate(widgets):
        w.rect = pygame.Rect(20, 20 + i * 60, 300, 48)
        w.draw(screen, theme, focused=True)
        w.hover = True
        w.draw(screen, theme)
    draw_tooltip(screen, theme, text, pygame.Rect(600, 400, 40, 40))


# -- the screens that show outside text ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def app(screen: Any) -> Any:
    from tests.scene_helpers import make_app

    return make_app()


def _draw(app: Any, scene: Any) -> None:
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)


@FEW
@given(name=ANY_TEXT, version=ANY_TEXT)
def test_the_join_screen_lists_games_of_any_name(app: Any, name: str, version: str) -> None:
    """The Join screen draws games whose names hold anything (a host's answer is outside text)."""
    from krook.net import GameInfo
    from krook.scenes.lan.join import JoinScene

    scene = JoinScene(app.services)
    games = [
        GameInfo(name, "192.168.1.20", 47470, 2, 4, 1 if i else -7, version, started=bool(i % 2))
        for i in range(3)
    ]
    scene.show_games(games, looked=True)
    _draw(app, scene)


@FEW
@given(heading=ANY_TEXT, body=ANY_TEXT, label=ANY_TEXT)
def test_a_notice_shows_any_text(app: Any, heading: str, body: str, label: str) -> None:
    from krook.scenes.menus.notice import NoticeScene

    scene = NoticeScene(app.services, heading, body, [(label, lambda: None), ("OK", lambda: None)])
    _draw(app, scene)


class _Client:
    address = "127.0.0.1"
    port = 47470


class _Joined:
    """What the joined player's waiting room reads of its session: names and statuses from the host."""

    def __init__(self, players: list[str]) -> None:
        self.players = players
        self.client = _Client()
        self.local_seats = [1]
        self.seat = 1
        self.started = False

    def seat_status(self, seat: int) -> str:
        return "remote"

    def update(self, dt: float) -> list[Any]:
        return []


@FEW
@given(names=st.lists(ANY_TEXT, min_size=4, max_size=4), game=ANY_TEXT, note=ANY_TEXT)
def test_the_waiting_room_shows_any_player_names(app: Any, names: list[str], game: str, note: str) -> None:
    from krook.scenes.lan.waiting_room import JoinedWaitScene

    scene = JoinedWaitScene(app.services, _Joined(names), game=game, note=note)  # type: ignore[arg-type]
    _draw(app, scene)


def test_the_messages_line_shows_any_text(app: Any) -> None:
    """Messages (a settings file's complaint, a folder's error) are drawn through the same theme."""
    t = app.services.theme
    for text in ("\ud800", "a\x00", SimpleNamespace()):
        t.wrap(str(text), 200)
        t.render(text)


def test_a_long_word_is_broken_with_few_measurements(theme: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A notice's 2,000-character path is wrapped by halving, not one character at a time: each frame measured
    the text about two million times before, and a notice with a long body froze the window for seconds."""
    from krook.scenes.menus.notice import wrap_all
    from krook.ui.theme import GatedFont

    calls = 0
    size = GatedFont.size

    def counted(self: GatedFont, text: object) -> tuple[int, int]:
        nonlocal calls
        calls += 1
        return size(self, text)

    monkeypatch.setattr(GatedFont, "size", counted)
    path = "/home/ann/" + "x" * 1990
    lines = wrap_all(theme, path, 300, max_lines=100)
    assert "".join(lines) == path  # nothing lost
    assert all(theme.font("body").size(line)[0] <= 300 for line in lines)
    calls = 0
    wrap_all(theme, path, 300, max_lines=10)
    assert calls < 400, f"{calls} measurements for ten lines"
    calls = 0
    assert theme.fit(path, 200).endswith("…") and theme.font("body").size(theme.fit(path, 200))[0] <= 200
    assert (
        theme.elide(path, 200).startswith("/home")
        and theme.font("body").size(theme.elide(path, 200))[0] <= 200
    )
    assert calls < 100, f"{calls} measurements to fit and elide"


def test_a_body_longer_than_the_notice_shows_ends_in_an_ellipsis(theme: Any) -> None:
    from krook.scenes.menus.notice import wrap_all

    words = " ".join(f"word{i}" for i in range(400))
    lines = wrap_all(theme, words, 300, max_lines=5)
    assert len(lines) == 5 and lines[-1].endswith("…")
    assert all(theme.font("body").size(line)[0] <= 300 for line in lines)
    short = wrap_all(theme, "Ann left the game.", 300, max_lines=5)
    assert short == ["Ann left the game."]  # nothing cut, no ellipsis
