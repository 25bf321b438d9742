"""The desktop app: a window, the services and the scene stack, and a main loop that sleeps when idle.

While nothing animates and no bot is thinking the loop blocks in ``pygame.event.wait`` so the game uses
almost no CPU while a person thinks. ``KROOK_EXIT_AFTER_FIRST_FRAME=1`` exits right after the first title
frame is shown (the startup benchmark uses it).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from typing import Any

log = logging.getLogger(__name__)

MIN_SIZE = (960, 540)
IDLE_WAIT_MS = 500


def parse_size(size: Any) -> tuple[int, int] | None:
    if size is None:
        return None
    if isinstance(size, tuple | list) and len(size) == 2:
        return int(size[0]), int(size[1])
    text = str(size).lower().replace("×", "x")
    try:
        w, h = (int(v) for v in text.split("x"))
    except ValueError:
        raise ValueError(f"window size {size!r}: write it as WIDTHxHEIGHT, e.g. 1280x720") from None
    return max(320, w), max(240, h)


class App:
    """Owns the window and the loop. Tests build one with ``App(size)`` and drive ``frame(events)``."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        settings: Any = None,
        settings_message: str | None = None,
    ) -> None:
        import pygame

        from krook.settings_store import load_settings

        from .scenes.base import SceneStack, Services, make_sound
        from .scenes.title import TitleScene
        from .ui.cards import CardPainter
        from .ui.theme import Theme

        self.pg = pygame
        pygame.init()
        if settings is None:
            settings, settings_message = load_settings()
        self.settings = settings
        if fullscreen is not None:
            settings.fullscreen = fullscreen
        self.size = size or tuple(settings.window_size)
        pygame.display.set_caption("Krook")
        self._set_icon()
        self.screen = self._open_window()
        theme = Theme(settings.large_text)
        theme.resize(self.screen.get_size())
        self.stack = SceneStack()
        self.services = Services(
            settings=settings,
            theme=theme,
            cards=CardPainter(settings.colour_blind),
            sound=make_sound(settings),
            stack=self.stack,
            apply_display=self.apply_display,
            quit=self.quit,
        )
        if settings_message:
            self.services.messages.append(settings_message)
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        pygame.key.set_repeat(350, 45)
        self.stack.push(TitleScene(self.services))
        self.stack.apply()

    def _set_icon(self) -> None:
        try:
            from krook.paths import asset_path

            for name in ("icon/krook-64.png", "icon/icon-64.png", "icon/krook.png", "icon/icon.png"):
                try:
                    self.pg.display.set_icon(self.pg.image.load(str(asset_path(name))))
                    return
                except (FileNotFoundError, self.pg.error):
                    continue
        except Exception:
            pass

    def _open_window(self) -> Any:
        pg = self.pg
        if self.settings.fullscreen:
            try:
                return pg.display.set_mode((0, 0), pg.FULLSCREEN)
            except pg.error:
                log.warning("fullscreen failed; opening a window")
        return pg.display.set_mode(self.size, pg.RESIZABLE)

    def apply_display(self) -> None:
        self.screen = self._open_window()
        self.services.theme.resize(self.screen.get_size())

    def quit(self) -> None:
        self.running = False

    def animating(self) -> bool:
        return self.stack.animating()

    def handle(self, e: Any) -> None:
        pg = self.pg
        if e.type == pg.QUIT:
            self.running = False
            return
        if e.type == pg.KEYDOWN:
            self.services.keyboard_mode = True
        elif e.type == pg.MOUSEBUTTONDOWN:
            self.services.keyboard_mode = False
        if e.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED, pg.WINDOWRESIZED):
            surf = pg.display.get_surface()
            if surf is not None:
                self.screen = surf
                if not self.settings.fullscreen:
                    w, h = surf.get_size()
                    self.settings.window_size = (max(w, 320), max(h, 240))
            return
        if e.type == pg.KEYDOWN and e.key == pg.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.apply_display()
            self.services.save_settings()
            return
        if e.type == pg.KEYDOWN and (e.key == pg.K_F1 or (e.unicode == "?" and not self._typing())):
            from .scenes.keys_overlay import KeysOverlay

            if not isinstance(self.stack.top, KeysOverlay):
                self.stack.push(KeysOverlay(self.services))
            return
        self.stack.handle_event(e)

    def _typing(self) -> bool:
        from .ui.widgets import TextField

        focus = getattr(self.stack.top, "focus", None)
        return isinstance(getattr(focus, "focused", None), TextField)

    def frame(self, events: list[Any] | None = None, dt: float | None = None) -> None:
        """One turn of the loop: events, update, draw, flip. ``dt`` in seconds (tests pass their own)."""
        pg = self.pg
        for e in events if events is not None else pg.event.get():
            self.handle(e)
            self.stack.apply()
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        self.stack.update(min(dt, 0.1))
        self.stack.apply()
        if not self.stack.scenes:
            self.running = False
            return
        self.screen = pg.display.get_surface() or self.screen
        self.stack.draw(self.screen)
        pg.display.flip()
        self.frames += 1

    def run(self, max_seconds: float | None = None) -> int:
        """The main loop; ``max_seconds`` ends it early (the UI benchmark measures an idle stretch)."""
        import time

        pg = self.pg
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        exit_after_first = os.environ.get("KROOK_EXIT_AFTER_FIRST_FRAME") == "1"
        self.frame([], 0.0)
        if exit_after_first:
            # The startup benchmark reads this marker (benchmarks/bench_startup.py); stdout is None when windowed.
            if sys.stdout is not None:
                print("KROOK_FIRST_FRAME", flush=True)
            return 0
        self.clock.tick()
        while self.running:
            if deadline is not None and time.monotonic() >= deadline:
                return 0
            if self.animating():
                self.frame()
            else:
                # Nothing moves and nobody but a person is to act: sleep until something happens.
                first = pg.event.wait(IDLE_WAIT_MS)
                events = [first] if first.type != pg.NOEVENT else []
                events += pg.event.get()
                self.clock.tick()
                self.frame(events, 1 / 60 if events else IDLE_WAIT_MS / 1000)
        self.close()
        return 0

    def close(self) -> None:
        from .scenes.table import TableScene

        table = self.stack.find(TableScene)
        if table is not None:
            table.session.close()
        self.services.save_settings()


def run_app(size: Any = None, fullscreen: bool = False) -> int:
    from krook import app_log

    app_log.guard_std_streams()
    with contextlib.suppress(Exception):
        app_log.setup_logging()
    app = App(parse_size(size), True if fullscreen else None)
    try:
        return app.run()
    finally:
        app.pg.quit()
