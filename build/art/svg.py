"""Small helpers for writing SVG that pygame-ce's loader (nanosvg) draws correctly.

nanosvg has paths, basic shapes, transforms, gradients and opacity, but no <text>, <pattern>, clip paths,
<use> or filters. So patterns are laid out here as real geometry and trimmed to their region by sampling.
Numbers are printed with a fixed number of decimals so that re-running the build writes identical files.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence

Point = tuple[float, float]
Inside = Callable[[float, float], bool]


def fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def el(tag: str, children: Iterable[str] = (), **attrs: object) -> str:
    """One element; attribute names use `_` for `-` (stroke_width -> stroke-width)."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = fmt(value) if isinstance(value, float) else str(value)
        parts.append(f'{name}="{text}"')
    body = "".join(children)
    head = " ".join(parts)
    return f"<{head}>{body}</{tag}>" if body else f"<{head}/>"


def document(width: float, height: float, children: Iterable[str], defs: Iterable[str] = ()) -> str:
    defs_text = "".join(defs)
    body = "\n".join(children)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(width)}" height="{fmt(height)}" '
        f'viewBox="0 0 {fmt(width)} {fmt(height)}">\n'
        + (f"<defs>{defs_text}</defs>\n" if defs_text else "")
        + body
        + "\n</svg>\n"
    )


def linear_gradient(
    gid: str, stops: Sequence[tuple[float, str, float]], x1=0.0, y1=0.0, x2=0.0, y2=1.0
) -> str:
    return el(
        "linearGradient",
        [el("stop", offset=fmt(o), stop_color=c, stop_opacity=fmt(a)) for o, c, a in stops],
        id=gid,
        x1=fmt(x1),
        y1=fmt(y1),
        x2=fmt(x2),
        y2=fmt(y2),
    )


def radial_gradient(
    gid: str, stops: Sequence[tuple[float, str, float]], cx=0.5, cy=0.5, r=0.5, user_space: bool = False
) -> str:
    """With `user_space` the centre and radius are in drawing units; nanosvg mis-sizes bounding-box radial
    gradients on a <rect> without x and y, so large backgrounds use drawing units."""
    return el(
        "radialGradient",
        [el("stop", offset=fmt(o), stop_color=c, stop_opacity=fmt(a)) for o, c, a in stops],
        id=gid,
        gradientUnits="userSpaceOnUse" if user_space else None,
        cx=fmt(cx),
        cy=fmt(cy),
        r=fmt(r),
    )


def polygon_path(points: Sequence[Point]) -> str:
    head, *rest = points
    return f"M{fmt(head[0])} {fmt(head[1])}" + "".join(f"L{fmt(x)} {fmt(y)}" for x, y in rest) + "Z"


def circle_path(cx: float, cy: float, r: float) -> str:
    return (
        f"M{fmt(cx - r)} {fmt(cy)}A{fmt(r)} {fmt(r)} 0 1 0 {fmt(cx + r)} {fmt(cy)}"
        f"A{fmt(r)} {fmt(r)} 0 1 0 {fmt(cx - r)} {fmt(cy)}Z"
    )


def rotate(points: Iterable[Point], angle_deg: float, cx: float = 0.0, cy: float = 0.0) -> list[Point]:
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def inside_round_rect(x: float, y: float, w: float, h: float, r: float, margin: float = 0.0) -> Inside:
    x0, y0, x1, y1, rr = x + margin, y + margin, x + w - margin, y + h - margin, max(0.0, r - margin)

    def inside(px: float, py: float) -> bool:
        if not (x0 <= px <= x1 and y0 <= py <= y1):
            return False
        nx = min(max(px, x0 + rr), x1 - rr)
        ny = min(max(py, y0 + rr), y1 - rr)
        return (px - nx) ** 2 + (py - ny) ** 2 <= rr * rr

    return inside


def inside_circle(cx: float, cy: float, r: float, margin: float = 0.0) -> Inside:
    rr = r - margin
    return lambda px, py: (px - cx) ** 2 + (py - cy) ** 2 <= rr * rr


def clip_polyline(points: Sequence[Point], inside: Inside, step: float = 1.5) -> list[list[Point]]:
    """Split a polyline into the runs that lie inside a region, keeping only corners and run ends."""
    runs: list[list[Point]] = []
    current: list[Point] = []
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, math.ceil(length / step))
        for i in range(n + 1):
            if i == 0 and current:
                continue
            t = i / n
            p = (ax + (bx - ax) * t, ay + (by - ay) * t)
            if inside(*p):
                current.append(p)
            elif current:
                runs.append(current)
                current = []
    if current:
        runs.append(current)
    return [_simplify(run) for run in runs if len(run) > 1]


def _simplify(run: list[Point]) -> list[Point]:
    if len(run) < 3:
        return run
    out = [run[0]]
    for prev, cur, nxt in zip(run, run[1:], run[2:], strict=False):
        cross = (cur[0] - prev[0]) * (nxt[1] - cur[1]) - (cur[1] - prev[1]) * (nxt[0] - cur[0])
        if abs(cross) > 1e-6:
            out.append(cur)
    out.append(run[-1])
    return out


def runs_path(runs: Iterable[Sequence[Point]]) -> str:
    parts = []
    for run in runs:
        head, *rest = run
        parts.append(f"M{fmt(head[0])} {fmt(head[1])}" + "".join(f"L{fmt(x)} {fmt(y)}" for x, y in rest))
    return "".join(parts)
