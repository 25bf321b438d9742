"""Drawing services shared by every scene: the palette, fonts and card art.

`palette` and `symbols` are pure data and import no pygame; `card_art` and `fonts` need pygame-ce.
"""

from krook.render.card_art import BACK_STYLES, CardArt, card_width, drop_shadow
from krook.render.fonts import FontCache
from krook.render.palette import PALETTE, TYPE_SCALE, Palette, TypeScale

__all__ = [
    "BACK_STYLES",
    "PALETTE",
    "TYPE_SCALE",
    "CardArt",
    "FontCache",
    "Palette",
    "TypeScale",
    "card_width",
    "drop_shadow",
]
