"""In the guided hand the Hint advises the move the note asks for: the hard bot's hint said "Lead Red 11" where the
note said "Lead the Krook", and H then Enter got the move refused (seen in a real window, keyboard only)."""

from __future__ import annotations

import pygame
from scene_helpers import make_app
from test_hint_keys import hint
from test_scenes_learn import _learn_scene_loop

from krook.scenes.table.state import MessageKind


def test_h_then_enter_follows_every_note_of_the_guided_hand(home):
    from scene_helpers import button, click, key

    app = make_app()
    click(app, button(app.stack.top, "Learn to play").rect.center)
    followed: list[str] = []
    advised: list[str] = []

    def act(table, lesson):
        if table.session.waiting:
            key(app, pygame.K_RETURN)
            return
        hint(app, table)
        words = [m.text for m in table.state.messages.items if m.kind is MessageKind.ADVICE]
        if lesson is not None and lesson.expect is not None:
            advised.append(words[-1] if words else "")
            assert words and words[-1] == lesson.hint, (lesson.key, words)
            followed.append(lesson.key)
        key(app, pygame.K_RETURN)  # take the advice
        assert not table.session.refusal, (lesson.key if lesson else None, table.session.refusal)

    _end, session = _learn_scene_loop(app, act)
    assert followed == ["bid", "raise", "bury", "trump", "krook", "pull", "follow"], followed
    assert not session.refusal
