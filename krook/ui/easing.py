"""Easing curves for tweens: pure functions from progress in [0, 1] to eased progress in [0, 1]."""

from __future__ import annotations


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the curve cards fly along (1 - (1 - t)^3), ``t`` clamped to [0, 1]."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3
