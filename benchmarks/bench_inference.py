"""How much probability the hard bot's sampler puts on where the hidden cards really are, with each kind of evidence.

    python benchmarks/bench_inference.py --preset kentucky-discard --hands 40 --samples 200

Hands are played by the hard bot in fixed-work mode (``--bot-samples``, seeded), and at the first card decision of
tricks 2, 4 and 6 (``SNAPSHOT_TRICKS``), for every seat that is not the bidder, the sampler deals the unseen cards ``--samples`` times. A card's *mass* is the weighted share of
deals that put it where it truly is (a seat's hand or the hidden nest); the figure is the mean over unseen cards and
snapshots, for each weighting: voids only (every consistent deal equal), + the bidding (``bid_weight``, what hard
used before), + the tricks seats let go (``duck_weight``), and all of it with the trump choice and burial
(``deal_weight``, what hard uses now). The JSON line holds them all.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Callable

from krook.bots import BotContext, make_bot
from krook.bots.fast import bits
from krook.bots.knowledge import Knowledge, read_view
from krook.bots.sampler import bid_weight, deal_weight, duck_weight, play_weight, sample_deal
from krook.rules import PRESETS, Match

SNAPSHOT_TRICKS = (1, 3, 5)  # tricks already played at the snapshot

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--bot-samples", type=int, default=8)
    parser.add_argument("--bot", default="hard", help="the strength playing every seat (hard or medium)")
    parser.add_argument("--seed", type=int, default=16)
    opts = parser.parse_args()
    rules = PRESETS[opts.preset].rules
    weights: dict[str, Weight] = {
        "voids": lambda k, h, n: 1.0,
        "bids": lambda k, h, n: bid_weight(k, h, k.bids),
        "bids+tricks let go": lambda k, h, n: bid_weight(k, h, k.bids) * duck_weight(k, h),
        "all but the plays read": lambda k, h, n: bid_weight(k, h, k.bids) * play_weight(k, h, n),
        "all": lambda k, h, n: deal_weight(k, h, n, k.bids),
    }
    results: dict[str, list[float]] = {name: [] for name in weights}
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
            if (
                view.phase == "play"
                and not view.trick
                and len(view.tricks) in SNAPSHOT_TRICKS
                and hand.bidder is not None
            ):
                for looker in range(rules.players):
                    if looker == hand.bidder:
                        continue
                    k = read_view(match.view(looker))
                    truth = {
                        c: s
                        for s in range(rules.players)
                        if s != looker
                        for c in bits(match.hand.hands[s])
                        if k.unseen >> c & 1
                    }
                    truth.update({c: -1 for c in bits(k.unseen) if c not in truth})
                    rng = random.Random(f"{i}/{decision}/{looker}")
                    for name, value in masses(k, truth, opts.samples, rng, weights).items():
                        results[name].append(value)
            action = bots[seat].choose(view, BotContext(random.Random(f"{i}/{decision}")))
            match.apply(action, seat)
            decision += 1
    summary = {
        name: {
            "mean": round(statistics.fmean(v), 4),
            "ci95": round(1.96 * statistics.stdev(v) / len(v) ** 0.5, 4),
        }
        for name, v in results.items()
    }
    base = statistics.fmean(results["bids"])
    for name, s in summary.items():
        print(f"{name:20s} mass on the true place {s['mean']:.4f} ± {s['ci95']:.4f}")
    pairs = [b - a for a, b in zip(results["bids"], results["all"], strict=True)]
    print(
        f"after - before (paired): {statistics.fmean(pairs):+.4f} ± {1.96 * statistics.stdev(pairs) / len(pairs) ** 0.5:.4f}"
        f" over {len(pairs)} snapshots ({statistics.fmean(pairs) / base:+.1%})"
    )
    print(
        json.dumps({"preset": opts.preset, "hands": opts.hands, "snapshots": len(pairs), "summary": summary})
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
