"""The one bot interface: ``choose(view, ctx) -> Action``.

A bot is handed a ``SeatView`` (plain data rebuilt for each decision, no reference to the game) and a
context with a seeded random generator and a time budget, so it cannot reach the game state by construction.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar, cast

from krook.rules import Action, SeatView


@dataclass
class BotContext:
    rng: random.Random
    budget_s: float = 1.0
    started: float = field(default_factory=time.perf_counter)

    @property
    def deadline(self) -> float:
        return self.started + self.budget_s


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView, ctx: BotContext) -> Action:
        """Return one of ``view.legal_actions()`` (typed; sessions also accept its text)."""
        ...


_B = TypeVar("_B", bound=type)

# The strengths offered to players (the lobby's seat choices, ``krook serve --seats bot:NAME``), weakest first,
# each with a line a player can read; ``random`` and ``simple`` are baselines for tests and benchmarks.
OFFERED_STRENGTHS: tuple[tuple[str, str], ...] = (
    ("easy", "a beginner: bids on hope and sometimes plays a careless card"),
    ("medium", "a steady club player: counts cards and follows its partner"),
    ("hard", "searches each decision; thinks up to about a second"),
    ("expert", "the strongest: weighs four times as many possible deals; thinks up to about two seconds"),
)

# Strength name -> factory. Each bot module registers its bots here when it is imported.
BOT_FACTORIES: dict[str, Callable[..., Bot]] = {}


def register(name: str) -> Callable[[_B], _B]:
    def wrap(cls: _B) -> _B:
        BOT_FACTORIES[name] = cast("Callable[..., Bot]", cls)
        return cls

    return wrap
