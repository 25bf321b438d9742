"""Computer players. A bot sees only its seat's view (a plain-data copy) and returns an ``Action``."""

from .base import OFFERED_STRENGTHS, Bot, BotContext
from .catalog import make_bot, strength_names
from .random_bot import RandomBot
from .simple import SimpleBot

__all__ = ["OFFERED_STRENGTHS", "Bot", "BotContext", "RandomBot", "SimpleBot", "make_bot", "strength_names"]
