"""The rule-general bidding model's calibration: ``python benchmarks/check_general_bidding.py [--deals 40]``.

For each of the eight custom tables (``custom_tables.py``) and each preset that bids, simulates contracts on fresh
deals (seed 77) as the learner does and prints the bidding side's mean points beside the general model's mean
(calibrated at the table) and the preset's own fit where there is one, with the general model's residual spread,
and how well each ranks the contracts: R² of its prediction, beside the squared correlation of the points with the
hand's plain value (``best_trump_value``, the first feature after the constant), the yardstick medium bids by.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from learn_bidding import contract_rows  # noqa: E402

from krook.bots.bidding import general_model, model_for  # noqa: E402
from krook.rules import PRESETS, Rules, rules_from_spec  # noqa: E402
from krook.rules.deal import deal_from_seed, hand_seed  # noqa: E402


def _tables() -> list[tuple[str, Rules]]:
    spec = importlib.util.spec_from_file_location("custom_tables", ROOT / "benchmarks" / "custom_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    custom = [(f"table {t}", rules_from_spec(s)) for t, s in enumerate(module.tables())]
    return custom + [(name, p.rules) for name, p in PRESETS.items() if p.rules.bidding]


def _r2(ys: list[float], predicted: list[float]) -> float:
    """Share of the points' variance the prediction explains (below 0 when it does worse than the mean)."""
    mean = statistics.fmean(ys)
    spread = sum((y - mean) ** 2 for y in ys)
    return 1 - sum((y - p) ** 2 for y, p in zip(ys, predicted, strict=True)) / spread


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=40)
    opts = parser.parse_args()
    print(
        "| table | contracts | simulated | general model | preset's fit | general residual sd "
        "| R² general | R² preset's fit | value alone, r² |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, rules in _tables():
        general = general_model(rules)
        assert general is not None
        own = model_for(name)
        n = rules.players
        total = rules.card_points_total + rules.bonus_total
        ys: list[float] = []
        gs: list[float] = []
        ps: list[float] = []
        vs: list[float] = []
        for i in range(opts.deals):
            rng = random.Random(i)
            hands, nest = deal_from_seed(rules, i % n, hand_seed(77, i))
            for row in contract_rows(rules, list(hands), nest, i % n, list(range(min(n, 4))), rng):
                ys.append(float(row["y"]))  # type: ignore[arg-type]
                gs.append(general.mean(row["x"]))  # type: ignore[arg-type]
                vs.append(float(row["x"][1]))  # type: ignore[index]
                if own is not None:
                    ps.append(own.mean(row["x"]))  # type: ignore[arg-type]
        sd = statistics.pstdev([y - g for y, g in zip(ys, gs, strict=True)]) * total
        fit = f"{statistics.fmean(ps) * total:.1f}" if ps else "—"
        own_r2 = f"{_r2(ys, ps):.3f}" if ps else "—"
        value_r2 = statistics.correlation(ys, vs) ** 2
        print(
            f"| {name} | {len(ys)} | {statistics.fmean(ys) * total:.1f} | {statistics.fmean(gs) * total:.1f} "
            f"| {fit} | {sd:.1f} | {_r2(ys, gs):.3f} | {own_r2} | {value_r2:.3f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
