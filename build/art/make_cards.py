"""Generate Krook's card faces, backs, table surface and app icon.

Run from the repository root:  python build/art/make_cards.py
Writes krook/assets/cards/, cards_cb/, table/ and icon/. The output depends only on this script, the
palette in krook/render/palette.py and the shipped font, so running it again rewrites identical files.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import struct
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from bird import BirdColours, flying, gradients, perched  # noqa: E402
from svg import (  # noqa: E402
    Inside,
    circle_path,
    clip_polyline,
    document,
    el,
    fmt,
    inside_circle,
    inside_round_rect,
    linear_gradient,
    polygon_path,
    radial_gradient,
    runs_path,
)
from ttf_outline import TrueTypeFont  # noqa: E402

from krook.render.card_art import ART_KROOK_POINTS, ART_ONES_POINTS  # noqa: E402
from krook.render.palette import COLOUR_CODES, PALETTE, RGB, hex_colour, mix  # noqa: E402
from krook.render.symbols import leaf as leaf_path  # noqa: E402
from krook.render.symbols import star as star_path  # noqa: E402
from krook.render.symbols import symbol_path  # noqa: E402

W, H, RADIUS = 250.0, 350.0, 16.0
ASSETS = ROOT / "krook" / "assets"
FONTS = ASSETS / "fonts"
POINTS = {1: ART_ONES_POINTS, 5: 5, 10: 10, 14: 10}
UNDERLINED = ("6", "9")  # the numbers that read as each other upside down
KROOK_POINTS = ART_KROOK_POINTS

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


def hx(rgb: RGB) -> str:
    return hex_colour(rgb)


class Type:
    """The two faces the cards print with, loaded once."""

    def __init__(self) -> None:
        self.numeral = TrueTypeFont(FONTS / "OpenSans-ExtraBold.ttf")
        self.label = TrueTypeFont(FONTS / "OpenSans-Bold.ttf")

    def text(
        self,
        s: str,
        cap: float,
        cx: float,
        top: float,
        fill: str,
        *,
        font: TrueTypeFont | None = None,
        tracking: float = 0.0,
        opacity: float | None = None,
    ) -> str:
        run = (font or self.numeral).text_path(s, cap, tracking)
        return el(
            "path",
            d=run.d,
            fill=fill,
            opacity=opacity,
            transform=f"translate({fmt(cx - run.width / 2)} {fmt(top)})",
        )

    def width(self, s: str, cap: float, *, font: TrueTypeFont | None = None, tracking: float = 0.0) -> float:
        return (font or self.numeral).text_path(s, cap, tracking).width


# --- Patterns -------------------------------------------------------------------------------------------
# One texture per colour, as different as textures get: dots, diagonal stripes, chevrons, a square grid.


def pattern(
    colour: str, inside: Inside, box: tuple[float, float, float, float], fill: str, scale: float
) -> str:
    x0, y0, x1, y1 = box
    if colour == "R":
        pitch, radius = 13 * scale, 2.6 * scale
        parts = []
        row = 0
        y = y0 + pitch / 2
        while y < y1:
            x = x0 + pitch / 2 + (pitch / 2 if row % 2 else 0)
            while x < x1:
                if all(
                    inside(x + dx, y + dy)
                    for dx, dy in ((radius, 0), (-radius, 0), (0, radius), (0, -radius))
                ):
                    parts.append(circle_path(x, y, radius))
                x += pitch
            y += pitch * 0.87
            row += 1
        return el("path", d="".join(parts), fill=fill)
    width = {"Y": 3.2, "G": 2.6, "B": 1.5}[colour] * scale
    lines: list[list[tuple[float, float]]] = []
    if colour == "Y":
        pitch = 11 * scale
        span = (x1 - x0) + (y1 - y0)
        k = 0.0
        while k < span:
            lines.append([(x0 + k, y0), (x0 + k - (y1 - y0), y1)])
            k += pitch
    elif colour == "G":
        pitch, amp, period = 12 * scale, 4.5 * scale, 12 * scale
        y = y0 + pitch / 2
        while y < y1 + amp:
            pts = []
            x, up = x0 - period, True
            while x <= x1 + period:
                pts.append((x, y - amp if up else y + amp))
                x += period / 2
                up = not up
            lines.append(pts)
            y += pitch
    else:
        pitch = 13 * scale
        x = x0 + pitch / 2
        while x < x1:
            lines.append([(x, y0), (x, y1)])
            x += pitch
        y = y0 + pitch / 2
        while y < y1:
            lines.append([(x0, y), (x1, y)])
            y += pitch
    margin_inside: Inside = inside
    runs = [run for line in lines for run in clip_polyline(line, margin_inside)]
    return el(
        "path",
        d=runs_path(runs),
        fill="none",
        stroke=fill,
        stroke_width=width,
        stroke_linecap="round" if colour != "B" else "butt",
        stroke_linejoin="round",
    )


# --- Number cards ---------------------------------------------------------------------------------------


def card_base(frame: RGB, defs: list[str], body: list[str]) -> list[str]:
    defs.append(
        linear_gradient(
            "stock",
            [(0, hx(mix(PALETTE.card_face, WHITE, 0.5)), 1), (1, hx(PALETTE.card_face), 1)],
            x2=0.3,
            y2=1,
        )
    )
    return [
        el(
            "rect",
            x=0.75,
            y=0.75,
            width=W - 1.5,
            height=H - 1.5,
            rx=RADIUS,
            fill="url(#stock)",
            stroke=hx(PALETTE.card_edge),
            stroke_width=1.5,
        ),
        el(
            "rect",
            x=8,
            y=8,
            width=W - 16,
            height=H - 16,
            rx=RADIUS - 6,
            fill="none",
            stroke=hx(frame),
            stroke_width=1.6,
            opacity=0.45,
        ),
        *body,
    ]


def points_badge(t: Type, points: int, cy: float, fill: RGB, ink: RGB) -> str:
    label = f"{points} pts"
    cap = 11.5
    w = t.width(label, cap, font=t.label, tracking=0.6) + 18
    h = 22.0
    return el(
        "g",
        [
            el(
                "rect",
                x=125 - w / 2,
                y=cy - h / 2 + 1.2,
                width=w,
                height=h,
                rx=h / 2,
                fill="#000",
                opacity=0.15,
            ),
            el("rect", x=125 - w / 2, y=cy - h / 2, width=w, height=h, rx=h / 2, fill=hx(fill)),
            t.text(label, cap, 125, cy - cap / 2, hx(ink), font=t.label, tracking=0.6),
        ],
    )


def badges_json(t: Type) -> str:
    """Every points badge the lobby's settings can call for (multiples of 5 up to 50), for the game to print
    on a 1 or a Krook where a table scores it otherwise than the faces above."""
    badges = {str(p): points_badge(t, p, 30.0, PALETTE.gold, PALETTE.text_dark) for p in range(5, 51, 5)}
    return json.dumps(badges, indent=0, sort_keys=True) + "\n"


def corner_index(
    t: Type, label: str, colour: str, ink: RGB, symbol_fill: RGB, colour_blind: bool
) -> list[str]:
    cap = 44.0 if len(label) == 1 else 38.0
    tracking = -3.0 if len(label) > 1 else 0.0
    cx, top = 43.0, 18.0
    r = 13.0 if colour_blind else 11.0
    parts = [t.text(label, cap, cx, top, hx(ink), tracking=tracking)]
    if label in UNDERLINED:
        # Upside down in the other corner, a 6 reads as a 9: the bar under the numeral says which is which.
        bar_w = t.width(label, cap, tracking=tracking) * 0.9
        parts.append(
            el(
                "rect",
                x=fmt(cx - bar_w / 2),
                y=top + cap + 2.5,
                width=fmt(bar_w),
                height=3.5,
                rx=1.5,
                fill=hx(ink),
            )
        )
    parts.append(el("path", d=symbol_path(colour, cx, top + 44 + 9 + r, r), fill=hx(symbol_fill)))
    return parts


def rotated(parts: list[str]) -> str:
    return el("g", parts, transform=f"rotate(180 {fmt(W / 2)} {fmt(H / 2)})")


def number_card(t: Type, colour: str, n: int, colour_blind: bool) -> str:
    ink = PALETTE.ink(colour, colour_blind)
    label = str(n)
    defs: list[str] = [
        radial_gradient(
            "medal",
            [
                (0, hx(mix(ink.fill, WHITE, 0.22)), 1),
                (0.7, hx(ink.fill), 1),
                (1, hx(mix(ink.fill, BLACK, 0.06 if colour == "Y" else 0.18)), 1),
            ],
            cx=0.38,
            cy=0.3,
            r=0.75,
        )
    ]
    body: list[str] = []
    pattern_tint = hx(ink.on_fill)
    # A white texture lifts every colour; a dark one would muddy the yellow.
    texture = pattern_tint if colour_blind else "#FFFFFF"
    if colour_blind:
        inner = inside_round_rect(8, 8, W - 16, H - 16, RADIUS - 6, margin=4)
        body.append(
            el(
                "g",
                [pattern(colour, inner, (8, 8, W - 8, H - 8), hx(ink.ink), 1.0)],
                opacity=0.2 if colour != "B" else 0.12,
            )
        )
        # Tabs of plain card stock keep the corner indices readable over the pattern.
        for flip in (False, True):
            patch = el(
                "rect",
                x=11,
                y=12,
                width=64,
                height=104,
                rx=11,
                fill=hx(PALETTE.card_face),
                stroke=hx(ink.fill),
                stroke_width=1.2,
                stroke_opacity=0.5,
            )
            body.append(rotated([patch]) if flip else patch)
        cx, cy, r = 125.0, 150.0, 66.0
    else:
        cx, cy, r = 125.0, 178.0, 76.0
    body.append(el("circle", cx=cx, cy=cy + 2.5, r=r, fill="#000", opacity=0.12))
    body.append(el("circle", cx=cx, cy=cy, r=r, fill="url(#medal)"))
    body.append(
        el(
            "g",
            [
                pattern(
                    colour,
                    inside_circle(cx, cy, r, margin=3),
                    (cx - r, cy - r, cx + r, cy + r),
                    texture,
                    0.9,
                )
            ],
            opacity=0.26 if colour_blind else 0.16,
        )
    )
    body.append(
        el("circle", cx=cx, cy=cy, r=r - 6, fill="none", stroke=pattern_tint, stroke_width=1.6, opacity=0.55)
    )
    cap = (58.0 if colour_blind else 64.0) * (0.94 if len(label) > 1 else 1.0)
    tracking = -3.0 if len(label) > 1 else 0.0
    sym_r = 11.0 if colour_blind else 12.5
    block = sym_r * 2 + 8 + cap
    top = cy - block / 2
    body.append(el("path", d=symbol_path(colour, cx, top + sym_r, sym_r), fill=pattern_tint, opacity=0.9))
    num_top = top + sym_r * 2 + 8
    shadow = t.text(label, cap, cx + 1.2, num_top + 2.2, "#000", tracking=tracking, opacity=0.22)
    body += [shadow, t.text(label, cap, cx, num_top, hx(ink.on_fill), tracking=tracking)]
    if colour_blind:
        big_r, big_y = 34.0, 262.0
        body.append(el("path", d=symbol_path(colour, cx, big_y + 2, big_r), fill="#000", opacity=0.15))
        body.append(
            el(
                "path",
                d=symbol_path(colour, cx, big_y, big_r),
                fill=hx(ink.fill),
                stroke=hx(mix(ink.fill, BLACK, 0.45)),
                stroke_width=1.6,
                stroke_linejoin="round",
            )
        )
    if n in POINTS:
        body.append(points_badge(t, POINTS[n], 30.0, PALETTE.gold, PALETTE.text_dark))
    index = corner_index(t, label, colour, ink.ink, ink.fill if colour != "Y" else ink.ink, colour_blind)
    body += index
    body.append(rotated(index))
    return document(W, H, card_base(ink.fill, defs, body), defs)


# --- The Krook cards ------------------------------------------------------------------------------------

NIGHT_BIRD = BirdColours(
    body="#1B2233",
    sheen="#5A6E96",
    wing="#2A3552",
    beak_base="#D9D2C3",
    beak_tip="#4A4F5C",
    eye="#F4F1EA",
    perch="#7A4E26",
)


def sunburst(cx: float, cy: float, r: float, colour: str, rays: int = 18) -> str:
    parts = []
    for i in range(rays):
        a0 = math.radians(i * 360 / rays)
        a1 = math.radians((i + 0.5) * 360 / rays)
        parts.append(
            polygon_path(
                [
                    (cx, cy),
                    (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                    (cx + r * math.cos(a1), cy + r * math.sin(a1)),
                ]
            )
        )
    return el("path", d="".join(parts), fill=colour)


def krook_card(t: Type, second: bool) -> str:
    frame = PALETTE.krook2 if second else PALETTE.krook
    if second:
        centre, mid, edge = (250, 236, 244), (214, 170, 204), PALETTE.krook2
    else:
        centre, mid, edge = (255, 238, 178), PALETTE.gold, (196, 122, 30)
    defs: list[str] = [
        radial_gradient(
            "medal", [(0, hx(centre), 1), (0.62, hx(mid), 1), (1, hx(edge), 1)], cx=0.5, cy=0.42, r=0.62
        ),
        radial_gradient("corner", [(0, hx(centre), 1), (1, hx(mid), 1)], cx=0.5, cy=0.4, r=0.6),
        *gradients("bird", NIGHT_BIRD),
    ]
    cx, cy, r = 125.0, 172.0, 92.0
    body: list[str] = [
        el("circle", cx=cx, cy=cy + 3, r=r, fill="#000", opacity=0.14),
        el("circle", cx=cx, cy=cy, r=r, fill="url(#medal)"),
        sunburst(cx, cy, r - 5, "#FFFFFF", 20 if second else 18),
    ]
    body[-1] = el("g", [body[-1]], opacity=0.16)
    body.append(
        el("circle", cx=cx, cy=cy, r=r - 6, fill="none", stroke=hx(frame), stroke_width=2, opacity=0.5)
    )
    if second:
        body.append(flying("bird", NIGHT_BIRD, cx - 80, cy - 86, 164, mirror=True))
        body.append(
            el("circle", cx=cx + 66, cy=cy - 66, r=20, fill=hx(frame), stroke="#FFF", stroke_width=2.5)
        )
        body.append(t.text("2", 20, cx + 66, cy - 76, "#FFFFFF"))
    else:
        body.append(perched("bird", NIGHT_BIRD, cx - 74, cy - 78, 152))
    body.append(t.text("KROOK", 17, cx, 283, hx(frame), font=t.label, tracking=5))
    body.append(points_badge(t, KROOK_POINTS, 30.0, PALETTE.gold, PALETTE.text_dark))
    index = [
        el("circle", cx=38, cy=40, r=22, fill="url(#corner)", stroke=hx(frame), stroke_width=1.6),
        (flying if second else perched)("bird", NIGHT_BIRD, 38 - 19, 40 - 19, 38, mirror=second),
    ]
    if second:
        index.append(t.text("2", 22, 38, 70, hx(frame)))
    body += index
    body.append(rotated(index))
    return document(W, H, card_base(frame, defs, body), defs)


# --- Backs ----------------------------------------------------------------------------------------------


def back_frame(defs: list[str], top: RGB, bottom: RGB, line: str) -> list[str]:
    defs.append(linear_gradient("back", [(0, hx(top), 1), (1, hx(bottom), 1)], x1=0, y1=0, x2=0.4, y2=1))
    return [
        el(
            "rect", x=0.75, y=0.75, width=W - 1.5, height=H - 1.5, rx=RADIUS, fill="#FBF8F1", stroke="#C4BCAC"
        ),
        el("rect", x=7, y=7, width=W - 14, height=H - 14, rx=RADIUS - 5, fill="url(#back)"),
        el(
            "rect",
            x=14,
            y=14,
            width=W - 28,
            height=H - 28,
            rx=RADIUS - 8,
            fill="none",
            stroke=line,
            stroke_width=2,
        ),
        el(
            "rect",
            x=19,
            y=19,
            width=W - 38,
            height=H - 38,
            rx=RADIUS - 10,
            fill="none",
            stroke=line,
            stroke_width=0.8,
            opacity=0.7,
        ),
    ]


def name_plate(t: Type, cx: float, top: float, fill: str, ink: str) -> list[str]:
    """The rounded plate with KROOK on it under a back's medallion."""
    return [
        el("rect", x=cx - 62, y=top, width=124, height=34, rx=17, fill=fill, stroke=ink, stroke_width=1.5),
        t.text("KROOK", 15, cx, top + 9.5, ink, font=t.label, tracking=5),
    ]


