"""Containment: a bug in one screen never ends the program.

:class:`ContainedStack` is the app's scene stack with a guard around every call into a scene (events,
update, drawing, entering and leaving). When a scene raises, the error is logged with a crash report (not
marked as a crash of the program: the window goes on), the game on the table is flushed to its save, and
:class:`TroubleScene` says so in plain words with a way back: to the table (the broken screen above it
closed, or the table built again from its session) or to the title.

A scene that fails again and again is not rebuilt forever: after ``MAX_TABLE_RETRIES`` failures of the table
the way back is the title only, and if even the message cannot be drawn the screen is filled plainly.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from krook.scenes.base import Scene, SceneStack, Services
from krook.ui import Button, FocusGroup

log = logging.getLogger(__name__)

MAX_TABLE_RETRIES = 3


def _report(exc: BaseException, where: str) -> Path | None:
    from krook import app_log

    try:
        return app_log.write_crash_report(
            type(exc), exc, exc.__traceback__, thread_name=f"main ({where})", unseen=False
        )
    except Exception:
        log.exception("could not write the report of a screen's error")
        return None


def _table_of(scenes: list[Scene]) -> Scene | None:
    for scene in reversed(scenes):
        if hasattr(scene, "session") and type(scene).__name__.endswith(("TableScene", "TutorialTable")):
            return scene
    return None


def _keep_game(table: Scene | None) -> None:
    """Flush the table's game to its save (a local game saves after every move; this waits for it)."""
    session = getattr(table, "session", None)
    flush = getattr(session, "flush", None)
    if callable(flush):
        try:
            flush()
        except Exception:
            log.exception("could not flush the game after a screen's error")


