"""Learn what a hand is worth to the bidding side, per preset, from simulated play; write the bidding model.

    python build/learn_bidding.py simulate --preset kentucky-discard --deals 3000 --out /tmp/bid  # rows (JSONL)
    python build/learn_bidding.py fit --rows /tmp/bid                      # -> krook/assets/bots/bidding.json
    python build/learn_bidding.py check-hard --preset kentucky-discard --deals 60 --samples 8

``simulate`` deals seeded hands (deal ``i`` of a preset uses ``hand_seed(seed, i)``); every seat (three of them at
five or six players) in turn takes the contract: it picks up the nest, buries and names trump as medium does, and
the hand is played out by the playout policy for every seat (the hard bot's own simulation of a contract), twice.
A row holds the bidder's features, its partner's and the strongest opponent's hand values, and the points its side
took. Rows are appended as they are made, so a stopped run keeps what it did. ``fit`` solves least squares per
preset (pure Python: ten features) and stores the weights, the residual quantiles and the quantiles of a dealt
hand's value. ``check-hard`` plays the same contracts with the hard bot in fixed-work mode at every seat and
prints how far the playout proxy is from it (the model is shifted by that mean difference when it is measured).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from krook.bots.bidding import FEATURES, hand_features, play_contract, take_nest
from krook.bots.evaluate import best_trump_value
from krook.rules import PRESETS, Rules
from krook.rules.deal import deal_from_seed, hand_seed

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "krook" / "assets" / "bots" / "bidding.json"
QUANTILES = 40
PLAYOUTS = 2


def total_of(rules: Rules) -> float:
    return float(rules.card_points_total + rules.bonus_total)


def contract_rows(
    rules: Rules, hands: list[int], nest: int, dealer: int, bidders: list[int], rng: random.Random
) -> list[dict[str, object]]:
    n = rules.players
    total = total_of(rules)
    values = [best_trump_value(rules, h)[0] / total for h in hands]
    rows: list[dict[str, object]] = []
    for bidder in bidders:
        kept, buried, trump = take_nest(rules, hands[bidder], nest)
        points = []
        for _ in range(PLAYOUTS):
            hs = list(hands)
            hs[bidder] = kept
            points.append(
                play_contract(rules, hs, trump, buried if rules.nest_size else nest, bidder, dealer, rng)
                / total
            )
        partner = (bidder + 2) % n if rules.partnership == "fixed" else None
        help_ = values[partner] if partner is not None else 0.0
        threat = max(values[s] for s in range(n) if s != bidder and s != partner)
        rows.append(
            {
                "x": [*hand_features(rules, hands[bidder]), help_, threat],
                "y": statistics.fmean(points),
                "value": values[bidder],
            }
        )
    return rows


def simulate(preset: str, deals: int, seed: int, out: Path, start: int) -> None:
    rules = PRESETS[preset].rules
    n = rules.players
    path = out / f"{preset}.jsonl"
    out.mkdir(parents=True, exist_ok=True)
    done = 0
    if path.exists():
        done = len({json.loads(line)["deal"] for line in path.read_text().splitlines() if line})
    started = time.perf_counter()
    with path.open("a") as f:
        for i in range(max(start, done), deals):
            rng = random.Random(f"{preset}/{seed}/{i}")
            dealer = i % n
            hands, nest = deal_from_seed(rules, dealer, hand_seed(seed, i))
            bidders = list(range(n)) if n <= 4 else rng.sample(range(n), 3)
            for row in contract_rows(rules, list(hands), nest, dealer, bidders, rng):
                row["deal"] = i
                f.write(json.dumps(row) + "\n")
            f.flush()
    print(
        f"{preset}: deals {max(start, done)}..{deals} in {time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )


def solve(xs: list[list[float]], ys: list[float], ridge: float = 1e-6) -> list[float]:
    """Least squares by the normal equations (Gaussian elimination with pivoting; a tiny ridge keeps it solvable)."""
    m = len(xs[0])
    a = [
        [sum(x[i] * x[j] for x in xs) + (ridge * len(xs) if i == j and i else 0.0) for j in range(m)]
        for i in range(m)
    ]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(m)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        if abs(a[col][col]) < 1e-12:
            continue  # a feature constant in this preset (e.g. no partner): its weight stays 0
        for r in range(m):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(m)]


def quantiles(values: list[float], count: int) -> list[float]:
    ordered = sorted(values)
    return [
        round(ordered[min(len(ordered) - 1, int((q + 0.5) / count * len(ordered)))], 4) for q in range(count)
    ]


def fit(rows_dir: Path, out: Path, shifts: dict[str, float]) -> None:
    presets: dict[str, object] = {}
    for path in sorted(rows_dir.glob("*.jsonl")):
        preset = path.stem
        rows = [json.loads(line) for line in path.read_text().splitlines() if line]
        xs = [r["x"] for r in rows]
        ys = [r["y"] + shifts.get(preset, 0.0) for r in rows]
        weights = solve(xs, ys)
        residuals = [
            y - sum(w * x for w, x in zip(weights, row, strict=True)) for row, y in zip(xs, ys, strict=True)
        ]
        sd = statistics.pstdev(residuals)
        base = statistics.pstdev(ys)
        deals = len({r["deal"] for r in rows})
        print(
            f"{preset}: {deals} deals, {len(rows)} contracts; points sd {base:.3f} of the total, "
            f"residual sd {sd:.3f} (R² {1 - (sd / base) ** 2:.2f})"
        )
        presets[preset] = {
            "weights": [round(w, 5) for w in weights],
            "residuals": quantiles(residuals, QUANTILES),
            "values": quantiles([r["value"] for r in rows], QUANTILES),
            "deals": deals,
            "shift": shifts.get(preset, 0.0),
        }
    # one line per list keeps the file short and its diffs readable
    lines = [
        f'  "{name}": {{' + ", ".join(f'"{k}": {json.dumps(v)}' for k, v in m.items()) + "}"  # type: ignore[attr-defined]
        for name, m in presets.items()
    ]
    out.write_text(
        '{"features": ' + json.dumps(list(FEATURES)) + ', "presets": {\n' + ",\n".join(lines) + "\n}}\n"
    )
    print(f"wrote {out}")


def check_hard(preset: str, deals: int, seed: int, samples: int) -> float:
    """Mean (hard's points - the proxy's points) for the bidding side over the same contracts, as a fraction."""
    from krook.bots.base import BotContext
    from krook.bots.strengths import HardBot
    from krook.rules import Match
    from krook.rules.cards import CARD_NAMES

    rules = PRESETS[preset].rules
    n = rules.players
    total = total_of(rules)
    diffs = []
    for i in range(deals):
        rng = random.Random(f"check/{preset}/{seed}/{i}")
        dealer = i % n
        hands, nest = deal_from_seed(rules, dealer, hand_seed(seed + 1000, i))
        bidder = rng.randrange(n)
        proxy = statistics.fmean(
            contract_rows(rules, list(hands), nest, dealer, [bidder], rng)[0]["y"] for _ in range(4)
        )  # type: ignore[misc]
        match = Match(rules, seed=i, first_dealer=dealer, deal=(list(hands), nest))
        _, buried, trump = take_nest(rules, hands[bidder], nest)
        bots = [HardBot(samples=samples) for _ in range(n)]
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            phase = match.phase.value
            legal = match.legal_actions()
            if phase == "bidding":
                action = f"bid {rules.min_bid}" if seat == bidder else "pass"
                if action not in legal:
                    action = next(iter(legal))
            elif phase == "discard" and match.hand.bidder != bidder:
                break  # another seat had to take the contract (a forced opener): not this contract
            elif phase == "discard":
                action = "discard " + " ".join(CARD_NAMES[c] for c in range(66) if buried >> c & 1)
            elif phase == "trump":
                action = "trump " + "RYGB"[trump]
            else:
                action = bots[seat].choose(
                    match.view(seat), BotContext(random.Random(f"{i}/{seat}/{len(match.hand.actions)}"))
                )
            match.apply(action, seat)
        if not match.results:
            continue
        result = match.results[-1]
        if result.bidder != bidder:
            continue
        if result.bidding_total is None:
            continue
        hard_points = result.bidding_total / total
        diffs.append(hard_points - proxy)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"{preset}: hard (samples {samples}) minus proxy, bidding side's points, {len(diffs)} contracts: "
        f"{mean * total:+.1f} points (95% CI {(mean - half) * total:+.1f} to {(mean + half) * total:+.1f})"
    )
    return mean


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("simulate")
    s.add_argument("--preset", action="append", required=True)
    s.add_argument("--deals", type=int, default=3000)
    s.add_argument("--seed", type=int, default=16)
    s.add_argument("--start", type=int, default=0)
    s.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("--rows", type=Path, required=True)
    f.add_argument("--out", type=Path, default=OUT)
    f.add_argument("--shift", action="append", default=[], help="PRESET=FRACTION added to every row's points")
    c = sub.add_parser("check-hard")
    c.add_argument("--preset", default="kentucky-discard")
    c.add_argument("--deals", type=int, default=60)
    c.add_argument("--seed", type=int, default=16)
    c.add_argument("--samples", type=int, default=8)
    opts = parser.parse_args()
    if opts.cmd == "simulate":
        for preset in opts.preset:
            simulate(preset, opts.deals, opts.seed, opts.out, opts.start)
    elif opts.cmd == "fit":
        shifts = {k: float(v) for k, v in (x.split("=", 1) for x in opts.shift)}
        fit(opts.rows, opts.out, shifts)
    else:
        check_hard(opts.preset, opts.deals, opts.seed, opts.samples)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
