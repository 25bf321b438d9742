"""The trump panel's keyboard focus starts on the colour the player holds most of: it started on Red whatever the
hand held, so Enter pressed at once named a colour of one card (seen in a real window)."""

from __future__ import annotations

import pygame
from scene_helpers import key, make_app


def _trump_table(app, seed):
    from krook.devtools.gallery import advance, build_session
    from krook.rules import Phase
    from krook.scenes.table.scene import TableScene

    session = build_session(seed=seed)
    advance(session, lambda m: m.phase is Phase.TRUMP, bid_to=100)
    session.bot_delay = 1e9  # nothing moves on while the test looks
    table = TableScene(app.services, session)
    app.stack.push(table)
    for _ in range(30):
        app.frame([], dt=0.1)
    assert table.my_turn and table.panel_kind == "trump", (table.view.phase, table.panel_kind)
    return table


def test_enter_at_once_names_the_colour_the_hand_holds_most_of(home):
    app = make_app()
    named = []
    for seed in (1, 2, 3, 4, 5, 6):
        table = _trump_table(app, seed)
        counts = {c: sum(1 for card in table.view.hand if card.startswith(c)) for c in "RYGB"}
        key(app, pygame.K_RETURN)
        app.frame([], dt=0.05)
        trump = table.view.trump
        assert trump is not None, "Enter named no trump"
        assert counts[trump] == max(counts.values()), (counts, trump)
        named.append(trump)
        app.stack.pop()
    assert set(named) != {"R"}, named  # hands where Red is not the longest colour were among them
