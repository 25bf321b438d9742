"""The bidding model's rows from hard's own play instead of the playout policy's: what a hand is worth when hard
buries, names trump and plays it.

    python benchmarks/experiments/hard_play_prices.py --preset kentucky-discard --deals 2000 --samples 8 --out DIR
    python build/learn_bidding.py fit --rows DIR --out FILE      # a bidding.json with this preset refitted

The shipped model (``build/learn_bidding.py simulate``) learns each hand's worth from playouts of the playout
policy, with medium's bury and trump; hard takes about 9 more points a contract than it prices in Kentucky
Discard (docs/BOTS-JOURNAL.md, twenty-first session), more at low contracts than high ones, so one shift cannot
follow it. Here every seat in turn (three at five or six players) takes the contract at the minimum bid and four
hard bots in fixed-work mode bury, name trump and play it out; each row holds the same features as the shipped
model's (the bidder's hand, its partner's and the strongest opponent's hand values) and the points its side took,
in the JSONL the fit reads. Rows are appended as they are made, deal by deal, so a stopped run keeps its work,
and ``--start``/``--step`` split the deals between processes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from krook.bots import BotContext, make_bot
from krook.bots.bidding import hand_features
from krook.bots.evaluate import best_trump_value
from krook.rules import PRESETS, Bid, Match, Pass, Rules
from krook.rules.deal import deal_from_seed, hand_seed


def contract(rules: Rules, i: int, seed: int, bidder: int, samples: int) -> float | None:
    """The bidding side's points (a fraction of the hand's total) when ``bidder`` holds deal ``i`` at the
    minimum and hard plays every seat; None when the rules put the contract elsewhere (a forced opener)."""
    n = rules.players
    dealer = i % n
    hands, nest = deal_from_seed(rules, dealer, hand_seed(seed, i))
    match = Match(rules, seed=i, first_dealer=dealer, deal=(list(hands), nest))
    bots = [make_bot("hard", samples=samples) for _ in range(n)]
    decision = 0
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        legal = match.legal_actions()
        if match.phase.value == "bidding":
            action = Bid(rules.min_bid) if seat == bidder else Pass()
            if action not in legal.actions():
                return None
        else:
            action = bots[seat].choose(
                match.view(seat), BotContext(random.Random(f"{i}/{bidder}/{decision}"))
            )
        match.apply(action, seat)
        decision += 1
    result = match.results[-1]
    if result.bidder != bidder or result.bidding_total is None:
        return None
    return result.bidding_total / float(rules.card_points_total + rules.bonus_total)


def rows_of_deal(rules: Rules, i: int, seed: int, samples: int) -> list[dict[str, object]]:
    n = rules.players
    total = float(rules.card_points_total + rules.bonus_total)
    hands, _ = deal_from_seed(rules, i % n, hand_seed(seed, i))
    values = [best_trump_value(rules, h)[0] / total for h in hands]
    bidders = list(range(n)) if n <= 4 else random.Random(f"bidders/{i}").sample(range(n), 3)
    rows: list[dict[str, object]] = []
    for bidder in bidders:
        y = contract(rules, i, seed, bidder, samples)
        if y is None:
            continue
        partner = (bidder + 2) % n if rules.partnership == "fixed" else None
        help_ = values[partner] if partner is not None else 0.0
        threat = max(values[s] for s in range(n) if s not in (bidder, partner))
        rows.append(
            {
                "x": [*hand_features(rules, hands[bidder]), help_, threat],
                "y": y,
                "value": values[bidder],
                "deal": i,
            }
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="kentucky-discard", choices=sorted(PRESETS))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=16, help="the deals' seed (the shipped fit's is 16)")
    parser.add_argument("--samples", type=int, default=8, help="hard's deals a decision")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--step", type=int, default=1, help="every STEP-th deal from START (split a run)")
    parser.add_argument("--out", type=Path, required=True, help="folder of PRESET.jsonl rows")
    opts = parser.parse_args()
    rules = PRESETS[opts.preset].rules
    opts.out.mkdir(parents=True, exist_ok=True)
    path = opts.out / f"{opts.preset}.jsonl"
    done = set()
    if path.exists():
        done = {json.loads(line)["deal"] for line in path.read_text().splitlines() if line}
    started = time.perf_counter()
    made = 0
    with path.open("a") as f:
        for i in range(opts.start, opts.deals, opts.step):
            if i in done:
                continue
            for row in rows_of_deal(rules, i, opts.seed, opts.samples):
                f.write(json.dumps(row) + "\n")
            f.flush()
            made += 1
    print(f"{opts.preset}: {made} deals in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
