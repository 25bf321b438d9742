"""The lobby: seats (names, human, bot or open for LAN), who deals first, the preset, every house rule, a deal
number. With a seat open for LAN, Start becomes Host game: a name for the game and how long a dropped
player's seat is held, then the waiting room (``waiting_room.py``)."""

from __future__ import annotations

import socket
from functools import partial
from typing import Any

import pygame

from krook.bots import OFFERED_STRENGTHS
from krook.rules import PRESETS, SETTING_SPECS, KrookError, Rules, matching_preset
from krook.session.local import Lobby, LocalSession, SeatConfig
from krook.storage import StorageError
from krook.ui import Button, FocusGroup, Stepper, TextField, Toggle
from krook.ui.widgets import Widget

from .base import Scene, Services

# (kind, strength, label): the bot strengths come from the bots' own list of what is offered to players
KINDS = [
    ("human", "medium", "Human here"),
    *(("bot", name, f"Bot · {name}") for name, _ in OFFERED_STRENGTHS),
    ("open", "medium", "Open for LAN"),
]
GRACE_CHOICES = (15, 30, 60, 120, 300, 600)
DEFAULT_NAMES = ["You", "Ada", "Ben", "Cleo", "Dev", "Eli"]


def _fmt_value(spec: Any, value: Any) -> str:
    if value is None:
        return "automatic" if spec.name == "max_bid" else "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


def _values(spec: Any) -> list[Any]:
    if spec.choices:
        values = list(spec.choices)
    else:
        lo = spec.minimum if spec.minimum is not None else 0
        hi = spec.maximum if spec.maximum is not None else lo + 100
        values = list(range(lo, hi + 1, spec.step or 1))
    if spec.optional:
        values = [None, *values]
    return values


