"""A bot that picks uniformly among the legal actions: the floor every other bot must beat."""

from __future__ import annotations

from krook.rules import Action, SeatView

from .base import BotContext, register


@register("random")
class RandomBot:
    name = "random"

    def choose(self, view: SeatView, ctx: BotContext) -> Action:
        return view.legal_actions().choice(ctx.rng)
