"""The colour symbols as SVG path data: Red sun, Yellow star, Green leaf, Black moon.

Each colour has a silhouette of its own so a player who cannot tell the hues apart can still tell the
colours: round with rays, five sharp points, a pointed oval with a stem, and a crescent. The card build
and the in-game trump marker both draw from here, so the symbols match everywhere. Pure Python, no pygame.
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import Final

SYMBOL_NAMES: Final = MappingProxyType({"R": "sun", "Y": "star", "G": "leaf", "B": "moon"})


def _fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _poly(points: list[tuple[float, float]]) -> str:
    head, *rest = points
    return f"M{_fmt(head[0])} {_fmt(head[1])}" + "".join(f"L{_fmt(x)} {_fmt(y)}" for x, y in rest) + "Z"


def _circle(cx: float, cy: float, r: float) -> str:
    return (
        f"M{_fmt(cx - r)} {_fmt(cy)}A{_fmt(r)} {_fmt(r)} 0 1 0 {_fmt(cx + r)} {_fmt(cy)}"
        f"A{_fmt(r)} {_fmt(r)} 0 1 0 {_fmt(cx - r)} {_fmt(cy)}Z"
    )


def sun(cx: float, cy: float, r: float) -> str:
    """A disc ringed by eight tapered rays."""
    parts = [_circle(cx, cy, r * 0.56)]
    for i in range(8):
        a = math.radians(i * 45 - 90)
        half = math.radians(13)
        base = r * 0.66
        parts.append(
            _poly(
                [
                    (cx + base * math.cos(a - half), cy + base * math.sin(a - half)),
                    (cx + r * math.cos(a), cy + r * math.sin(a)),
                    (cx + base * math.cos(a + half), cy + base * math.sin(a + half)),
                ]
            )
        )
    return "".join(parts)


def star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star, point up; the inner radius is kept generous so it stays solid when small."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.46
        a = math.radians(i * 36 - 90)
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a) + r * 0.08))
    return _poly(points)


def leaf(cx: float, cy: float, r: float) -> str:
    """A pointed leaf leaning right, with a short stem at the bottom left."""
    tilt = math.radians(35)

    def p(x: float, y: float) -> str:
        # Local leaf space: tip at (0, -r), base at (0, 0.78r); rotated by the tilt about the centre.
        rx = x * math.cos(tilt) - y * math.sin(tilt)
        ry = x * math.sin(tilt) + y * math.cos(tilt)
        return f"{_fmt(cx + rx)} {_fmt(cy + ry)}"

    blade = (
        f"M{p(0, -r)}"
        f"C{p(r * 0.9, -r * 0.5)} {p(r * 0.8, r * 0.45)} {p(0, r * 0.68)}"
        f"C{p(-r * 0.8, r * 0.45)} {p(-r * 0.9, -r * 0.5)} {p(0, -r)}Z"
    )
    # Wound the same way as the blade so the overlap stays filled under the nonzero rule.
    stem = f"M{p(r * 0.1, r * 0.4)}L{p(r * 0.08, r * 1.0)}L{p(-r * 0.08, r * 1.0)}L{p(-r * 0.1, r * 0.4)}Z"
    return blade + stem


def moon(cx: float, cy: float, r: float) -> str:
    """A crescent opening to the upper right: a disc with an offset disc of the same size taken out."""
    r *= 0.9
    d = r * 0.78
    half = math.sqrt(r * r - d * d / 4)
    tilt = math.radians(-35)
    c, s = math.cos(tilt), math.sin(tilt)
    # The crescent's bulk sits left of the disc centre; shifting right centres it in its circle.
    shift = r * 0.24

    def p(x: float, y: float) -> str:
        x += shift
        return f"{_fmt(cx + x * c - y * s)} {_fmt(cy + x * s + y * c)}"

    rr = _fmt(r)
    top, bottom = p(d / 2, -half), p(d / 2, half)
    # Outer arc the long way round the left, then the bite's edge back up the short way.
    return f"M{top}A{rr} {rr} 0 1 0 {bottom}A{rr} {rr} 0 0 1 {top}Z"


_DRAW: Final = MappingProxyType({"R": sun, "Y": star, "G": leaf, "B": moon})


def symbol_path(colour: str, cx: float, cy: float, r: float) -> str:
    """Path data for colour `colour`'s symbol, fitting a circle of radius `r` about (cx, cy)."""
    return _DRAW[colour](cx, cy, r)


def symbol_svg(colour: str, size: int, fill: str, outline: str | None = None) -> str:
    """A square stand-alone SVG of one symbol, for icons and masks."""
    r = size * 0.45
    stroke = (
        f' stroke="{outline}" stroke-width="{_fmt(size * 0.04)}" stroke-linejoin="round"' if outline else ""
    )
    d = symbol_path(colour, size / 2, size / 2, r)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
        f'<path d="{d}" fill="{fill}"{stroke}/></svg>'
    )
