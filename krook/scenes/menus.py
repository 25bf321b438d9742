"""Where the menu screens used to live; kept so older imports go on working.

New code imports from the module of each screen: ``menu`` (backdrop, button column, ``MenuScene``),
``title``, ``pause``, ``settings``, ``rules_reader``, ``curtain``, ``lan_placeholder`` and ``keys_overlay``.
"""

from __future__ import annotations

from .curtain import CurtainScene
from .keys_overlay import KEYS, KeysOverlay
from .lan_placeholder import LanJoinScene
from .menu import MenuScene, draw_backdrop, layout_column
from .pause import PauseScene
from .rules_reader import BUILT_IN_RULES, RulesScene, rules_text
from .settings import SettingsScene
from .title import TitleScene

__all__ = [
    "BUILT_IN_RULES",
    "KEYS",
    "CurtainScene",
    "KeysOverlay",
    "LanJoinScene",
    "MenuScene",
    "PauseScene",
    "RulesScene",
    "SettingsScene",
    "TitleScene",
    "draw_backdrop",
    "layout_column",
    "rules_text",
]
