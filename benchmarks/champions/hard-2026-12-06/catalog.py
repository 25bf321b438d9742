"""Every bot by its strength name: the bot modules register themselves in ``base`` when imported here."""

from __future__ import annotations

from . import random_bot, simple, strengths  # noqa: F401  (imported for their registrations)
from .base import BOT_FACTORIES, Bot


def strength_names() -> tuple[str, ...]:
    """Every bot strength there is (random, simple, easy, medium, hard, ...)."""
    return tuple(BOT_FACTORIES)


def make_bot(strength: str, *, samples: int | None = None) -> Bot:
    """A bot by strength name (see ``strength_names``); raises ValueError for any other name.

    ``samples`` puts a searching bot in fixed-work mode (that many deals per decision, deterministic for a seed);
    the other strengths do a fixed amount of work anyway and ignore it."""
    strength_names()
    try:
        factory = BOT_FACTORIES[strength]
    except KeyError:
        raise ValueError(
            f"unknown bot strength {strength!r}; known: {', '.join(sorted(BOT_FACTORIES))}"
        ) from None
    if samples is not None and getattr(factory, "takes_samples", False):
        return factory(samples=samples)
    return factory()
