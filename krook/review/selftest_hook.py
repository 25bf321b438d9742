"""``krook --selftest`` check ``review_worker``: review a finished hand in the review's worker process.

A frozen app starts that process by running its own executable (``multiprocessing.freeze_support``), which
only a build can prove; the check fails if the review fell back to a thread or its figures differ from a
review in this process.
"""

from __future__ import annotations

import random
from typing import Any

SEED = 5  # a light first hand: its whole review takes well under a second
TIMEOUT_S = 60.0


def review_in_worker(ctx: Any) -> str:
    from krook.bots import BotContext, make_bot
    from krook.rules import Match, Phase, get_preset

    from .engine import Reviewer
    from .job import ReviewJob

    match = Match(get_preset("kentucky-discard").rules, seed=SEED)
    bot, rng = make_bot("simple"), random.Random(SEED)
    while match.phase is not Phase.HAND_OVER:
        seat = match.to_act
        assert seat is not None
        match.apply(bot.choose(match.view(seat), BotContext(rng)))
    if match.hand.thrown_in:
        raise RuntimeError(f"the selftest's deal (seed {SEED}) was thrown in: choose another")
    job = ReviewJob(match, 0, 0, bids=False, process=True).start()
    if not job.join(TIMEOUT_S):
        job.cancel()
        raise RuntimeError(f"the review's worker gave no result in {TIMEOUT_S:.0f} s")
    if job.error is not None:
        raise RuntimeError(f"the review's worker failed: {job.error}")
    if not job.process:
        raise RuntimeError("the review's worker process did not start (the review ran on a thread)")
    got = job.latest
    if got is None or not got.complete:
        raise RuntimeError("the review's worker ended without a complete review")
    here = Reviewer(match, 0, 0, bids=False).run()
    if got.to_dict() != here.to_dict():
        raise RuntimeError(
            f"the worker's review {got.to_dict()} differs from this process's {here.to_dict()}"
        )
    return f"par {got.par}, actual {got.actual}, {len(got.plays)} costly plays, {got.nodes} positions"
