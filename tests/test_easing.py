"""The easing curve the tweens use: from 0 to 1, fast at first, never overshooting."""

import itertools

from krook.ui.easing import ease_out_cubic


def test_ease_out_cubic_runs_from_0_to_1_fast_then_slow() -> None:
    assert ease_out_cubic(0.0) == 0.0 and ease_out_cubic(1.0) == 1.0
    assert ease_out_cubic(0.5) == 0.875  # 1 - 0.5^3
    values = [ease_out_cubic(i / 100) for i in range(101)]
    assert values == sorted(values), "monotonic"
    steps = [b - a for a, b in itertools.pairwise(values)]
    assert steps == sorted(steps, reverse=True), "it slows down"
    assert ease_out_cubic(-2.0) == 0.0 and ease_out_cubic(7.0) == 1.0, "progress outside [0, 1] is clamped"
