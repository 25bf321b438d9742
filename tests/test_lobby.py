"""The lobby: the preset stays under the pointer while its arrows are clicked, Custom appears only when the
rules differ from every preset, a rule explains itself when its name is hovered, and the seat steppers
share one text size."""

from __future__ import annotations

import pygame
from scene_helpers import click, make_app

from krook.rules import PRESETS


def lobby_at(app):
    from krook.scenes.menus.lobby import LobbyScene

    scene = LobbyScene(app.services)
    app.stack.push(scene)
    app.frame([], dt=0.0)
    app.frame([], dt=0.0)
    return scene


def test_repeated_clicks_on_the_preset_arrow_walk_every_preset(home):
    app = make_app()
    lobby = lobby_at(app)
    stepper = lobby.preset_stepper
    where = (stepper.rect.right - stepper.rect.h // 2, stepper.rect.centery)
    seen = [stepper.value]
    for _ in range(len(PRESETS) + 2):
        click(app, where)
        app.frame([], dt=0.0)
        assert stepper.rect.collidepoint(where), "the preset moved out from under the pointer"
        seen.append(stepper.value)
    assert seen[: len(PRESETS)] == list(PRESETS)
    assert set(seen) == set(PRESETS), "the arrows stepped onto something that is not a preset"
    assert lobby.lobby.preset == list(PRESETS)[-1]


def test_custom_only_when_the_rules_differ(home):
    app = make_app()
    lobby = lobby_at(app)
    assert "custom" not in lobby.preset_stepper.values
    lobby._pick_preset("practice")
    assert lobby.preset_stepper.value == "practice" and "custom" not in lobby.preset_stepper.values
    assert not lobby.preset_description().startswith("Your own")
    spec_name = "sweep_bonus"
    before = lobby.current_values()[spec_name]
    lobby._set_rule(spec_name, before + 5)
    assert lobby.preset_stepper.value == "custom"
    assert lobby.changed_rules() == {spec_name}
    assert "changed from Practice" in lobby.preset_description()
    assert "Bonus for taking every trick" in lobby.preset_description()
    lobby._set_rule(spec_name, before)  # back as it was: the preset again, and no Custom to step to
    assert lobby.preset_stepper.value == "practice" and "custom" not in lobby.preset_stepper.values


def test_a_rule_explains_itself_when_its_name_is_hovered(home, monkeypatch):
    import krook.ui

    tips: list[str] = []
    original = krook.ui.draw_tooltip

    def record(surface, theme, text, anchor, max_width=None):
        tips.append(text)
        return original(surface, theme, text, anchor, max_width)

    monkeypatch.setattr(krook.ui, "draw_tooltip", record)
    app = make_app()
    lobby = lobby_at(app)
    row, widget = lobby._rule_rects[2]
    name_spot = (row.x + 20, row.centery)  # on the rule's name, left of its control
    assert not widget.rect.collidepoint(name_spot)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=name_spot, rel=(0, 0), buttons=(0, 0, 0))], dt=0.0)
    assert tips and tips[-1] == widget.tooltip


def test_seat_steppers_share_one_text_size(home):
    app = make_app()
    lobby = lobby_at(app)
    roles = {kind.font_role(app.services.theme) for _, kind, _ in lobby.seat_rows}
    assert len(roles) == 1
    human, bot = lobby.seat_rows[0][1], lobby.seat_rows[1][1]
    assert human.value != bot.value


def test_digits_of_other_scripts_in_the_deal_number_are_refused_not_a_crash(home):
    """A French keyboard has a ² key, and str.isdigit says yes to it: before, typing it in Deal number raised
    ValueError from int() in the lobby. Only 0-9 go in; a number in other digits is not taken either."""
    app = make_app()
    lobby = lobby_at(app)
    lobby.focus.focus(lobby.seed_field)
    for text in ("4", "\u00b2", "\u0663", "2"):
        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode=text, scancode=0)
        app.frame([down, pygame.event.Event(pygame.TEXTINPUT, text=text)], dt=0.02)
    assert lobby.seed_field.text == "42"
    assert lobby.lobby.seed == 42
