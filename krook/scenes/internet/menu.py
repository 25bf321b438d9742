"""Title -> Play over the internet: host a game (the lobby, then a waiting room with the invite code) or
join one with the code the host reads out."""

from __future__ import annotations

import pygame

from krook.net.internet import relay_on_this_computer
from krook.scenes.base import Services
from krook.scenes.common.menu import MenuScene, draw_backdrop
from krook.scenes.internet.common import relay_in_use
from krook.ui import Button


class InternetScene(MenuScene):
    title = "Play over the internet"
    subtitle = "With family in other houses: the host reads out a code, the others type it"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.set_buttons(
            [
                Button("Host a game", self.host, "primary", tooltip="Set up the seats, then get a code"),
                Button("Join with a code", self.join, "primary", tooltip="Type the code the host gives you"),
                Button("Relay", self.relay, "secondary", tooltip="Krook's default relay, or your own"),
                Button("Back", self.back, "ghost"),
            ]
        )

    def host(self) -> None:
        self.stack.push(self.services.go.lobby(internet=True))

    def join(self) -> None:
        from krook.scenes.internet.join import InternetJoinScene

        self.stack.push(InternetJoinScene(self.services))

    def relay(self) -> None:
        from krook.scenes.internet.relay_setting import RelaySettingScene

        self.stack.push(RelaySettingScene(self.services))

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface)
        t = self.theme
        t.resize(surface.get_size())
        w, h = surface.get_size()
        self.draw_title(surface, h * 0.16)
        self.layout(surface, 0.40, 56, 14)
        y = self.buttons[-1].rect.bottom + t.px(30)
        relay, own = relay_in_use(self.services)
        line = f"Relay: {relay}" + ("  (your own)" if own else "  (Krook's default)")
        if relay_on_this_computer(relay):
            # only this computer reaches it: said plainly before a family tries to play across houses through it
            warning = (
                "This relay is on this computer only: for family in other houses, choose one you all reach."
            )
            t.text(
                surface, t.fit(warning, w - t.px(80), "body"), (w / 2, y), "body", t.p.accent, anchor="midtop"
            )
            y += t.font("body").get_linesize() + t.px(6)
        t.text(
            surface,
            t.fit(line, w - t.px(80), "caption"),
            (w / 2, y),
            "caption",
            t.p.text_muted,
            anchor="midtop",
        )
        t.text(
            surface,
            "Change it with Relay · The cards are sealed: the relay never sees a hand or a name",
            (w / 2, y + t.font("caption").get_linesize()),
            "caption",
            t.p.text_muted,
            anchor="midtop",
        )
        self.focus.draw(surface, t, self.focus.keyboard_used or self.services.keyboard_mode)
