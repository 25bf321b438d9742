"""Play over the internet -> Relay: Krook's default relay, or "use my own" with its address typed in. The
address is checked before it is saved (``krook.settings_store.relay_problem`` says what is wrong in words)."""

from __future__ import annotations

import pygame

from krook.scenes.base import Scene, Services
from krook.scenes.common.form import form_key
from krook.scenes.common.menu import begin_screen, bottom_bar, centred_panel
from krook.settings_store import MAX_RELAY_URL, relay_problem
from krook.ui import Button, FocusGroup, Stepper, TextField

CHOICES = ("default", "own")


def default_relay() -> str:
    from krook.net.internet import DEFAULT_RELAY

    return DEFAULT_RELAY


class RelaySettingScene(Scene):
    def __init__(self, services: Services) -> None:
        super().__init__(services)
        own = (services.settings.relay_url or "").strip()
        self.choice = Stepper(
            list(CHOICES),
            CHOICES.index("own" if own else "default"),
            lambda value: self._changed(),
            lambda v: "Krook's default relay" if v == "default" else "Use my own relay",
            wrap=True,
        )
        self.field = TextField(
            own,
            lambda text: self._changed(),
            max_len=MAX_RELAY_URL,
            placeholder="tls://relay.example.org:4222",
            allowed=lambda ch: ch.isascii() and ch.isprintable(),
            tooltip="nats://, tls://, ws:// or wss://, a host and a port",
        )
        self.save_btn = Button("Save", self.save, "primary")
        self.back_btn = Button("Back", self.back, "ghost")
        self.focus = FocusGroup([self.choice, self.field, self.save_btn, self.back_btn])
        self.error = ""
        self.saved = ""

    def _changed(self) -> None:
        self.error = self.saved = ""

    @property
    def own(self) -> bool:
        return bool(self.choice.value == "own")

    def save(self) -> None:
        if self.own:
            problem = relay_problem(self.field.text)
            if problem is not None:
                self.error = problem
                return
            self.services.settings.relay_url = self.field.text.strip()
        else:
            self.services.settings.relay_url = ""
        self.services.save_settings()
        self.saved = (
            f"Saved: games over the internet use {self.services.settings.relay_url or default_relay()}."
        )

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        return form_key(e, self.focus, [self.field], self.save, self.back) or self.focus.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        t = begin_screen(self, surface, "Relay for internet games")
        p = t.p
        w, h = surface.get_size()
        panel = centred_panel(
            t, surface, min(w - t.px(60), t.px(760)), min(h - t.px(170), t.px(480)), lift=t.px(10)
        )
        x, fw = panel.x + t.px(32), panel.w - t.px(64)
        y = panel.y + t.px(22)
        lh = t.font("body").get_linesize()
        for line in t.wrap(
            "Every player's Krook meets the others at a relay. The cards are sealed between the apps: the relay "
            "never sees a hand or a name. Everyone in one game must use the same relay.",
            fw,
            "body",
        ):
            t.text(surface, line, (x, y), "body", p.text_muted)
            y += lh
        y += t.px(16)
        self.choice.rect = pygame.Rect(x, y, min(fw, t.px(420)), t.px(48))
        y += t.px(64)
        self.field.visible = self.own
        if self.own:
            t.text(surface, "Relay address", (x, y), "label", p.text, True)
            y += t.px(32)
            self.field.rect = pygame.Rect(x, y, fw, t.px(46))
            y += t.px(62)
        else:
            t.text(
                surface,
                t.fit(f"Krook's default: {default_relay()}", fw, "body"),
                (x, y),
                "body",
                p.text_muted,
            )
            y += t.px(40)
        self.save_btn.rect = pygame.Rect(x, y, t.px(180), t.px(50))
        y += t.px(66)
        message, colour = (self.error, p.danger) if self.error else (self.saved, p.success)
        for i, line in enumerate(t.wrap(message, fw, "body", bool(self.error)) if message else []):
            t.text(surface, line, (x, y + i * lh), "body", colour, bool(self.error))
        bottom_bar(t, surface, [(self.back_btn, 140)])
        self.focus.draw(surface, t, True)