def back_classic(t: Type) -> str:
    defs: list[str] = []
    gold = hx(PALETTE.gold)
    body = back_frame(defs, (38, 56, 100), (18, 27, 52), gold)
    inner = inside_round_rect(19, 19, W - 38, H - 38, 6, margin=3)
    lattice: list[list[tuple[float, float]]] = []
    step = 18.0
    k = -H
    while k < W + H:
        lattice.append([(k, 0), (k + H, H)])
        lattice.append([(k + H, 0), (k, H)])
        k += step
    runs = [run for line in lattice for run in clip_polyline(line, inner, step=2)]
    body.append(el("path", d=runs_path(runs), fill="none", stroke=gold, stroke_width=0.9, opacity=0.22))
    dots = [
        circle_path(x, y, 1.6)
        for y in [19 + step / 2 * i for i in range(1, 40)]
        for x in [19 + step / 2 * j for j in range(1, 30)]
        if inner(x, y) and (round((x - 19) / (step / 2)) + round((y - 19) / (step / 2))) % 2 == 0
    ]
    body.append(el("path", d="".join(dots), fill=gold, opacity=0.3))
    cx, cy, r = 125.0, 160.0, 62.0
    defs.append(
        radial_gradient("disc", [(0, "#FFE9A8", 1), (0.7, gold, 1), (1, "#B8791C", 1)], cx=0.45, cy=0.38)
    )
    defs += gradients("bird", NIGHT_BIRD)
    body += [
        el("circle", cx=cx, cy=cy, r=r + 9, fill="#152038", stroke=gold, stroke_width=2),
        el("circle", cx=cx, cy=cy, r=r, fill="url(#disc)"),
        perched("bird", NIGHT_BIRD, cx - 52, cy - 54, 104),
        *name_plate(t, cx, 252, "#152038", gold),
    ]
    return document(W, H, body, defs)


