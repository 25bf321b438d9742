"""Simulated colour-vision deficiencies and colour distances, in pure Python.

The palette tests and `build/art/colour_vision.py` share this so the figures in docs/ART.md and the test
thresholds come from one implementation. Simulation follows Machado, Oliveira and Fernandes (2009) at full
severity, applied to linear-light sRGB; distance is CIE76 ΔE in CIELAB (D65).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

DEFICIENCIES: tuple[str, ...] = tuple(MACHADO)

_TO_LINEAR = [
    ((c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4) for c in range(256)
]


def _to_srgb8(linear: float) -> int:
    linear = min(1.0, max(0.0, linear))
    encoded = linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """How `rgb` appears with the named deficiency ("protanopia", "deuteranopia", "tritanopia")."""
    m = MACHADO[deficiency]
    r, g, b = (_TO_LINEAR[c] for c in rgb)
    return (
        _to_srgb8(m[0][0] * r + m[0][1] * g + m[0][2] * b),
        _to_srgb8(m[1][0] * r + m[1][1] * g + m[1][2] * b),
        _to_srgb8(m[2][0] * r + m[2][1] * g + m[2][2] * b),
    )


def to_lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_TO_LINEAR[c] for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB) -> float:
    la, lb = to_lab(a), to_lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def min_pairwise_delta_e(colours: Iterable[RGB], deficiency: str | None = None) -> float:
    """Smallest ΔE between any two of `colours`, optionally as seen with `deficiency`."""
    seen = [simulate(c, deficiency) if deficiency else c for c in colours]
    return min(delta_e(a, b) for a, b in combinations(seen, 2))
