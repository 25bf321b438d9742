"""In the guided hand the keyboard focus goes to the card the note asks for: 'Lead the Black 7' with the focus
left on the Red 14 sent a keyboard player hunting for it (seen in a real window)."""

from __future__ import annotations

import pygame
from scene_helpers import button, click, key, make_app
from test_scenes_learn import _learn_scene_loop


def test_each_card_the_note_asks_for_has_the_focus(home):
    app = make_app()
    click(app, button(app.stack.top, "Learn to play").rect.center)
    asked: list[tuple[str, str]] = []

    def act(table, lesson):
        if table.session.waiting:
            key(app, pygame.K_RETURN)
            return
        verb, _, arg = (lesson.expect if lesson is not None and lesson.expect else "").partition(" ")
        view = table.view
        if view.phase == "bidding":
            for digit in arg or str(view.legal_actions().bids()[0]):
                key(app, getattr(pygame, f"K_{digit}"), digit)
            key(app, pygame.K_RETURN)
        elif view.phase == "discard":
            table.state.selected = set(arg.split())
            key(app, pygame.K_b, "b")
        elif view.phase == "trump":
            key(app, pygame.K_b, "b")
        elif verb == "play":
            focused = table.hand_codes()[table.state.focus_card]
            asked.append((arg, focused))
            assert focused == arg, f"the note asks for {arg}; the focus is on {focused}"
            key(app, pygame.K_RETURN)  # no arrows: Enter plays the focused card
        else:
            card = next(a.split()[1] for a in view.legal if a.startswith("play "))
            table.submit(f"play {card}")

    _end, session = _learn_scene_loop(app, act)
    assert len(asked) >= 3
    assert all(want == focused for want, focused in asked), asked
    assert not session.refusal
