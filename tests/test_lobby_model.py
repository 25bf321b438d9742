"""The lobby model (krook/session/lobby.py): presets and overrides, the rules that mean nothing with the deck,
take-backs, and the lobby screen showing what the model says."""

from __future__ import annotations

import pygame
from scene_helpers import make_app

from krook.rules import PRESETS
from krook.session.lobby import KROOK_RULES, NEST_RULES, ONES_RULES, Lobby


def test_a_rule_set_back_to_the_presets_value_drops_the_override_and_a_preset_is_found_again():
    lobby = Lobby.default()
    lobby.pick_preset("practice")
    before = lobby.values()["sweep_bonus"]
    lobby.set_rule("sweep_bonus", before + 5)
    assert lobby.overrides == {"sweep_bonus": before + 5} and lobby.shown_preset() == "custom"
    assert lobby.changed_rules() == {"sweep_bonus"}
    lobby.set_rule("sweep_bonus", before)
    assert lobby.overrides == {} and lobby.shown_preset() == "practice"


def test_rules_that_are_another_preset_become_that_preset():
    lobby = Lobby.default()
    lobby.pick_preset("five-handed")
    six = PRESETS["six-handed"].rules.to_dict()
    five = PRESETS["five-handed"].rules.to_dict()
    for name in [n for n in six if six[n] != five[n]]:
        lobby.set_rule(name, six[name])
    assert lobby.preset == "six-handed" and lobby.overrides == {}
    assert len(lobby.seats) == 6  # the seats follow the players


def test_the_krook_rules_mean_nothing_without_a_krook_in_the_deck():
    lobby = Lobby.default()
    for name in ("five-handed", "six-handed"):
        lobby.pick_preset(name)
        idle = lobby.idle_rules()
        assert set(idle) & set(KROOK_RULES) == set(KROOK_RULES)
        assert all("no Krook" in idle[rule] for rule in KROOK_RULES)
    for name in ("kentucky-discard", "classic-full-deck", "call-partner"):
        lobby.pick_preset(name)
        assert not set(lobby.idle_rules()) & set(KROOK_RULES)
    lobby.pick_preset("kentucky-discard")
    lobby.set_rule("deck", "56")  # a deck without the Krook, chosen by hand
    assert set(lobby.idle_rules()) & set(KROOK_RULES) == set(KROOK_RULES)


def test_rules_about_1s_the_nest_or_a_switched_off_redeal_are_idle_and_say_why():
    """A family that flips "1s rank above 14" with the 41-card deck sees nothing change: the lobby says so."""
    lobby = Lobby.default()  # Kentucky Discard: 41 cards (no 1s), a nest of 5, no redeal without counters
    idle = lobby.idle_rules()
    assert set(idle) == {*ONES_RULES, "redeal_any_time"}
    assert all("no 1s" in idle[rule] for rule in ONES_RULES)
    assert "Redeal without counters" in idle["redeal_any_time"]
    lobby.set_rule("no_counter_redeal", True)
    assert "redeal_any_time" not in lobby.idle_rules()
    lobby.set_rule("deck", "45")  # 1s in the deck: their rules count
    assert lobby.idle_rules() == {}
    lobby.set_rule("nest_size", 0)
    assert set(lobby.idle_rules()) == set(NEST_RULES)
    lobby.pick_preset("three-handed")  # 44 cards: neither the Krook nor 1s
    assert set(lobby.idle_rules()) == {*KROOK_RULES, *ONES_RULES, "redeal_any_time"}
    lobby.pick_preset("classic-full-deck")
    assert set(lobby.idle_rules()) == {"redeal_any_time"}


def test_take_backs_are_fair_unless_the_lobby_says_practice_and_it_is_kept():
    lobby = Lobby.default()
    assert lobby.practice is False and Lobby.from_dict(lobby.to_dict()).practice is False
    lobby.practice = True
    assert Lobby.from_dict(lobby.to_dict()).practice is True
    assert Lobby.from_dict({**lobby.to_dict(), "practice": "yes"}).practice is False  # only a real True


def _lobby_scene(app):
    from krook.scenes.menus.lobby import LobbyScene

    scene = LobbyScene(app.services)
    app.stack.push(scene)
    app.frame([], dt=0.0)
    return scene


