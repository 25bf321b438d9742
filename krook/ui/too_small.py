"""The card drawn instead of the screens when the window is smaller than they are laid out for.

The minimum size hint holds only where a window manager honours it (a tiling manager, a forced resize may
ignore it): every screen then overlaps itself. A plain card asking for a larger window reads better."""

from __future__ import annotations

import pygame

from .theme import Theme


def draw_too_small(surface: pygame.Surface, theme: Theme, minimum: tuple[int, int]) -> pygame.Rect:
    """Fill the window with the "Make the window larger" card; returns the card's rect."""
    t = theme
    t.resize(surface.get_size())
    w, h = surface.get_size()
    surface.fill(t.p.felt_dark)
    pad = max(8, min(w, h) // 24)
    lines = [
        ("Make the window larger", "title", t.p.text, True),
        (f"Krook needs at least {minimum[0]} × {minimum[1]}.", "body", t.p.text, False),
        (f"This window is {w} × {h}.", "body", t.p.text_muted, False),
        ("Drag its edge, or press F11 for full screen.", "body", t.p.accent, False),
    ]
    width = w - 2 * pad
    rendered: list[pygame.Surface] = []
    for text, role, colour, bold in lines:
        for line in t.wrap(text, width - 2 * pad, role, bold) or [text]:
            rendered.append(t.render(line, role, colour, bold))
    gap = max(4, pad // 3)
    height = sum(s.get_height() for s in rendered) + gap * (len(rendered) - 1) + 2 * pad
    card = pygame.Rect(0, 0, min(width, max(s.get_width() for s in rendered) + 2 * pad), min(h - 2, height))
    card.center = (w // 2, h // 2)
    t.panel(surface, card, (30, 44, 58), alpha=255, edge=t.p.accent)
    y = card.y + pad
    for s in rendered:
        surface.blit(s, s.get_rect(midtop=(card.centerx, y)))
        y += s.get_height() + gap
    return card
