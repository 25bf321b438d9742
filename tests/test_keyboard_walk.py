"""Keyboard-only play: title -> lobby -> start -> one hand -> score sheet -> next hand, with no mouse event.

Every key press must leave a visible focus ring on something that can take the focus (a widget of the top
scene, or a card the player may choose), whenever the top scene is waiting for the player.
"""

from __future__ import annotations

import pygame
import pytest

from krook.settings_store import Settings

SIZE = (1280, 720)


@pytest.fixture
def home(home, simple_bots, inline_bots):
    return home


@pytest.fixture
def rings(monkeypatch):
    """Every focus ring drawn, as the rect it was drawn around."""
    import krook.scenes.table.hand_fan
    import krook.scenes.table.nest
    import krook.ui.widgets

    drawn: list[pygame.Rect] = []
    original = krook.ui.widgets.draw_focus_ring

    def record(surface, theme, rect, radius=None):
        drawn.append(pygame.Rect(rect))
        original(surface, theme, rect, radius)

    for module in (krook.ui.widgets, krook.scenes.table.hand_fan, krook.scenes.table.nest):
        monkeypatch.setattr(module, "draw_focus_ring", record)
    return drawn


class Keys:
    def __init__(self, app, rings):
        self.app = app
        self.rings = rings
        self.presses = 0

    def press(self, key: int, unicode: str = "") -> None:
        self.rings.clear()
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
        self.app.frame([event], dt=0.02)
        self.rings.clear()
        self.app.frame([], dt=0.0)  # the frame after the key: what the player sees
        self.presses += 1
        self.check_focus()

    def focusables(self) -> list[pygame.Rect]:
        from krook.scenes.table.scene import TableScene

        top = self.app.stack.top
        rects = []
        panel = top.state.panel if isinstance(top, TableScene) else None
        for group in (getattr(top, "focus", None), panel):
            for w in getattr(group, "widgets", []):
                if w.focusable and w.enabled and w.visible:
                    rects.append(w.rect)
        if isinstance(top, TableScene):
            rects += [r for _, r in top.card_rects] + [r for _, r in top.call_rects]
        back = getattr(top, "back_btn", None)
        if back is not None:
            rects.append(back.rect)
        return rects

    def waiting(self) -> bool:
        from krook.scenes.table.scene import TableScene

        top = self.app.stack.top
        if isinstance(top, TableScene):
            return top.idle and top.view.to_act == top.viewer and bool(top.panel_kind)
        # Overlays closed by any key (the keys list, the hot-seat curtain) have nothing to focus.
        return type(top).__name__ not in ("KeysOverlay", "CurtainScene")

    def check_focus(self) -> None:
        if not self.waiting():
            return
        top = type(self.app.stack.top).__name__
        assert self.rings, f"no focus ring on {top} after a key"
        targets = self.focusables()
        for ring in self.rings:
            # A ring may be drawn around part of a widget (a toggle's track, a list row) or a lifted card.
            assert any(t.inflate(8, 60).contains(ring) or t.colliderect(ring) for t in targets), (
                f"focus ring {ring} on {top} is on nothing focusable"
            )


