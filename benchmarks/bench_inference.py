"""How much probability the hard bot's sampler puts on where the hidden cards really are, per phase and evidence.

    python benchmarks/bench_inference.py --preset kentucky-discard --hands 40 --samples 200
    python benchmarks/bench_inference.py --rules "$(python benchmarks/custom_tables.py --only 0)" --hands 20

Hands are played by the hard bot in fixed-work mode (``--bot-samples``, seeded). Snapshots are taken in the
auction (every seat, once each other seat has spoken once and again after a second round) and at the first card
decision of trick 1, 2, 4 and 7 (for every seat but the bidder, who knows the nest); at each the sampler deals the
unseen cards ``--samples`` times. A card's *mass* is the weighted share of deals that put it where it truly is (a
seat's hand or the hidden nest); the figure is the mean over unseen cards and snapshots, per phase, for each
weighting: voids only (every consistent deal equal); the bids read by the old threshold (``bid_weight``) or by
medium's bidding policy softened (``bid_policy_weight``); the tricks let go, the trump choice and burial
(``play_weight``); and the opponents' cards read against medium's card play (``policy_weight``). "all" is the
product. The JSON line holds them all.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krook.bots import BotContext, make_bot
from krook.bots.arena import read_spec, table_rules
from krook.bots.fast import bits
from krook.bots.knowledge import Knowledge, read_view
from krook.bots.play_reading import policy_weight
from krook.bots.sampler import bid_policy_weight, bid_weight, play_weight, sample_deal
from krook.rules import Match

SNAPSHOT_TRICKS = (0, 1, 3, 6)  # tricks already played at a play snapshot

Weight = Callable[[Knowledge, list[int], int], float]


def masses(
    k: Knowledge, truth: dict[int, int], samples: int, rng: random.Random, weights: dict[str, Weight]
) -> dict[str, float]:
    """Mean (over unseen cards) weighted share of deals placing each card where it is. Seat -1 is the nest."""
    got = dict.fromkeys(weights, 0.0)
    total = dict.fromkeys(weights, 0.0)
    for _ in range(samples):
        hands, nest = sample_deal(k, rng)
        place = {c: s for s in range(k.n) if s != k.seat for c in bits(hands[s])}
        place.update({c: -1 for c in bits(nest)})
        right = sum(1 for c, where in truth.items() if place.get(c) == where) / len(truth)
        for name, weight in weights.items():
            w = weight(k, hands, nest)
            got[name] += w * right
            total[name] += w
    return {name: got[name] / total[name] if total[name] else 0.0 for name in weights}


def phase_of(tricks: int | None) -> str:
    if tricks is None:
        return "auction"
    if tricks == 0:
        return "trick 1"
    return "tricks 2-4" if tricks < 4 else "tricks 5+"


def _ci(v: list[float]) -> float:
    return 1.96 * statistics.stdev(v) / len(v) ** 0.5 if len(v) > 1 else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument(
        "--rules", default=None, help="a rules SPEC (JSON text or a file), instead of --preset"
    )
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--bot-samples", type=int, default=8)
    parser.add_argument("--bot", default="hard", help="the strength playing every seat (hard or medium)")
    parser.add_argument("--seed", type=int, default=16)
    opts = parser.parse_args()
    rules, preset = table_rules(read_spec(opts.rules) if opts.rules else opts.preset)
    weights: dict[str, Weight] = {
        "voids": lambda k, h, n: 1.0,
        "bids (threshold)": lambda k, h, n: bid_weight(k, h, k.bids),
        "bids (policy)": lambda k, h, n: bid_policy_weight(k, h, k.bids),
        "all (threshold bids)": lambda k, h, n: (
            bid_weight(k, h, k.bids) * play_weight(k, h, n) * policy_weight(k, h)
        ),
        "all (policy bids)": lambda k, h, n: (
            bid_policy_weight(k, h, k.bids) * play_weight(k, h, n) * policy_weight(k, h)
        ),
    }
    results: dict[str, dict[str, list[float]]] = {}
    for i in range(opts.hands):
        match = Match(rules, seed=opts.seed * 1000 + i, first_dealer=i % rules.players)
        bots = [
            make_bot(opts.bot, samples=opts.bot_samples if opts.bot != "medium" else None)
            for _ in range(rules.players)
        ]
        decision = 0
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            view = match.view(seat)
            hand = match.hand
            lookers: list[int] = []
            tricks: int | None = None
            if view.phase == "bidding" and len(view.bids) in (rules.players - 1, 2 * rules.players - 1):
                lookers = list(range(rules.players))
            elif (
                view.phase == "play"
                and not view.trick
                and len(view.tricks) in SNAPSHOT_TRICKS
                and hand.bidder is not None
            ):
                lookers = [s for s in range(rules.players) if s != hand.bidder]
                tricks = len(view.tricks)
            for looker in lookers:
                k = read_view(match.view(looker))
                truth = {
                    c: s
                    for s in range(rules.players)
                    if s != looker
                    for c in bits(match.hand.hands[s])
                    if k.unseen >> c & 1
                }
                truth.update({c: -1 for c in bits(k.unseen) if c not in truth})
                if not truth:
                    continue
                rng = random.Random(f"{i}/{decision}/{looker}")
                row = results.setdefault(phase_of(tricks), {name: [] for name in weights})
                for name, value in masses(k, truth, opts.samples, rng, weights).items():
                    row[name].append(value)
            action = bots[seat].choose(view, BotContext(random.Random(f"{i}/{decision}")))
            match.apply(action, seat)
            decision += 1
    order = ["auction", "trick 1", "tricks 2-4", "tricks 5+"]
    summary: dict[str, dict[str, object]] = {}
    for phase in [p for p in order if p in results]:
        row = results[phase]
        before = row["all (threshold bids)"]
        after = row["all (policy bids)"]
        pairs = [b - a for a, b in zip(before, after, strict=True)]
        gain = [b - a for a, b in zip(row["voids"], after, strict=True)]
        summary[phase] = {
            "snapshots": len(before),
            **{name: [round(statistics.fmean(v), 4), round(_ci(v), 4)] for name, v in row.items()},
            "policy - threshold": [round(statistics.fmean(pairs), 4), round(_ci(pairs), 4)],
            "policy - voids": [round(statistics.fmean(gain), 4), round(_ci(gain), 4)],
        }
        print(f"{phase} ({len(before)} snapshots)")
        for name, v in row.items():
            print(f"  {name:22s} mass on the true place {statistics.fmean(v):.4f} ± {_ci(v):.4f}")
        print(
            f"  all: policy bids - threshold bids (paired) {statistics.fmean(pairs):+.4f} ± {_ci(pairs):.4f}"
        )
        print(f"  all with policy bids - voids only (paired) {statistics.fmean(gain):+.4f} ± {_ci(gain):.4f}")
    print(json.dumps({"table": opts.rules or preset, "hands": opts.hands, "summary": summary}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
