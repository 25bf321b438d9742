"""Hard and medium mixed, to see which half of hard makes its lead at a table (issue 29, fifth session).

    python benchmarks/experiments/hybrids.py --a hardbid --b medium --rules SPEC --deals 200 --seed 1 --samples 16

``hardbid`` is hard with medium's card play; ``hardplay`` is hard with medium's bidding, bury and trump;
``hardmbury`` is hard with medium's bury and trump only (issue 29, tenth session). The arguments are
``krook arena``'s; the three names exist only in this script's process (``--workers 1``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from krook.bots import arena
from krook.bots.base import BotContext, register
from krook.bots.knowledge import Knowledge
from krook.bots.strengths import HardBot, MediumBot
from krook.rules import Action, SeatView


@register("hardbid")
class HardBidding(HardBot):
    name = "hardbid"

    def play_card(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return MediumBot.play_card(self, view, k, ctx)


@register("hardmbury")
class HardWithMediumBury(HardBot):
    name = "hardmbury"

    def discard(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return MediumBot.discard(self, view, k, ctx)

    def trump(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return MediumBot.trump(self, view, k, ctx)


@register("hardplay")
class HardPlaying(HardWithMediumBury):
    name = "hardplay"

    def bid(self, view: SeatView, k: Knowledge, ctx: BotContext) -> Action:
        return MediumBot.bid(self, view, k, ctx)


if __name__ == "__main__":
    sys.exit(arena.main(sys.argv[1:]))