class TroubleScene(Scene):
    """The plain message after a screen's error: what happened, that the game is kept, and ways back."""

    def __init__(
        self,
        services: Services,
        heading: str,
        body: str,
        choices: list[tuple[str, Callable[[], None]]],
    ) -> None:
        super().__init__(services)
        self.heading = heading
        self.body = body
        self.buttons = [
            Button(label, action, "primary" if i == 0 else "secondary")
            for i, (label, action) in enumerate(choices)
        ]
        self.focus = FocusGroup(self.buttons, vertical=False)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.buttons:
            self.buttons[0].activate()
            return True
        return self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        surface.fill(t.p.felt_dark)
        width = min(w - t.px(60), t.px(720))
        pad = t.px(28)
        lines = t.wrap(self.body, width - 2 * pad, "body")[:12]
        lh = t.font("body").get_linesize()
        height = pad * 2 + t.px(48) + lh * len(lines) + t.px(80)
        panel = pygame.Rect((w - width) // 2, max(t.px(20), (h - height) // 2), width, height)
        t.panel(surface, panel)
        t.text(surface, self.heading, (panel.x + pad, panel.y + pad), "title", t.p.text, True)
        y = panel.y + pad + t.px(48)
        for line in lines:
            t.text(surface, line, (panel.x + pad, y), "body", t.p.text_muted)
            y += lh
        x = panel.x + pad
        for button in self.buttons:
            bw = max(t.px(160), t.font("label", True).size(button.label)[0] + t.px(40))
            button.rect = pygame.Rect(x, panel.bottom - pad - t.px(48), bw, t.px(48))
            x += bw + t.px(16)
        self.focus.draw(surface, t, self.services.keyboard_mode)


class ContainedStack(SceneStack):
    """The scene stack with every call into a scene guarded (see the module's docstring)."""

    def __init__(self, services_ref: Callable[[], Services | None] | None = None) -> None:
        super().__init__()
        self._services_ref = services_ref
        self.errors: list[tuple[str, str, BaseException]] = []  # (scene, where, error), newest last
        self._table_failures = 0
        self._containing = False

    # -- the guarded calls ----------------------------------------------------------------------------------
    def apply(self) -> bool:
        try:
            return super().apply()
        except Exception as exc:
            self._ops.clear()
            self.contain(self.top, "opening or closing a screen", exc)
            with contextlib.suppress(Exception):
                super().apply()
            return True

    def handle_event(self, e: pygame.event.Event) -> bool:
        top = self.top
        try:
            return bool(top and top.handle_event(e))
        except Exception as exc:
            self.contain(top, "handling input", exc)
            return True

    def update(self, dt: float) -> None:
        top = self.top
        if top is None:
            return
        try:
            top.update(dt)
        except Exception as exc:
            self.contain(top, "updating", exc)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            try:
                scene.draw(surface)
            except Exception as exc:
                self.contain(scene, "drawing", exc)
                if isinstance(scene, TroubleScene):
                    _plain(surface, scene)
                    return
                self.apply()  # the message shows in this frame already
                top = self.top
                if isinstance(top, TroubleScene):
                    try:
                        top.draw(surface)
                    except Exception as again:
                        self.contain(top, "drawing", again)
                        _plain(surface, top)
                return

    def animating(self) -> bool:
        try:
            return super().animating()
        except Exception as exc:
            self.contain(self.top, "animating", exc)
            return True

    def redraw_in(self) -> float | None:
        try:
            return super().redraw_in()
        except Exception as exc:
            self.contain(self.top, "timing", exc)
            return 0.0

    # -- what happens on an error -----------------------------------------------------------------------------
    def contain(self, scene: Scene | None, where: str, exc: BaseException) -> None:
        """Log ``exc`` with a report, keep the game, and show :class:`TroubleScene` in place of ``scene``."""
        name = type(scene).__name__ if scene is not None else "the window"
        self.errors.append((name, where, exc))
        log.error("%s failed while %s; the window goes on", name, where, exc_info=exc)
        if self._containing:
            return  # the message itself failed: the plain fallback shows
        self._containing = True
        try:
            self._contain(scene, name, where, exc)
        except Exception:
            log.exception("could not show the message after a screen's error")
        finally:
            self._containing = False

    def _contain(self, scene: Scene | None, name: str, where: str, exc: BaseException) -> None:
        if isinstance(scene, TroubleScene):
            return  # shown plainly by draw
        services = (
            scene.services if scene is not None else (self._services_ref() if self._services_ref else None)
        )
        if services is None:
            raise exc
        report = _report(exc, f"{name} {where}")
        table = _table_of(self.scenes)
        _keep_game(table)
        choices: list[tuple[str, Callable[[], None]]] = []
        back_to_table = ""
        if table is not None and scene is not table:
            back_to_table = "Back to the table"
            choices.append((back_to_table, lambda: self._back_to(table)))
        elif table is not None and self._table_failures < MAX_TABLE_RETRIES:
            self._table_failures += 1
            back_to_table = "Back to the table"
            choices.append((back_to_table, lambda: self._rebuild_table(table)))
        choices.append(("Title", lambda: self._to_title(services)))
        kept = (
            "Your game is saved: you can go back to it now, or later with Continue on the title."
            if table is not None
            else "Nothing you played is lost."
        )
        where_report = f"\nA report was written to:\n{report}" if report is not None else ""
        body = f"Krook hit a bug on this screen and closed it. {kept}{where_report}"
        self._ops.clear()
        self.push(TroubleScene(services, "Sorry, something went wrong", body, choices))

    def _back_to(self, table: Scene) -> None:
        """Close every screen above the table."""
        self._ops.clear()
        while self.scenes and self.scenes[-1] is not table:
            scene = self.scenes.pop()
            if not isinstance(scene, TroubleScene):
                with contextlib.suppress(Exception):
                    scene.on_exit()

    def _rebuild_table(self, table: Scene) -> None:
        """The table again, built afresh from its session (the game goes on where it was)."""
        session = getattr(table, "session", None)
        services = table.services
        try:
            go = getattr(services, "go", None)
            if go is not None:
                fresh: Scene = go.table(session)
            else:
                from krook.scenes.table.scene import TableScene

                fresh = TableScene(services, session)  # type: ignore[arg-type]
        except Exception as exc:
            self.contain(table, "building the table again", exc)
            return
        self._ops.clear()
        index = self.scenes.index(table) if table in self.scenes else len(self.scenes)
        del self.scenes[index:]
        self.push(fresh)

    def _to_title(self, services: Services) -> None:
        table = _table_of(self.scenes)
        session = getattr(table, "session", None)
        if session is not None:
            with contextlib.suppress(Exception):
                session.close()
        go = getattr(services, "go", None)
        if go is not None:
            title: Scene = go.title()
        else:
            from krook.scenes.menus.title import TitleScene

            title = TitleScene(services)
        self._table_failures = 0
        self._ops.clear()
        scenes, self.scenes = self.scenes, []
        for scene in reversed(scenes):
            if not isinstance(scene, TroubleScene):
                with contextlib.suppress(Exception):
                    scene.on_exit()
        self.push(title)


def _plain(surface: pygame.Surface, scene: Any) -> None:
    """The last resort when even the message cannot be drawn: a plain screen, a line of text."""
    with contextlib.suppress(Exception):
        surface.fill((20, 40, 32))
        font = pygame.font.Font(None, 28)
        surface.blit(
            font.render("Something went wrong. Press Esc for the title.", True, (240, 240, 240)), (40, 40)
        )


__all__ = ["MAX_TABLE_RETRIES", "ContainedStack", "TroubleScene"]