def back_meadow(t: Type) -> str:
    defs: list[str] = []
    cream = "#F6EFD9"
    body = back_frame(defs, (46, 128, 88), (20, 78, 56), cream)
    inner = inside_round_rect(19, 19, W - 38, H - 38, 6, margin=2)
    leaves = []
    rng = random.Random(11)
    for row in range(14):
        for col in range(9):
            x = 28 + col * 25 + (12 if row % 2 else 0) + rng.uniform(-3, 3)
            y = 30 + row * 23 + rng.uniform(-3, 3)
            if inner(x - 8, y - 8) and inner(x + 8, y + 8):
                leaves.append(leaf_path(x, y, 7.5))
    body.append(el("path", d="".join(leaves), fill="#BFE3B4", opacity=0.2))
    cx, cy, r = 125.0, 160.0, 64.0
    defs.append(radial_gradient("disc", [(0, "#FFF8E6", 1), (1, "#E7DCB8", 1)], cx=0.45, cy=0.38))
    meadow_bird = BirdColours("#17231D", "#4E7A62", "#22362C", "#E3DCCB", "#3E4740", "#FBF8F1", "#6C4A24")
    defs += gradients("bird", meadow_bird)
    body += [
        el("circle", cx=cx, cy=cy, r=r + 8, fill="#18503A", stroke=cream, stroke_width=2),
        el("circle", cx=cx, cy=cy, r=r, fill="url(#disc)"),
        el("path", d=circle_path(cx + 22, cy - 20, 22), fill="#F2B23A", opacity=0.55),
        flying("bird", meadow_bird, cx - 50, cy - 44, 100, mirror=True),
        *name_plate(t, cx, 252, "#18503A", cream),
    ]
    return document(W, H, body, defs)


