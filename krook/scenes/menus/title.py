"""The title screen: the way into a new game, a saved game, LAN play, the rules and the settings."""

from __future__ import annotations

import logging

import pygame

from krook import storage
from krook.rules import KrookError
from krook.scenes.base import Services
from krook.scenes.common.menu import MenuScene, draw_backdrop
from krook.scenes.menus.notice import wrap_all
from krook.scenes.menus.rules_reader import RulesScene
from krook.scenes.menus.settings import SettingsScene
from krook.ui import Button

__all__ = ["TitleScene", "draw_backdrop"]

log = logging.getLogger(__name__)


class TitleScene(MenuScene):
    title = "Krook"
    subtitle = "The Rook card game for the family table"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.continue_btn = Button("Continue", self.continue_game, "primary")
        self.continue_btn.enabled = services.games.has_saved_game() or self._hosted() is not None
        buttons = [
            Button("New game", self.new_game, "primary" if not self.continue_btn.enabled else "secondary"),
            self.continue_btn,
            Button("Join LAN game", self.join_lan),
            Button("Play over the internet", lambda: self.stack.push(self.services.go.internet())),
            Button("Learn to play", self.learn),
            Button("Watch a game", self.watch),
            Button("Rules", lambda: self.stack.push(RulesScene(self.services))),
            Button("Settings", lambda: self.stack.push(SettingsScene(self.services))),
            Button("Quit", self.services.quit, "ghost"),
        ]
        self.set_buttons(buttons)
        if self.continue_btn.enabled:
            self.focus.focus(self.continue_btn)

    def on_enter(self) -> None:
        self.continue_btn.enabled = self.services.games.has_saved_game() or self._hosted() is not None

    def _hosted(self) -> str | None:
        return self.services.games.hosted_game()

    def continue_game(self) -> None:
        """Carry on the saved game; a LAN game this computer was hosting is offered here too, so a host
        whose computer restarted finds it where a player looks first."""
        from krook.scenes.menus.notice import NoticeScene

        hosted = self._hosted()
        if hosted is None:
            self.resume()
        elif not self.services.games.has_saved_game():
            self.resume_hosting()
        else:
            self.stack.push(
                NoticeScene(
                    self.services,
                    "Which game?",
                    f"This computer has a saved game and the LAN game it was hosting ({hosted}).",
                    [("Continue the saved game", self.resume), ("Resume hosting", self.resume_hosting)],
                )
            )

    def resume_hosting(self) -> None:
        from krook.scenes.menus.notice import NoticeScene

        try:
            game = self.services.games.resume_host()
        except (OSError, ValueError, KrookError, storage.StorageError) as exc:
            log.warning("resume hosting: %s", exc)
            self.stack.push(NoticeScene(self.services, "Could not resume hosting", str(exc)))
            return
        self.stack.push(self.services.go.waiting_room(game))

    def back(self) -> None:
        pass

    def join_lan(self) -> None:
        self.stack.push(self.services.go.join())

    def learn(self) -> None:
        table = self.services.go.tutorial()
        if table is not None:
            self.stack.push(table)

    def watch(self) -> None:
        self.stack.push(self.services.go.games())

    def new_game(self) -> None:
        """The lobby; with an unfinished game saved, first ask whether to keep it or replace it."""
        from krook.scenes.menus.notice import NoticeScene
        from krook.session import finished
        from krook.session.local import save_file

        saved = finished.describe_saved(save_file()) if self.services.games.has_saved_game() else None
        if saved is None:
            self.stack.push(self.services.go.lobby())
            return
        self.stack.push(
            NoticeScene(
                self.services,
                "Replace your saved game?",
                f"{saved}, is not finished. A new game takes its place; the old game stays in "
                "Watch a game, marked abandoned.",
                [
                    ("Keep it", self._keep_saved),
                    ("Replace it", lambda: self.stack.push(self.services.go.lobby())),
                ],
            )
        )

    def _keep_saved(self) -> None:
        self.focus.focus(self.continue_btn)

    def resume(self, read_only: bool = False) -> None:
        from krook.scenes.menus.notice import NoticeScene

        try:
            session = self.services.games.resume_local(read_only=read_only)
        except storage.ReadOnlyError as exc:
            # permissions or a read-only disk: nothing is damaged and nothing was moved
            log.warning("resume: %s", exc)
            what = "its save folder" if exc.where == exc.path.parent else "the saved game"
            self.stack.push(
                NoticeScene(
                    self.services,
                    f"Krook cannot write to {what}",
                    f"Krook cannot write to {exc.where}, so the game could not be saved there. Your saved "
                    "game is untouched. Open a copy to play on: moves made in the copy are not saved.",
                    [("Open a copy", lambda: self.resume(read_only=True)), ("Cancel", lambda: None)],
                )
            )
            return
        except storage.LockedError as exc:
            self.stack.push(
                NoticeScene(
                    self.services,
                    "The game is open in another window",
                    "Another Krook window is playing this saved game "
                    f"({exc.owner}). Carry on there, or open a copy here: moves made in the copy are not saved.",
                    [("Cancel", lambda: None), ("Open a copy", lambda: self.resume(read_only=True))],
                )
            )
            return
        except storage.MissingFileError:
            self.services.messages.append("There is no saved game to continue.")
            self.continue_btn.enabled = False
            return
        except storage.FormatMismatchError as exc:
            self.services.messages.append(str(exc))
            log.warning("resume: %s", exc)
            self.continue_btn.enabled = False
            return
        except storage.StorageError as exc:
            moved = getattr(exc, "moved_to", None)
            kept = f" It was kept as {moved.name}." if moved else ""
            self.services.messages.append(f"The saved game could not be read and was set aside.{kept}")
            log.warning("resume failed: %s", exc)
            self.continue_btn.enabled = False
            return
        # its notices (a damaged save replaced by its backup) are told at the table, where the game is
        self.stack.push(self.services.go.table(session))

    def update(self, dt: float) -> None:
        msgs = self.services.messages
        if msgs:
            self._msg_t = getattr(self, "_msg_t", 0.0) + dt
            if self._msg_t > 8.0:
                msgs.pop(0)
                self._msg_t = 0.0

    def animating(self) -> bool:
        return bool(self.services.messages)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        self._draw_fan(surface, w // 2, round(h * 0.14))
        self.draw_title(surface, h * 0.22)
        self.layout(surface, 0.37, 40, 7)  # nine buttons fit under the title at 720 px
        self.focus.draw(surface, t, self.focus.keyboard_used or self.services.keyboard_mode)
        t.text(
            surface,
            "F1 or ? for keys",
            (w - t.px(16), h - t.px(12)),
            "caption",
            t.p.text_muted,
            anchor="bottomright",
        )
        if self.services.messages:
            self._draw_message(surface, self.services.messages[0])

    def _draw_message(self, surface: pygame.Surface, msg: str) -> None:
        """The oldest message, beside the column of buttons (never over one), level with its top."""
        t = self.theme
        w = surface.get_width()
        column = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
        margin = t.px(24)
        pad = t.px(12)
        width = min(t.px(420), w - column.right - margin * 2)
        lines = wrap_all(t, msg, width - pad * 2, max_lines=12)
        lh = t.font("body").get_linesize()
        rect = pygame.Rect(column.right + margin, column.top, width, lh * len(lines) + pad * 2)
        t.panel(surface, rect, (70, 40, 30), edge=t.p.accent)
        for i, line in enumerate(lines):
            t.text(surface, line, (rect.x + pad, rect.y + pad + i * lh), "body")

    def _draw_fan(self, surface: pygame.Surface, cx: int, cy: int) -> None:
        h = self.theme.px(120)
        for i, code in enumerate(("R14", "Y1", "K", "G10", "B5")):
            img = self.services.cards.face(code, h)
            angle = (2 - i) * 11
            rot = pygame.transform.rotozoom(img, angle, 1.0)
            x = cx + (i - 2) * self.theme.px(46)
            y = cy - self.theme.px(20) + abs(i - 2) * self.theme.px(8)
            rect = rot.get_rect(center=(x, y))
            surface.blit(rot, rect)
