"""Title -> Join LAN game: the games found on the home network, Join by address, your name, Join.

Looking for games and joining run on background threads (``Job``), so the window never freezes while a
host is slow to answer; a refused or failed join is shown on this screen, never raised.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pygame

from krook.net import GameInfo, JoinError, find_games
from krook.scenes.base import JoinedSession, Scene, Services
from krook.scenes.common.menu import begin_screen, bottom_bar, screen_margin, titled_panel
from krook.scenes.lan.common import (
    Job,
    forget_seat,
    lan_options,
    parse_address,
    player_name,
    remember_seat,
    stored_seat,
)
from krook.scenes.lan.help import help_button
from krook.ui import Button, FocusGroup, TextField
from krook.ui.widgets import ACTIVATE_KEYS, Widget, draw_focus_ring

log = logging.getLogger(__name__)

HINTS = {
    "unreachable": "Check the address, that the host is in its waiting room, and the firewall (see Help).",
    "timeout": "The host did not answer in time. Is it still running? See Help for firewalls.",
    "lost": "The host went away while you were joining. If it is starting again, try once more in a moment.",
    "full": "Ask the host to open a seat, or join another game.",
    "password": "Type the room code under Room code and click Join again.",
}


class GameRow(Widget):
    """One game found on the network: click (or Enter) picks it; a game of another version is greyed."""

    def __init__(self, info: GameInfo, on_pick: Callable[[GameRow], Any], rejoin: bool) -> None:
        super().__init__()
        self.info = info
        self.on_pick = on_pick
        self.rejoin = rejoin
        self.selected = False

    def handle_event(self, e: pygame.event.Event) -> bool:
        super().handle_event(e)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.contains(e.pos):
            self.on_pick(self)
            return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in ACTIVATE_KEYS:
            self.on_pick(self)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Any, focused: bool = False) -> None:
        t, p, r, info = theme, theme.p, self.rect, self.info
        fill = (58, 76, 92) if self.selected else (40, 52, 64) if self.hover else (32, 42, 52)
        pygame.draw.rect(surface, fill, r, border_radius=t.px(8))
        if self.selected:
            pygame.draw.rect(surface, p.accent, (r.x, r.y + r.h // 4, t.px(4), r.h // 2))
        ink = p.text if info.compatible else (120, 128, 134)
        pad = t.px(16)
        t.text(surface, info.name[:32], (r.x + pad, r.y + t.px(7)), "label", ink, True)
        if not info.compatible:
            detail = f"{info.address} · another version of Krook ({info.app_version}): can't join"
            colour = (200, 130, 110)
        else:
            seats = (
                "full"
                if info.open_seats == 0
                else f"{info.open_seats} open seat{'s' * (info.open_seats != 1)}"
            )
            started = " · playing" if info.started else " · waiting to start"
            code = " · room code" if info.password else ""
            detail = f"{info.address}:{info.port} · {seats}{started}{code}"
            colour = p.text_muted
        t.text(surface, detail, (r.x + pad, r.bottom - t.px(8)), "caption", colour, anchor="bottomleft")
        if self.rejoin and info.compatible:
            t.text(
                surface, "your seat", (r.right - pad, r.centery), "caption", p.accent, True, anchor="midright"
            )
        if focused:
            draw_focus_ring(surface, t, r, t.px(8))


class JoinScene(Scene):
    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.options = lan_options(services)
        self.games: list[GameInfo] = []
        self.rows: list[GameRow] = []
        self.search: Job | None = None
        self.searched_at: float | None = None
        self.since_search = 0.0
        self.connecting: Job | None = None
        self.connect_target: tuple[str, int] | None = None
        self.error = ""
        self.note = ""
        self.name_field = TextField(
            player_name(services), self._set_name, max_len=16, placeholder="Your name"
        )
        self.address_field = TextField(
            services.settings.last_join_address,
            self._typed_address,
            max_len=40,
            placeholder="192.168.1.20",
            tooltip="host or host:port",
        )
        self.code_field = TextField(
            "",
            lambda text: None,
            max_len=12,
            placeholder="if the host shows one",
            tooltip="The room code on the host's screen (new players only)",
        )
        self.join_btn = Button("Join", self.join, "primary")
        self.refresh_btn = Button("Refresh", self.refresh, "secondary")
        self.help_btn = help_button(self, "Help")
        self.back_btn = Button("Back", self.back, "ghost")
        self.focus = FocusGroup()
        self._set_focus()
        self.focus.focus(self.join_btn)

    # -- looking for games ----------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.search is None and self.searched_at is None:
            self.refresh()

    def on_exit(self) -> None:
        if self.connecting is not None:
            self.connecting.abandon()
            self.connecting = None

    def refresh(self) -> None:
        if self.search is not None:
            return
        o = self.options
        if o.discovery_port is None:
            self.searched_at = time.monotonic()
            return
        self.search = Job(
            lambda: find_games(o.discovery_timeout, port=o.discovery_port, targets=o.discovery_targets),  # type: ignore[arg-type]
            "krook-find-games",
        )

    def _search_done(self) -> None:
        job, self.search = self.search, None
        assert job is not None
        self.searched_at = time.monotonic()
        self.since_search = 0.0
        if job.error is not None:
            log.info("looking for games failed: %s", job.error)
            return
        self.show_games(list(job.result or []))

    def show_games(self, games: list[GameInfo], looked: bool = False) -> None:
        """List ``games`` (the gallery and tests call it directly); keeps the picked game picked."""
        if looked and self.searched_at is None:
            self.searched_at = time.monotonic()
        self.games = games
        picked = next((r.info for r in self.rows if r.selected), None)
        self.rows = []
        for info in self.games:
            row = GameRow(info, self._pick, stored_seat(self.services, info.address, info.port) is not None)
            row.selected = picked is not None and (info.address, info.port) == (picked.address, picked.port)
            self.rows.append(row)
        self._set_focus()

    def _set_focus(self) -> None:
        self.focus.set(
            [
                *self.rows,
                self.refresh_btn,
                self.name_field,
                self.address_field,
                self.code_field,
                self.join_btn,
                self.help_btn,
                self.back_btn,
            ]
        )

    def _pick(self, row: GameRow) -> None:
        for r in self.rows:
            r.selected = r is row
        info = row.info
        if not info.compatible:
            self.error = (
                f"{info.name} runs another version of Krook ({info.app_version}). "
                "Update the older copy so both computers run the same version."
            )
            return
        self.error = ""
        self.address_field.text = f"{info.address}:{info.port}"
        self.focus.focus(self.join_btn)

    def _typed_address(self, text: str) -> None:
        for r in self.rows:
            r.selected = f"{r.info.address}:{r.info.port}" == text.strip()

    def _set_name(self, text: str) -> None:
        self.services.settings.player_name = text.strip()[:16]

    # -- joining ---------------------------------------------------------------------------------------------
    def join(self) -> None:
        if self.connecting is not None:
            return
        try:
            address, port = parse_address(self.address_field.text)
        except ValueError as exc:
            self.error = str(exc)
            return
        name = self.name_field.text.strip() or "Player"
        entry = stored_seat(self.services, address, port)
        token = entry["token"] if entry else None
        o = self.options
        extra = dict(o.client_options or {})
        code = "".join(self.code_field.text.split())
        if code:
            extra["password"] = code

        join = self.services.games.join

        def attempt() -> tuple[JoinedSession, str]:
            try:
                return join(address, port, name, token, timeout=o.connect_timeout, **extra), ""
            except JoinError as exc:
                if token is None or exc.code != "bad_token":
                    raise
            session = join(address, port, name, None, timeout=o.connect_timeout, **extra)
            return session, "The host no longer held your old seat, so you joined as a new player."

        self.error = ""
        self.note = ""
        self.connect_target = (address, port)
        self.connecting = Job(attempt, "krook-join")

    def _connect_done(self) -> None:
        job, self.connecting = self.connecting, None
        assert job is not None and self.connect_target is not None
        address, port = self.connect_target
        if job.error is not None:
            exc = job.error
            if isinstance(exc, JoinError):
                if exc.code == "bad_token":
                    forget_seat(self.services, address, port)
                detail = exc.message.strip().rstrip(".")
                detail = detail[:1].upper() + detail[1:]
                hint = HINTS.get(exc.code, "")
                self.error = f"Could not join {address}:{port}. {detail}." + (f" {hint}" if hint else "")
            else:
                log.exception("joining %s:%s failed", address, port, exc_info=exc)
                self.error = f"Could not join {address}:{port}: {exc}"
            return
        session, note = job.result
        game = next((g.name for g in self.games if (g.address, g.port) == (address, port)), f"{address}")
        remember_seat(
            self.services,
            address,
            port,
            token=session.token,
            seat=session.seat,
            game=game,
            name=self.name_field.text.strip() or "Player",
        )
        self.services.settings.last_join_address = f"{address}:{port}"
        self.services.save_settings()
        log.info("joined %s:%s as seat %s", address, port, session.seat)
        from krook.scenes.lan.waiting_room import enter_lan_table

        enter_lan_table(self, session, note=note, game=game)

    # -- frame -------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.search is not None and self.search.done:
            self._search_done()
        if self.connecting is not None and self.connecting.done:
            self._connect_done()
        if self.searched_at is not None and self.search is None and self.connecting is None:
            self.since_search += dt
            if self.since_search >= self.options.refresh_s:
                self.refresh()

    def animating(self) -> bool:
        return self.connecting is not None or self.search is not None

    def back(self) -> None:
        self.services.save_settings()
        self.stack.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.back()
            return True
        if (
            e.type == pygame.KEYDOWN
            and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.focus.focused in (self.address_field, self.code_field)
        ):
            self.address_field.editing = self.code_field.editing = False
            self.join()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F5:
            self.refresh()
            return True
        return self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "Join a LAN game")
        p = t.p
        w, h = surface.get_size()
        margin = screen_margin(t)
        top = t.px(84)
        bottom = h - t.px(100)
        # Left: the games found.
        left = pygame.Rect(margin, top, round(w * 0.56), bottom - top)
        titled_panel(t, surface, left, "Games on this network")
        self.refresh_btn.rect = pygame.Rect(0, 0, t.px(130), t.px(40))
        self.refresh_btn.rect.topright = (left.right - t.px(18), left.y + t.px(14))
        if self.search is not None:
            state = "Looking..."
        elif self.searched_at is None:
            state = ""
        else:
            state = f"Looked {int(self.since_search)} s ago"
        t.text(
            surface,
            state,
            (self.refresh_btn.rect.left - t.px(12), self.refresh_btn.rect.centery),
            "caption",
            p.text_muted,
            anchor="midright",
        )
        y = left.y + t.px(70)
        row_h = t.px(74)
        for row in self.rows:
            row.rect = pygame.Rect(left.x + t.px(16), y, left.w - t.px(32), row_h - t.px(8))
            row.visible = row.rect.bottom <= left.bottom - t.px(8)
            y += row_h
        if not self.rows:
            if self.options.discovery_port is None:
                msg = "Looking for games is off. Use Join by address."
            elif self.searched_at is None:
                msg = "Looking for games on your home network..."
            else:
                msg = (
                    "No games found yet. Ask the host to open the waiting room (New game, set a seat to "
                    "Open for LAN, Host game). Still nothing? Use Join by address, and see Help."
                )
            for i, line in enumerate(t.wrap(msg, left.w - t.px(64), "body")):
                t.text(
                    surface,
                    line,
                    (left.x + t.px(32), y + t.px(10) + i * t.font("body").get_linesize()),
                    "body",
                    p.text_muted,
                )
        # Right: name, address, join.
        right = pygame.Rect(left.right + margin, top, w - left.right - margin * 2, bottom - top)
        t.panel(surface, right)
        x = right.x + t.px(20)
        fw = right.w - t.px(40)
        y = right.y + t.px(14)
        t.text(surface, "Your name", (x, y), "label", p.text, True)
        y += t.px(32)
        self.name_field.rect = pygame.Rect(x, y, fw, t.px(44))
        y += t.px(62)
        t.text(surface, "Join by address", (x, y), "label", p.text, True)
        y += t.px(32)
        self.address_field.rect = pygame.Rect(x, y, fw, t.px(44))
        y += t.px(48)
        t.text(surface, "Pick a game on the left, or type host or host:port", (x, y), "caption", p.text_muted)
        y += t.px(34)
        t.text(surface, "Room code", (x, y), "label", p.text, True)
        y += t.px(32)
        self.code_field.rect = pygame.Rect(x, y, fw, t.px(44))
        y += t.px(58)
        self.join_btn.rect = pygame.Rect(x, y, fw, t.px(52))
        self.join_btn.label = "Joining..." if self.connecting is not None else "Join"
        self.join_btn.enabled = self.connecting is None
        y += t.px(66)
        if self.connecting is not None and self.connect_target is not None:
            a, port = self.connect_target
            lines, colour = t.wrap(f"Connecting to {a}:{port}...", fw, "body"), p.text_muted
        elif self.error:
            lines, colour = t.wrap(self.error, fw, "body"), p.danger
        else:
            lines, colour = t.wrap(self.note, fw, "body") if self.note else [], p.text_muted
        lh = t.font("body").get_linesize()
        for i, line in enumerate(lines[: max(1, (right.bottom - y) // lh)]):
            t.text(surface, line, (x, y + i * lh), "body", colour)
        # Bottom bar.
        bottom_bar(t, surface, [(self.back_btn, 140), (self.help_btn, 220)])
        self.help_btn.label = "Help: firewalls"
        self.focus.draw(surface, t, self.focus.keyboard_used or self.focus.focused is not self.join_btn)
