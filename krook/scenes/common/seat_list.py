"""The seat list drawn the same way in the LAN waiting rooms and at a LAN table: a status dot, a name, what the
seat is doing."""

from __future__ import annotations

from typing import Any

import pygame

STATUS_TEXT = {
    "open": "Open: waiting for a player",
    "remote": "Connected",
    "human": "Playing at the host",
    "bot": "Bot",
    "disconnected": "Dropped: seat held",
    "standin": "Dropped: a bot plays for now",
    "reconnecting": "Reconnecting...",
    "thinking": "Thinking",
}
COMPACT_TEXT = {
    "open": "open",
    "remote": "connected",
    "human": "at the host",
    "bot": "bot",
    "disconnected": "dropped",
    "standin": "bot for now",
    "reconnecting": "reconnecting",
}
STATUS_COLOUR = {
    "open": (120, 130, 140),
    "remote": (92, 196, 128),
    "human": (92, 196, 128),
    "bot": (110, 140, 170),
    "disconnected": (226, 92, 72),
    "standin": (226, 150, 72),
    "reconnecting": (226, 150, 72),
}


def status_text(status: str) -> str:
    return STATUS_TEXT.get(status, status.replace("_", " ").capitalize())


def draw_seat_list(
    scene: Any,
    surface: pygame.Surface,
    rect: pygame.Rect,
    players: list[str],
    statuses: list[str],
    *,
    mine: set[int] = frozenset(),  # type: ignore[assignment]
    to_act: int | None = None,
    row_h: int | None = None,
    compact: bool = False,
) -> int:
    """One row per seat: a status dot, the name, what the seat is doing. Returns the bottom y."""
    t = scene.theme
    p = t.p
    row_h = row_h or t.px(44)
    role = "caption" if compact else "body"
    y = rect.y
    for seat, name in enumerate(players):
        status = statuses[seat] if seat < len(statuses) else "open"
        row = pygame.Rect(rect.x, y, rect.w, row_h)
        if seat % 2 == 0 and not compact:
            pygame.draw.rect(surface, (34, 45, 56), row, border_radius=t.px(8))
        colour = STATUS_COLOUR.get(status, p.text_muted)
        pad = t.px(8 if compact else 14)
        pygame.draw.circle(surface, colour, (row.x + pad + t.px(5), row.centery), t.px(5 if compact else 7))
        shown = f"Seat {seat + 1}" if status == "open" else name
        label = f"{shown} (you)" if seat in mine else shown
        name_x = row.x + pad * 2 + t.px(10)
        what = COMPACT_TEXT.get(status, status) if compact else status_text(status)
        widest = what  # the dots of "thinking" come and go: the name keeps room for all three
        if to_act == seat and seat in mine:
            widest = what = "your turn"
            colour = p.accent
        elif to_act == seat and status not in ("open", "disconnected"):
            dots = "." * (1 + pygame.time.get_ticks() // 350 % 3)
            what = f"{what} · thinking{dots}" if not compact else f"thinking{dots}"
            widest = what.rstrip(".") + "..."
            colour = p.accent
        room = row.right - pad - t.font(role).size(widest)[0] - t.px(8) - name_x
        shown_label = t.fit(label, room, role, seat in mine)
        t.text(surface, shown_label, (name_x, row.centery), role, p.text, seat in mine, anchor="midleft")
        t.text(surface, what, (row.right - pad, row.centery), role, colour, anchor="midright")
        y += row_h
    return y
