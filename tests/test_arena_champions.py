"""The frozen champions: loadable by name, apart from the shipped bots, and refused when not there."""

from __future__ import annotations

import random
import sys

import pytest

from krook.bots import BotContext, make_bot
from krook.bots.arena import CHAMPIONS_DIR, arena_bot, main
from krook.rules import PRESETS, Match

CHAMPION = "hard-2026-12-02"  # the issue 29 yardstick
CHAMPIONS = [CHAMPION, "hard-2026-12-06"]


@pytest.mark.parametrize("name", CHAMPIONS)
def test_the_champion_is_its_own_copy_of_the_bots(name: str) -> None:
    champion = arena_bot(f"hard@{name}", samples=4)
    shipped = make_bot("hard", samples=4)
    assert type(champion).__name__ == "HardBot" and type(champion) is not type(shipped)
    module = sys.modules[type(champion).__module__]
    assert not module.__name__.startswith("krook.bots")
    # its constants and model live in its own modules: changing the shipped bot's does not reach it
    assert module.__file__ is not None and str(CHAMPIONS_DIR) in module.__file__
    bidding = sys.modules[module.__name__.rsplit(".", 1)[0] + ".bidding"]
    assert bidding.MODEL_FILE.parent == CHAMPIONS_DIR / name
    assert type(arena_bot(f"expert@{name}")).__name__ == "ExpertBot"


@pytest.mark.parametrize("name", CHAMPIONS)
def test_the_champion_plays_from_its_seed(name: str) -> None:
    match = Match(PRESETS["kentucky-discard"].rules, seed=5)
    seat = match.hand.to_act
    assert seat is not None
    view = match.view(seat)
    bot = arena_bot(f"hard@{name}", samples=4)
    first = bot.choose(view, BotContext(random.Random(3)))
    assert first in set(view.legal_actions().actions())
    assert bot.choose(view, BotContext(random.Random(3))) == first


def test_an_unknown_champion_is_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--a", "hard", "--b", "hard@no-such-champion", "--deals", "1", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert "no frozen bots" in err and all(name in err for name in CHAMPIONS)


def test_two_copies_in_folders_of_one_name_load_apart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # copies made with ``git archive HEAD krook/bots`` all end in ``krook/bots``: one must not stand for the other
    import shutil

    for side in ("old", "new"):
        shutil.copytree(CHAMPIONS_DIR / CHAMPION, tmp_path / side / "krook" / "bots")
    (tmp_path / "new" / "krook" / "bots" / "marker.py").write_text("WHICH = 'new'\n")
    old = arena_bot(f"hard@{tmp_path / 'old' / 'krook' / 'bots'}", samples=4)
    new = arena_bot(f"hard@{tmp_path / 'new' / 'krook' / 'bots'}", samples=4)
    old_module = sys.modules[type(old).__module__]
    new_module = sys.modules[type(new).__module__]
    assert type(old) is not type(new)
    assert old_module.__file__ is not None and str(tmp_path / "old") in old_module.__file__
    assert new_module.__file__ is not None and str(tmp_path / "new") in new_module.__file__
