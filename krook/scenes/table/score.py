"""The score sheet after each hand: the breakdown, every hand so far, the running totals, the winner."""

from __future__ import annotations

from typing import Any

import pygame

from krook.render.palette import COLOUR_NAMES
from krook.scenes.base import Scene, Services
from krook.scenes.common.table_model import describe
from krook.session.base import KeptHere, Reviewable, TakesBack
from krook.ui import Button, FocusGroup
from krook.ui.cards import card_width


class ScoreSheetScene(Scene):
    shows_save_problem = True  # says "Not saved" in its own footer: the app's red card would cover the names

    def __init__(self, services: Services, session: Any, table: Any) -> None:
        super().__init__(services)
        self.session = session
        self.table = table
        self.view = session.view(None)
        self.over = self.view.winner is not None
        if self.over:
            buttons = [Button("New game", self.new_game, "primary"), Button("Back to title", self.to_title)]
        else:
            buttons = [Button("Next hand", self.next_hand, "primary"), Button("Menu", self.menu)]
        if self._reviewable():
            buttons.append(Button("Review this hand", self.review))
        self.buttons = buttons
        self.focus = FocusGroup(buttons, vertical=False)

    def _reviewable(self) -> bool:
        """A local game's hand that was played (the review needs the whole record, so not a LAN client)."""
        last = self.view.results[-1] if self.view.results else None
        return (
            isinstance(self.session, Reviewable)
            and last is not None
            and not last.get("thrown_in")
            and last.get("trump") is not None
        )

    def review(self) -> None:
        session = self.session
        if not isinstance(session, Reviewable):
            return
        humans = list(getattr(self.table, "humans", [])) or [0]
        self.stack.push(self.services.go.review(session.match, len(self.view.results) - 1, humans[0], humans))

    def next_hand(self) -> None:
        self.stack.pop()
        self.table.next_hand()

    def menu(self) -> None:
        self.stack.push(self.services.go.pause())

    def new_game(self) -> None:
        self.session.close()
        self.stack.reset(self.services.go.title())
        self.stack.push(self.services.go.lobby())

    def to_title(self) -> None:
        self.session.close()
        self.stack.reset(self.services.go.title())

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and not self.over:
            self.menu()
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            w = self.focus.focused
            if isinstance(w, Button):
                w.activate()
            return True
        return self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        from krook.scenes.common.menu import begin_screen, centred_panel, layout_row

        t = begin_screen(self, surface)
        p = t.p
        v = self.view
        w, h = surface.get_size()
        panel = centred_panel(t, surface, min(w - t.px(40), t.px(1120)), h - t.px(40))
        x0 = panel.x + t.px(30)
        cols = v.columns
        results = v.results
        last = results[-1] if results else None
        # Header
        if self.over and v.winner is not None:
            title = f"{cols[v.winner]} win{'s' if ' & ' not in cols[v.winner] else ''}!"
            t.text(
                surface,
                title,
                (panel.centerx, panel.y + t.px(16)),
                "heading",
                p.accent,
                True,
                anchor="midtop",
            )
        else:
            t.text(
                surface,
                f"Hand {len(results)} — score sheet",
                (x0, panel.y + t.px(18)),
                "heading",
                p.text,
                True,
            )
        y = panel.y + t.px(76)
        if last is not None:
            y = self._breakdown(surface, last, x0, y, panel.w - t.px(60))
        y += t.px(12)
        self._history(surface, results, x0, y, panel.w - t.px(60), panel.bottom - t.px(96) - y)
        layout_row(
            [(b, t.px(190)) for b in reversed(self.buttons)],
            panel.right - t.px(30),
            panel.bottom - t.px(72) + t.px(50),
            t.px(50),
            t.px(12),
            t,
        )
        target = v.rules.get("target")
        undos = (
            self.session.undos if isinstance(self.session, TakesBack) else 0
        )  # the game's summary counts moves taken back
        taken_back = f" · {undos} move{'s' if undos != 1 else ''} taken back" if undos else ""
        said = t.text(
            surface,
            f"Playing to {target}{taken_back}",
            (x0, panel.bottom - t.px(48)),
            "body",
            p.text_muted,
            anchor="midleft",
        )
        problem = self.session.save_error if isinstance(self.session, KeptHere) else None
        if problem:
            room = min(b.rect.x for b in self.buttons if b.visible) - said.right - t.px(40)
            words = "Not saved: " + problem.removeprefix("Saving failed: ")
            font = t.font("body", True)
            while font.size(words)[0] > room and len(words) > 12:
                words = words[:-2].rstrip() + "…"
            t.text(
                surface,
                words,
                (said.right + t.px(20), said.centery),
                "body",
                p.danger,
                True,
                anchor="midleft",
            )
        self.focus.draw(surface, t, True)

    def _breakdown(self, surface: pygame.Surface, r: dict[str, Any], x: int, y: int, width: int) -> int:
        t = self.theme
        p = t.p
        v = self.view
        names = v.players
        if r.get("thrown_in"):
            t.text(
                surface, f"No bid: {r['thrown_in']}. The cards are thrown in.", (x, y), "label", p.text, True
            )
            return y + t.px(40)
        bidder = r.get("bidder")
        trump = r.get("trump")
        made = r.get("made")
        head = f"{names[bidder]} bid {r['bid']}" if bidder is not None else "Practice hand"
        if trump:
            head += f", trump {COLOUR_NAMES.get(trump, trump)}"
        if r.get("called"):
            partner = r.get("partner")
            head += f", called {describe(r['called'])}" + (
                f" ({names[partner]})" if partner is not None else ""
            )
        t.text(surface, head, (x, y), "label", p.text, True)
        if made is not None:
            verdict = f"Made it with {r['bidding_total']}" if made else f"Set! Only {r['bidding_total']}"
            colour = p.success if made else p.danger
            t.text(surface, verdict, (x + width, y), "label", colour, True, anchor="topright")
        y += t.px(38)
        # A small table: one row per score column; the Bonus column only at a table whose hands can score one
        bonus = v.rules_obj.has_bonus
        headers = (
            ["", "Tricks", "Counters", "Bonus", "This hand", "Total"]
            if bonus
            else ["", "Tricks", "Counters", "This hand", "Total"]
        )
        stops = (0.42, 0.54, 0.66, 0.80, 1.0) if bonus else (0.46, 0.62, 0.80, 1.0)
        col_x = [x] + [x + width * f for f in stops]
        for i, head in enumerate(headers):
            t.text(
                surface,
                head,
                (col_x[i], y),
                "caption",
                p.text_muted,
                True,
                anchor="topleft" if i == 0 else "topright",
            )
        y += t.px(24)
        lh = t.font("body").get_linesize() + t.px(4)
        for c, label in enumerate(v.columns):
            if c % 2 == 0:
                pygame.draw.rect(
                    surface,
                    (36, 47, 58),
                    (x - t.px(8), y - t.px(2), width + t.px(16), lh),
                    border_radius=t.px(6),
                )
            delta = r["deltas"][c]
            cells = [label, str(r["tricks_won"][c]), str(r["captured"][c])]
            cells += [str(r["bonuses"][c])] if bonus else []
            cells += [f"{delta:+d}", str(v.scores[c])]
            for i, cell in enumerate(cells):
                colour = p.text
                if i == len(cells) - 2:
                    colour = p.success if delta > 0 else p.danger if delta < 0 else p.text_muted
                t.text(
                    surface,
                    cell,
                    (col_x[i], y),
                    "body",
                    colour,
                    i in (0, len(cells) - 1),
                    anchor="topleft" if i == 0 else "topright",
                )
            y += lh
        y += t.px(8)
        nest_to = r.get("nest_to")
        nest_line = f"Nest: {r.get('nest_points', 0)} points"
        if nest_to is not None and r.get("nest_points"):
            nest_line += f" to {v.columns[nest_to]}"
        said = t.text(surface, nest_line, (x, y + t.px(6)), "body", p.text_muted)
        buried = r.get("buried") or r.get("nest") or []
        ch = t.px(64)
        cx = max(x + t.px(300), said.right + t.px(16))  # long names push the cards along, not under them
        for code in buried:
            img = self.services.cards.face(code, ch, v.rules_obj)
            surface.blit(img, (cx, y))
            cx += card_width(ch) - t.px(14)
        return y + ch + t.px(6)

    def _history(
        self, surface: pygame.Surface, results: list[dict[str, Any]], x: int, y: int, width: int, height: int
    ) -> None:
        t = self.theme
        p = t.p
        v = self.view
        cols = v.columns
        t.text(surface, "Every hand", (x, y), "label", p.text, True)
        y += t.px(30)
        ncol = len(cols)
        first_w = width * 0.28
        col_w = (width - first_w) / max(1, ncol)
        t.text(surface, "Hand", (x, y), "caption", p.text_muted, True)
        for c, label in enumerate(cols):
            short = t.fit(label, round(col_w - t.px(12)), "caption", True)  # as much as the column holds
            t.text(
                surface,
                short,
                (x + first_w + col_w * (c + 1), y),
                "caption",
                p.text_muted,
                True,
                anchor="topright",
            )
        y += t.px(22)
        lh = t.font("body").get_linesize()
        rows = max(1, int(height // lh) - 1)
        totals = [0] * ncol
        lines: list[tuple[str, list[tuple[str, str]]]] = []
        for i, r in enumerate(results):
            for c in range(ncol):
                totals[c] += r["deltas"][c]
            if r.get("thrown_in"):
                desc = f"{i + 1}. thrown in"
            elif r.get("bidder") is not None:
                desc = f"{i + 1}. {v.players[r['bidder']]} {r['bid']} {'made' if r['made'] else 'set'}"
            else:
                desc = f"{i + 1}."
            lines.append((desc, [(f"{r['deltas'][c]:+d}", str(totals[c])) for c in range(ncol)]))
        for desc, cells in lines[-rows:]:
            t.text(surface, desc, (x, y), "body", p.text)
            for c, (delta, total) in enumerate(cells):
                right = x + first_w + col_w * (c + 1)
                t.text(surface, delta, (right - t.px(70), y), "body", p.text_muted, anchor="topright")
                t.text(surface, total, (right, y), "body", p.text, True, anchor="topright")
            y += lh
