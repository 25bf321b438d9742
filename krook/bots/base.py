"""The one bot interface: ``choose(view, ctx) -> action text``.

A bot is handed a ``SeatView`` (plain data rebuilt for each decision, no reference to the game) and a
context with a seeded random generator and a time budget, so it cannot reach the game state by construction.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from krook.rules import SeatView


@dataclass
class BotContext:
    rng: random.Random
    budget_s: float = 1.0
    started: float = field(default_factory=time.perf_counter)

    @property
    def deadline(self) -> float:
        return self.started + self.budget_s

    def time_left(self) -> float:
        return self.deadline - time.perf_counter()


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView, ctx: BotContext) -> str:
        """Return one of ``view.legal_actions()``."""
        ...


# Strength name -> factory. The strong bots register themselves here when their module is imported.
BOT_FACTORIES: dict[str, type] = {}


def register(name: str):  # type: ignore[no-untyped-def]
    def wrap(cls: type) -> type:
        BOT_FACTORIES[name] = cls
        return cls

    return wrap


def make_bot(strength: str, *, samples: int | None = None) -> Bot:
    """A bot by strength name: random, simple, easy, medium, hard, expert (whichever are built).

    ``samples`` puts a searching bot in fixed-work mode (that many deals per decision, deterministic for a seed);
    the other strengths do a fixed amount of work anyway and ignore it."""
    import importlib

    for module in ("krook.bots.random_bot", "krook.bots.simple", "krook.bots.strengths"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    try:
        factory = BOT_FACTORIES[strength]
    except KeyError:
        raise ValueError(
            f"unknown bot strength {strength!r}; known: {', '.join(sorted(BOT_FACTORIES))}"
        ) from None
    if samples is not None and getattr(factory, "takes_samples", False):
        return factory(samples=samples)  # type: ignore[no-any-return]
    return factory()  # type: ignore[no-any-return]
