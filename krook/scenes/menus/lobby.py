"""The lobby: seats (names, human, bot or open for LAN), who deals first, the preset, every house rule, a deal
number, fair or unlimited take-backs. With a seat open for LAN, Start becomes Host game: a name for the game
and how long a dropped player's seat is held, then the waiting room (``waiting_room.py``).

The screen shows the lobby model (``krook.session.lobby.Lobby``) and hands it each change; which preset the
rules are, what differs from it and which rules mean nothing with the deck are the model's to say."""

from __future__ import annotations

import socket
from functools import partial
from typing import Any

import pygame

from krook.bots import OFFERED_STRENGTHS
from krook.rules import PRESETS, SETTING_SPECS, KrookError, Rules
from krook.scenes.base import Scene, Services
from krook.session.lobby import Lobby
from krook.storage import StorageError
from krook.ui import Button, FocusGroup, Stepper, TextField, Toggle
from krook.ui.widgets import Widget

# (kind, strength, label): the bot strengths come from the bots' own list of what is offered to players
KINDS = [
    ("human", "medium", "Human here"),
    *(("bot", name, f"Bot · {name}") for name, _ in OFFERED_STRENGTHS),
    ("open", "medium", "Open for LAN"),
]
# What each seat choice means, shown while the pointer or the keyboard is on a seat's choice: the bot strengths'
# lines are the bots' own
KIND_TIPS = {
    "Human here": (
        "A person plays this seat at this screen. With two or more people here, a curtain hides each hand until "
        "its player takes the screen."
    ),
    **{
        f"Bot · {name}": f"A computer player. {line[:1].upper()}{line[1:]}."
        for name, line in OFFERED_STRENGTHS
    },
    "Open for LAN": (
        "A seat for a player at another computer in the house, who joins with Join LAN game. With Start now, bots "
        "play the seats nobody has taken until someone joins."
    ),
}
GRACE_CHOICES = (15, 30, 60, 120, 300, 600)
TAKE_BACKS = {False: "Fair take-backs", True: "Unlimited (practice)"}
TAKE_BACK_TIP = (
    "Fair: you may take back a move only until another player moves or a hidden card is shown. "
    "Unlimited: take back any of your moves against bots; the game counts as practice, kept apart "
    "in your history."
)


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
            list(self.preset_names),
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
        self.hosted = services.games.hosted_game()
        self.resume_btn = Button(
            f"Resume hosting {self.hosted}"[:40],
            self.resume_hosting,
            "secondary",
            tooltip="Host the LAN game this computer was hosting; the players rejoin their seats",
        )
        self.resume_btn.visible = self.hosted is not None
        self.practice_stepper = Stepper(
            [False, True],
            int(self.lobby.practice),
            self._set_practice,
            lambda v: TAKE_BACKS[bool(v)],
            tooltip=TAKE_BACK_TIP,
        )
        self.seed_field = TextField(
            "" if self.lobby.seed is None else str(self.lobby.seed),
            self._set_seed,
            max_len=9,
            placeholder="random",
            allowed=lambda ch: "0" <= ch <= "9",  # str.isdigit takes ² and other scripts' digits
            tooltip="The same deal number gives the same deals: replay a game",
        )
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._rule_rects: list[tuple[pygame.Rect, Widget]] = []
        self._mouse: tuple[int, int] | None = None
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
        return self.lobby.values()

    def rebuild(self) -> None:
        self.lobby.fit_seats()  # a table of bots is allowed too: watch them play
        values = self.lobby.values()
        seats = self.lobby.seats
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
            dealer = Button("Deal", partial(self._set_dealer, i), "ghost")
            self.seat_rows.append((name, kind, dealer))
        self._show_dealer()
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
            widget.in_scroll_list = True
            self.rule_rows.append((spec, widget))
        rules = self.rules()
        self._sync_preset(rules)
        self.start_btn.enabled = rules is not None and not self.error
        widgets: list[Widget] = []
        for name, kind, dealer in self.seat_rows:
            widgets += [name, kind, dealer]
        # Tab runs as the eye does: the seats and the fields under them, the rules, then the bottom bar.
        widgets += [
            self.seed_field,
            self.practice_stepper,
            self.preset_stepper,
            *[w for _, w in self.rule_rows],
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
        self._show_dealer()

    def _show_dealer(self) -> None:
        # "Dealer", not "Deals first": the longer word stepped down a size in large text, beside "Deal"s
        for j, (_, _, b) in enumerate(self.seat_rows):
            first = j == self.lobby.first_dealer
            b.label = "Dealer" if first else "Deal"
            b.style = "secondary" if first else "ghost"
            b.tooltip = "Deals the first hand" if first else "Deal the first hand from this seat"

    def _pick_preset(self, name: str) -> None:
        if name == "custom":
            return
        self.lobby.pick_preset(name)
        self.rebuild()

    def _set_rule(self, name: str, value: Any) -> None:
        self.lobby.set_rule(name, value)
        if name == "players":
            self.rebuild()
        else:
            rules = self.rules()
            self._sync_preset(rules)
            self.start_btn.enabled = rules is not None

    def _set_practice(self, value: bool) -> None:
        self.lobby.practice = bool(value)

    def _sync_preset(self, rules: Rules | None) -> None:
        """The preset shown: the one these rules are, else Custom, which is offered only while it is true;
        and the rules that mean nothing with these settings greyed out, their tip saying why."""
        shown = self.lobby.shown_preset()
        self.preset_stepper.values = [*self.preset_names, *(["custom"] if shown == "custom" else [])]
        self.preset_stepper.set_value(shown)
        idle = self.lobby.idle_rules()
        for spec, widget in self.rule_rows:
            why = idle.get(spec.name)
            widget.enabled = why is None
            widget.tooltip = why or spec.help

    def _set_seed(self, text: str) -> None:
        self.lobby.seed = int(text) if text.isascii() and text.isdigit() else None

    def start(self) -> None:
        if self.rules() is None:
            return
        saved = self.lobby.to_dict()
        saved["lan"] = {"name": self.game_name, "grace": self.grace_s}
        self.services.settings.last_lobby = saved
        self.services.save_settings()
        if self.hosting():
            self.host_game()
            return
        session = self.services.games.new_local(self.lobby)
        self.stack.replace(self.services.go.table(session))

    def resume_hosting(self) -> None:
        try:
            game = self.services.games.resume_host()
        except (OSError, ValueError, KrookError, StorageError) as exc:
            self.error = str(exc)
            return
        self.stack.push(self.services.go.waiting_room(game))

    def host_game(self) -> None:
        try:
            game = self.services.games.host(self.lobby, self.game_name, float(self.grace_s))
        except OSError as exc:
            self.error = str(exc)
            return
        self.stack.push(self.services.go.waiting_room(game))

    # -- input -----------------------------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        if e.type == pygame.MOUSEWHEEL and self._panel.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll - e.y * self.theme.px(60))
            return True
        if e.type == pygame.MOUSEMOTION:
            self._mouse = e.pos
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
    heading = "New game"
    name_label = "LAN game"  # beside the name others see when they look for the game

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from krook.scenes.common.menu import begin_screen, bottom_bar, screen_margin, titled_panel

        t = begin_screen(self, surface, self.heading)
        w, h = surface.get_size()
        margin = screen_margin(t)
        if self.resume_btn.visible:
            self.resume_btn.rect = pygame.Rect(0, 0, t.px(380), t.px(46))
            self.resume_btn.rect.topright = (w - margin, margin)
        top = t.px(84)
        # A small window gives the seats more of its width: their steppers then keep the body text size.
        left = pygame.Rect(margin, top, round(w * (0.42 if w >= 1200 else 0.45)), h - top - t.px(100))
        right = pygame.Rect(left.right + margin, top, w - left.right - margin * 2, left.h)
        self._draw_seats(surface, left)
        titled_panel(t, surface, right, "House rules")
        self._draw_rules(surface, right)
        bottom_bar(t, surface, [(self.start_btn, 220), (self.back_btn, 140)])
        if self.hosting() and not self.error:
            self._draw_host_fields(surface, margin, self.back_btn.rect.left - t.px(16))
        if self.error:
            lh = t.font("body").get_linesize()
            lines = t.wrap("Can't start: " + self.error, self.back_btn.rect.left - margin * 2, "body")[:2]
            y = self.back_btn.rect.centery - lh * len(lines) // 2
            for i, line in enumerate(lines):
                t.text(surface, line, (margin, y + i * lh), "body", t.p.danger, True)
        non_rule = [wd for wd in self.focus.widgets if all(wd is not rw for _, rw in self.rule_rows)]
        focused = self.focus.focused
        for wd in non_rule:
            if wd.visible:
                wd.draw(surface, t, wd is focused)
        self._draw_tip(surface)

    def _draw_seats(self, surface: pygame.Surface, left: pygame.Rect) -> None:
        """The seats, one row each, and the deal number and take-backs under them, inside the left panel."""
        from krook.scenes.common.menu import titled_panel

        t = self.theme
        p = t.p
        titled_panel(t, surface, left, "Seats")
        team = self.current_values().get("partnership") == "fixed"
        note_h = t.px(28) if team else 0
        field_h = t.px(42)
        y = left.y + t.px(62)
        room = left.bottom - y - note_h - field_h * 2 - t.px(36)
        row_h = max(t.px(36), min(t.px(58), room // max(1, len(self.seat_rows))))
        pad = max(t.px(3), row_h // 10)
        for i, (name, kind, dealer) in enumerate(self.seat_rows):
            if team:
                chip = pygame.Rect(left.x + t.px(16), y + pad * 2, t.px(8), row_h - pad * 4)
                pygame.draw.rect(
                    surface, (86, 160, 220) if i % 2 == 0 else (232, 150, 70), chip, border_radius=t.px(4)
                )
            name.rect = pygame.Rect(left.x + t.px(32), y + pad, round(left.w * 0.25), row_h - pad * 2)
            kind.rect = pygame.Rect(
                name.rect.right + t.px(12), y + pad, round(left.w * 0.41), row_h - pad * 2
            )
            dealer.rect = pygame.Rect(
                kind.rect.right + t.px(12), y + pad, left.right - kind.rect.right - t.px(28), row_h - pad * 2
            )
            y += row_h
        if team:
            note = "Partners sit across: blue seats play together against orange."
            small = self._small_role()
            if t.font(small).size(note)[0] > left.w - t.px(40):
                note = "Blue seats play together against orange."
            t.text(surface, note, (left.x + t.px(20), y + t.px(4)), small, p.text_muted)
            y += note_h
        y += t.px(12)
        self.seed_field.rect = pygame.Rect(0, y, min(t.px(170), left.w // 3), field_h)
        self.seed_field.rect.right = left.right - t.px(20)
        t.text(
            surface,
            "Deal number",
            (left.x + t.px(20), self.seed_field.rect.centery),
            "body",
            p.text,
            anchor="midleft",
        )
        label = t.text(
            surface,
            "Take-backs",
            (left.x + t.px(20), self.seed_field.rect.bottom + t.px(8) + field_h // 2),
            "body",
            p.text,
            anchor="midleft",
        )
        width = min(t.px(300), left.right - t.px(20) - label.right - t.px(16))
        self.practice_stepper.rect = pygame.Rect(0, self.seed_field.rect.bottom + t.px(8), width, field_h)
        self.practice_stepper.rect.right = left.right - t.px(20)

    def _draw_rules(self, surface: pygame.Surface, right: pygame.Rect) -> None:
        """The preset (at a fixed place, so repeated clicks on its arrows stay on them), what it is, and the
        rules list, which scrolls."""
        t = self.theme
        p = t.p
        t.text(
            surface,
            "Hover or focus a rule to read it",
            (right.right - t.px(20), right.y + t.px(22)),
            self._small_role(),
            p.text_muted,
            anchor="topright",
        )
        y = right.y + t.px(58)
        self.preset_stepper.rect = pygame.Rect(right.x + t.px(12), y, right.w - t.px(24), t.px(44))
        y = self.preset_stepper.rect.bottom + t.px(6)
        small = self._small_role()
        lh = t.font(small).get_linesize()
        keep = 2 if small == "caption" else 3  # lines kept for it whatever it says: the list stays put
        for line in t.wrap(self.preset_description(), right.w - t.px(32), small)[:keep]:
            t.text(surface, line, (right.x + t.px(16), y), small, p.text_muted)
            y += lh
        y = self.preset_stepper.rect.bottom + t.px(6) + lh * keep + t.px(6)
        inner = pygame.Rect(right.x + t.px(8), y, right.w - t.px(16), right.bottom - t.px(8) - y)
        self._panel = inner
        self._row_h = t.px(52)
        total = self._row_h * len(self.rule_rows)
        self.scroll = max(0, min(self.scroll, total - inner.h))
        clip = surface.get_clip()
        surface.set_clip(inner)
        ctrl_w = round(inner.w * 0.38)
        self._rule_rects = []
        for i, (spec, widget) in enumerate(self.rule_rows):
            ry = inner.y + i * self._row_h - self.scroll
            row = pygame.Rect(inner.x, ry, inner.w, self._row_h)
            # A row shows only whole: a control cut by the panel's edge would be half a button.
            widget.visible = inner.contains(row)
            if widget.visible:
                self._rule_rects.append((row, widget))
            if i % 2 == 0:
                pygame.draw.rect(surface, (34, 45, 56), row, border_radius=t.px(8))
            changed = spec.name in self.lobby.overrides
            ink = (p.accent if changed else p.text) if widget.enabled else p.text_muted
            widget.rect = pygame.Rect(
                row.right - ctrl_w - t.px(10), row.y + t.px(8), ctrl_w, self._row_h - t.px(16)
            )
            label_room = widget.rect.x - row.x - t.px(24)
            lines = [spec.label]
            role = "body"
            if t.font("body", changed).size(spec.label)[0] > label_room:
                # Two lines of body text before a smaller size (caption is hard to read in a small window).
                lines = t.wrap(spec.label, label_room, "body", changed)
                if len(lines) > 2 or t.font("body").get_linesize() * 2 > row.h:
                    lines, role = [spec.label], "caption"
            lh = t.font(role).get_linesize()
            top = row.centery - lh * len(lines) // 2
            for k, line in enumerate(lines):
                t.text(surface, line, (row.x + t.px(14), top + k * lh), role, ink, changed)
        for _, widget in self.rule_rows:
            if widget.visible:
                widget.draw(surface, t, widget is self.focus.focused)
        # The panel's own colour, read where no row is drawn (it is translucent over the felt).
        r, g, b, _ = surface.get_at((inner.centerx, min(surface.get_height() - 1, inner.bottom + t.px(3))))
        behind = (r, g, b)
        # Only a row the panel cuts is faded, so every whole row (and its control) stays as bright as the rest.
        top_cut = (self._row_h - self.scroll % self._row_h) % self._row_h
        if top_cut:
            t.fade_edge(surface, pygame.Rect(inner.x, inner.y, inner.w, top_cut), behind, at_top=True)
        bottom_cut = (self.scroll + inner.h) % self._row_h
        if bottom_cut and self.scroll + inner.h < total:
            t.fade_edge(
                surface,
                pygame.Rect(inner.x, inner.bottom - bottom_cut, inner.w, bottom_cut),
                behind,
                at_top=False,
            )
        surface.set_clip(clip)
        if total > inner.h:
            bar_h = max(t.px(30), inner.h * inner.h // total)
            bar_y = inner.y + (inner.h - bar_h) * self.scroll / max(1, total - inner.h)
            pygame.draw.rect(
                surface, (90, 104, 118), (right.right - t.px(6), bar_y, t.px(4), bar_h), border_radius=t.px(2)
            )

    def _small_role(self) -> str:
        """Caption text where it is big enough to read, else body (a small window's captions are tiny)."""
        return "caption" if self.theme.font_px("caption") >= 12 else "body"

    def preset_description(self) -> str:
        preset = PRESETS.get(self.preset_stepper.value)
        if preset is not None:
            return preset.description
        base = PRESETS[self.lobby.preset]
        changed = self.changed_rules()
        labels = ", ".join(spec.label for spec in SETTING_SPECS if spec.name in changed)
        return f"Your own house rules, changed from {base.title}: {labels}."

    def changed_rules(self) -> set[str]:
        return self.lobby.changed_rules()

    def _draw_tip(self, surface: pygame.Surface) -> None:
        """A rule's explanation while the pointer is on its row (name or control) or the row has the focus."""
        from krook.ui import draw_tooltip

        t = self.theme
        focused = self.focus.focused
        mouse = self._mouse
        anchor: pygame.Rect | None = None
        tip = ""
        for row, widget in self._rule_rects:
            if mouse is not None and row.collidepoint(mouse) and self._panel.collidepoint(mouse):
                anchor, tip = row, widget.tooltip
        if anchor is None:
            for row, widget in self._rule_rects:
                if widget is focused and not self._pointer_on_widget():
                    anchor, tip = row, widget.tooltip
        if anchor is None:
            for _, kind, _ in self.seat_rows:
                on = kind.hover or (
                    kind is focused and self.focus.keyboard_used and not self._pointer_on_widget()
                )
                if kind.visible and on:
                    anchor, tip = kind.rect, self.kind_tip(str(kind.value))
        if anchor is None:
            for field_ in (self.seed_field, self.practice_stepper, self.name_field, self.grace_stepper):
                if field_.visible and field_.hover:
                    anchor, tip = field_.rect, field_.tooltip
        if anchor is not None and tip:
            draw_tooltip(surface, t, tip, anchor, t.px(420))

    def kind_tip(self, label: str) -> str:
        """What a seat's choice (its label in the seat's stepper) means."""
        return KIND_TIPS.get(label, "")

    def _pointer_on_widget(self) -> bool:
        return self._mouse is not None and any(
            wd.visible and wd.rect.collidepoint(self._mouse) for wd in self.focus.widgets
        )

    def _draw_host_fields(self, surface: pygame.Surface, x: int, right: int) -> None:
        """The game's name and the seat grace period, in the bottom bar left of Back."""
        t = self.theme
        h = surface.get_height()
        bar = pygame.Rect(x, h - t.px(22) - t.px(54), right - x, t.px(54))
        label = t.text(
            surface, self.name_label, (bar.x, bar.centery), "body", t.p.text_muted, True, anchor="midleft"
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