class LobbyScene(Scene):
    def __init__(self, services: Services) -> None:
        super().__init__(services)
        saved = services.settings.last_lobby
        try:
            self.lobby = Lobby.from_dict(saved) if saved else Lobby.default()
            self.lobby.rules()
        except (KrookError, TypeError, ValueError, AttributeError):
            self.lobby = Lobby.default()
        self.error = ""
        self.scroll = 0
        self.focus = FocusGroup()
        self.rule_rows: list[tuple[Any, Widget]] = []
        self.seat_rows: list[tuple[TextField, Stepper, Button]] = []
        self.preset_names = list(PRESETS)
        self.preset_stepper = Stepper(
            [*self.preset_names, "custom"],
            0,
            self._pick_preset,
            lambda v: PRESETS[v].title if v in PRESETS else "Custom",
        )
        self.start_btn = Button("Start game", self.start, "primary")
        lan = (saved or {}).get("lan") if isinstance(saved, dict) else None
        lan = lan if isinstance(lan, dict) else {}
        self.game_name = str(lan.get("name") or _default_game_name())[:24]
        grace = lan.get("grace", 60)
        self.grace_s = grace if grace in GRACE_CHOICES else 60
        self.name_field = TextField(
            self.game_name, self._set_game_name, max_len=24, tooltip="The name others see in Join LAN game"
        )
        self.grace_stepper = Stepper(
            list(GRACE_CHOICES),
            GRACE_CHOICES.index(self.grace_s),
            self._set_grace,
            lambda v: f"Seat held {v} s" if v < 120 else f"Seat held {v // 60} min",
            tooltip="How long a player who drops keeps their seat before a bot plays it (until they rejoin)",
        )
        self.back_btn = Button("Back", lambda: self.stack.pop(), "ghost")
        from .waiting_room import hosted_game

        self.hosted = hosted_game()
        self.resume_btn = Button(
            f"Resume hosting {self.hosted}"[:40],
            self.resume_hosting,
            "secondary",
            tooltip="Host the LAN game this computer was hosting; the players rejoin their seats",
        )
        self.resume_btn.visible = self.hosted is not None
        self.seed_field = TextField(
            "" if self.lobby.seed is None else str(self.lobby.seed),
            self._set_seed,
            max_len=9,
            placeholder="random",
            allowed=str.isdigit,
            tooltip="The same deal number gives the same deals: replay a game",
        )
        self._panel = pygame.Rect(0, 0, 0, 0)
        self.rebuild()

    # -- model ---------------------------------------------------------------------------------------------
    def rules(self) -> Rules | None:
        try:
            rules = self.lobby.rules()
        except KrookError as exc:
            self.error = str(exc)
            return None
        self.error = ""
        return rules

    def current_values(self) -> dict[str, Any]:
        try:
            return self.lobby.rules().to_dict()
        except KrookError:
            base = PRESETS[self.lobby.preset].rules.to_dict()
            base.update(self.lobby.overrides)
            return base

    def rebuild(self) -> None:
        values = self.current_values()
        players = int(values["players"])
        seats = self.lobby.seats
        while len(seats) < players:
            seats.append(SeatConfig(DEFAULT_NAMES[len(seats) % 6], "bot", "medium"))
        del seats[players:]
        if not any(s.kind == "human" for s in seats) and seats:
            pass  # a table of bots is allowed: watch them play
        self.lobby.first_dealer %= players
        self.seat_rows = []
        for i, seat in enumerate(seats):
            name = TextField(seat.name, partial(self._set_name, i), max_len=12)
            kind_index = next(
                (
                    k
                    for k, (kind, strength, _) in enumerate(KINDS)
                    if kind == seat.kind and (kind != "bot" or strength == seat.strength)
                ),
                2,
            )
            kind = Stepper([k[2] for k in KINDS], kind_index, partial(self._set_kind, i))
            dealer = Button(
                "Deals first" if i == self.lobby.first_dealer else "Deal",
                partial(self._set_dealer, i),
                "secondary" if i == self.lobby.first_dealer else "ghost",
            )
            self.seat_rows.append((name, kind, dealer))
        self.rule_rows = []
        for spec in SETTING_SPECS:
            value = values.get(spec.name)
            options = _values(spec)
            widget: Widget
            if set(options) == {True, False} and not spec.optional:
                widget = Toggle(bool(value), partial(self._set_rule, spec.name))
            else:
                index = options.index(value) if value in options else 0
                widget = Stepper(
                    options,
                    index,
                    partial(self._set_rule, spec.name),
                    partial(_fmt_value, spec),
                )
            widget.tooltip = spec.help
            self.rule_rows.append((spec, widget))
        rules = self.rules()
        match = matching_preset(rules) if rules else None
        self.preset_stepper.set_value(match if match else "custom")
        self.start_btn.enabled = rules is not None and not self.error
        widgets: list[Widget] = []
        for name, kind, dealer in self.seat_rows:
            widgets += [name, kind, dealer]
        widgets += [
            self.preset_stepper,
            *[w for _, w in self.rule_rows],
            self.seed_field,
            self.name_field,
            self.grace_stepper,
            self.start_btn,
            self.back_btn,
            self.resume_btn,
        ]
        self.focus.set(widgets)
        self._sync_host()

    def hosting(self) -> bool:
        """A seat is open for LAN: Start hosts the game."""
        players = len(self.seat_rows) or len(self.lobby.seats)
        return any(s.kind == "open" for s in self.lobby.seats[:players])

    def _sync_host(self) -> None:
        hosting = self.hosting()
        self.start_btn.label = "Host game" if hosting else "Start game"
        self.name_field.visible = self.grace_stepper.visible = hosting

    def _set_game_name(self, text: str) -> None:
        self.game_name = text.strip() or _default_game_name()

    def _set_grace(self, value: int) -> None:
        self.grace_s = value

    def _set_name(self, i: int, text: str) -> None:
        self.lobby.seats[i].name = text or f"Player {i + 1}"

    def _set_kind(self, i: int, label: str) -> None:
        kind, strength, _ = next(k for k in KINDS if k[2] == label)
        self.lobby.seats[i].kind = kind
        self.lobby.seats[i].strength = strength
        self._sync_host()

    def _set_dealer(self, i: int) -> None:
        self.lobby.first_dealer = i
        for j, (_, _, b) in enumerate(self.seat_rows):
            b.label = "Deals first" if j == i else "Deal"
            b.style = "secondary" if j == i else "ghost"

    def _pick_preset(self, name: str) -> None:
        if name == "custom":
            return
        self.lobby.preset = name
        self.lobby.overrides = {}
        self.rebuild()

    def _set_rule(self, name: str, value: Any) -> None:
        preset_value = PRESETS[self.lobby.preset].rules.to_dict()[name]
        if value == preset_value and type(value) is type(preset_value):
            self.lobby.overrides.pop(name, None)
        else:
            self.lobby.overrides[name] = value
        if name == "players":
            self.rebuild()
        else:
            rules = self.rules()
            match = matching_preset(rules) if rules else None
            if match and match != self.lobby.preset:
                self.lobby.preset, self.lobby.overrides = match, {}
            self.preset_stepper.set_value(match if match else "custom")
            self.start_btn.enabled = rules is not None

    def _set_seed(self, text: str) -> None:
        self.lobby.seed = int(text) if text.isdigit() else None

    def start(self) -> None:
        if self.rules() is None:
            return
        from .table import TableScene

        saved = self.lobby.to_dict()
        saved["lan"] = {"name": self.game_name, "grace": self.grace_s}
        self.services.settings.last_lobby = saved
        self.services.save_settings()
        if self.hosting():
            self.host_game()
            return
        session = LocalSession.new(self.lobby, bot_delay=self.services.settings.bot_delay)
        self.stack.replace(TableScene(self.services, session))

    def resume_hosting(self) -> None:
        from .waiting_room import WaitingRoomScene, resume_host

        try:
            game = resume_host(self.services)
        except (OSError, ValueError, KrookError, StorageError) as exc:
            self.error = str(exc)
            return
        self.stack.push(WaitingRoomScene(self.services, game))

    def host_game(self) -> None:
        from .waiting_room import WaitingRoomScene, start_host

        try:
            game = start_host(self.services, self.lobby, self.game_name, float(self.grace_s))
        except OSError as exc:
            self.error = str(exc)
            return
        self.stack.push(WaitingRoomScene(self.services, game))

    # -- input -----------------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        if e.type == pygame.MOUSEWHEEL and self._panel.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll - e.y * self.theme.px(60))
            return True
        handled = self.focus.handle_event(e)
        if e.type == pygame.KEYDOWN:
            self._scroll_to_focus()
        return handled

    def _scroll_to_focus(self) -> None:
        w = self.focus.focused
        for i, (_, widget) in enumerate(self.rule_rows):
            if widget is w:
                row_top = i * self._row_h
                if row_top < self.scroll:
                    self.scroll = row_top
                elif row_top + self._row_h > self.scroll + self._panel.h:
                    self.scroll = row_top + self._row_h - self._panel.h

    _row_h = 60

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from .menu import begin_screen, bottom_bar, screen_margin, titled_panel

        t = begin_screen(self, surface, "New game")
        p = t.p
        w, h = surface.get_size()
        margin = screen_margin(t)
        if self.resume_btn.visible:
            self.resume_btn.rect = pygame.Rect(0, 0, t.px(380), t.px(46))
            self.resume_btn.rect.topright = (w - margin, margin)
        # Seats
        left = pygame.Rect(margin, t.px(84), round(w * 0.42), h - t.px(84) - t.px(100))
        titled_panel(t, surface, left, "Seats")
        team = self.current_values().get("partnership") == "fixed"
        row_h = t.px(58)
        y = left.y + t.px(62)
        for i, (name, kind, dealer) in enumerate(self.seat_rows):
            if team:
                chip = pygame.Rect(left.x + t.px(16), y + t.px(12), t.px(8), row_h - t.px(28))
                pygame.draw.rect(
                    surface, (86, 160, 220) if i % 2 == 0 else (232, 150, 70), chip, border_radius=t.px(4)
                )
            name.rect = pygame.Rect(left.x + t.px(32), y + t.px(6), round(left.w * 0.32), row_h - t.px(16))
            kind.rect = pygame.Rect(
                name.rect.right + t.px(12), y + t.px(6), round(left.w * 0.36), row_h - t.px(16)
            )
            dealer.rect = pygame.Rect(
                kind.rect.right + t.px(12),
                y + t.px(6),
                left.right - kind.rect.right - t.px(28),
                row_h - t.px(16),
            )
            y += row_h
        if team:
            t.text(
                surface,
                "Partners sit across: blue seats play together against orange.",
                (left.x + t.px(20), y + t.px(6)),
                "caption",
                p.text_muted,
            )
            y += t.px(28)
        # Preset + seed under the seats
        y += t.px(12)
        t.text(surface, "Rules", (left.x + t.px(20), y), "title", p.text, True)
        y += t.px(44)
        self.preset_stepper.rect = pygame.Rect(left.x + t.px(20), y, left.w - t.px(40), t.px(44))
        y += t.px(52)
        preset = PRESETS.get(self.preset_stepper.value)
        desc = (
            preset.description
            if preset
            else "Your own house rules: changed from " + PRESETS[self.lobby.preset].title + "."
        )
        for line in t.wrap(desc, left.w - t.px(40), "caption")[:3]:
            t.text(surface, line, (left.x + t.px(20), y), "caption", p.text_muted)
            y += t.font("caption").get_linesize()
        y += t.px(14)
        t.text(surface, "Deal number", (left.x + t.px(20), y + t.px(10)), "body", p.text)
        self.seed_field.rect = pygame.Rect(left.x + t.px(180), y, t.px(170), t.px(42))
        # House rules panel (scrolls)
        right = pygame.Rect(left.right + margin, t.px(84), w - left.right - margin * 2, left.h)
        titled_panel(t, surface, right, "House rules")
        t.text(
            surface,
            "Hover or focus a rule to read it",
            (right.right - t.px(20), right.y + t.px(22)),
            "caption",
            p.text_muted,
            anchor="topright",
        )
        inner = pygame.Rect(right.x + t.px(8), right.y + t.px(58), right.w - t.px(16), right.h - t.px(66))
        self._panel = inner
        self._row_h = t.px(52)
        total = self._row_h * len(self.rule_rows)
        self.scroll = max(0, min(self.scroll, total - inner.h))
        clip = surface.get_clip()
        surface.set_clip(inner)
        ctrl_w = round(inner.w * 0.38)
        for i, (spec, widget) in enumerate(self.rule_rows):
            ry = inner.y + i * self._row_h - self.scroll
            row = pygame.Rect(inner.x, ry, inner.w, self._row_h)
            widget.visible = inner.colliderect(row) and row.top >= inner.top - self._row_h // 2
            if i % 2 == 0:
                pygame.draw.rect(surface, (34, 45, 56), row, border_radius=t.px(8))
            changed = spec.name in self.lobby.overrides
            t.text(
                surface,
                spec.label,
                (row.x + t.px(14), row.centery),
                "body",
                p.accent if changed else p.text,
                changed,
                anchor="midleft",
            )
            widget.rect = pygame.Rect(
                row.right - ctrl_w - t.px(10), row.y + t.px(8), ctrl_w, self._row_h - t.px(16)
            )
        for _, widget in self.rule_rows:
            if widget.visible:
                widget.draw(surface, t, widget is self.focus.focused)
        surface.set_clip(clip)
        if total > inner.h:
            bar_h = max(t.px(30), inner.h * inner.h // total)
            bar_y = inner.y + (inner.h - bar_h) * self.scroll / max(1, total - inner.h)
            pygame.draw.rect(
                surface, (90, 104, 118), (right.right - t.px(6), bar_y, t.px(4), bar_h), border_radius=t.px(2)
            )
        # Bottom bar
        bottom_bar(t, surface, [(self.start_btn, 220), (self.back_btn, 140)])
        if self.hosting() and not self.error:
            self._draw_host_fields(surface, margin, self.back_btn.rect.left - t.px(16))
        if self.error:
            lines = t.wrap("Can't start: " + self.error, self.back_btn.rect.left - margin * 2, "body")
            for i, line in enumerate(lines[:2]):
                t.text(
                    surface,
                    line,
                    (margin, h - t.px(70) + i * t.font("body").get_linesize()),
                    "body",
                    p.danger,
                    True,
                )
        non_rule = [wd for wd in self.focus.widgets if all(wd is not rw for _, rw in self.rule_rows)]
        focused = self.focus.focused
        for wd in non_rule:
            if wd.visible:
                wd.draw(surface, t, wd is focused)
        hovered = next((wd for _, wd in self.rule_rows if wd.visible and wd.hover), None)
        tip_for = hovered or (focused if any(focused is rw for _, rw in self.rule_rows) else None)
        for field_ in (self.seed_field, self.name_field, self.grace_stepper):
            if tip_for is None and field_.visible and field_.hover:
                tip_for = field_
        if tip_for is not None and tip_for.tooltip:
            from krook.ui import draw_tooltip

            draw_tooltip(surface, t, tip_for.tooltip, tip_for.rect, t.px(420))

    def _draw_host_fields(self, surface: pygame.Surface, x: int, right: int) -> None:
        """The game's name and the seat grace period, in the bottom bar left of Back."""
        t = self.theme
        h = surface.get_height()
        bar = pygame.Rect(x, h - t.px(22) - t.px(54), right - x, t.px(54))
        label = t.text(
            surface, "LAN game", (bar.x, bar.centery), "body", t.p.text_muted, True, anchor="midleft"
        )
        room = bar.right - label.right - t.px(24)
        name_w = min(t.px(280), room * 55 // 100)
        self.name_field.rect = pygame.Rect(label.right + t.px(12), bar.y + t.px(6), name_w, bar.h - t.px(12))
        self.grace_stepper.rect = pygame.Rect(
            self.name_field.rect.right + t.px(12),
            bar.y + t.px(6),
            min(t.px(240), room - name_w),
            bar.h - t.px(12),
        )


def _default_game_name() -> str:
    """The computer's name (a family knows which computer is the host), trimmed for the games list."""
    name = socket.gethostname().split(".")[0].strip()
    return f"{name[:16]}'s table" if name and name.lower() != "localhost" else "Kitchen table"