def back_night(t: Type) -> str:
    defs: list[str] = []
    silver = "#E9E2F4"
    body = back_frame(defs, (84, 44, 96), (34, 18, 52), silver)
    inner = inside_round_rect(19, 19, W - 38, H - 38, 6, margin=3)
    rng = random.Random(23)
    stars = []
    for _ in range(70):
        x, y = rng.uniform(22, W - 22), rng.uniform(22, H - 22)
        size = rng.choice((2.2, 3.0, 4.2))
        if inner(x - size, y - size) and inner(x + size, y + size) and not (40 < y < 300 and 50 < x < 200):
            stars.append(star_path(x, y, size))
    body.append(el("path", d="".join(stars), fill="#FFE7A0", opacity=0.55))
    cx, cy, r = 125.0, 165.0, 70.0
    defs.append(radial_gradient("disc", [(0, "#FFF4D6", 1), (1, "#E4C77A", 1)], cx=0.4, cy=0.35))
    moon_bird = BirdColours("#221430", "#6B4C86", "#352046", "#E6DCE8", "#4A3D52", "#FFF8EC", "#5C3A1E")
    defs += gradients("bird", moon_bird)
    body += [
        el("circle", cx=cx, cy=cy, r=r + 8, fill="#2A1640", stroke=silver, stroke_width=2),
        el("path", d=symbol_path("B", cx, cy, r - 4), fill="url(#disc)"),
        perched("bird", moon_bird, cx - 48, cy - 30, 84),
        *name_plate(t, cx, 262, "#2A1640", silver),
    ]
    return document(W, H, body, defs)


