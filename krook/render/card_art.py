"""Card faces, backs, the table surface and colour symbols as pygame surfaces, rendered from SVG and cached.

Rendering an SVG costs milliseconds, so scenes ask for a size once per layout and get the cached surface
after; never call these inside a tight draw loop with ever-changing sizes. Works headless
(SDL_VIDEODRIVER=dummy): surfaces are converted to the display format only once a display mode is set.
"""

from __future__ import annotations

import io
import json
import re
from collections import OrderedDict
from collections.abc import Hashable
from pathlib import Path
from typing import Final

import pygame

from krook.paths import assets_root
from krook.render.palette import hex_colour
from krook.render.symbols import symbol_svg

ASSETS_DIR: Final = assets_root()
CARD_ASPECT: Final = 5 / 7
BACK_STYLES: Final = ("classic", "meadow", "night")
# What the faces' badges print (build/art/make_cards.py draws them): the default table's points
ART_ONES_POINTS: Final = 15
ART_KROOK_POINTS: Final = 20
_CARD_CODE: Final = re.compile(r"^(?:[RYGB](?:[1-9]|1[0-4])|K|K2)$")


# The points badge of a counter's face, as build/art/make_cards.py writes it: a group of its shadow, its pill
# and its label (no nested groups).
_BADGE: Final = re.compile(r'<g><rect [^>]*opacity="0\.15"/><rect [^>]*/>(?:<path [^>]*/>)+</g>')


def card_width(height_px: int) -> int:
    return max(1, round(height_px * CARD_ASPECT))


