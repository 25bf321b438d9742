"""Switching to the colour-blind deck in the middle of a trick redraws every card on the table in the new
deck, the cards already in the trick included."""

from __future__ import annotations

import pygame
from scene_helpers import SIZE, make_app


def frame(scene) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    scene.draw(surface)
    return surface


def test_cards_in_the_trick_change_deck_mid_trick(home):
    from krook.devtools.gallery import scenes

    app = make_app()
    build = scenes(app)["10-play"]  # two cards in the trick, the player to follow
    table = build()[0]
    assert len(table.view.trick) == 2
    before = frame(table)
    app.settings.colour_blind = True
    app.services.apply_settings()  # what the Settings screen does on its toggle
    after = frame(table)
    fresh = frame(build()[0])  # the same moment, drawn by a table that never saw the old deck
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(fresh, "RGB")
    diff = [
        (x, y)
        for y in range(0, SIZE[1], 4)
        for x in range(0, SIZE[0], 4)
        if after.get_at((x, y)) != fresh.get_at((x, y))
    ]
    assert not diff, f"{len(diff)} sampled pixels still in the old deck, first at {diff[:3]}"