BACKS: dict[str, Callable[[Type], str]] = {
    "classic": back_classic,
    "meadow": back_meadow,
    "night": back_night,
}


# --- Table and icon -------------------------------------------------------------------------------------


def felt_svg() -> str:
    defs = [
        radial_gradient(
            "felt",
            [(0, hx(PALETTE.felt_light), 1), (0.55, hx(PALETTE.felt), 1), (1, hx(PALETTE.felt_dark), 1)],
            cx=800,
            cy=420,
            r=960,
            user_space=True,
        )
    ]
    return document(1600, 900, [el("rect", width=1600, height=900, fill="url(#felt)")], defs)


def icon_svg() -> str:
    size = 512.0
    defs = [
        linear_gradient("bg", [(0, "#2B4170", 1), (1, "#121C33", 1)], x1=0, y1=0, x2=0.3, y2=1),
        radial_gradient(
            "sun", [(0, "#FFEFB8", 1), (0.65, hx(PALETTE.gold), 1), (1, "#C17A1E", 1)], cx=0.45, cy=0.4
        ),
        *gradients("bird", NIGHT_BIRD),
    ]
    cards = []
    for i, colour in enumerate(("R", "Y", "G")):
        angle = -24 + i * 24
        cards.append(
            el(
                "g",
                [
                    el(
                        "rect",
                        x=196,
                        y=70,
                        width=120,
                        height=168,
                        rx=14,
                        fill=hx(PALETTE.card_face),
                        stroke=hx(PALETTE.card[colour]),
                        stroke_width=8,
                    ),
                    el("path", d=symbol_path(colour, 256, 118, 26), fill=hx(PALETTE.card[colour])),
                ],
                transform=f"rotate({angle} 256 420)",
            )
        )
    body = [
        el("rect", x=16, y=16, width=480, height=480, rx=108, fill="url(#bg)"),
        *cards,
        el("circle", cx=256, cy=300, r=150, fill="#121C33"),
        el("circle", cx=256, cy=300, r=138, fill="url(#sun)"),
        perched("bird", NIGHT_BIRD, 256 - 122, 300 - 128, 244),
    ]
    return document(size, size, body, defs)


