"""Watch a game: the finished games kept on this computer, the game in progress, and record files.

A record file someone sent is opened by typing its path, or by dropping it on the window.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pygame

from krook import storage
from krook.rules import KrookError
from krook.scenes.base import Services
from krook.scenes.common.menu import (
    MenuScene,
    begin_screen,
    bottom_bar,
    middle_cut,
    screen_margin,
    titled_panel,
)
from krook.session import finished
from krook.ui import Button, ListBox, TextField

log = logging.getLogger(__name__)

ROWS = 10


class GamesScene(MenuScene):
    """The list of games to watch, newest first; the game in progress (hands hidden) heads it."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.games = finished.list_games()
        self.in_progress = _autosave_record()
        self.entries: list[tuple[str, Any]] = []
        if self.in_progress is not None:
            self.entries.append(("The game in progress (hands hidden)", self.in_progress))
        for g in self.games:
            players = ", ".join(g.players)
            undos = f"  ·  {g.undos} undo{'s' if g.undos != 1 else ''}" if g.undos else ""
            if g.practice:
                undos += "  ·  practice"
            if g.seat_only is not None and g.seat_only < len(g.players):
                undos += f"  ·  LAN, as {g.players[g.seat_only]}"
            line = f"{g.date_text}  ·  {g.name}  ·  {players}  ·  {g.result_text}{undos}"
            self.entries.append((line, g))
        self.first = 0
        self.index = 0
        self.list = ListBox(self._page(), 0, self._pick, tooltip="Up / Down to choose, Enter to watch")
        self.path_field = TextField("", lambda _t: None, max_len=1024, placeholder="a record file's path")
        self.watch_btn = Button("Watch", self.watch, "primary")
        self.export_btn = Button(
            "Export", self.export, tooltip="Save the chosen game as a record file to share"
        )
        self.play_btn = Button(
            "Play on", self.play_on, tooltip="Make this game the saved game again and play it"
        )
        self.open_btn = Button("Open file", self.open_typed)
        self.history_btn = Button("History", self.history)
        self.back_btn = Button("Back", self.back, "ghost")
        self.message = ""
        self.focus.set(
            [
                self.list,
                self.watch_btn,
                self.export_btn,
                self.play_btn,
                self.history_btn,
                self.path_field,
                self.open_btn,
                self.back_btn,
            ]
        )
        self._sync()

    # -- choosing -------------------------------------------------------------------------------------
    def _page(self) -> list[str]:
        return [text for text, _ in self.entries[self.first : self.first + ROWS]] or ["No games yet"]

    def _pick(self, row: int) -> None:
        self.select(self.first + row)

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.index = max(0, min(index, len(self.entries) - 1))
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + ROWS:
            self.first = self.index - ROWS + 1
        self.list.items = self._page()
        self.list.index = self.index - self.first
        self._sync()

    def _sync(self) -> None:
        chosen = self.chosen
        self.watch_btn.enabled = chosen is not None
        # an abandoned game is unfinished: its record would show hands nobody saw played; it can be played on
        abandoned = isinstance(chosen, finished.FinishedGame) and chosen.abandoned
        self.export_btn.enabled = isinstance(chosen, finished.FinishedGame) and not abandoned
        self.export_btn.visible = not abandoned
        self.play_btn.visible = self.play_btn.enabled = abandoned

    @property
    def chosen(self) -> Any:
        return self.entries[self.index][1] if self.entries else None

    # -- actions ----------------------------------------------------------------------------------------
    def watch(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        if isinstance(chosen, finished.FinishedGame):
            try:
                record = finished.load_kept(chosen.path)
            except finished.FinishedGameError as exc:
                self.message = f"That game can't be opened: {exc}"
                return
            title = f"{chosen.date_text} · {chosen.name}"
            if chosen.abandoned:
                title += " · abandoned"
            self.open_record(record, title, chosen.humans)
        else:
            self.open_record(chosen, "The game in progress")

    def open_record(self, record: dict[str, Any], title: str, humans: tuple[int, ...] = ()) -> None:
        from krook.scenes.archive.replay import ReplayScene

        try:
            scene = ReplayScene(self.services, record, title, humans)
        except KrookError as exc:
            self.message = f"That record does not replay: {exc}"
            return
        self.message = ""
        self.stack.push(scene)

    def open_file(self, path: Path) -> None:
        try:
            record = finished.load_record_file(path)
        except finished.FinishedGameError as exc:
            self.message = str(exc)
            return
        self.open_record(record, path.name)

    def open_typed(self) -> None:
        text = self.path_field.text.strip().strip('"')
        if not text:
            self.message = "Type the path of a record file, or drop the file on the window."
            return
        try:
            path = Path(text).expanduser()
        except RuntimeError:  # "~name/..." for a user this computer does not have
            home = re.split(r"[\\/]", text, maxsplit=1)[0]
            self.message = f"There is no home folder {home} on this computer."
            return
        self.open_file(path)

    def export(self) -> None:
        chosen = self.chosen
        if not isinstance(chosen, finished.FinishedGame):
            return
        try:
            path = finished.export(finished.load_kept(chosen.path))
        except (storage.StorageError, finished.FinishedGameError) as exc:
            self.message = f"Could not export: {exc}"
            return
        self.message = f"Saved as {path}"

    def play_on(self) -> None:
        """The abandoned game becomes the saved game again, and its table opens; a game saved until now is
        kept in this list as abandoned in its turn."""
        from krook.session.local import save_file

        chosen = self.chosen
        if not isinstance(chosen, finished.FinishedGame) or not chosen.abandoned:
            return
        try:
            finished.play_on(chosen.path, save_file())
            session = self.services.games.resume_local()
        except (storage.StorageError, finished.FinishedGameError, KrookError) as exc:
            log.warning("play on: %s", exc)
            self.message = f"That game can't be played on: {exc}"
            return
        self.stack.reset(self.services.go.title())
        self.stack.push(self.services.go.table(session))

    def history(self) -> None:
        from krook.scenes.archive.history import HistoryScene

        self.stack.push(HistoryScene(self.services))

    # -- the scene --------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.DROPFILE:
            self.open_file(Path(e.file))
            return True
        if e.type == pygame.KEYDOWN and self.focus.focused is self.list:
            if e.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.index + (1 if e.key == pygame.K_DOWN else -1))
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.watch()
                return True
        if (
            e.type == pygame.KEYDOWN
            and self.focus.focused is self.path_field
            and e.key
            in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            )
        ):
            self.open_typed()
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.select(self.index - e.y)
            return True
        handled = super().handle_event(e)
        if e.type == pygame.MOUSEBUTTONUP and self.list.contains(getattr(e, "pos", (-1, -1))):
            self._sync()
        return handled

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "Watch a game")
        w, h = surface.get_size()
        m = screen_margin(t)
        panel = pygame.Rect(m, t.px(84), w - 2 * m, h - t.px(84) - t.px(190))
        abandoned = sum(g.abandoned for g in self.games)
        heading = f"Finished games ({len(self.games) - abandoned})"
        title_end = titled_panel(
            t, surface, panel, f"{heading}, abandoned ({abandoned})" if abandoned else heading
        )
        top = max(panel.y + t.px(56), title_end + t.px(8))
        self.list.rect = pygame.Rect(
            panel.x + t.px(14), top, panel.w - t.px(28), panel.bottom - t.px(14) - top
        )
        self.list.row_h = max(1, self.list.rect.h // ROWS)
        if not self.entries:
            t.text(
                surface,
                "Games you finish on this computer are kept here.",
                (panel.centerx, self.list.rect.y + self.list.row_h + t.px(8)),  # under "No games yet"
                "body",
                t.p.text_muted,
                anchor="midtop",
            )
        y = panel.bottom + t.px(14)
        t.text(surface, "Open a record file (or drop it on the window):", (m, y), "body", t.p.text_muted)
        self.path_field.rect = pygame.Rect(m, y + t.px(30), w - 2 * m - t.px(180), t.px(44))
        self.open_btn.rect = pygame.Rect(
            self.path_field.rect.right + t.px(12), y + t.px(30), t.px(168), t.px(44)
        )
        bottom_bar(
            t,
            surface,
            [
                (self.back_btn, 120),
                (self.history_btn, 150),
                (self.play_btn if self.play_btn.visible else self.export_btn, 150),
                (self.watch_btn, 170),
            ],
        )
        if self.message:
            # beside the buttons, in at most two lines: a long path is cut in its middle, not past the window
            room = self.watch_btn.rect.x - m - t.px(16)
            lines = t.wrap(self.message[:400], room, "body")
            if len(lines) > 2:
                lines = [lines[0], " ".join(lines[1:])]
            lh = t.font("body").get_linesize()
            y = self.watch_btn.rect.centery - lh * len(lines) // 2
            for line in lines:
                t.text(surface, middle_cut(t, line, room), (m, y), "body", t.p.accent)
                y += lh
        self.focus.draw(surface, t, self.focus.keyboard_used or self.services.keyboard_mode)


def _autosave_record() -> dict[str, Any] | None:
    """The autosaved game's record, when there is one that replays (its hands stay hidden in the viewer)."""
    from krook.session.local import saved_record

    record = saved_record()
    if record is None:
        return None
    try:
        finished.check_record(record, "the saved game")
    except finished.FinishedGameError as exc:
        log.warning("autosave not listed: %s", exc)
        return None
    return record
