"""Learn the rule-general bidding model from simulated contracts over rule sets from the lobby's settings space.

    python benchmarks/learn_general_bidding.py simulate --tables 240 --deals 20 --out /tmp/general.jsonl
    python benchmarks/learn_general_bidding.py fit --rows /tmp/general.jsonl   # -> krook/bots/general_bidding_data.py

``simulate`` draws rule sets (seed ``--seed``, default 2029; a different draw from the eight test tables of
``custom_tables.py``, seed 29): every shape the rules allow (three to six players; fixed partners, a called
partner, everyone for themselves), each setting drawn as ``custom_tables.draw_table`` draws it, plus the presets
themselves. On each it deals ``--deals`` seeded hands, and every seat (three of them at five or six players) takes
the contract in turn exactly as ``build/learn_bidding.py`` does it for one preset: it picks up the nest, buries and
names trump as medium does, and the hand is played out twice by the playout policy. A row holds the bidder's hand
features (``bidding.FEATURES``), the rules' descriptors (``bidding.RULE_FEATURES``) and the share of the hand's
points the bidding side took. Rows are appended as made; a rerun goes on after the last table written.

``fit`` solves one least-squares problem over all rows: each hand feature's weight is a linear function of the
rule descriptors (110 weights; numpy here, only in this script: the bots evaluate the result in pure Python).
The residual spread is fitted the same way from the rule descriptors (mean absolute residual, scaled to a
standard deviation), and the residuals divided by it give 40 standardised quantiles. Every fifth table is held
out of the fit and its R² printed beside the training tables'. The result is written as a Python module of
constants, so it ships inside the package like code.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from learn_bidding import contract_rows  # noqa: E402  (the per-preset learner's contract simulation)

from krook.bots.bidding import FEATURES, RULE_FEATURES, rule_features  # noqa: E402
from krook.rules import PRESETS, Rules  # noqa: E402
from krook.rules.deal import deal_from_seed, hand_seed  # noqa: E402

OUT = ROOT / "krook" / "bots" / "general_bidding_data.py"
SHAPES = (
    (3, "individual"),
    (4, "fixed"),
    (4, "fixed"),
    (4, "fixed"),
    (4, "called"),
    (4, "individual"),
    (5, "individual"),
    (5, "called"),
    (6, "fixed"),
    (6, "individual"),
    (6, "called"),
)
QUANTILES = 40


def _custom_tables():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("custom_tables", ROOT / "benchmarks" / "custom_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def training_tables(count: int, seed: int) -> list[Rules]:
    """The presets that bid, then ``count`` drawn rule sets of every shape."""
    draw = _custom_tables().draw_table
    rng = random.Random(seed)
    tables = [p.rules for p in PRESETS.values() if p.rules.bidding]
    while len(tables) < count:
        players, partnership = rng.choice(SHAPES)
        tables.append(draw(rng, players, partnership))
    return tables


def simulate(count: int, deals: int, seed: int, out: Path) -> None:
    tables = training_tables(count, seed)
    done = -1
    if out.exists():
        done = max((json.loads(line)["table"] for line in out.read_text().splitlines() if line), default=-1)
    started = time.perf_counter()
    with out.open("a") as sink:
        for t, rules in enumerate(tables):
            if t <= done:
                continue
            n = rules.players
            r = rule_features(rules)
            for i in range(deals):
                rng = random.Random(f"general/{seed}/{t}/{i}")
                dealer = i % n
                hands, nest = deal_from_seed(rules, dealer, hand_seed(seed + t, i))
                bidders = list(range(n)) if n <= 4 else rng.sample(range(n), 3)
                for row in contract_rows(rules, list(hands), nest, dealer, bidders, rng):
                    row.update(table=t, deal=i, r=r)
                    sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(
                f"table {t}: {rules.players} {rules.partnership}, {time.perf_counter() - started:.0f} s",
                flush=True,
            )


def fit(rows_path: Path, out: Path, ridge: float, seed: int) -> None:
    import numpy as np

    rows = [json.loads(line) for line in rows_path.read_text().splitlines() if line]
    # the rule descriptors from the tables themselves (redrawn from the seed), so a change of descriptors
    # needs no new simulation
    tables = training_tables(1 + max(r["table"] for r in rows), seed)
    described = [rule_features(rules) for rules in tables]
    for r in rows:
        r["r"] = described[r["table"]]
    x = np.array([r["x"] for r in rows])
    rr = np.array([r["r"] for r in rows])
    y = np.array([r["y"] for r in rows])
    held = np.array([r["table"] % 5 == 4 for r in rows])
    design = (x[:, :, None] * rr[:, None, :]).reshape(len(rows), -1)

    def solve(a, b):  # type: ignore[no-untyped-def]
        gram = a.T @ a + ridge * len(a) * np.eye(a.shape[1])
        return np.linalg.solve(gram, a.T @ b)

    def r2(a, b, w):  # type: ignore[no-untyped-def]
        res = b - a @ w
        return 1 - res.var() / b.var(), res.std()

    train = ~held
    w = solve(design[train], y[train])
    print(f"{len(rows)} contracts, {len({r['table'] for r in rows})} tables; held out {held.sum()} contracts")
    fit_train, fit_held = r2(design[train], y[train], w), r2(design[held], y[held], w)
    print(
        f"train R² {fit_train[0]:.3f} (residual sd {fit_train[1]:.3f}); "
        f"held-out R² {fit_held[0]:.3f} (residual sd {fit_held[1]:.3f})"
    )
    w = solve(design, y)  # the shipped fit uses every table
    res = y - design @ w
    spread = solve(rr, np.abs(res) * math.sqrt(math.pi / 2))
    scale = np.maximum(0.02, rr @ spread)
    z = np.sort(res / scale)
    quantiles = [
        round(float(z[min(len(z) - 1, int((q + 0.5) / QUANTILES * len(z)))]), 4) for q in range(QUANTILES)
    ]
    weights = w.reshape(len(FEATURES), len(RULE_FEATURES))
    for shape in sorted({(r["r"][7], r["r"][3], r["r"][4]) for r in rows}):
        mask = np.array([(r["r"][7], r["r"][3], r["r"][4]) == shape for r in rows])
        print(
            f"  players {shape[0] * 4:.0f} fixed {shape[1]:.0f} individual {shape[2]:.0f}: "
            f"{mask.sum()} contracts, residual sd {res[mask].std():.3f}, predicted {scale[mask].mean():.3f}"
        )
    lines = [
        '"""The rule-general bidding model: made by ``benchmarks/learn_general_bidding.py fit``; do not edit."""',
        "",
        f"FEATURES = {tuple(FEATURES)!r}",
        f"RULE_FEATURES = {tuple(RULE_FEATURES)!r}",
        f"DEALS = {len({(r['table'], r['deal']) for r in rows})}",
        "# WEIGHTS[i][j]: the weight of FEATURES[i] is the sum over j of WEIGHTS[i][j] * RULE_FEATURES[j]",
        "WEIGHTS = (",
        *(f"    ({', '.join(f'{v:.5f}' for v in row)},)," for row in weights),
        ")",
        "# the residual spread (standard deviation, share of the hand's points): SPREAD . RULE_FEATURES",
        f"SPREAD = ({', '.join(f'{v:.5f}' for v in spread)},)",
        "# standardised residual quantiles",
        "RESIDUALS = (",
        *(f"    {', '.join(str(v) for v in quantiles[i : i + 8])}," for i in range(0, QUANTILES, 8)),
        ")",
        "",
    ]
    out.write_text("\n".join(lines))
    print(f"wrote {out} (residual sd {statistics.pstdev(res.tolist()):.3f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate")
    sim.add_argument("--tables", type=int, default=240)
    sim.add_argument("--deals", type=int, default=20)
    sim.add_argument("--seed", type=int, default=2029)
    sim.add_argument("--out", type=Path, required=True)
    fitting = sub.add_parser("fit")
    fitting.add_argument("--rows", type=Path, required=True)
    fitting.add_argument("--out", type=Path, default=OUT)
    fitting.add_argument("--ridge", type=float, default=1e-5)
    fitting.add_argument("--seed", type=int, default=2029, help="the seed the rows were simulated with")
    opts = parser.parse_args()
    if opts.command == "simulate":
        simulate(opts.tables, opts.deals, opts.seed, opts.out)
    else:
        fit(opts.rows, opts.out, opts.ridge, opts.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
