"""The champion of 2026-12-06: ``krook/bots`` as of commit df6fd91 (hard and expert after issue 29's
twenty-eighth session: the burial split, the auction read in the bidding model's points, the trump leans),
frozen as a fixed opponent for the gauntlet (``krook arena --b hard@hard-2026-12-06``).

Only the modules a bot needs are kept (not the arena, the hints or the claims), and the bidding model is read
from ``bidding.json`` beside them instead of the game's assets.
"""

from .base import OFFERED_STRENGTHS, Bot, BotContext
from .catalog import make_bot, strength_names
from .random_bot import RandomBot
from .simple import SimpleBot

__all__ = ["OFFERED_STRENGTHS", "Bot", "BotContext", "RandomBot", "SimpleBot", "make_bot", "strength_names"]
