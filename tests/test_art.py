"""Card art: every face renders at every size, the colours differ in symbol, the palette survives CVD."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import io
from itertools import combinations

import pygame
import pytest

from krook.render.card_art import ASSETS_DIR, BACK_STYLES, CardArt, card_width, drop_shadow
from krook.render.colour_vision import DEFICIENCIES, min_pairwise_delta_e, simulate
from krook.render.fonts import ROLE_WEIGHTS, FontCache
from krook.render.palette import COLOUR_CODES, PALETTE, contrast_ratio
from krook.render.symbols import symbol_path, symbol_svg

CODES = [f"{c}{n}" for c in COLOUR_CODES for n in range(1, 15)] + ["K", "K2"]
HEIGHTS = (90, 240, 720)

# CIE76 ΔE of about 2.3 is a just-noticeable difference between two patches side by side. Cards are small,
# apart and glanced at, so the bar here is an order of magnitude above that: 30 is roughly the distance
# between neighbouring named colours (e.g. orange and red). The chosen palettes measure 35 and 44 at worst.
MIN_DELTA_E = 30.0


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt()


def assert_card_like(surface: pygame.Surface, height: int) -> None:
    assert surface.get_size() == (card_width(height), height)
    opaque = pygame.mask.from_surface(surface, 127).count()
    # Everything is opaque bar the rounded corners.
    assert opaque > 0.9 * surface.get_width() * surface.get_height()
    w, h = surface.get_size()
    samples = {
        tuple(surface.get_at((x * w // 16, y * h // 16)))[:3] for x in range(1, 16) for y in range(1, 16)
    }
    assert len(samples) >= 3, "card face looks blank"


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("colour_blind", [False, True], ids=["normal", "colour-blind"])
def test_every_face_renders_at_size(art: CardArt, height: int, colour_blind: bool) -> None:
    for code in CODES:
        assert_card_like(art.face(code, height, colour_blind), height)


@pytest.mark.parametrize("style", BACK_STYLES)
def test_backs_render(art: CardArt, style: str) -> None:
    assert_card_like(art.back(style, 240), 240)


def test_faces_are_cached_and_decks_differ(art: CardArt) -> None:
    assert art.face("R5", 240) is art.face("R5", 240)
    normal = pygame.image.tobytes(art.face("G7", 240), "RGBA")
    colour_blind = pygame.image.tobytes(art.face("G7", 240, colour_blind=True), "RGBA")
    assert normal != colour_blind


def test_every_card_file_exists() -> None:
    for folder in ("cards", "cards_cb"):
        for code in CODES:
            assert (ASSETS_DIR / folder / f"{code}.svg").is_file()
    for style in BACK_STYLES:
        assert (ASSETS_DIR / "cards" / f"back_{style}.svg").is_file()


@pytest.mark.parametrize("code", ["R0", "R15", "X3", "k", "", "K3", "R01"])
def test_unknown_codes_are_rejected(art: CardArt, code: str) -> None:
    with pytest.raises(ValueError, match="unknown card code"):
        art.face(code, 100)


def test_unknown_back_is_rejected(art: CardArt) -> None:
    with pytest.raises(ValueError, match="unknown card back"):
        art.back("plaid", 100)


def test_table_and_shadow(art: CardArt) -> None:
    table = art.table((1280, 720))
    assert table.get_size() == (1280, 720)
    assert table.get_at((640, 360)) != table.get_at((2, 2)), "felt should be lit in the middle"
    card = art.face("B14", 200)
    shadow = drop_shadow(card, blur=6)
    assert shadow.get_size() == (card.get_width() + 12, card.get_height() + 12)
    assert shadow.get_at((shadow.get_width() // 2, shadow.get_height() // 2)).a > 0
    assert art.shadow(200).get_width() > card.get_width()


def _symbol_mask(colour: str, size: int = 96) -> pygame.mask.Mask:
    surface = pygame.image.load_sized_svg(io.BytesIO(symbol_svg(colour, size, "#000").encode()), (size, size))
    return pygame.mask.from_surface(surface, 127)


@pytest.mark.parametrize(("a", "b"), list(combinations(COLOUR_CODES, 2)))
def test_each_pair_of_colours_differs_in_symbol(a: str, b: str) -> None:
    assert symbol_path(a, 0, 0, 10) != symbol_path(b, 0, 0, 10)
    mask_a, mask_b = _symbol_mask(a), _symbol_mask(b)
    overlap = mask_a.overlap_area(mask_b, (0, 0))
    union = mask_a.count() + mask_b.count() - overlap
    # Silhouettes, not just paths, must differ: below 0.7 intersection-over-union they read as other shapes.
    assert overlap / union < 0.7, f"{a} and {b} symbols look alike"


def test_symbol_surfaces(art: CardArt) -> None:
    for colour in COLOUR_CODES:
        surface = art.symbol(colour, 32, PALETTE.card[colour])
        assert surface.get_size() == (32, 32)
        assert pygame.mask.from_surface(surface).count() > 100


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize("palette", ["card", "card_cb"])
def test_card_colours_stay_distinct(palette: str, deficiency: str | None) -> None:
    colours = list(getattr(PALETTE, palette).values())
    assert min_pairwise_delta_e(colours, deficiency) >= MIN_DELTA_E


def test_simulation_keeps_greys_and_moves_red() -> None:
    for deficiency in DEFICIENCIES:
        assert simulate((128, 128, 128), deficiency) == pytest.approx((128, 128, 128), abs=2)
    r, g, _b = simulate((255, 0, 0), "deuteranopia")
    assert abs(r - g) < 120, "pure red should lose most of its red-green contrast"


def test_card_text_contrast() -> None:
    for colour_blind in (False, True):
        for colour in COLOUR_CODES:
            ink = PALETTE.ink(colour, colour_blind)
            # WCAG's 3:1 for large bold text: corner numbers on card stock, centre numbers on the fill.
            assert contrast_ratio(ink.ink, PALETTE.card_face) >= 3.0
            assert contrast_ratio(ink.on_fill, ink.fill) >= 3.0


def test_fonts_follow_type_scale() -> None:
    fonts = FontCache()
    for role in ROLE_WEIGHTS:
        assert fonts.get(role) is fonts.get(role)
    assert fonts.get("body", 1080).get_height() > fonts.get("body", 720).get_height()
    assert fonts.get("body", 720, large_text=True).get_height() > fonts.get("body", 720).get_height()
    with pytest.raises(ValueError):
        fonts.get("shouting")


def test_icon_outputs() -> None:
    icon = ASSETS_DIR / "icon"
    assert pygame.image.load(str(icon / "krook.png")).get_size() == (256, 256)
    assert pygame.image.load(str(icon / "krook_512.png")).get_size() == (512, 512)
    ico = (icon / "krook.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") >= 5
    icns = (icon / "krook.icns").read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)


def _under_index(surface: pygame.Surface, flipped: bool) -> int:
    """Ink pixels in the strip just under a corner numeral (between it and its symbol), at 350 px tall."""
    if flipped:
        surface = pygame.transform.rotate(surface, 180)
    face = PALETTE.card_face
    count = 0
    for y in range(64, 68):  # the numeral's cap runs 18..62 at 350 px; the symbol starts below 70
        for x in range(30, 57):
            r, g, b, _ = surface.get_at((x, y))
            if abs(r - face[0]) + abs(g - face[1]) + abs(b - face[2]) > 120:
                count += 1
    return count


@pytest.mark.parametrize("colour_blind", [False, True], ids=["normal", "colour-blind"])
def test_six_and_nine_are_underlined_in_both_corners(art: CardArt, colour_blind: bool) -> None:
    for colour in COLOUR_CODES:
        for n in (6, 9):
            face = art.face(f"{colour}{n}", 350, colour_blind)
            assert _under_index(face, False) > 40, (colour, n, "top-left")
            assert _under_index(face, True) > 40, (colour, n, "bottom-right")
        for n in (8, 7):
            assert _under_index(art.face(f"{colour}{n}", 350, colour_blind), False) < 10, (colour, n)
