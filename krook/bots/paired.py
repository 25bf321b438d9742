"""Two arena logs of the same boards compared board by board (``krook arena --from-log A --paired-with B``).

A bot change is measured on the same duplicate boards as the bot before it, each against the same opponent; the
difference of the two scores board by board cancels the cards' luck that a head-to-head figure carries, so a few
hundred boards resolve a point or two a deal.
"""

from __future__ import annotations

import math
from typing import Any

Board = dict[str, Any]


class LogMismatchError(ValueError):
    """The two logs do not hold the same boards (another table, seed or seating), so a pairing means nothing."""


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (normal approximation)."""
    count = len(values)
    mean = sum(values) / count
    var = sum((v - mean) ** 2 for v in values) / (count - 1) if count > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / count)


def _key(board: Board) -> tuple[Any, ...]:
    return (board.get("deal_seed"), bool(board.get("solo")), len(board["runs"]))


def paired_summary(new: list[Board], base: list[Board]) -> dict[str, Any]:
    """The mean of (new − base) over the boards both logs hold, its 95% CI, and how many boards changed."""
    if not new or not base:
        raise LogMismatchError("a log holds no boards")
    rules_new, rules_base = new[0].get("rules"), base[0].get("rules")
    if rules_new != rules_base:
        raise LogMismatchError(f"the logs are of different tables: {rules_new} and {rules_base}")
    by_board = {b["board"]: b for b in base}
    pairs: list[tuple[float, float]] = []
    for board in new:
        other = by_board.get(board["board"])
        if other is None:
            continue
        if _key(board) != _key(other):
            raise LogMismatchError(
                f"board {board['board']} differs between the logs (deal seed {board.get('deal_seed')} against "
                f"{other.get('deal_seed')}): were they played with the same --seed and --solo?"
            )
        pairs.append((float(board["diff"]), float(other["diff"])))
    if not pairs:
        raise LogMismatchError("the logs share no board")
    diffs = [a - b for a, b in pairs]
    count = len(diffs)
    mean, half = mean_ci(diffs)
    return {
        "new": new[0]["a"],
        "base": base[0]["a"],
        "opponent": [new[0]["b"], base[0]["b"]],
        "boards": count,
        "changed": sum(1 for d in diffs if d != 0),
        "mean_diff": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "new_mean": round(sum(a for a, _ in pairs) / count, 2),
        "base_mean": round(sum(b for _, b in pairs) / count, 2),
    }


def print_paired(p: dict[str, Any]) -> None:
    print(
        f"{p['new']} against {p['base']} on the same {p['boards']} boards "
        f"(opponents {p['opponent'][0]} and {p['opponent'][1]}; {p['changed']} boards changed)"
    )
    print(
        f"paired difference per deal: {p['mean_diff']:+.2f}  95% CI [{p['ci95'][0]:+.2f}, {p['ci95'][1]:+.2f}]"
        f"  (each log on these boards: {p['new_mean']:+.2f} and {p['base_mean']:+.2f})"
    )
