"""What the table shows besides the cards: name plates, the hand and score boxes, the banner saying
what is happening, speech bubbles and error toasts."""

from __future__ import annotations

import functools
from typing import Any

import pygame

from krook.render.card_art import card_width
from krook.render.palette import COLOUR_NAMES, mix
from krook.rules import PRESETS, Bid, KrookError, Pass, Rules
from krook.scenes.common.table_model import describe
from krook.scenes.table.state import Message, MessageKind, TableState
from krook.session.finished import game_title


def draw_plate(t: TableState, surface: pygame.Surface, seat: int, pos: tuple[float, float]) -> None:
    theme = t.theme
    p = theme.p
    view = t.view
    name = view.players[seat]
    active = view.to_act == seat and t.idle and t.shown.dealt and not t.shown.over
    pad = theme.px(12)
    label = theme.render(name, "label", p.text, bold=True)
    extras: list[tuple[str, tuple[int, int, int]]] = []
    if seat == view.dealer:
        extras.append(("Dealer", (92, 110, 128)))
    if view.bidder == seat and len(t.shown.bids) >= len(view.bids) and view.bid:
        extras.append((f"Bid {view.bid}", p.accent_dark))
    elif view.bidder is None or len(t.shown.bids) < len(view.bids):
        said = [said for s_, said in t.shown.bids if s_ == seat]
        if said and isinstance(said[-1], Pass):
            extras.append(("Passed", (84, 88, 94)))
        elif said and isinstance(said[-1], Bid):
            extras.append((f"Bid {said[-1].amount}", p.accent_dark))
    if view.partner == seat and view.rules.get("partnership") == "called":
        extras.append(("Partner", (70, 120, 170)))
    chips = [theme.render(text, "caption", p.text, bold=True) for text, _ in extras]
    sub = ""
    if t.shown.dealt and view.phase in ("play", "hand_over"):
        won = t.shown.tricks_won[seat]
        sub = f"{won} trick{'' if won == 1 else 's'} · {t.shown.points[seat]} pts"
    sub_s = theme.render(sub, "caption", p.text_muted) if sub else None
    w = max(label.get_width() + sum(c.get_width() + pad for c in chips), sub_s.get_width() if sub_s else 0)
    w += pad * 2
    h = label.get_height() + (sub_s.get_height() if sub_s else 0) + theme.px(10)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (round(pos[0]), round(pos[1]))
    rect.clamp_ip(surface.get_rect().inflate(-theme.px(8), -theme.px(8)))
    t.boxes[f"plate of {name}"] = rect
    edge = p.accent if active else p.panel_edge
    theme.panel(surface, rect, p.panel, alpha=230, radius=h // 2 if not sub_s else theme.px(14), edge=edge)
    if active:
        glow = rect.inflate(theme.px(6), theme.px(6))
        pygame.draw.rect(surface, p.accent, glow, max(2, theme.px(3)), border_radius=glow.h // 2)
    surface.blit(label, (rect.x + pad, rect.y + theme.px(4)))
    cx = rect.x + pad + label.get_width() + pad
    for chip, (_, colour) in zip(chips, extras, strict=True):
        cr = chip.get_rect(midleft=(cx, rect.y + theme.px(4) + label.get_height() // 2))
        pygame.draw.rect(surface, colour, cr.inflate(theme.px(10), theme.px(2)), border_radius=cr.h)
        surface.blit(chip, cr)
        cx += chip.get_width() + pad
    if sub_s:
        surface.blit(sub_s, (rect.x + pad, rect.y + theme.px(4) + label.get_height()))
    status = t.status.get(seat)
    if active and status == "thinking":
        dots = "." * (1 + pygame.time.get_ticks() // 350 % 3)
        theme.text(
            surface,
            f"thinking{dots}",
            (rect.centerx, rect.bottom + theme.px(4)),
            "caption",
            p.accent,
            anchor="midtop",
        )


@functools.cache
def game_name(preset: str, rules: tuple[tuple[str, Any], ...]) -> str:
    """The game named by its settings (``Kentucky Discard, to 50``), as Watch a game and History name it."""
    if preset not in PRESETS:
        return "Custom rules"
    try:
        return game_title(preset, Rules(**dict(rules)))
    except (TypeError, ValueError, KrookError):
        return PRESETS[preset].title


def draw_hud(t: TableState, surface: pygame.Surface) -> None:
    theme = t.theme
    p = theme.p
    view = t.view
    pad = theme.px(12)
    box_w = t.layout.hud_rect.w
    # Left: the hand and the contract.
    lines: list[tuple[str, str, tuple[int, int, int], bool]] = []
    title = theme.fit(game_name(view.preset, tuple(view.rules.items())), box_w - 2 * pad, "caption")
    lines.append((f"Hand {view.hand_number}", "label", p.text, True))
    lines.append((title, "caption", p.text_muted, False))
    bidder = view.bidder
    bid_known = bidder is not None and len(t.shown.bids) >= len(view.bids)
    box = t.layout.hud_rect
    t.boxes["hand box"] = box
    theme.panel(surface, box, alpha=220)
    y = box.y + theme.px(8)
    for text, role, colour, bold in lines:
        r = theme.text(surface, text, (box.x + pad, y), role, colour, bold)
        y = r.bottom + theme.px(2)
    y += theme.px(4)
    if bid_known and bidder is not None:
        theme.text(
            surface,
            f"Bid {view.bid} · {view.players[bidder]}",
            (box.x + pad, y),
            "body",
            p.text,
            True,
        )
    elif view.high_bid is not None and t.shown.bids:
        shown_high = [b.amount for _, b in t.shown.bids if isinstance(b, Bid)]
        text = f"High bid {max(shown_high)}" if shown_high else "Bidding"
        theme.text(surface, text, (box.x + pad, y), "body", p.text, True)
    else:
        theme.text(
            surface, "Bidding" if t.shown.dealt else "Dealing…", (box.x + pad, y), "body", p.text_muted
        )
    y += theme.font("body").get_linesize()
    trump = t.shown.trump
    if trump:
        ink = p.ink(trump, t.services.settings.colour_blind)
        chip = pygame.Rect(box.x + pad, y + theme.px(1), theme.px(22), theme.px(22))
        # a disc with the colour's symbol, as on the cards: a plain dark square edged in white (black
        # trump) read as an empty checkbox
        pygame.draw.circle(surface, mix(ink.fill, (255, 255, 255), 0.45), chip.center, chip.w // 2)
        pygame.draw.circle(surface, ink.fill, chip.center, chip.w // 2 - max(1, theme.px(1.5)))
        mark = t.services.cards.symbol(trump, round(chip.w * 0.62), ink.on_fill)
        if mark is not None:
            surface.blit(mark, mark.get_rect(center=chip.center))
        theme.text(surface, f"Trump: {COLOUR_NAMES[trump]}", (chip.right + theme.px(8), y), "body", p.text)
    else:
        theme.text(surface, "Trump: not named yet", (box.x + pad, y), "body", p.text_muted)
    if t.shown.called:
        y += theme.font("body").get_linesize()
        theme.text(surface, f"Called: {describe(t.shown.called)}", (box.x + pad, y), "caption", p.text_muted)
    # Right: the score columns, and the points each side has captured this hand.
    cols = view.columns
    row_h = theme.font("body").get_linesize()
    sbox = t.layout.score_rect
    t.boxes["score box"] = sbox
    theme.panel(surface, sbox, alpha=220)
    theme.text(surface, "Score", (sbox.x + pad, sbox.y + theme.px(6)), "caption", p.text_muted, True)
    theme.text(
        surface,
        "this hand",
        (sbox.right - pad, sbox.y + theme.px(6)),
        "caption",
        p.text_muted,
        anchor="topright",
    )
    totals, this_hand = shown_scores(t)
    for i, label in enumerate(cols):
        yy = sbox.y + theme.px(28) + i * row_h
        mine = t.seen_by in column_seats(t, i)
        score = theme.text(
            surface,
            str(totals[i]),
            (sbox.right - pad - theme.px(64), yy),
            "body",
            p.text,
            True,
            anchor="topright",
        )
        # A long team name ends in an ellipsis clear of its score (the score is what the row is for).
        # A name too long for body text takes the caption size first, so it is cut only where it must be.
        room = score.x - theme.px(8) - (sbox.x + pad)
        role = "body" if theme.font("body", mine).size(label)[0] <= room else "caption"
        name = theme.fit(label, room, role, mine)
        ny = yy + (theme.font("body").get_height() - theme.font(role).get_height()) // 2
        theme.text(surface, name, (sbox.x + pad, ny), role, p.accent if mine else p.text, mine)
        theme.text(surface, this_hand[i], (sbox.right - pad, yy), "body", p.text_muted, anchor="topright")
    # Centre: what is happening.
    banner_text = banner(t)
    if banner_text:
        words = theme.render(banner_text, "label", p.text, bold=True)
        rect = words.get_rect(midtop=(round(t.layout.center[0]), pad))
        pill = rect.inflate(theme.px(28), theme.px(12))
        # With the middle moved right (the tutorial), the banner keeps clear of the score box.
        room = t.layout.score_rect.left - theme.px(8) - pill.right
        if room < 0:
            pill.move_ip(room, 0)
            rect.move_ip(room, 0)
        t.boxes["banner"] = pill
        theme.panel(surface, pill, (18, 30, 26), alpha=210, radius=pill.h // 2)
        surface.blit(words, rect)


def shown_scores(t: TableState) -> tuple[list[int], list[str]]:
    """Each score column's total and its "this hand" figure, as far as the table has shown the hand.

    The view is scored the moment the last card is played, while the table still shows that trick landing: the
    totals keep the hand out until its end is shown, then "this hand" is what the hand scored (the nest, bonuses
    and a set in it), not the card points caught so far.
    """
    view, shown = t.view, t.shown
    totals = list(view.scores)
    results = view.results
    scored = results[shown.hand_number - 1] if 0 < shown.hand_number <= len(results) else None
    if scored is not None and shown.over:
        return totals, [f"{d:+d}" for d in scored["deltas"]]
    if scored is not None:
        for later in results[shown.hand_number - 1 :]:
            totals = [a - d for a, d in zip(totals, later["deltas"], strict=True)]
    captured = [sum(shown.points[s] for s in column_seats(t, i)) for i in range(len(view.columns))]
    return totals, [f"+{c}" for c in captured]


def column_seats(t: TableState, column: int) -> list[int]:
    """The seats whose points a score column counts: a fixed team's two, else the seat itself."""
    team = t.view.rules.get("partnership") == "fixed"
    return [s for s in range(t.n) if (s % 2 == column if team else s == column)]


def banner(t: TableState) -> str:
    view = t.view
    if t.deal.running:
        dealer = view.players[view.dealer]
        return "You deal" if dealer == "You" else f"{dealer} deals"
    if not t.idle:
        return ""
    if view.phase in ("hand_over", "game_over"):
        return "Hand over"
    actor = view.to_act
    if actor is None:
        return ""
    name = view.players[actor]
    mine = actor == t.viewer and t.revealed
    if view.phase == "bidding":
        if mine:
            high = f" · high bid {view.high_bid}" if view.high_bid else ""
            return f"Your bid{high}"
        return f"{name} is bidding"
    if view.phase == "discard":
        return (
            f"Bury {t.legal.discard.count} cards"
            if mine and t.legal.discard
            else f"{name} is choosing from the nest"
        )
    if view.phase == "trump":
        return "Name trump" if mine else f"{name} is naming trump"
    if view.phase == "call":
        return "Call a card: its holder is your partner" if mine else f"{name} is calling a partner"
    if view.phase == "play":
        if mine:
            return "Your lead" if not view.trick else "Your turn"
        return f"{name}'s turn"
    return ""


def draw_bubble(t: TableState, surface: pygame.Surface, seat: int, text: str) -> None:
    theme = t.theme
    p = theme.p
    x, y = t.seat_anchor(seat)
    label = theme.render(text, "label", p.text_dark, bold=True)
    rect = label.get_rect().inflate(theme.px(26), theme.px(14))
    if t.rel(seat) == 0:
        rect.midbottom = (round(x), round(t.layout.size[1] - t.layout.hand_card_h - theme.px(70)))
    else:
        rect.midtop = (round(x), round(y + theme.px(36)))
    rect.clamp_ip(surface.get_rect().inflate(-theme.px(10), -theme.px(10)))
    theme.shadow(surface, rect, rect.h // 2, spread=theme.px(6), alpha=80)
    pygame.draw.rect(surface, (255, 253, 246), rect, border_radius=rect.h // 2)
    tip_up = t.rel(seat) != 0
    tx = rect.centerx
    if tip_up:
        pts = [
            (tx - theme.px(8), rect.top + 1),
            (tx + theme.px(8), rect.top + 1),
            (tx, rect.top - theme.px(9)),
        ]
    else:
        pts = [
            (tx - theme.px(8), rect.bottom - 1),
            (tx + theme.px(8), rect.bottom - 1),
            (tx, rect.bottom + theme.px(9)),
        ]
    pygame.draw.polygon(surface, (255, 253, 246), pts)
    surface.blit(label, label.get_rect(center=rect.center))


MESSAGE_FILL = {  # a hint is gold-edged advice, news is slate, an error is red
    MessageKind.ADVICE: (34, 44, 38),
    MessageKind.INFO: (30, 38, 46),
    MessageKind.ERROR: (74, 30, 30),
}


def message_rect(t: TableState, message: Message) -> tuple[pygame.Rect, list[str]]:
    """Where a message goes: in the message band the layout keeps clear of every control, and beside the
    viewer's own card in the trick when that card reaches down into the band."""
    band = t.layout.band_between(t.n)
    rect, lines = _message_in(t, message, band)
    own = own_trick_card(t)
    if own is None or not rect.colliderect(own):
        return rect, lines
    gap = t.theme.px(10)
    # beside the card there is less width, so a third line may be needed, and the box grows upwards: the
    # side seats' room is taken over that taller stretch
    lh = t.theme.font("body").get_linesize()
    left, right = t.layout.centre_span(band.top - lh, band.bottom, t.n)
    left, right = max(left, band.left), min(right, band.right)
    sides = [
        pygame.Rect(left, band.y, own.left - gap - left, band.h),
        pygame.Rect(own.right + gap, band.y, right - own.right - gap, band.h),
    ]
    side = max(sides, key=lambda r: r.w)
    if side.w < t.theme.px(160):
        return rect, lines  # no room beside it (a very narrow window): the message wins
    # it may also come down into the gap kept above the hand for a raised card: no card of the hand is
    # raised while the viewer's own card lies in the trick (it is not their turn)
    side.h = t.layout.hand_top - t.theme.px(6) - side.y
    return _message_in(t, message, side, 3)


def _message_in(
    t: TableState, message: Message, band: pygame.Rect, most: int = 2
) -> tuple[pygame.Rect, list[str]]:
    """A message's box and lines (``most`` at most, the last ending in an ellipsis when the text runs on),
    centred at the bottom of ``band`` and no wider."""
    theme = t.theme
    room = max(theme.px(120), band.w - theme.px(36))
    lines = theme.wrap(message.text, room, "body")
    if len(lines) > most:  # show that the words go on rather than end mid-sentence
        lines = [*lines[: most - 1], theme.fit(" ".join(lines[most - 1 :]), room, "body")]
    lh = theme.font("body").get_linesize()
    width = max(theme.font("body").size(line)[0] for line in lines) + theme.px(36)
    rect = pygame.Rect(0, 0, min(width, band.w), lh * len(lines) + theme.px(20))
    rect.midbottom = band.midbottom
    return rect, lines


def own_trick_card(t: TableState) -> pygame.Rect | None:
    """Where the viewer's card lies in the trick on the table, if it is there (not still flying in)."""
    if not any(seat == t.viewer for seat, _ in t.shown.trick):
        return None
    h = t.layout.trick_card_h
    w = card_width(h)
    x, y = t.trick_spot(t.viewer)
    return pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)


def draw_message(t: TableState, surface: pygame.Surface, message: Message) -> pygame.Rect:
    theme = t.theme
    if message.seat is not None and not t.private(message.seat, "message"):
        return pygame.Rect(0, 0, 0, 0)
    rect, lines = message_rect(t, message)
    t.boxes["message"] = rect
    p = theme.p
    fill = MESSAGE_FILL[message.kind]
    edge = {MessageKind.ADVICE: p.accent, MessageKind.INFO: p.panel_edge, MessageKind.ERROR: p.danger}[
        message.kind
    ]
    theme.panel(surface, rect, fill, alpha=240, edge=edge)
    lh = theme.font("body").get_linesize()
    if message.kind == MessageKind.ADVICE:
        tag = pygame.Rect(rect.x, rect.y + theme.px(6), theme.px(4), rect.h - theme.px(12))
        pygame.draw.rect(surface, theme.p.accent, tag, border_radius=tag.w)
    for i, line in enumerate(lines):
        theme.text(
            surface,
            line,
            (rect.centerx, rect.y + theme.px(10) + i * lh),
            "body",
            theme.p.text,
            anchor="midtop",
        )
    return rect
