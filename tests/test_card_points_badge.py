"""A counter's face prints what it scores at this table: the art's badges carry the default points (1s 15, the
Krook 20), and a table that scores them otherwise (the five- and six-handed games' 1s score nothing, a house
rule's Krook 30) must not show a 1 as "15 pts" (docs/RULES.md, card points)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil
from pathlib import Path

import pygame
import pytest
from scene_helpers import make_app
from test_scenes_game import Driver, start_game

from krook.render.card_art import ASSETS_DIR, CardArt
from krook.render.palette import PALETTE
from krook.rules import PRESETS
from krook.rules.settings import from_overrides
from krook.ui.cards import CardPainter, badge_points

H = 350  # the art's own scale: one pixel a unit, the badge's pill at x 91-159, y 19-41


def _pill(face: pygame.Surface) -> bytes:
    """The pixels inside the points badge's pill (where the label is printed)."""
    return pygame.image.tobytes(face.subsurface(pygame.Rect(96, 21, 58, 18)), "RGBA")


def _gold(face: pygame.Surface) -> int:
    """How many pixels of the badge's gold the top of the card shows."""
    gold = pygame.Color(*PALETTE.gold)
    top = face.subsurface(pygame.Rect(60, 10, 130, 40))
    return sum(
        1
        for x in range(top.get_width())
        for y in range(top.get_height())
        if all(abs(a - b) <= 6 for a, b in zip(top.get_at((x, y))[:3], gold[:3], strict=True))
    )


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.init()
    return CardArt()


def test_a_one_printed_as_ten_points_carries_the_tens_badge(art: CardArt) -> None:
    assert _pill(art.face("R1", H, points=10)) == _pill(art.face("R10", H))
    assert _pill(art.face("R1", H)) != _pill(art.face("R10", H))  # the art's own 1 says 15


@pytest.mark.parametrize("code", ["B1", "K", "K2"])
def test_a_counter_that_scores_nothing_shows_no_badge(art: CardArt, code: str) -> None:
    assert _gold(art.face(code, H)) > 300
    assert _gold(art.face(code, H, points=0)) == 0


def test_every_points_value_the_lobby_offers_has_a_badge(art: CardArt) -> None:
    default = _pill(art.face("K", H))
    for points in range(5, 51, 5):
        face = art.face("K", H, points=points)
        assert _gold(face) > 300, points
        assert (_pill(face) == default) == (points == 20), points


def test_a_damaged_badge_file_leaves_the_badge_off_rather_than_wrong(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    shutil.copy(ASSETS_DIR / "cards" / "R1.svg", tmp_path / "cards" / "R1.svg")
    (tmp_path / "cards" / "badges.json").write_text('{"10": "<script>", "15": 3', encoding="utf-8")
    face = CardArt(tmp_path).face("R1", H, points=10)
    assert face.get_size()[1] == H and _gold(face) == 0


def test_the_painter_prints_the_tables_points() -> None:
    five = PRESETS["five-handed"].rules
    classic = PRESETS["classic-full-deck"].rules
    krook30 = from_overrides(classic, {"krook_points": 30})
    assert badge_points("G1", five) == 0 and badge_points("G1", classic) is None
    assert badge_points("K", krook30) == 30 and badge_points("G5", krook30) is None
    painter = CardPainter()
    bare = pygame.image.tobytes(CardArt().face("G1", 120, points=0), "RGBA")
    assert pygame.image.tobytes(painter.face("G1", 120, five), "RGBA") == bare
    assert pygame.image.tobytes(painter.face("G1", 120, classic), "RGBA") != bare
    assert painter.face("G1", 120, classic) is painter.face("G1", 120)


@pytest.fixture
def home(home, simple_bots):  # type: ignore[no-untyped-def]
    return home


def test_a_five_handed_game_draws_its_ones_without_the_default_points(home, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Played through the scenes: every face the table draws is drawn for the five-handed rules."""
    drawn: list[tuple[str, object]] = []
    face = CardPainter.face

    def spy(self, code, height, rules=None):  # type: ignore[no-untyped-def]
        drawn.append((code, rules))
        return face(self, code, height, rules)

    monkeypatch.setattr(CardPainter, "face", spy)
    app = make_app()
    start_game(app, "five-handed")
    drawn.clear()
    driver = Driver(app)
    for _ in range(3000):
        if driver.step() == "over" or any(code[1:] == "1" for code, _ in drawn):
            break
    ones = [rules for code, rules in drawn if code[1:] == "1"]
    assert ones, "no 1 was drawn in these steps"
    assert all(getattr(rules, "ones_points", None) == 0 for rules in ones)
