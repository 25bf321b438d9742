"""Hot-seat secrecy, checked on every frame of whole games played through the real scenes.

Two and three humans share the screen with bots; each presses Hint before every decision (bidding, nest,
trump, call, play) and then takes the hinted move with the keyboard. After every frame the test checks, from
the game itself and not from the table's own bookkeeping, that nothing private to a seat other than the one
whose player last confirmed a curtain was drawn: no face of a card that seat holds, no line of its hints.
docs/PLAYING.md ("Hot-seat") states the rule.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame
import pytest
from scene_helpers import key, make_app
from test_scenes_game import start_game

from krook.scenes.common.table_model import in_words
from krook.scenes.table.card_sprites import CardSprites
from krook.ui.cards import CardPainter
from krook.ui.theme import Theme


@pytest.fixture
def home(home, simple_bots, monkeypatch):
    from krook.bots import hints
    from krook.bots.strengths import MediumBot

    # Quick hints from the medium bot: the test is about where their words are drawn, not how good they are.
    # (Some five-handed bidding views take the hard bot a minute whatever its budget.)
    monkeypatch.setattr(hints, "HardBot", lambda budget_s: MediumBot())
    return home


@dataclass
class Watch:
    """What was drawn during the current frame, and every secrecy breach seen so far."""

    faces: list[str] = field(default_factory=list)
    drawn: int = 0  # every face drawn in the game (``faces`` holds one frame's)
    texts: list[str] = field(default_factory=list)
    hints: list[tuple[int, int, str]] = field(default_factory=list)  # (seat, hand number, reason)
    viewer: int | None = None  # the seat whose player last confirmed a curtain
    frames: int = 0
    breaches: list[str] = field(default_factory=list)
    tagged: list[tuple[int, str]] = field(default_factory=list)  # what the table's own hook reported


def watch_drawing(monkeypatch, watch: Watch) -> None:
    face, dimmed, render = CardPainter.face, CardSprites.dimmed, Theme.render

    def face_(self, code, height, rules=None):
        watch.faces.append(code)
        watch.drawn += 1
        return face(self, code, height, rules)

    def dimmed_(self, code, height):
        watch.faces.append(code)
        return dimmed(self, code, height)

    def render_(self, text, *args, **kwargs):
        watch.texts.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(CardPainter, "face", face_)
    monkeypatch.setattr(CardSprites, "dimmed", dimmed_)
    monkeypatch.setattr(Theme, "render", render_)
    import krook.bots.hints as hints

    suggest = hints.suggest

    def suggest_(view, *args, **kwargs):
        action, reason = suggest(view, *args, **kwargs)
        watch.hints.append((view.seat, view.hand_number, reason))
        return action, reason

    monkeypatch.setattr(hints, "suggest", suggest_)


def check_frame(watch: Watch, table) -> None:
    """After a frame: every face of a held card and every hint line drawn must be the viewer's own."""
    session = table.session
    public = session.view(None)
    owner = {code: seat for seat in range(len(public.players)) for code in session.view(seat).hand}
    calling = public.phase == "call" and public.to_act == watch.viewer
    for code in watch.faces:
        seat = owner.get(code)
        if seat is not None and seat != watch.viewer and not calling:
            watch.breaches.append(
                f"frame {watch.frames}: {code} of seat {seat} face up; viewer {watch.viewer}"
            )

    def hint_lines(keep) -> list[tuple[int, int, str]]:
        return [(s, h, r) for s, h, raw in watch.hints if keep(s, h) for r in (raw, in_words(raw))]

    own = [r for _, _, r in hint_lines(lambda s, h: s == watch.viewer and h == public.hand_number)]
    others = hint_lines(lambda s, h: s != watch.viewer or h != public.hand_number)
    for text in watch.texts:
        if len(text) < 12 or any(text in r for r in own):
            continue  # short words, and the viewer's own advice (two seats may be given the same words)
        for seat, hand, reason in others:
            if text in reason:
                watch.breaches.append(
                    f"frame {watch.frames}: hint of seat {seat} (hand {hand}) drawn: {text!r};"
                    f" viewer {watch.viewer}, hand {public.hand_number}"
                )
    for seat, what in watch.tagged:
        if seat != watch.viewer:
            watch.breaches.append(f"frame {watch.frames}: the table drew {what} of seat {seat}")
    watch.faces.clear()
    watch.texts.clear()
    watch.tagged.clear()
    watch.frames += 1


