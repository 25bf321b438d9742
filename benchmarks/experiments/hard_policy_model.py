"""A learned model of how hard picks its card, to read the other seats' plays by (issue 29, twenty-third session).

    python benchmarks/experiments/hard_policy_model.py collect --first 1000 --hands 600 --samples 64 --out A.jsonl
    python benchmarks/experiments/hard_policy_model.py fit --train A.jsonl --test B.jsonl > FIT   # needs numpy
    tail -n 1 FIT > W.json
    python benchmarks/experiments/hard_policy_model.py mass --weights W.json --hands 30

``collect`` plays Kentucky Discard hands with hard in every seat (fixed work, seeded: hand i is seed 50000 + i)
and writes every card decision that had a choice, with what the seat knew. ``fit`` learns a softmax over the
legal cards from features of each card in its trick (and whether medium's policy, the model the sampler reads
plays by today, picks it), then prints, on the test hands, how often it names hard's card and the mean
log-likelihood of hard's card under it, beside medium's policy read as ``play_reading`` reads it (the pick
twice as likely as each other card) and beside every legal card equally likely; its last line is the weights.
``mass`` plays hands as ``benchmarks/bench_inference.py`` does (hard at 16 deals, seed 16000 + i) and prints,
after 1, 3 and 6 tricks, the probability the sampler puts on where the unseen cards truly are with no reading of
the opponents' plays, with today's reading, and with the learned model's. ``learned-play-reading.patch`` (beside
this script) is hard reading the opponents' plays by the model.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from self_play import hand_decisions

from krook.bots.arena import table_rules
from krook.bots.fast import PlayRules
from krook.bots.knowledge import read_view
from krook.bots.playout import policy
from krook.rules.cards import KROOK

NAMES = [
    "trump", "bird", "points", "master", "wins", "feed_partner", "overtake_partner", "win_worth", "last_wins",
    "lead_trump", "lead_length", "rank", "lowest_of_class", "highest_of_class", "singleton", "cheapest_winner",
    "bidder_leads_trump", "lead_master", "lead_points", "throw_points", "bird_early", "defender_leads_trump",
    "lead_master_points", "follow_low", "trump_in", "short_colour_lead", "policy_pick", "policy_pick_lead",
]  # fmt: skip


def features(play, seat, hand, trick, played, sides, bidding_side, tricks_left, cannot):
    """(card, feature values) for every card this seat may play here."""
    lead = trick[0][1] if trick else -1
    moves = play.playable(hand, lead)
    cards = [c for c in range(66) if moves >> c & 1]
    pick = policy(play, seat, hand, trick, played, sides, bidding_side, cannot, tricks_left)
    points, above, rank, trump_mask = play.points, play.above, play.rank, play.trump_mask
    out = play.rules.deck_mask & ~played & ~hand
    leading = not trick
    power = None
    partner_winning = last = False
    trick_pts = best = 0
    if trick:
        first = trick[0][1]
        led = play.trump if first >= KROOK else first >> 4
        power = play.power[led]
        best_seat, best_card = trick[0]
        best = power[best_card]
        for s, c in trick[1:]:
            if power[c] > best:
                best_seat, best_card, best = s, c, power[c]
        partner_winning = sides[best_seat] is True
        trick_pts = sum(points[c] for _, c in trick)
        last = len(trick) == play.n - 1
    size = max(1, hand.bit_count())

    def klass(c: int) -> int:
        return trump_mask if trump_mask >> c & 1 else (0x7FFE << ((c >> 4) * 16))

    winners = [c for c in cards if power is not None and power[c] > best]
    cheapest = min(winners, key=lambda c: power[c]) if winners else None
    rows = []
    for c in cards:
        is_trump = 1.0 if trump_mask >> c & 1 else 0.0
        bird = 1.0 if c >= KROOK else 0.0
        pts = points[c] / 10.0
        master = 0.0 if above[c] & out else 1.0
        wins = 1.0 if c in winners else 0.0
        mine = hand & klass(c)
        others = [x for x in range(66) if mine >> x & 1 and x != c]
        colour_len = mine.bit_count() / size
        r = rank[c] / 16.0
        following = bool(trick) and bool(klass(c) >> trick[0][1] & 1)
        rows.append(
            (
                c,
                [
                    is_trump,
                    bird,
                    pts,
                    master,
                    wins,
                    pts if partner_winning else 0.0,
                    wins if partner_winning else 0.0,
                    wins * trick_pts / 20.0 if not partner_winning else 0.0,
                    wins if last else 0.0,
                    is_trump if leading else 0.0,
                    colour_len if leading and not is_trump else 0.0,
                    r,
                    0.0 if any(rank[x] < rank[c] for x in others) else 1.0,
                    0.0 if any(rank[x] > rank[c] for x in others) else 1.0,
                    1.0 if not is_trump and mine.bit_count() == 1 else 0.0,
                    1.0 if cheapest == c else 0.0,
                    is_trump if leading and bidding_side else 0.0,
                    master if leading else 0.0,
                    pts if leading else 0.0,
                    pts if trick and not wins and not partner_winning else 0.0,
                    bird * tricks_left / 9.0,
                    is_trump if leading and bidding_side is False else 0.0,
                    master * pts if leading else 0.0,
                    (1.0 - r) if following else 0.0,
                    is_trump if trick and not following else 0.0,
                    (1.0 - colour_len) if leading and not is_trump else 0.0,
                    1.0 if c == pick else 0.0,
                    1.0 if c == pick and leading else 0.0,
                ],
            )
        )
    return rows, pick


def collect(opts: argparse.Namespace) -> None:
    rules, _ = table_rules("kentucky-discard")
    with open(opts.out, "w") as f:
        for i in range(opts.first, opts.first + opts.hands):
            for _, _, seat, view, action in hand_decisions(
                rules, 50000 + i, i % rules.players, opts.samples, str(i)
            ):
                if view.phase == "play":
                    k = read_view(view)
                    moves = k.play.playable(k.hand, k.trick[0][1] if k.trick else -1)
                    if moves & (moves - 1):
                        record = {
                            "trump": k.trump,
                            "seat": seat,
                            "hand": k.hand,
                            "trick": k.trick,
                            "played": k.played,
                            "cannot": k.cannot,
                            "bidder": k.bidder,
                            "tricks_left": k.hand.bit_count(),
                            "card": action.card,  # type: ignore[attr-defined]
                        }
                        f.write(json.dumps(record) + "\n")
            print(i, file=sys.stderr, flush=True)


def load(paths: list[str]):
    rules, _ = table_rules("kentucky-discard")
    plays: dict[int | None, PlayRules] = {}
    out = []
    lines = [line for path in paths for line in Path(path).read_text().splitlines() if line]
    for line in lines:
        r = json.loads(line)
        play = plays.setdefault(r["trump"], PlayRules(rules, r["trump"]))
        seat = r["seat"]
        sides = tuple(s % 2 == seat % 2 for s in range(rules.players))
        trick = [tuple(x) for x in r["trick"]]
        rows, pick = features(
            play, seat, r["hand"], trick, r["played"], sides, seat % 2 == r["bidder"] % 2, r["tricks_left"],
            r["cannot"],
        )  # fmt: skip
        cards = [c for c, _ in rows]
        if r["card"] in cards:
            out.append(([f for _, f in rows], cards.index(r["card"]), cards.index(pick), not trick))
    return out


def fit(opts: argparse.Namespace) -> None:
    try:
        import numpy as np
    except ImportError:
        raise SystemExit("fit needs numpy: python -m pip install numpy") from None

    def arrays(data):
        k = max(len(x) for x, *_ in data)
        a = np.zeros((len(data), k, len(NAMES)))
        mask = np.zeros((len(data), k), bool)
        for i, (x, *_) in enumerate(data):
            a[i, : len(x)] = x
            mask[i, : len(x)] = True
        return a, mask, np.array([d[1] for d in data])

    def probs(w, a, mask):
        s = a @ w
        s[~mask] = -1e9
        s -= s.max(1, keepdims=True)
        p = np.exp(s)
        return p / p.sum(1, keepdims=True)

    train, test = load(opts.train), load(opts.test)
    a, mask, y = arrays(train)
    w = np.zeros(len(NAMES))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, 801):  # Adam on the mean log-likelihood, a little L2
        p = probs(w, a, mask)
        g = (a[np.arange(len(y)), y] - (p[..., None] * a).sum(1)).mean(0) - 1e-3 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w += 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    a, mask, y = arrays(test)
    p = probs(w, a, mask)
    n = mask.sum(1)
    picked = np.array([d[2] for d in test])
    leads = np.array([d[3] for d in test])
    # medium's policy read as play_reading reads it: the pick twice as likely as each other legal card
    medium_ll = np.where(picked == y, np.log(2 / (n + 1)), np.log(1 / (n + 1)))
    model_ll = np.log(p[np.arange(len(y)), y])
    print(f"{len(train)} decisions to learn from, {len(test)} to test on")
    for name, sel in (("leads", leads), ("follows", ~leads)):
        print(
            f"{name} ({sel.sum()}): names hard's card {np.mean(p.argmax(1)[sel] == y[sel]):.3f} "
            f"(medium's policy {np.mean(picked[sel] == y[sel]):.3f}, chance {np.mean(1 / n[sel]):.3f}); "
            f"log-likelihood a decision {model_ll[sel].mean():.3f} "
            f"(medium's policy read as today {medium_ll[sel].mean():.3f}, uniform {np.mean(-np.log(n[sel])):.3f})"
        )
    print(json.dumps({name: round(float(x), 3) for name, x in zip(NAMES, w, strict=True)}))


def model_weight(k, hands, weights: list[float]) -> float:
    """How likely the opponents' earlier plays were, the deal's hands given, under the learned model."""
    from krook.bots.play_reading import moments

    weight = 1.0
    play = k.play
    for m in moments(k):
        hand = hands[m.seat] | m.later
        moves = play.playable(hand, m.trick[0][1] if m.trick else -1)
        if moves & (moves - 1) == 0:
            continue
        rows, _ = features(
            play, m.seat, hand, m.trick, m.played, m.sides, m.bidding_side, hand.bit_count(), m.cannot
        )
        scores = {c: sum(a * b for a, b in zip(weights, f, strict=True)) for c, f in rows}
        if m.card not in scores:
            return 1e-9
        top = max(scores.values())
        weight *= math.exp(scores[m.card] - top) / sum(math.exp(v - top) for v in scores.values())
    return weight


def mass(opts: argparse.Namespace) -> None:
    from krook.bots.fast import bits
    from krook.bots.play_reading import policy_weight
    from krook.bots.sampler import bid_weight, play_weight, sample_deal

    learned = json.loads(Path(opts.weights).read_text())
    weights = [learned[name] for name in NAMES]
    rules, _ = table_rules("kentucky-discard")
    readings = ("no reading", "today's reading", "learned model")
    found: dict[int, dict[str, list[float]]] = {}
    for i in range(opts.hands):
        for decision, match, _, view, _ in hand_decisions(rules, 16000 + i, i % rules.players, 16, str(i)):
            hand = match.hand
            done = len(view.tricks)
            if view.phase == "play" and not view.trick and done in (1, 3, 6) and hand.bidder is not None:
                for looker in (s for s in range(rules.players) if s != hand.bidder):
                    k = read_view(match.view(looker))
                    truth = {c: s for s in range(rules.players) if s != looker for c in bits(hand.hands[s])}
                    truth = {c: s for c, s in truth.items() if k.unseen >> c & 1}
                    truth.update({c: -1 for c in bits(k.unseen) if c not in truth})
                    rng = random.Random(f"{i}/{decision}/{looker}")
                    got = dict.fromkeys(readings, 0.0)
                    total = dict.fromkeys(readings, 0.0)
                    for _ in range(opts.samples):
                        hands, nest = sample_deal(k, rng)
                        place = {c: s for s in range(rules.players) if s != looker for c in bits(hands[s])}
                        place.update({c: -1 for c in bits(nest)})
                        right = sum(1 for c, where in truth.items() if place.get(c) == where) / len(truth)
                        base = bid_weight(k, hands, k.bids) * play_weight(k, hands, nest)
                        for name, w in zip(
                            readings,
                            (base, base * policy_weight(k, hands), base * model_weight(k, hands, weights)),
                            strict=True,
                        ):
                            got[name] += w * right
                            total[name] += w
                    row = found.setdefault(done, {name: [] for name in readings})
                    for name in readings:
                        row[name].append(got[name] / total[name] if total[name] else 0.0)
    for done, row in sorted(found.items()):
        base = row["no reading"]
        parts = []
        for name in readings[1:]:
            gain = [a - b for a, b in zip(row[name], base, strict=True)]
            ci = 1.96 * statistics.stdev(gain) / len(gain) ** 0.5
            parts.append(
                f"{name} {statistics.fmean(row[name]):.4f} ({statistics.fmean(gain):+.4f} ± {ci:.4f})"
            )
        print(
            f"after {done} tricks ({len(base)} looks): no reading {statistics.fmean(base):.4f}; "
            + "; ".join(parts)
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--hands", type=int, default=100)
    c.add_argument("--samples", type=int, default=64)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--train", nargs="+", required=True)
    f.add_argument("--test", nargs="+", required=True)
    m = sub.add_parser("mass")
    m.add_argument("--weights", required=True)
    m.add_argument("--hands", type=int, default=30)
    m.add_argument("--samples", type=int, default=200)
    opts = parser.parse_args()
    {"collect": collect, "fit": fit, "mass": mass}[opts.command](opts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
