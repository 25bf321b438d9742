"""Keyboard only: whole hands where the player picks cards other than the first, in the nest and in play.

Left / Right move among the cards that may be chosen, Enter or Space chooses, Tab (or Down) reaches the
Bury button (docs/PLAYING.md, "Keys").
"""

from __future__ import annotations

import pygame
from scene_helpers import key, make_app
from test_scenes_game import start_game


def move_focus_to(app, table, code: str) -> int:
    """Press Right until the hand's focus is on ``code``; returns the presses."""
    for presses in range(30):
        if table.hand_codes()[table.state.focus_card] == code:
            return presses
        key(app, pygame.K_RIGHT)
    raise AssertionError(
        f"Right never reached {code}: focus stays on {table.hand_codes()[table.state.focus_card]}"
    )


def test_keyboard_chooses_cards_in_the_nest_and_in_play(home, simple_bots, inline_bots):
    from krook.scenes.table.score import ScoreSheetScene

    app = make_app()
    table = start_game(app, "kentucky-discard")
    buried_late = played_late = hands = 0
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, ScoreSheetScene):
            hands += 1
            if hands == 2 or top.over:
                break
            key(app, pygame.K_RETURN)
            continue
        view = table.view
        if not (table.my_turn and table.panel_kind):
            app.frame([], dt=0.05)  # the bots think inline (inline_bots): no wall-clock wait
            continue
        if view.phase == "bidding":
            # Take the bid at once: the nest is what this test is about.
            key(app, pygame.K_RETURN if not view.high_bid or view.high_bid < 100 else pygame.K_p)
        elif view.phase == "discard":
            rule = view.discard
            allowed = [c for c in table.hand_codes() if c in rule["allowed"]]
            # the rightmost allowed cards: never the first card of the hand
            chosen = list(rule["required"])
            chosen += [c for c in reversed(allowed) if c not in chosen][: rule["count"] - len(chosen)]
            for code in chosen:
                if move_focus_to(app, table, code):
                    buried_late += 1
                key(app, pygame.K_SPACE, " ")
            assert table.state.selected == set(chosen)
            key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
            assert set(table.session.view(0).buried) == set(chosen)
        elif view.phase == "trump":
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
        elif view.phase == "play":
            legal = [c for c in table.hand_codes() if f"play {c}" in view.legal]
            focused = table.hand_codes()[table.state.focus_card]
            # a legal card the focus is not on yet (the rightmost such), so the arrows must move
            target = next((c for c in reversed(legal) if c != focused), legal[0])
            before = len(table.session.view(None).tricks) * 10 + len(table.session.view(None).trick)
            if move_focus_to(app, table, target):
                played_late += 1
            key(app, pygame.K_RETURN)
            plays = [c for t in table.session.view(None).tricks for _, c in t.cards]
            plays += [c for _, c in table.session.view(None).trick]
            assert target in plays, f"Enter did not play {target}"
            assert len(table.session.view(None).tricks) * 10 + len(table.session.view(None).trick) != before
        else:
            key(app, pygame.K_RETURN)
    assert hands >= 1
    assert buried_late >= 3, "the nest was never chosen past the first card"
    assert played_late >= 5, "play never chose past the first card"


def test_the_focus_carries_from_the_nest_into_the_play(home, simple_bots):
    """The card the focus rested on when burying is where it rests when play begins (if it may be played);
    it never rests on a card that may not be played."""
    from krook.devtools.gallery import advance, build_session
    from krook.rules import Phase
    from krook.scenes.table.scene import TableScene

    app = make_app()
    session = build_session(seed=4)
    advance(session, lambda m: m.phase is Phase.DISCARD, bid_to=100)
    session.bot_delay = 0.0
    table = TableScene(app.services, session)
    app.stack.push(table)
    for _ in range(30):
        app.frame([], dt=0.1)
    rule = table.view.discard
    hand = table.hand_codes()
    chosen = list(rule["required"])
    chosen += [c for c in hand if c in rule["allowed"] and c not in chosen][: rule["count"] - len(chosen)]
    for code in chosen:
        move_focus_to(app, table, code)
        key(app, pygame.K_SPACE, " ")
    kept = [c for c in hand if c not in chosen]
    target = kept[len(kept) // 2]  # a card in the middle of what stays in the hand
    move_focus_to(app, table, target)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert set(session.view(0).buried) == set(chosen)
    key(app, pygame.K_RETURN)  # name trump: the first colour
    for _ in range(200):
        if table.view.phase == "play" and table.my_turn and table.panel_kind == "play":
            break
        app.frame([], dt=0.1)
    focused = table.hand_codes()[table.state.focus_card]
    playable = table.state.playable()
    assert focused in playable
    if target in playable:
        assert focused == target
    session.close()