def _prepare(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; headless tests and the art scripts have none.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _render(source: str | io.BytesIO, height_px: int) -> pygame.Surface:
    """An SVG (a path, or its bytes) rendered `height_px` tall at the card's 5:7."""
    height_px = max(1, int(height_px))
    size = (card_width(height_px), height_px)
    surface = pygame.image.load_sized_svg(source, size)
    if surface.get_size() != size:
        # The loader keeps the drawing's aspect; a rounding pixel either way is padded or trimmed here.
        exact = pygame.Surface(size, pygame.SRCALPHA)
        exact.blit(surface, (0, 0))
        surface = exact
    return _prepare(surface)


def drop_shadow(surface: pygame.Surface, blur: int = 8, opacity: float = 0.35) -> pygame.Surface:
    """A soft black silhouette of `surface`'s opaque pixels, padded by `blur` on every side.

    Blit it at (x - blur + dx, y - blur + dy) before the surface itself at (x, y) for an offset shadow.
    """
    w, h = surface.get_size()
    pad = max(0, blur)
    mask = pygame.mask.from_surface(surface, 8)
    silhouette = mask.to_surface(
        setcolor=(0, 0, 0, round(255 * max(0.0, min(1.0, opacity)))), unsetcolor=(0, 0, 0, 0)
    )
    shadow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    shadow.blit(silhouette, (pad, pad))
    if pad:
        shadow = pygame.transform.gaussian_blur(shadow, pad)
    return shadow


class CardArt:
    """Renders and caches the art under `assets_dir` (krook/assets by default).

    The cache is a small LRU keyed by what was asked for, so a window resize that walks through many sizes
    cannot grow memory without bound.
    """

    def __init__(self, assets_dir: Path | None = None, cache_size: int = 512) -> None:
        self.assets_dir = Path(assets_dir) if assets_dir is not None else ASSETS_DIR
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._cache_size = cache_size
        self._badges: dict[str, object] | None = None

    # -- public ------------------------------------------------------------------------------------------

    def face(
        self, card_code: str, height_px: int, colour_blind: bool = False, points: int | None = None
    ) -> pygame.Surface:
        """The face of `card_code` ("R1".."B14", "K", "K2"), `height_px` tall and 5:7 wide. `points`, for
        a counter, prints that value on its badge instead of the one the art carries (0: no badge)."""
        if not _CARD_CODE.match(card_code):
            raise ValueError(f"unknown card code {card_code!r}; expected R/Y/G/B with 1-14, 'K' or 'K2'")
        folder = "cards_cb" if colour_blind else "cards"
        if points is not None:
            key = ("face", card_code, height_px, colour_blind, points)
            cached = self._get(key)
            if cached is not None:
                return cached
            text = (self.assets_dir / folder / f"{card_code}.svg").read_text(encoding="utf-8")
            text = _BADGE.sub(lambda _m: self._badge(points), text, count=1)
            return self._put(key, _render(io.BytesIO(text.encode()), height_px))
        return self._svg(
            ("face", card_code, height_px, colour_blind),
            self.assets_dir / folder / f"{card_code}.svg",
            height_px,
        )

    def back(self, style: str = "classic", height_px: int = 240) -> pygame.Surface:
        if style not in BACK_STYLES:
            raise ValueError(f"unknown card back {style!r}; expected one of {', '.join(BACK_STYLES)}")
        return self._svg(
            ("back", style, height_px), self.assets_dir / "cards" / f"back_{style}.svg", height_px
        )

    def shadow(self, height_px: int, blur: int | None = None, opacity: float = 0.35) -> pygame.Surface:
        """A card-shaped drop shadow matching `face(..., height_px)`, padded by `blur` on every side."""
        blur = max(2, height_px // 30) if blur is None else blur
        key = ("shadow", height_px, blur, opacity)
        cached = self._get(key)
        if cached is None:
            cached = self._put(key, drop_shadow(self.back(BACK_STYLES[0], height_px), blur, opacity))
        return cached

    def table(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt table surface filling `size`, with a tiled fibre texture over the lighting gradient."""
        key = ("table", size)
        cached = self._get(key)
        if cached is not None:
            return cached
        w, h = max(1, size[0]), max(1, size[1])
        svg = (self.assets_dir / "table" / "felt.svg").read_bytes()
        # The felt is 16:9; rendering to cover and then cropping keeps the light centred on any window shape.
        scale = max(w / 1600, h / 900)
        full = pygame.image.load_sized_svg(
            io.BytesIO(svg), (max(1, round(1600 * scale)), max(1, round(900 * scale)))
        )
        surface = pygame.Surface((w, h))
        surface.blit(full, ((w - full.get_width()) // 2, (h - full.get_height()) // 2))
        noise_path = self.assets_dir / "table" / "felt_noise.png"
        if noise_path.exists():
            noise = pygame.image.load(noise_path)
            nw, nh = noise.get_size()
            for y in range(0, h, nh):
                for x in range(0, w, nw):
                    surface.blit(noise, (x, y))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert()
        return self._put(key, surface)

    def symbol(
        self,
        colour: str,
        size_px: int,
        rgb: tuple[int, int, int],
        outline: tuple[int, int, int] | None = None,
    ) -> pygame.Surface:
        """Colour `colour`'s symbol (sun, star, leaf, moon) in a `size_px` square, for trump markers."""
        key = ("symbol", colour, size_px, rgb, outline)
        cached = self._get(key)
        if cached is None:
            text = symbol_svg(colour, size_px, hex_colour(rgb), hex_colour(outline) if outline else None)
            surface = pygame.image.load_sized_svg(io.BytesIO(text.encode()), (size_px, size_px))
            cached = self._put(key, _prepare(surface))
        return cached

    def clear(self) -> None:
        self._cache.clear()

    # -- internals ---------------------------------------------------------------------------------------

    def _svg(self, key: Hashable, path: Path, height_px: int) -> pygame.Surface:
        cached = self._get(key)
        if cached is not None:
            return cached
        return self._put(key, _render(str(path), height_px))

    def _badge(self, points: int) -> str:
        """The badge for `points` as the art script drew it (``badges.json``), or none for 0 or a value it
        did not draw: a face with no badge is better than one that prints the wrong points."""
        if self._badges is None:
            try:
                loaded = json.loads((self.assets_dir / "cards" / "badges.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                loaded = {}
            self._badges = loaded if isinstance(loaded, dict) else {}
        badge = self._badges.get(str(points), "")
        return badge if isinstance(badge, str) and _BADGE.fullmatch(badge) else ""

    def _get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
        return surface

    def _put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surface
        self._cache.move_to_end(key)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surface
