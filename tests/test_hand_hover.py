"""A card rises under the pointer only when it may be chosen: in the bidding (or naming trump) nothing in the
hand is chosen, so a raised card there looked clickable (seen in a real window)."""

from __future__ import annotations

import pygame
import pytest


def table_at(phase: str):
    from krook.devtools.gallery import advance, build_session
    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    session = build_session(seed=3)
    advance(session, lambda m: m.phase.value == phase and m.to_act == 0, bid_to=100)
    services = Services(Settings(), Theme(), CardPainter(), SilentSound(), SceneStack())
    table = TableScene(services, session)
    table.state.deal.t = -1.0
    table.shown.dealt = True
    table.update(0.0)
    table.draw(pygame.Surface((1280, 800)))
    return table


def lifted(table, mouse):
    from krook.scenes.table import hand_fan

    codes = table.hand_codes()
    away = {c: r.y for c, r, _ in hand_fan.card_places(table.state, codes, (0, 0))}
    return [c for c, r, _ in hand_fan.card_places(table.state, codes, mouse) if r.y < away[c]]


@pytest.mark.parametrize("phase", ["bidding", "trump"])
def test_no_card_rises_under_the_pointer_when_none_may_be_chosen(phase):
    from krook.scenes.table import hand_fan

    pygame.init()
    table = table_at(phase)
    assert table.my_turn and table.panel_kind == phase
    for _code, rect, _hit in hand_fan.card_places(table.state, table.hand_codes(), (0, 0)):
        assert not lifted(table, (rect.x + 4, rect.bottom - 4)), phase
    table.session.close()
    pygame.quit()


def test_in_the_nest_only_a_card_that_may_be_buried_rises():
    from krook.scenes.table import hand_fan

    pygame.init()
    table = table_at("discard")

    buryable = set(table.state.buryable())
    for code, rect, _hit in hand_fan.card_places(table.state, table.hand_codes(), (0, 0)):
        up = lifted(table, (rect.x + 4, rect.bottom - 4))
        assert up == ([code] if code in buryable else []), code
    table.session.close()
    pygame.quit()