def play_hot_seat(app, table, watch: Watch, hands: int, max_steps: int = 40000) -> int:
    """Play until ``hands`` hands are scored (or the game ends); returns the number of curtains passed."""
    from krook.scenes.table.curtain import CurtainScene
    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.score import ScoreSheetScene

    frame = app.frame

    def checked_frame(events=None, dt=None):
        frame(events, dt)
        check_frame(watch, table)

    app.frame = checked_frame
    watch.faces.clear()  # the title and the lobby drew their own cards before the game
    watch.texts.clear()
    table.state.watchers.append(lambda seat, what: watch.tagged.append((seat, what)))
    names = table.session.view(None).players
    curtains = scored = 0
    hinted: set[int] = set()
    for _ in range(max_steps):
        top = app.stack.top
        if isinstance(top, CurtainScene):
            for _ in range(10):
                app.frame([], dt=0.1)  # the curtain ignores keys for a moment
            watch.viewer = names.index(top.name)
            key(app, pygame.K_SPACE, " ")
            curtains += 1
            continue
        if isinstance(top, ScoreSheetScene):
            scored += 1
            if top.over or scored >= hands:
                return curtains
            key(app, pygame.K_RETURN)
            continue
        assert isinstance(top, TableScene), type(top).__name__
        view = table.view
        if not (table.idle and table.my_turn and table.panel_kind):
            app.frame([], dt=0.1)
            if getattr(table.session, "busy", False):
                time.sleep(0.001)
            continue
        if view.version not in hinted:
            hinted.add(view.version)
            key(app, pygame.K_h, "h")
            deadline = time.monotonic() + 30
            while table.hinter.thinking and time.monotonic() < deadline:
                time.sleep(0.002)
                app.frame([], dt=0.02)
            continue
        if view.phase == "bidding":
            if view.high_bid is not None and view.high_bid >= 90 and "pass" in view.legal:
                key(app, pygame.K_p, "p")
            else:
                key(app, pygame.K_RETURN)
        elif view.phase == "discard":
            key(app, pygame.K_b, "b")
        elif view.phase == "trump":
            key(app, pygame.K_g, "g")
        else:  # call and play: the hint put the focus on its card
            key(app, pygame.K_RETURN)
        assert table.view.version != view.version or not table.my_turn, (
            f"no move made in {view.phase}: {table.message}, {table.state.selected}"
        )
    raise AssertionError("the game did not get through its hands")


@pytest.mark.parametrize(
    ("preset", "humans", "hands"),
    [("kentucky-discard", (0, 2), 3), ("five-handed", (0, 1, 3), 2), ("call-partner", (0, 1, 3), 2)],
)
def test_nothing_private_crosses_the_curtain(home, monkeypatch, preset, humans, hands):
    watch = Watch()
    watch_drawing(monkeypatch, watch)
    # Animated (the deal is where a hand once showed before the curtain), at the smallest window: cheap frames.
    app = make_app(anim_speed="fast", bot_speed="instant", window_size=(960, 540))
    table = start_game(app, preset, humans=humans)
    assert table.hotseat
    curtains = play_hot_seat(app, table, watch, hands)
    print(f"{preset}: {watch.frames} frames checked, {curtains} curtains, {len(watch.hints)} hints")
    faces = [b for b in watch.breaches if "face up" in b]
    assert not watch.breaches, (
        f"{len(watch.breaches)} breaches ({len(faces)} faces), first: {watch.breaches[:3]}"
    )
    assert curtains >= 2 * hands and len(watch.hints) >= 10
    assert watch.drawn > 100  # the watch saw the faces drawn (a spy that broke would see none)