def test_keyboard_only_title_to_next_hand(home, rings):
    from krook.app import App
    from krook.scenes.menus.lobby import LobbyScene
    from krook.scenes.menus.title import TitleScene
    from krook.scenes.table.scene import TableScene
    from krook.scenes.table.score import ScoreSheetScene

    settings = Settings(anim_speed="instant", bot_speed="instant", window_size=SIZE)
    app = App(SIZE, fullscreen=False, settings=settings)
    app.frame([], dt=0.0)
    keys = Keys(app, rings)
    assert isinstance(app.stack.top, TitleScene)
    keys.press(pygame.K_DOWN)
    keys.press(pygame.K_UP)
    assert app.stack.top.focus.focused.label == "New game"
    keys.press(pygame.K_RETURN)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    for _ in range(len(lobby.focus.widgets) + 1):
        if lobby.focus.focused is lobby.start_btn:
            break
        keys.press(pygame.K_TAB)
    assert lobby.focus.focused is lobby.start_btn
    keys.press(pygame.K_RETURN)
    table = app.stack.find(TableScene)
    assert table is not None
    phases = set()
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, ScoreSheetScene):
            break
        if not keys.waiting():
            app.frame([], dt=0.05)
            continue
        view = table.view
        phases.add(view.phase)
        if view.phase == "bidding":
            keys.press(pygame.K_p if "pass" in view.legal else pygame.K_RETURN)
        elif view.phase == "discard":
            rule = view.discard
            chosen = list(rule["required"])
            chosen += [c for c in rule["allowed"] if c not in chosen][: rule["count"] - len(chosen)]
            for code in chosen:
                while table.hand_codes()[table.state.focus_card] != code:
                    keys.press(pygame.K_RIGHT)
                keys.press(pygame.K_SPACE, " ")
            keys.press(pygame.K_DOWN)
            keys.press(pygame.K_RETURN)
        elif view.phase == "trump" or view.phase == "call":
            keys.press(pygame.K_RIGHT)
            keys.press(pygame.K_RETURN)
        elif view.phase == "play":
            legal = {a.split()[1] for a in view.legal}
            for _ in range(len(table.card_rects)):
                if table.hand_codes()[table.state.focus_card] in legal:
                    break
                keys.press(pygame.K_RIGHT)
            keys.press(pygame.K_RETURN)
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    assert "play" in phases
    keys.press(pygame.K_TAB)
    keys.press(pygame.K_TAB)
    while sheet.focus.focused.label != "Next hand":
        keys.press(pygame.K_TAB)
    keys.press(pygame.K_RETURN)
    assert app.stack.top is table
    assert table.session.view(None).hand_number == 2
    # Esc backs out: the pause menu opens over the table and closes again.
    keys.press(pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene"
    keys.press(pygame.K_ESCAPE)
    assert app.stack.top is table
    table.session.close()


def test_keyboard_only_menus(home, rings):
    """Settings (every row reachable and changeable), the rules reader and the keys list, by keys alone."""
    from krook.app import App
    from krook.scenes.menus.rules_reader import RulesScene
    from krook.scenes.menus.settings import SettingsScene
    from krook.scenes.menus.title import TitleScene

    settings = Settings(anim_speed="normal", window_size=SIZE)
    app = App(SIZE, fullscreen=False, settings=settings)
    app.frame([], dt=0.0)
    keys = Keys(app, rings)
    title = app.stack.top

    def open_from_title(label: str) -> None:
        while title.focus.focused.label != label:
            keys.press(pygame.K_DOWN)
        keys.press(pygame.K_RETURN)

    open_from_title("Settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    labels = [label for label, _ in scene.rows]
    seen = set()
    for _ in range(len(scene.rows) + 1):
        focused = scene.focus.focused
        for label, widget in scene.rows:
            if widget is focused:
                seen.add(label)
        keys.press(pygame.K_TAB)
    assert seen == set(labels)
    while scene.focus.focused is not scene.rows[labels.index("Large text")][1]:
        keys.press(pygame.K_TAB)
    keys.press(pygame.K_SPACE, " ")
    assert app.settings.large_text
    while scene.focus.focused is not scene.rows[labels.index("Animation speed")][1]:
        keys.press(pygame.K_TAB)
    keys.press(pygame.K_RIGHT)
    assert app.settings.anim_speed != "normal"
    keys.press(pygame.K_ESCAPE)
    assert app.stack.top is title

    open_from_title("Rules")
    assert isinstance(app.stack.top, RulesScene)
    keys.press(pygame.K_PAGEDOWN)
    assert app.stack.top.scroll > 0
    keys.press(pygame.K_ESCAPE)
    assert app.stack.top is title

    keys.press(pygame.K_F1)
    assert type(app.stack.top).__name__ == "KeysOverlay"
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
