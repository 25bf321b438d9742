"""Hooks for ``krook --selftest``: draw every scene offscreen, and play one hand of bots through the table."""

from __future__ import annotations

from typing import Any


def render_every_scene(ctx: Any) -> str:
    import pygame

    from krook.app import App
    from krook.devtools.gallery import scenes
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings())
    count = 0
    for name, build in scenes(app).items():
        stack = build()
        app.stack.scenes = list(stack)
        app.stack.draw(pygame.Surface((1280, 720)))
        for scene in stack:
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()
        count += 1
        del name
    return f"drew {count} scenes"


def play_bot_hand(ctx: Any) -> str:
    from krook.app import App
    from krook.devtools.gallery import build_session
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings

    app = App((1280, 720), fullscreen=False, settings=Settings(anim_speed="instant", bot_speed="instant"))
    session = build_session(humans=())
    session.bot_delay = 0.0
    table = TableScene(app.services, session)
    app.stack.scenes = [table]
    for _ in range(5000):
        app.frame([], dt=0.05)
        if table.shown.over and table.idle:
            break
    session.close()
    if not table.shown.over:
        raise RuntimeError("the hand did not finish")
    return f"hand {session.view(None).hand_number} played, {len(session.view(None).tricks)} tricks"