def test_the_lobby_greys_the_krook_rules_in_the_five_and_six_handed_presets_and_says_why(home):

    app = make_app()
    scene = _lobby_scene(app)
    scene._pick_preset("five-handed")
    app.frame([], dt=0.0)
    rows = {spec.name: widget for spec, widget in scene.rule_rows}
    for name in KROOK_RULES:
        assert not rows[name].enabled and "no Krook" in rows[name].tooltip
        before = scene.lobby.values()[name]
        if hasattr(rows[name], "step"):
            rows[name].step(1)
        else:
            rows[name].flip()
        assert scene.lobby.values()[name] == before, "a greyed rule changed"
    assert rows["target"].enabled
    scene._pick_preset("kentucky-discard")
    app.frame([], dt=0.0)
    rows = {spec.name: widget for spec, widget in scene.rule_rows}
    greyed = {name for name, widget in rows.items() if not widget.enabled}
    assert greyed == set(scene.lobby.idle_rules()) and not greyed & set(KROOK_RULES)
    assert "no 1s" in rows["ones_high"].tooltip
    reached = set()
    for _ in range(len(scene.focus.widgets) + 2):  # Tab runs past a greyed rule
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")], dt=0.0)
        reached.add(id(scene.focus.focused))
    assert id(rows["ones_high"]) not in reached and id(rows["deck"]) in reached


def test_the_take_backs_choice_reaches_the_game(home):
    app = make_app()
    scene = _lobby_scene(app)
    assert scene.practice_stepper.value is False
    scene.practice_stepper.step(1)
    assert scene.lobby.practice is True
    scene.start()
    app.stack.apply()
    session = app.stack.top.session
    try:
        assert session.practice is True
    finally:
        session.close()
    assert app.services.settings.last_lobby["practice"] is True


def test_the_lobby_keeps_readable_text_in_a_960x540_window(home):
    """At 960x540 the caption size is 10 px: the seats' steppers, the hint, the preset's description and
    every rule's name are drawn at the body size instead (a long rule name takes two lines)."""
    from krook.rules import SETTING_SPECS

    app = make_app(window_size=(960, 540))
    t = app.services.theme
    assert t.font_px("caption") < 12 <= t.font_px("body")
    drawn: list[tuple[str, str]] = []
    text = t.text

    def spy(surface, words, pos, role="body", *args, **kw):
        drawn.append((words, role))
        return text(surface, words, pos, role, *args, **kw)

    t.text = spy
    scene = _lobby_scene(app)
    labels = {spec.label for spec in SETTING_SPECS}
    for scroll in range(0, 2000, 150):
        scene.scroll = scroll
        app.frame([], dt=0.0)
    for _, kind, _ in scene.seat_rows:
        assert kind.font_role(t) == "body", kind.value
    small = [w for w, role in drawn if role == "caption"]
    assert "Hover or focus a rule to read it" not in small
    assert not [w for w in small if w in labels or any(w and w in label for label in labels)]
    assert not [w for w in small if w and w in scene.preset_description()]


def test_tab_reaches_every_rule_the_list_scrolling_to_it(home):
    """Keyboard only: the rules below the panel's fold are reached by Tab and scrolled into view (before, Tab
    skipped every row scrolled out of sight, so a family without a mouse could not set the target or the bids)."""
    app = make_app()
    scene = _lobby_scene(app)
    rows = {id(widget): spec.name for spec, widget in scene.rule_rows}
    reached: list[str] = []
    for _ in range(len(scene.focus.widgets) + 2):
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")], dt=0.0)
        focused = scene.focus.focused
        if id(focused) in rows:
            assert focused.visible and scene._panel.contains(focused.rect), rows[id(focused)]
            reached.append(rows[id(focused)])
    expected = [spec.name for spec, _ in scene.rule_rows if spec.name not in scene.lobby.idle_rules()]
    assert reached == expected
    assert scene.scroll > 0  # the list did scroll


def test_a_rule_row_cut_by_the_panels_edge_fades_out_instead_of_showing_half_its_name(home):
    """At 960x540 the rules list ends part-way through a row: that row (and one cut at the top once scrolled)
    is faded into the panel, so no half-drawn name shows, while whole rows keep their bright text."""
    app = make_app(window_size=(960, 540))
    scene = _lobby_scene(app)
    surface = pygame.display.get_surface()

    def brightest(top: int, bottom: int) -> int:
        inner = scene._panel
        return max(
            sum(surface.get_at((x, y))[:3]) for x in range(inner.x, inner.right) for y in range(top, bottom)
        )

    cuts_seen = 0
    for scroll in (0, 100):  # a row cut at the bottom, then one cut at the top
        scene.scroll = scroll
        app.frame([], dt=0.0)
        inner, row_h = scene._panel, scene._row_h
        top_cut = (row_h - scene.scroll % row_h) % row_h
        bottom_cut = (scene.scroll + inner.h) % row_h
        whole = brightest(inner.y + top_cut, inner.y + top_cut + row_h)
        for top, bottom in ((inner.y, inner.y + top_cut), (inner.bottom - bottom_cut, inner.bottom)):
            if bottom - top >= 10:  # enough of the row shows for its name's top to be drawn in it
                cuts_seen += 1
                assert brightest(top, bottom) < whole // 2, (scroll, top, bottom)
    assert cuts_seen == 2
