"""The Krook bird: a stylised rook in two poses, drawn in a 200 x 200 box and placed with a transform.

A rook is told from a crow by its long, pale-based beak and its shaggy "trousers"; both are kept because they
are what make the emblem read as a rook rather than a generic black bird.
"""

from __future__ import annotations

from dataclasses import dataclass

from svg import el, fmt, linear_gradient


@dataclass(frozen=True)
class BirdColours:
    body: str
    sheen: str
    wing: str
    beak_base: str
    beak_tip: str
    eye: str
    perch: str


def gradients(prefix: str, c: BirdColours) -> list[str]:
    return [
        linear_gradient(
            f"{prefix}-body", [(0, c.sheen, 1), (0.55, c.body, 1), (1, c.body, 1)], x1=0.1, y1=0, x2=0.7, y2=1
        ),
        linear_gradient(
            f"{prefix}-beak", [(0, c.beak_base, 1), (1, c.beak_tip, 1)], x1=1, y1=0, x2=0, y2=0.3
        ),
    ]


def _place(x: float, y: float, size: float, mirror: bool) -> str:
    s = size / 200
    if mirror:
        return f"translate({fmt(x + size)} {fmt(y)}) scale({fmt(-s)} {fmt(s)})"
    return f"translate({fmt(x)} {fmt(y)}) scale({fmt(s)})"


def _feathers(d: str, c: BirdColours) -> str:
    """The sheen lines drawn over a wing."""
    return el("path", d=d, fill="none", stroke=c.sheen, stroke_width=2.5, stroke_linecap="round", opacity=0.7)


def perched(prefix: str, c: BirdColours, x: float, y: float, size: float, mirror: bool = False) -> str:
    """The rook standing on a branch, facing left: the main Krook card and the app icon."""
    body = (
        "M52 46C58 28 84 24 96 40C104 52 104 66 116 78C140 96 166 116 182 136L206 168L196 178L184 170"
        "C172 166 160 166 150 170C132 178 108 178 92 166C72 152 62 126 62 104C62 94 58 86 52 80Z"
    )
    wing = (
        "M98 86C124 94 156 114 178 140L170 150Q164 142 156 150Q150 142 140 150Q134 140 122 148"
        "Q114 138 102 142C88 130 84 104 98 86Z"
    )
    feathers = "M112 112C128 120 144 132 156 144M106 124C120 132 132 140 140 148"
    trousers = "M92 150Q90 162 96 170Q100 162 104 170Q108 160 114 170Q118 160 120 150Z"
    beak = "M56 50C40 52 22 60 4 74C22 76 40 78 58 78C62 68 62 58 56 50Z"
    beak_line = "M54 64C40 66 24 70 10 73"
    legs = "M100 168L96 190M114 168L116 190M96 190L84 196M96 190L104 197M116 190L108 197M116 190L126 196"
    perch = "M20 194C60 190 120 196 188 192"
    twig = "M150 193Q164 184 176 170"
    parts = [
        el("path", d=perch, fill="none", stroke=c.perch, stroke_width=9, stroke_linecap="round"),
        el("path", d=twig, fill="none", stroke=c.perch, stroke_width=5, stroke_linecap="round"),
        el("path", d=legs, fill="none", stroke=c.body, stroke_width=5, stroke_linecap="round"),
        el("path", d=body, fill=f"url(#{prefix}-body)"),
        el("path", d=trousers, fill=c.body),
        el("path", d=wing, fill=c.wing),
        _feathers(feathers, c),
        el("path", d=beak, fill=f"url(#{prefix}-beak)"),
        el("path", d=beak_line, fill="none", stroke=c.beak_tip, stroke_width=1.6, opacity=0.6),
        el("circle", cx=72, cy=50, r=7, fill=c.eye),
        el("circle", cx=71, cy=50, r=3.6, fill=c.body),
        el("circle", cx=69.6, cy=48.6, r=1.3, fill=c.eye),
    ]
    return el("g", parts, transform=_place(x, y, size, mirror))


def flying(prefix: str, c: BirdColours, x: float, y: float, size: float, mirror: bool = False) -> str:
    """The rook in flight, wings raised with fingered tips: the second-bird card."""
    far_wing = "M92 104C96 70 104 40 118 14L124 26L132 12L136 28L146 20L144 40C136 66 124 88 112 110Z"
    near_wing = (
        "M80 108C100 78 128 50 162 26L166 38L180 26L180 42L196 36L190 52L204 52C180 78 148 102 120 116Z"
    )
    body = (
        "M34 94C44 82 62 84 74 94C96 100 132 104 156 108L194 96L188 114L196 130L156 124"
        "C130 132 96 132 70 120C56 116 42 114 34 106Z"
    )
    beak = "M38 94C28 96 16 100 2 106C16 108 28 110 40 110C42 104 42 98 38 94Z"
    feathers = "M110 104C126 84 150 62 172 44M118 108C136 90 158 70 184 56"
    legs = "M118 126L132 140M126 126L140 138"
    parts = [
        el("path", d=far_wing, fill=c.wing, opacity=0.85),
        el("path", d=legs, fill="none", stroke=c.body, stroke_width=4, stroke_linecap="round"),
        el("path", d=body, fill=f"url(#{prefix}-body)"),
        el("path", d=near_wing, fill=f"url(#{prefix}-body)"),
        _feathers(feathers, c),
        el("path", d=beak, fill=f"url(#{prefix}-beak)"),
        el("circle", cx=52, cy=96, r=6, fill=c.eye),
        el("circle", cx=51, cy=96, r=3, fill=c.body),
        el("circle", cx=50, cy=95, r=1.1, fill=c.eye),
    ]
    return el("g", parts, transform=_place(x, y, size, mirror))