# --- Raster outputs -------------------------------------------------------------------------------------


def render_png(svg_text: str, size: tuple[int, int]) -> bytes:
    import pygame

    surface = pygame.image.load_sized_svg(io.BytesIO(svg_text.encode()), size)
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def write_ico(path: Path, pngs: dict[int, bytes]) -> None:
    """ICO with PNG-compressed entries, which every Windows since Vista reads."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    path.write_bytes(header + entries + blobs)


def write_icns(path: Path, pngs: dict[int, bytes]) -> None:
    """ICNS whose entries are PNGs under the OSType codes macOS uses for each pixel size."""
    codes = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
    chunks = b"".join(codes[s] + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for s in sorted(codes))
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)


def felt_noise_png(size: int = 128) -> bytes:
    """A tileable speckle of light and dark fibres, laid over the felt gradient at run time."""
    import pygame

    rng = random.Random(5)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    for _ in range(size * size // 3):
        x, y = rng.randrange(size), rng.randrange(size)
        light = rng.random() < 0.5
        colour = (255, 255, 255, rng.randint(6, 16)) if light else (0, 0, 0, rng.randint(8, 22))
        length = rng.randint(1, 3)
        dx, dy = rng.choice(((1, 0), (0, 1), (1, 1), (1, -1)))
        for i in range(length):
            surface.set_at(((x + dx * i) % size, (y + dy * i) % size), colour)
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t = Type()
    written: list[Path] = []

    def write(path: Path, data: str | bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8", newline="\n")
        else:
            path.write_bytes(data)
        written.append(path)

    for colour_blind, folder in ((False, "cards"), (True, "cards_cb")):
        for colour in COLOUR_CODES:
            for n in range(1, 15):
                write(ASSETS / folder / f"{colour}{n}.svg", number_card(t, colour, n, colour_blind))
        write(ASSETS / folder / "K.svg", krook_card(t, second=False))
        write(ASSETS / folder / "K2.svg", krook_card(t, second=True))
    write(ASSETS / "cards" / "badges.json", badges_json(t))
    for name, make in BACKS.items():
        write(ASSETS / "cards" / f"back_{name}.svg", make(t))
    write(ASSETS / "table" / "felt.svg", felt_svg())
    write(ASSETS / "table" / "felt_noise.png", felt_noise_png())
    icon = icon_svg()
    write(ASSETS / "icon" / "krook.svg", icon)
    pngs = {s: render_png(icon, (s, s)) for s in (16, 24, 32, 48, 64, 128, 256, 512)}
    write(ASSETS / "icon" / "krook.png", pngs[256])
    write(ASSETS / "icon" / "krook_512.png", pngs[512])
    ico = ASSETS / "icon" / "krook.ico"
    write_ico(ico, {s: pngs[s] for s in (16, 24, 32, 48, 64, 128, 256)})
    written.append(ico)
    icns = ASSETS / "icon" / "krook.icns"
    write_icns(icns, pngs)
    written.append(icns)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files, {total / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
