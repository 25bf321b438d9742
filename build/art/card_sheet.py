"""Render a sample sheet of the card art to a PNG for review and for the colour-vision check.

    python build/art/card_sheet.py OUT.png [--deck normal|cb|both] [--height PX] [--extras]

Rows: one per colour (1 to 14), then the Krook cards and the backs. With --deck both the colour-blind deck
follows the normal one. Runs headless.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame

from krook.render.card_art import BACK_STYLES, CardArt, card_width
from krook.render.palette import COLOUR_CODES, PALETTE


def sheet(art: CardArt, decks: list[bool], height: int) -> pygame.Surface:
    gap = max(6, height // 14)
    w = card_width(height)
    rows: list[list[pygame.Surface]] = []
    for colour_blind in decks:
        for colour in COLOUR_CODES:
            rows.append([art.face(f"{colour}{n}", height, colour_blind) for n in range(1, 15)])
    rows.append(
        [art.face("K", height), art.face("K2", height)] + [art.back(style, height) for style in BACK_STYLES]
    )
    cols = max(len(r) for r in rows)
    shadow = art.shadow(height)
    pad = (shadow.get_width() - w) // 2
    out = pygame.Surface((gap + cols * (w + gap), gap + len(rows) * (height + gap)))
    # Flat felt rather than the textured table keeps the review PNGs small.
    out.fill(PALETTE.felt)
    for r, row in enumerate(rows):
        for c, card in enumerate(row):
            x, y = gap + c * (w + gap), gap + r * (height + gap)
            out.blit(shadow, (x - pad + 1, y - pad + max(1, height // 60)))
            out.blit(card, (x, y))
    return out


def sizes_sheet(art: CardArt) -> pygame.Surface:
    """A hand at 90 px (as fanned in play) beside single cards at 400 px."""
    out = pygame.Surface((1300, 440))
    out.fill(PALETTE.felt)
    small = ["R1", "R5", "R10", "R14", "Y7", "Y11", "G2", "G12", "B3", "B14", "K", "K2"]
    for i, code in enumerate(small):
        out.blit(art.face(code, 90), (20 + i * 34, 20))
        out.blit(art.face(code, 90, colour_blind=True), (20 + i * 34, 130))
    for i, code in enumerate(["Y10", "B13", "K"]):
        out.blit(art.face(code, 400, colour_blind=(i == 1)), (460 + i * 280, 20))
    for i, colour in enumerate(COLOUR_CODES):
        out.blit(art.symbol(colour, 40, PALETTE.card[colour]), (20 + i * 50, 250))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--deck", choices=("normal", "cb", "both"), default="both")
    parser.add_argument("--height", type=int, default=120)
    parser.add_argument("--sizes", action="store_true", help="render the 90 px / 400 px size check instead")
    args = parser.parse_args()
    pygame.init()
    art = CardArt()
    if args.sizes:
        image = sizes_sheet(art)
    else:
        decks = {"normal": [False], "cb": [True], "both": [False, True]}[args.deck]
        image = sheet(art, decks, args.height)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(args.out))
    print(f"{args.out}: {image.get_width()}x{image.get_height()}, {args.out.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
