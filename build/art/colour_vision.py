"""Simulate colour-vision deficiencies on PNGs and report how far apart the card colours stay.

    python build/art/colour_vision.py IN_DIR OUT_DIR

For every IN_DIR/*.png writes OUT_DIR/<name>_protanopia.png and <name>_deuteranopia.png (add --tritanopia for
the third), then prints the smallest CIE76 ΔE between any two of the four card colours, normal deck and
colour-blind deck, as seen with each deficiency. The maths lives in krook/render/colour_vision.py.
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

from krook.render.colour_vision import DEFICIENCIES, delta_e, min_pairwise_delta_e, simulate
from krook.render.palette import COLOUR_CODES, PALETTE


def transform(surface: pygame.Surface, deficiency: str) -> pygame.Surface:
    """Simulate `deficiency` on a whole image.

    Pixels go through as raw RGB bytes with a per-colour memo: card art has few distinct colours apart from
    anti-aliased edges, so this runs in about a second per megapixel without numpy.
    """
    rgb = surface.convert(24) if surface.get_bitsize() != 24 else surface
    raw = pygame.image.tobytes(rgb, "RGB")
    memo: dict[bytes, bytes] = {}
    out = bytearray(len(raw))
    for i in range(0, len(raw), 3):
        key = raw[i : i + 3]
        mapped = memo.get(key)
        if mapped is None:
            mapped = bytes(simulate((key[0], key[1], key[2]), deficiency))
            memo[key] = mapped
        out[i : i + 3] = mapped
    return pygame.image.frombytes(bytes(out), surface.get_size(), "RGB")


def report() -> list[str]:
    lines = []
    for label, colours in (("normal deck", PALETTE.card), ("colour-blind deck", PALETTE.card_cb)):
        values = [colours[c] for c in COLOUR_CODES]
        figures = [f"normal vision {min_pairwise_delta_e(values):5.1f}"]
        for deficiency in DEFICIENCIES:
            figures.append(f"{deficiency} {min_pairwise_delta_e(values, deficiency):5.1f}")
        lines.append(f"{label:18} min ΔE: " + ", ".join(figures))
        for deficiency in DEFICIENCIES:
            pairs = []
            for i, a in enumerate(COLOUR_CODES):
                for b in COLOUR_CODES[i + 1 :]:
                    d = delta_e(simulate(colours[a], deficiency), simulate(colours[b], deficiency))
                    pairs.append(f"{a}{b} {d:5.1f}")
            lines.append(f"{'':18}   {deficiency:12}: " + "  ".join(pairs))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("in_dir", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--tritanopia", action="store_true", help="also write tritanopia images")
    args = parser.parse_args()
    pygame.init()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    kinds = ["protanopia", "deuteranopia"] + (["tritanopia"] if args.tritanopia else [])
    for path in sorted(args.in_dir.glob("*.png")):
        if any(path.stem.endswith(f"_{kind}") for kind in DEFICIENCIES):
            continue
        image = pygame.image.load(str(path))
        for kind in kinds:
            out = args.out_dir / f"{path.stem}_{kind}.png"
            pygame.image.save(transform(image, kind), str(out))
            print(f"wrote {out}")
    for line in report():
        print(line)


if __name__ == "__main__":
    main()
