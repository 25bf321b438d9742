"""How well hard's bidding prices its contracts and reads the auction, at one table:
``python benchmarks/bidding_calibration.py --table kentucky-rook --hands 400 --samples 16``.

Hard plays every seat in fixed-work mode on seeded deals. Two tables come out:

- per bid level of the contract, the learned model's chance of making it and its mean points at the declarer's
  last bid, beside what the declarer made and took (the model is learned from playouts, not from hard's play);
- per bid level heard, the hand values (``best_trump_value`` over the hand's points) of the seats that passed
  and that bid there, beside the bound hard's reading of the auction assumes (``strengths._heard``): a pass is
  read as a hand below the level plus ``BID_SLACK``, a bid as one above it less that. A bound far from where the
  hands actually lie means the auction is read as saying less (or more) than hard's own policy makes it say.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from krook.bots.arena import _drive, board_seeds, table_argument, table_rules
from krook.bots.base import BotContext
from krook.bots.evaluate import best_trump_value
from krook.bots.knowledge import Knowledge
from krook.bots.strengths import BID_SLACK, HardBot
from krook.rules.actions import Action, Bid
from krook.rules.deal import deal_from_seed
from krook.rules.match import Match
from krook.rules.view import SeatView


class _RecordingHard(HardBot):
    """Hard that notes, at each of its bidding decisions, the model's outcomes and its hand's value."""

    def __init__(self, samples: int, notes: dict[str, Any]) -> None:
        super().__init__(samples=samples)
        self.notes = notes

    def bid(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        action = super().bid(view, k, ctx)
        legal = view.legal_actions()
        if isinstance(action, Bid):
            outcomes = self._learned_outcomes(k)
            if outcomes is not None:
                self.notes["priced"][k.seat] = outcomes
        if legal.can_pass and legal.bids() and not self.partner_holds_bid(view, k):
            total = k.rules.card_points_total + k.rules.bonus_total
            value = best_trump_value(k.rules, k.hand)[0] / total
            self.notes["heard"].append((legal.bids()[0], isinstance(action, Bid), value, total))
        return action


@dataclass
class HandRecord:
    """One hand: the contract's pricing at the declarer's last bid and what it made, and the auction's decisions."""

    contract: dict[str, float] | None
    heard: list[tuple[int, bool, float, int]] = field(default_factory=list)


def play_hand(job: tuple[str, int, int, int]) -> HandRecord:
    """Play one seeded hand with hard at every seat."""
    table, index, seed, samples = job
    rules, preset = table_rules(table)
    dealer = index % rules.players
    deal = deal_from_seed(rules, dealer, seed)
    match = Match(rules, seed=seed, first_dealer=dealer, preset=preset, deal=(list(deal[0]), deal[1]))
    notes: dict[str, Any] = {"priced": {}, "heard": []}
    bots = [_RecordingHard(samples, notes) for _ in range(rules.players)]
    _drive(match, list(bots), ["hard"] * rules.players, {"hard": {}}, str(seed), None)
    result = match.results[-1]
    contract = None
    if result.bidder is not None and result.bid is not None and result.bidder in notes["priced"]:
        outcomes = notes["priced"][result.bidder]
        contract = {
            "bid": float(result.bid),
            "predicted_made": sum(o >= result.bid for o in outcomes) / len(outcomes),
            "predicted_points": statistics.fmean(outcomes),
            "made": float(bool(result.made)),
            "points": float(result.bidding_total),
        }
    return HandRecord(contract, notes["heard"])


def contract_table(records: list[HandRecord]) -> list[dict[str, float]]:
    """Per bid level of the contract: contracts, predicted and actual made share, predicted and actual points."""
    levels: dict[float, list[dict[str, float]]] = {}
    for record in records:
        if record.contract is not None:
            levels.setdefault(record.contract["bid"], []).append(record.contract)
    return [
        {
            "bid": level,
            "contracts": len(rows),
            "predicted_made": statistics.fmean(r["predicted_made"] for r in rows),
            "made": statistics.fmean(r["made"] for r in rows),
            "predicted_points": statistics.fmean(r["predicted_points"] for r in rows),
            "points": statistics.fmean(r["points"] for r in rows),
        }
        for level, rows in sorted(levels.items())
    ]


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def heard_table(records: list[HandRecord]) -> list[dict[str, float]]:
    """Per level heard and decision: the hand values' 5th, 50th and 95th percentiles and the bound assumed."""
    groups: dict[tuple[int, bool], list[float]] = {}
    totals: dict[tuple[int, bool], int] = {}
    for record in records:
        for level, bid, value, total in record.heard:
            groups.setdefault((level, bid), []).append(value)
            totals[(level, bid)] = total
    out = []
    for (level, bid), values in sorted(groups.items()):
        share = level / totals[(level, bid)]
        out.append(
            {
                "level": level,
                "bid": float(bid),
                "decisions": len(values),
                "q05": _quantile(values, 0.05),
                "q50": _quantile(values, 0.5),
                "q95": _quantile(values, 0.95),
                "assumed": share - BID_SLACK if bid else share + BID_SLACK,
            }
        )
    return out


def _print_table(headers: list[str], rows: list[list[str]]) -> None:
    """A Markdown table, as docs/BOTS-JOURNAL.md keeps the figures."""
    for cells in [headers, ["---"] * len(headers), *rows]:
        print("| " + " | ".join(cells) + " |")


def _contract_cells(r: dict[str, float]) -> list[str]:
    return [
        f"{r['bid']:.0f}",
        f"{r['contracts']}",
        f"{r['predicted_made']:.2f}",
        f"{r['made']:.2f}",
        f"{r['predicted_points']:.1f}",
        f"{r['points']:.1f}",
    ]


def _heard_cells(r: dict[str, float]) -> list[str]:
    return [
        f"{r['level']}",
        "bid" if r["bid"] else "pass",
        f"{r['decisions']}",
        f"{r['q05']:.3f} / {r['q50']:.3f} / {r['q95']:.3f}",
        f"{'≥' if r['bid'] else '<'} {r['assumed']:.3f}",
    ]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", type=table_argument, default="kentucky-discard", help="a preset or a SPEC")
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--samples", type=int, default=16, help="hard's deals a decision (fixed work)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.table, i, s, args.samples) for i, s in enumerate(board_seeds(args.seed, args.hands))]
    with Pool(args.workers) as pool:
        records = pool.map(play_hand, jobs)
    _print_table(
        ["contract", "contracts", "model's made share", "made", "model's points", "points taken"],
        [_contract_cells(row) for row in contract_table(records)],
    )
    print()
    _print_table(
        ["level heard", "decision", "decisions", "hand value q05 / q50 / q95", "bound read"],
        [_heard_cells(row) for row in heard_table(records)],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
