"""The champion of 2026-12-02: ``krook/bots`` as of commit 6d807e0 (hard and expert of issue 16's seventh
session), frozen as a fixed opponent for the gauntlet (``benchmarks/sprt.py``, ``krook arena --b
hard@hard-2026-12-02``).

Changed from that commit only where the rules core's interface moved: the view's bids are typed (Bid, Pass,
Redeal; ``isinstance`` instead of reading action text), and the bidding model is read from ``bidding.json`` here,
the copy of ``krook/assets/bots/bidding.json`` of that day. It shares only ``krook.rules`` with the shipped bots.
Do not change its play: a champion that moves measures nothing.
"""

from .base import OFFERED_STRENGTHS, Bot, BotContext, make_bot, strength_names
from .random_bot import RandomBot
from .simple import SimpleBot

__all__ = ["OFFERED_STRENGTHS", "Bot", "BotContext", "RandomBot", "SimpleBot", "make_bot", "strength_names"]
