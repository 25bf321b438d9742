"""The trump marker in the hand box is a disc with the colour's symbol: a black trump once drew a black square
with a thin white edge, which read as an empty checkbox."""

from __future__ import annotations

import pygame
import pytest


@pytest.mark.parametrize("colour", ["B", "R", "Y", "G"])
@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_trump_swatch_shows_its_symbol(colour, colour_blind):
    from krook.devtools.gallery import advance, build_session
    from krook.render.palette import PALETTE
    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    pygame.init()
    session = build_session(seed=3)
    advance(session, lambda m: m.phase.value == "play" and m.to_act == 0)
    settings = Settings(colour_blind=colour_blind)
    services = Services(settings, Theme(), CardPainter(colour_blind), SilentSound(), SceneStack())
    table = TableScene(services, session)
    table.state.deal.t = -1.0
    table.shown.dealt = True
    table.update(0.0)
    table.shown.trump = colour  # the marker for each colour, whatever this deal named
    surface = pygame.Surface((1280, 800))
    table.draw(surface)
    box = table.state.boxes["hand box"]
    fill = PALETTE.ink(colour, colour_blind).fill
    spots = [
        (x, y)
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if surface.get_at((x, y))[:3] == fill
    ]
    assert spots, "no swatch in the trump colour"
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    swatch = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert swatch.w >= table.theme.px(16)
    on_fill = PALETTE.ink(colour, colour_blind).on_fill
    symbol = sum(
        1
        for x in range(swatch.left, swatch.right)
        for y in range(swatch.top, swatch.bottom)
        if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], on_fill, strict=True)) < 60
    )
    # the symbol covers a fair part of the swatch, in the ink written on that colour
    assert symbol >= swatch.w * swatch.h // 10, (colour, swatch, symbol)
    session.close()
    pygame.quit()
