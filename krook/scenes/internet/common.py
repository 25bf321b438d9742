"""What the internet screens share: the clipboard, the status line, the way to the table, and the seat tokens
kept in the settings (by the invite code's routing part). The background job and the table's opening are the
LAN screens' own (``krook.scenes.lan``)."""

from __future__ import annotations

import logging
from typing import Any

import pygame

from krook.scenes.base import Services
from krook.text_gate import outside_text
from krook.ui import Theme

log = logging.getLogger(__name__)

CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -")
CODE_MAX = 20  # "K7QM-482-916" with room for the spaces people type between groups


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when this computer's clipboard cannot be reached (no window
    system, a headless session), never an exception."""
    try:
        pygame.scrap.put_text(text)
    except Exception as exc:  # pygame.error, or no video driver: the screen says "copy it by hand"
        log.info("copy to the clipboard failed: %s", exc)
        return False
    return True


def paste_text() -> str:
    """The clipboard's text, cleaned (it comes from outside), or "" when there is none or it cannot be read."""
    try:
        text = pygame.scrap.get_text()
    except Exception as exc:
        log.info("paste from the clipboard failed: %s", exc)
        return ""
    return outside_text(text, CODE_MAX * 3)


def code_char(ch: str) -> bool:
    """What the code field takes: letters, digits, spaces and dashes (as the code is read over the phone)."""
    return ch in CODE_CHARS


def code_key(code: str) -> str | None:
    """The routing part of a typed code (the key its seat token is kept under), or None if it is no code."""
    clean = "".join(ch for ch in code.upper() if ch.isalnum())
    return clean[:4] if len(clean) == 10 else None


def stored_seat(services: Services, code: str) -> dict[str, Any] | None:
    key = code_key(code)
    seats = getattr(services.settings, "internet_seats", None) or {}
    entry = seats.get(key) if key else None
    return entry if isinstance(entry, dict) and isinstance(entry.get("token"), str) else None


def remember_seat(services: Services, code: str, **entry: Any) -> None:
    key = code_key(code)
    if key is None:
        return
    seats = dict(getattr(services.settings, "internet_seats", None) or {})
    seats.pop(key, None)
    seats[key] = entry
    while len(seats) > 12:  # keep the newest few
        seats.pop(next(iter(seats)))
    services.settings.internet_seats = seats
    services.save_settings()


def forget_seat(services: Services, code: str) -> None:
    key = code_key(code)
    seats = dict(getattr(services.settings, "internet_seats", None) or {})
    if key and seats.pop(key, None) is not None:
        services.settings.internet_seats = seats
        services.save_settings()


def failure_words(services: Services, exc: BaseException) -> str:
    """What to say when joining or hosting over the internet failed; the relay's address when it was the relay."""
    from krook.net import internet

    if not isinstance(exc, internet.InternetError):
        log.error("internet play failed", exc_info=exc)
        return internet.MESSAGES[internet.Failure.OTHER]
    log.info("internet play failed: %s (%s)", exc.failure.value, exc.detail)
    if exc.failure is internet.Failure.NO_RELAY:
        relay = internet.relay_url(services.settings.relay_url)
        if internet.relay_on_this_computer(relay):
            # Krook's default until a public relay exists: say what is missing, not "check the internet"
            return (
                f"No relay is running on this computer ({relay}). To play with family in other houses, everyone "
                "chooses the same relay they can all reach: Play over the internet, Relay, Use my own relay."
            )
        return (
            f"Krook could not reach the relay at {relay}. Check the internet connection, or choose the relay "
            "under Play over the internet, Relay."
        )
    return exc.message


def draw_status(
    t: Theme, surface: pygame.Surface, status: tuple[str, bool] | None, pos: tuple[int, int], anchor: str
) -> pygame.Rect | None:
    """The status line: a dot (green when all is well, amber otherwise) and its words, in a pill."""
    if status is None:
        return None
    words, ok = status
    colour = t.p.success if ok else t.p.accent
    img = t.render(f"Internet: {words}", "label", t.p.text, True)
    dot = t.px(12)
    pad = t.px(14)
    rect = pygame.Rect(0, 0, img.get_width() + dot + pad * 3, img.get_height() + t.px(12))
    setattr(rect, anchor, pos)
    t.panel(surface, rect, (18, 30, 26), alpha=230, radius=rect.h // 2, edge=colour, shadow=False)
    pygame.draw.circle(surface, colour, (rect.x + pad + dot // 2, rect.centery), dot // 2)
    surface.blit(img, img.get_rect(midleft=(rect.x + pad * 2 + dot, rect.centery)))
    return rect


def relay_in_use(services: Services) -> tuple[str, bool]:
    """The relay address the settings choose, and whether it is the player's own."""
    own = (getattr(services.settings, "relay_url", "") or "").strip()
    if own:
        return own, True
    from krook.net.internet import DEFAULT_RELAY

    return DEFAULT_RELAY, False
