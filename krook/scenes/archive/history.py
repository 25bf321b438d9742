"""A player's history: games and hands by preset, streaks, partners, and a chart of scores over a game.

Left / Right (or the arrows) pick a recent game for the chart; Up / Down pick the player; Esc goes back.
"""

from __future__ import annotations

import time

import pygame

from krook.scenes.base import Scene, Services
from krook.scenes.common.menu import begin_screen, bottom_bar, screen_margin, titled_panel
from krook.session.finished import preset_title
from krook.session.history import GameLine, PlayerRecord, PresetStats, load_history
from krook.ui import Button, FocusGroup, ListBox, Theme

SERIES_COLOURS = (
    (242, 178, 52),
    (86, 196, 255),
    (92, 196, 128),
    (226, 92, 72),
    (190, 140, 230),
    (240, 240, 240),
)


def _avg(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


class HistoryScene(Scene):
    def __init__(self, services: Services, name: str | None = None) -> None:
        super().__init__(services)
        self.history = load_history()
        self.names = self.history.names()
        self.player_index = self.names.index(name) if name in self.names else 0
        self.game_index = -1  # the chart shows the newest game first
        self.players = ListBox(self.names or ["No games yet"], self.player_index, self._pick)
        self.prev_btn = Button("< Older", lambda: self.pick_game(-1), tooltip="An older game (Left)")
        self.next_btn = Button("Newer >", lambda: self.pick_game(1), tooltip="A newer game (Right)")
        self.back_btn = Button("Back", lambda: self.stack.pop(), "ghost")
        self.focus = FocusGroup([self.players, self.prev_btn, self.next_btn, self.back_btn])

    @property
    def player(self) -> PlayerRecord | None:
        return self.history.player(self.names[self.player_index]) if self.names else None

    def _pick(self, index: int) -> None:
        self.player_index = index
        self.game_index = -1

    def pick_game(self, d: int) -> None:
        p = self.player
        if p is None or not p.recent:
            return
        count = len(p.recent)
        current = self.game_index % count
        self.game_index = max(0, min(count - 1, current + d))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.stack.pop()
                return True
            if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.pick_game(-1 if e.key == pygame.K_LEFT else 1)
                return True
        return self.focus.handle_event(e)

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "History")
        w, h = surface.get_size()
        m = screen_margin(t)
        top = t.px(84)
        left = pygame.Rect(m, top, t.px(260), h - top - t.px(96))
        titled_panel(t, surface, left, "Players")
        self.players.rect = pygame.Rect(
            left.x + t.px(10), left.y + t.px(56), left.w - t.px(20), left.h - t.px(66)
        )
        self.players.row_h = t.px(40)
        right = pygame.Rect(left.right + m, top, w - left.right - 2 * m, h - top - t.px(96))
        p = self.player
        if self.history.problem:
            t.text(
                surface,
                "The history file was damaged and set aside.",
                (m, h - t.px(40)),
                "body",
                t.p.danger,
                anchor="midleft",
            )
        if p is None:
            titled_panel(t, surface, right, "No history yet")
            t.text(
                surface,
                "Finish a game on this computer and each player's record appears here.",
                (right.x + t.px(20), right.y + t.px(60)),
                "body",
                t.p.text_muted,
            )
        else:
            titled_panel(t, surface, right, p.name)
            chart_h = round(right.h * 0.42)
            self._draw_stats(
                surface,
                t,
                p,
                pygame.Rect(
                    right.x + t.px(20), right.y + t.px(56), right.w - t.px(40), right.h - chart_h - t.px(70)
                ),
            )
            chart = pygame.Rect(
                right.x + t.px(20), right.bottom - chart_h - t.px(10), right.w - t.px(40), chart_h
            )
            self._draw_chart(surface, t, p, chart)
        self.prev_btn.visible = self.next_btn.visible = bool(p and p.recent)
        bottom_bar(t, surface, [(self.back_btn, 120), (self.next_btn, 150), (self.prev_btn, 150)])
        self.focus.draw(surface, t, self.focus.keyboard_used or self.services.keyboard_mode)

    def _draw_stats(self, surface: pygame.Surface, t: Theme, p: PlayerRecord, box: pygame.Rect) -> None:
        pal = t.p
        total = p.total
        summary = [
            f"Games {total.games}, won {total.won}",
            f"Longest winning streak {p.best_streak} (now {p.streak})",
            f"Biggest hand {p.biggest:+d}" if p.biggest is not None else "Biggest hand –",
            f"Average bid {_avg(total.average_bid)} · points a hand {_avg(total.average_points)}",
        ]
        if p.undos:
            summary.append(f"Moves taken back {p.undos}")
        lh = t.font("body").get_linesize()
        x2 = box.x + box.w // 2
        y = box.y
        for i, line in enumerate(summary):
            t.text(surface, line, (box.x if i % 2 == 0 else x2, y), "body", pal.text)
            if i % 2:
                y += lh
        y += lh + t.px(10)
        headers = ["Preset", "Games", "Won", "Hands", "Bid", "Made", "Set", "Avg bid", "Avg pts"]
        xs = [box.x] + [box.x + round(box.w * f) for f in (0.36, 0.44, 0.52, 0.61, 0.69, 0.77, 0.88, 1.0)]
        for i, head in enumerate(headers):
            t.text(
                surface,
                head,
                (xs[i], y),
                "caption",
                pal.text_muted,
                True,
                anchor="topleft" if i == 0 else "topright",
            )
        y += t.px(24)
        rows: list[tuple[str, PresetStats]] = [
            (preset_title(name), s) for name, s in sorted(p.presets.items(), key=lambda kv: -kv[1].games)
        ]
        rows = rows[: max(1, (box.bottom - y - lh * 2) // lh - int(bool(p.practice.games)))]
        # Practice games (unlimited take-backs) are counted apart, never in the figures above.
        practice = ("Practice games", p.practice) if p.practice.games else None
        for row in [*rows, *([practice] if practice else [])]:
            name, s = row
            ink = pal.text_muted if row is practice else pal.text
            cells = [
                name,
                s.games,
                s.won,
                s.hands,
                s.bid,
                s.made,
                s.set,
                _avg(s.average_bid),
                _avg(s.average_points),
            ]
            for i, cell in enumerate(cells):
                t.text(
                    surface,
                    str(cell),
                    (xs[i], y),
                    "body",
                    ink,
                    i == 0,
                    anchor="topleft" if i == 0 else "topright",
                )
            y += lh
        partners = sorted(p.partners.values(), key=lambda q: -(q.games + q.hands))[:4]
        if partners:
            parts = []
            for q in partners:
                if q.games:
                    parts.append(f"{q.name} {q.won}/{q.games} games won")
                if q.hands:
                    parts.append(f"{q.name} {q.made}/{q.hands} called hands made")
            t.text(
                surface,
                "Partners: " + "; ".join(parts),
                (box.x, max(y + t.px(6), box.bottom - lh)),
                "body",
                pal.text_muted,
            )

    def _draw_chart(self, surface: pygame.Surface, t: Theme, p: PlayerRecord, box: pygame.Rect) -> None:
        """Each side's running score after every hand of one recent game, drawn with lines."""
        pal = t.p
        pygame.draw.rect(surface, (20, 28, 34), box, border_radius=t.px(8))
        if not p.recent:
            t.text(surface, "No games to chart yet", box.center, "body", pal.text_muted, anchor="center")
            return
        game: GameLine = p.recent[self.game_index % len(p.recent)]
        number = self.game_index % len(p.recent) + 1
        when = time.strftime("%Y-%m-%d", time.localtime(game.at)) if game.at else ""
        won = "won" if game.won else "lost"
        title = (
            f"Game {number} of {len(p.recent)} · {game.title or preset_title(game.preset)} · {when} · {won}"
        )
        t.text(surface, title, (box.x + t.px(12), box.y + t.px(8)), "caption", pal.text, True)
        plot = pygame.Rect(box.x + t.px(56), box.y + t.px(36), box.w - t.px(80), box.h - t.px(64))
        values = [v for row in game.series for v in row] or [0]
        lo, hi = min(0, *values), max(1, *values)
        span = hi - lo or 1
        hands = max(1, len(game.series) - 1)

        def point(i: int, v: int) -> tuple[int, int]:
            return (round(plot.x + plot.w * i / hands), round(plot.bottom - plot.h * (v - lo) / span))

        for v in sorted({lo, 0, hi}):
            y = point(0, v)[1]
            pygame.draw.line(surface, (60, 72, 84), (plot.x, y), (plot.right, y), 1)
            t.text(surface, str(v), (plot.x - t.px(6), y), "caption", pal.text_muted, anchor="midright")
        t.text(
            surface,
            f"{hands} hand{'s' if hands != 1 else ''}",
            (plot.right, plot.bottom + t.px(4)),
            "caption",
            pal.text_muted,
            anchor="topright",
        )
        legend_x = box.right - t.px(12)
        for c in range(len(game.columns) - 1, -1, -1):
            colour = SERIES_COLOURS[c % len(SERIES_COLOURS)]
            points = [point(i, row[c]) for i, row in enumerate(game.series)]
            width = max(2, t.px(4 if c == game.side else 2))
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, width)
            for pt in points:
                pygame.draw.circle(surface, colour, pt, width + 1)
            label = game.columns[c] + (" (you)" if c == game.side else "")
            rect = t.text(
                surface,
                label,
                (legend_x, box.y + t.px(8)),
                "caption",
                colour,
                c == game.side,
                anchor="topright",
            )
            legend_x = rect.x - t.px(16)
