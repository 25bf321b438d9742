"""The one palette and type scale for the whole app.

Pure data with no pygame import, so the art build scripts read the same values the game draws with.
Colours are plain (r, g, b) tuples: immutable, hashable and accepted anywhere pygame takes a colour.

The four card colours were picked by search (see build/art/colour_vision.py and docs/ART.md) so that every
pair stays at least 35 CIE76 ΔE apart under simulated protanopia, deuteranopia and tritanopia. Red leans
vermillion, green leans blue and "Black" is a dark slate: that keeps red and green apart without red-green
vision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from krook.rules.words import COLOUR_WORDS

RGB = tuple[int, int, int]

COLOUR_CODES: Final = ("R", "Y", "G", "B")
COLOUR_NAMES: Final = MappingProxyType(COLOUR_WORDS)  # one spelling of the colours: the rules core's words


def hex_colour(rgb: RGB) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend from `a` (t=0) to `b` (t=1) in sRGB; good enough for tints and shades of UI colours."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def relative_luminance(rgb: RGB) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 to 21; large bold text wants at least 3."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _frozen(mapping: dict[str, RGB]) -> MappingProxyType[str, RGB]:
    return MappingProxyType(mapping)


@dataclass(frozen=True)
class CardInk:
    """How one card colour is painted: `fill` for large areas, `ink` for text on the cream face, `on_fill`
    for text drawn on top of `fill` (white on dark fills, near-black on yellow)."""

    fill: RGB
    ink: RGB
    on_fill: RGB
    light: RGB


@dataclass(frozen=True)
class Palette:
    # Table and chrome.
    background: RGB = (16, 32, 27)
    felt: RGB = (26, 102, 70)
    felt_dark: RGB = (13, 60, 41)
    felt_light: RGB = (40, 128, 88)
    panel: RGB = (27, 36, 46)
    panel_edge: RGB = (62, 76, 92)
    panel_light: RGB = (246, 241, 229)
    text: RGB = (244, 241, 234)
    text_muted: RGB = (176, 186, 190)
    text_dark: RGB = (31, 35, 43)
    accent: RGB = (242, 178, 52)
    accent_dark: RGB = (176, 116, 18)
    focus_ring: RGB = (86, 196, 255)
    danger: RGB = (226, 92, 72)
    success: RGB = (92, 196, 128)
    shadow: RGB = (0, 0, 0)
    # Card stock.
    card_face: RGB = (252, 249, 242)
    card_edge: RGB = (196, 188, 172)
    card_border: RGB = (224, 216, 200)
    # The four suit colours, keyed by notation letter.
    card: MappingProxyType[str, RGB] = field(
        default_factory=lambda: _frozen(
            {"R": (204, 64, 36), "Y": (245, 200, 40), "G": (10, 150, 130), "B": (34, 40, 54)}
        )
    )
    # The colour-blind deck spreads lightness further apart (red darker, green lighter and bluer, yellow
    # paler, slate darker) because lightness survives every deficiency: at least 44 ΔE under each one.
    card_cb: MappingProxyType[str, RGB] = field(
        default_factory=lambda: _frozen(
            {"R": (190, 50, 20), "Y": (248, 220, 60), "G": (0, 175, 150), "B": (24, 28, 38)}
        )
    )
    # The Krook (bird) cards.
    krook: RGB = (38, 52, 84)
    krook2: RGB = (110, 48, 92)
    gold: RGB = (232, 176, 56)

    def ink(self, colour: str, colour_blind: bool = False) -> CardInk:
        """Fill, text and highlight shades for card colour `colour` ("R", "Y", "G" or "B")."""
        fill = (self.card_cb if colour_blind else self.card)[colour]
        light = mix(fill, (255, 255, 255), 0.78)
        on_fill = (255, 255, 255) if contrast_ratio(fill, (255, 255, 255)) >= 3.0 else self.text_dark
        # Yellow text on cream has too little contrast, so yellow cards write in a deep amber instead.
        ink = (176, 118, 0) if colour == "Y" else fill
        if contrast_ratio(ink, self.card_face) < 3.0:
            ink = mix(fill, self.text_dark, 0.35)
        return CardInk(fill, ink, on_fill, light)


@dataclass(frozen=True)
class TypeScale:
    """Font sizes in pixels at the 720-pixel-tall reference layout; multiply by `factor(...)` to draw."""

    caption: int = 14
    body: int = 18
    label: int = 20
    title: int = 28
    heading: int = 36
    display: int = 56

    def size(self, role: str, screen_height: int = 720, large_text: bool = False) -> int:
        base: int = getattr(self, role)
        scale = max(screen_height, 480) / 720 * (1.25 if large_text else 1.0)
        return max(10, round(base * scale))


PALETTE: Final = Palette()
TYPE_SCALE: Final = TypeScale()
