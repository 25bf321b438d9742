"""Playing the tricks: choosing a card to play, the trick in the middle, and the last trick on request."""

from __future__ import annotations

import pygame

from krook.bots.claims import claim_plan
from krook.rules import Play, parse_card
from krook.rules.cards import CARD_NAMES
from krook.scenes.table.decision import HandDecision, Handled
from krook.scenes.table.state import TableState, Zone
from krook.ui import Button
from krook.ui.cards import card_width
from krook.ui.widgets import Widget


class PlayDecision(HandDecision):
    """Play a card from hand: click it, or Left / Right and Enter. Cards you may not play are dimmed and the
    keyboard focus skips them."""

    kind = "play"
    claiming = False  # the player claimed the rest: their cards play themselves until the hand ends
    claim_button: Button | None = None

    def prepare(self) -> list[Widget]:
        t = self.state
        t.focus_zone = Zone.HAND
        hand = t.hand_codes()
        t.focus_card = min(t.focus_card, max(0, len(hand) - 1))
        if hand and not self.choosable(hand[t.focus_card]):
            t.focus_card = next((i for i, c in enumerate(hand) if self.choosable(c)), 0)
        self.claim_button = None
        if t.services.settings.offer_claims and claim_plan(t.view) is not None:
            self.claim_button = Button("Claim the rest", self.claim, "primary", hotkey=pygame.K_c)
            return [self.claim_button]
        return []

    def claim(self) -> None:
        """Every remaining trick is certain (proven from the player's own view): play the cards out."""
        self.claiming = True
        card = self.auto_card()
        if card is not None:
            self.choose(Play(parse_card(card)))

    def auto_card(self) -> str | None:
        """The card that plays itself now: the next of a claim, or a forced last card (a setting)."""
        t = self.state
        view = t.view
        if view.phase != "play" or view.to_act != view.seat:
            return None
        if len(view.hand) == 1 and (self.claiming or t.services.settings.auto_finish):
            return view.hand[0]
        if self.claiming:
            plan = claim_plan(view)
            if plan:
                return CARD_NAMES[plan[0]]
            self.claiming = (
                False  # cannot happen (knowledge only grows), but never play for the player blindly
            )
        return None

    def draw_panel(self, surface: pygame.Surface) -> None:
        button = self.claim_button
        if button is None:
            return
        t = self.state
        theme = t.theme
        button.rect = pygame.Rect(0, 0, theme.px(220), theme.px(48))
        button.rect.midbottom = (t.layout.message_band.centerx, t.layout.panel_bottom)
        self.rect = button.rect.copy()

    def choosable(self, code: str) -> bool:
        return code in self.state.playable()

    def card_chosen(self, code: str) -> Handled:
        """Play the card; a card the rules refuse is returned too, and the table says why (``why_not``)."""
        return Play(parse_card(code))


def draw_trick(t: TableState, surface: pygame.Surface) -> None:
    """The cards of the trick on the table, cards flying in, and a taken trick sweeping to its winner."""
    h = t.layout.trick_card_h
    flying = {f.code for f in t.flights if not f.done}
    for i, (seat, code) in enumerate(t.shown.trick):
        if code in flying:
            continue
        tilt = ((seat * 37 + i * 11) % 9 - 4) * 1.2
        t.sprites.draw(surface, code, t.trick_spot(seat), h, tilt)
    for f in t.flights:
        if not f.done:
            t.sprites.draw(surface, f.code, f.pos(), h)
    for f in t.sweep:
        if not f.done:
            t.sprites.draw(surface, f.code, f.pos(), h)


def draw_last_trick(t: TableState, surface: pygame.Surface) -> None:
    """The last trick taken, large, over a dimmed table (L to open and close)."""
    theme = t.theme
    tricks = t.view.tricks[: t.shown.tricks_done]
    if not tricks:
        t.show_last = False
        return
    last = tricks[-1]
    theme.dim(surface, 150)
    w, h = t.layout.size
    gap = theme.px(18)
    count = len(last.cards)
    ch = round(h * 0.22)
    room = w - theme.px(100) - (count - 1) * gap  # the cards shrink to fit six across a small window
    while ch > 20 and card_width(ch) * count > room:
        ch -= 2
    cw = card_width(ch)
    total = count * cw + (count - 1) * gap
    panel = pygame.Rect(0, 0, total + theme.px(60), ch + theme.px(150))
    panel.center = (w // 2, h // 2)
    theme.panel(surface, panel)
    winner = t.view.players[last.winner] if last.winner is not None else "?"
    theme.text(
        surface,
        f"Last trick — taken by {winner} ({last.points} points)",
        (panel.centerx, panel.y + theme.px(14)),
        "label",
        theme.p.text,
        True,
        anchor="midtop",
    )
    x = panel.x + theme.px(30)
    for i, (seat, code) in enumerate(last.cards):
        r = pygame.Rect(x, panel.y + theme.px(56), cw, ch)
        surface.blit(t.services.cards.face(code, ch, t.view.rules_obj), r)
        if seat == last.winner:
            pygame.draw.rect(surface, theme.p.accent, r, max(2, theme.px(3)), border_radius=max(3, ch // 14))
        theme.text(
            surface,
            t.view.players[seat] + (" · led" if i == 0 else ""),
            (r.centerx, r.bottom + theme.px(6)),
            "caption",
            theme.p.text_muted,
            anchor="midtop",
        )
        x += cw + gap
    theme.text(
        surface,
        "Click, L or Esc to close",
        (panel.centerx, panel.bottom - theme.px(8)),
        "caption",
        theme.p.text_muted,
        anchor="midbottom",
    )
