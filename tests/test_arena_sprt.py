"""The gauntlet's sequential test decides the way its hypotheses say, on differences whose mean is known."""

from __future__ import annotations

import math
import random
from typing import Any

from tests.script_loader import load_script


def _sprt() -> Any:
    return load_script("benchmarks/sprt.py", "sprt", register=True)


def _run(sprt: Any, mean: float, seed: int) -> Any:
    rng = random.Random(seed)
    diffs: list[float] = []
    while True:
        diffs.append(rng.gauss(mean, 30.0))
        result = sprt.verdict(diffs, 0.0, 5.0)
        if result.decision is not None or len(diffs) >= 5000:
            return result


def test_bounds_follow_alpha_and_beta() -> None:
    lower, upper = _sprt().bounds(0.05, 0.05)
    assert math.isclose(upper, math.log(19)) and math.isclose(lower, -math.log(19))


def test_a_better_candidate_passes_and_an_equal_one_fails() -> None:
    sprt = _sprt()
    better = [_run(sprt, 8.0, seed) for seed in range(10)]
    equal = [_run(sprt, 0.0, seed) for seed in range(10)]
    assert sum(r.decision == "H1" for r in better) >= 9
    assert sum(r.decision == "H0" for r in equal) >= 9
    assert all(r.boards >= 40 for r in better + equal)  # never before the minimum


def test_llr_is_zero_halfway_between_the_hypotheses() -> None:
    sprt = _sprt()
    assert math.isclose(sprt.llr([1.5, 2.5, 0.5, 3.5], 0.0, 4.0), 0.0, abs_tol=1e-9)
    assert sprt.llr([5.0, 6.0, 4.0], 0.0, 4.0) > 0 > sprt.llr([-1.0, 0.0, 1.0], 0.0, 4.0)
