"""Help for LAN play: firewalls and finding the host's address (the short form of docs/LAN.md)."""

from __future__ import annotations

import pygame

from krook.net import DEFAULT_PORT, DISCOVERY_PORT
from krook.scenes.base import Scene, Services
from krook.scenes.common.menu import DialogScene, centred_panel
from krook.ui import Button

SECTIONS: list[tuple[str, list[str]]] = [
    (
        "Same network",
        [
            "Every computer must be on the same home network (the same Wi-Fi or router). "
            "A guest Wi-Fi or 'AP isolation' keeps computers apart: use the main network.",
        ],
    ),
    (
        "Firewall on the host",
        [
            f"The host must accept connections on TCP port {DEFAULT_PORT} (and UDP {DISCOVERY_PORT} so others "
            "can find the game).",
            "Windows: when asked, tick Private networks and click Allow access. Missed it? Windows Security > "
            "Firewall & network protection > Allow an app through firewall > tick Private for Krook. "
            "Your network should be set to Private, not Public.",
            "macOS: click Allow when asked whether Krook may accept incoming connections.",
            f"Linux: usually nothing to do. With ufw: sudo ufw allow {DEFAULT_PORT}/tcp and "
            f"sudo ufw allow {DISCOVERY_PORT}/udp.",
        ],
    ),
    (
        "The host's address",
        [
            "The host's waiting room shows it, like 192.168.1.20:47470. Type it under Join by address "
            "when the game is not listed.",
            "Or on the host: Windows: ipconfig (IPv4 Address). macOS: ipconfig getifaddr en0. "
            "Linux: hostname -I.",
        ],
    ),
    (
        "Dropped?",
        [
            "Krook rejoins your seat by itself. After a restart, Join the same game again: "
            "your seat is remembered on this computer.",
        ],
    ),
]


def help_button(scene: Scene, label: str = "Help: firewalls") -> Button:
    """The LAN screens' help button: it opens this help over ``scene``."""
    return Button(label, lambda: scene.stack.push(LanHelpScene(scene.services)), "ghost")


class LanHelpScene(DialogScene):
    """A card of short help over a dimmed screen; Esc, Enter or Close goes back."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.close_btn = Button("Close", self.close, "primary")
        self.focus.set([self.close_btn])
        self.panel = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.dim(surface, 190)
        p = t.p
        w, h = surface.get_size()
        width = min(w - t.px(60), t.px(900))
        inner_w = width - t.px(64)
        body_lh = t.font("caption").get_linesize()
        blocks: list[tuple[str, list[str]]] = []
        height = t.px(76 + 80)
        for title, paras in SECTIONS:
            lines: list[str] = []
            for para in paras:
                lines += t.wrap(para, inner_w - t.px(16), "caption")
                lines.append("")
            blocks.append((title, lines[:-1]))
            blanks = lines.count("") - 1
            height += t.font("label").get_linesize() + body_lh * (len(lines) - 1 - blanks) + t.px(6)
            height += body_lh // 2 * blanks
        self.panel = centred_panel(t, surface, width, min(h - t.px(30), height))
        x, y = self.panel.x + t.px(32), self.panel.y + t.px(22)
        t.text(surface, "Playing on the home network", (x, y), "title", p.text, True)
        y += t.px(54)
        for title, lines in blocks:
            t.text(surface, title, (x, y), "label", p.accent, True)
            y += t.font("label").get_linesize()
            for line in lines:
                if line:
                    t.text(surface, line, (x + t.px(16), y), "caption", p.text)
                y += body_lh if line else body_lh // 2
            y += t.px(6)
        self.close_btn.rect = pygame.Rect(0, 0, t.px(160), t.px(46))
        self.close_btn.rect.bottomright = (self.panel.right - t.px(24), self.panel.bottom - t.px(18))
        self.focus.draw(surface, t, True)
