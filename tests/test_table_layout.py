"""The table never hides a control: in every decision, every preset (three to six players, 14-card nest
hands) and window sizes from the minimum to 3840x2160, no two laid-out boxes overlap and none leaves the
window; a decision's buttons stay inside its panel."""

from __future__ import annotations

import itertools

import pygame
import pytest

from krook.app import MIN_SIZE

SIZES = [
    MIN_SIZE,
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1280, 1024),
    (1920, 1080),
    (2560, 1080),
    (3840, 2160),
]
PHASES = ["bidding", "discard", "trump", "call", "play"]
PRESETS = [
    "kentucky-discard",
    "three-handed",
    "five-handed",
    "six-handed",
    "call-partner",
    "classic-full-deck",
]
LONG = "Bury Red 10, Red 11, Green 6, Green 7 and Green 10: keeps your trump and top cards and empties Green."


def table_at(preset: str, phase: str, size: tuple[int, int], large_text: bool = False):
    from krook.devtools.gallery import advance, build_session
    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    session = build_session(preset, seed=3)
    if phase == "call" and session.match.rules.partnership != "called":
        return None, None
    advance(session, lambda m: m.phase.value == phase and m.to_act == 0, bid_to=100)
    settings = Settings(large_text=large_text)
    services = Services(settings, Theme(large_text), CardPainter(), SilentSound(), SceneStack())
    table = TableScene(services, session)
    table.state.deal.t = -1.0
    table.shown.dealt = True
    table.update(0.0)
    table.state.tell(0, LONG, seconds=60)
    surface = pygame.Surface(size)
    table.draw(surface)
    table.draw(surface)  # the second frame has every rect set by the first
    return table, surface


@pytest.mark.parametrize(
    ("preset", "large_text"),
    [(p, False) for p in PRESETS] + [("kentucky-discard", True), ("six-handed", True)],
)
def test_no_box_overlaps_another_or_leaves_the_window(preset, large_text):
    pygame.init()
    checked = 0
    for phase, size in itertools.product(PHASES, SIZES):
        table, surface = table_at(preset, phase, size, large_text)
        if table is None:
            continue  # this preset has no such decision (no calling, say)
        boxes = table.state.boxes
        assert table.panel_kind == phase, (preset, phase, size)
        assert {"hand", "message", "Menu", "Hint"} <= set(boxes), (preset, phase, size, sorted(boxes))
        window = surface.get_rect()
        for name, rect in boxes.items():
            assert window.contains(rect), f"{preset} {phase} {size}: {name} {rect} leaves the window"
        for (a, ra), (b, rb) in itertools.combinations(boxes.items(), 2):
            assert not ra.colliderect(rb), f"{preset} {phase} {size}: {a} {ra} overlaps {b} {rb}"
        panel = boxes.get("decision panel")
        for w in table.state.panel.widgets:
            if w.visible and panel is not None:
                assert panel.contains(w.rect), f"{preset} {phase} {size}: a button leaves its panel"
        checked += 1
    assert checked >= len(SIZES) * 3
    pygame.quit()


def test_a_chosen_card_never_hides_the_nest_tag_of_the_card_left_of_it():
    """Classic full deck with large cards (a tight fan): each card from the nest keeps its "nest" tag in full
    sight (not under a card or its shadow) when the card right of it is chosen and raised."""
    from krook.devtools.gallery import advance, build_session
    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    pygame.init()
    checked = 0
    for size in (MIN_SIZE, (1280, 720), (1920, 1080)):
        session = build_session("classic-full-deck", seed=7)
        advance(session, lambda m: m.phase.value == "discard", bid_to=100)
        services = Services(Settings(card_size="large"), Theme(), CardPainter(), SilentSound(), SceneStack())
        table = TableScene(services, session)
        table.state.deal.t = -1.0
        table.shown.dealt = True
        table.update(0.0)
        surface = pygame.Surface(size)
        table.draw(surface)
        codes, nest = table.hand_codes(), set(table.view.nest)
        left_of = {
            codes[i + 1]: c for i, c in enumerate(codes[:-1]) if c in nest and codes[i + 1] not in nest
        }
        assert left_of, "the deal should put a nest card left of a card from the hand"
        table.state.selected = set(left_of)
        table.draw(surface)
        theme = table.theme
        tag_w, tag_h = theme.font("caption", True).size("nest")
        top = table.state.layout.hand_top - theme.px(22)
        for code, hit in table.card_rects:
            if code in left_of.values():
                # the tag's pill, just right of its word: in the accent colour unless a raised card (or its
                # shadow) covers it
                spot = (hit.x + theme.px(4) + tag_w + 2, top + tag_h // 2)
                assert surface.get_at(spot)[:3] == theme.p.accent[:3], (
                    f"{size}: the nest tag of {code} is covered"
                )
                checked += 1
        session.close()
    assert checked >= 6
    pygame.quit()


@pytest.mark.parametrize("preset", ["kentucky-discard", "six-handed"])
def test_a_notice_for_the_table_never_covers_the_card_the_viewer_just_played(preset):
    """A LAN table's connection news (a message for everyone) often comes while the viewer's own card lies in
    the trick, low on the table and into the message band: the message goes beside the card, not over it."""
    from krook.devtools.gallery import advance, build_session
    from krook.render.card_art import card_width
    from krook.rules import Phase
    from krook.scenes.base import SceneStack, Services, SilentSound
    from krook.scenes.table import hud
    from krook.scenes.table.scene import TableScene
    from krook.settings_store import Settings
    from krook.ui.cards import CardPainter
    from krook.ui.theme import Theme

    pygame.init()
    news = "Ann lost the connection; a bot plays for her until she is back."
    checked = 0
    for size in SIZES:
        session = build_session(preset, seed=3)
        advance(
            session,
            lambda m: m.phase is Phase.PLAY and m.to_act == 0 and len(m.hand.trick) == m.rules.players - 2,
        )
        services = Services(Settings(), Theme(), CardPainter(), SilentSound(), SceneStack())
        table = TableScene(services, session)
        table.state.deal.t = -1.0
        table.shown.dealt = True
        table.update(0.0)
        t = table.state
        code = sorted(t.playable())[0]
        assert session.submit(0, f"play {code}") is None
        for _ in range(200):  # the card flies in and lands
            table.update(0.05)
            if any(seat == 0 for seat, _ in t.shown.trick) and not t.flights:
                break
        assert any(seat == 0 for seat, _ in t.shown.trick), f"{size}: the card never landed"
        t.say(news, seconds=60)
        surface = pygame.Surface(size)
        table.draw(surface)
        h = t.layout.trick_card_h
        message = t.boxes["message"]
        for seat in range(t.n):  # the cards down, and those still to come while the news shows
            x, y = t.trick_spot(seat)
            card = pygame.Rect(round(x - card_width(h) / 2), round(y - h / 2), card_width(h), h)
            assert not message.colliderect(card), f"{preset} {size}: the news {message} covers {seat}'s card"
        _, lines = hud.message_rect(t, table.message)
        assert " ".join(lines) == news, f"{preset} {size}: the news is cut short: {lines}"
        assert surface.get_rect().contains(message)
        for name in ("hand", "Hint", "Last trick"):
            if name in t.boxes:
                assert not message.colliderect(t.boxes[name]), f"{preset} {size}: the news covers {name}"
        checked += 1
        session.close()
    assert checked == len(SIZES)


@pytest.mark.parametrize("preset", ["kentucky-discard", "six-handed", "classic-full-deck"])
def test_a_hint_in_the_nest_never_covers_the_raised_cards_or_their_nest_tags(preset):
    """The bury hint's box sat over the tops and "nest" tags of the chosen (raised) cards."""
    pygame.init()
    for size in SIZES:
        table, surface = table_at(preset, "discard", size)
        t = table.state
        nest = [c for c in table.hand_codes() if c in set(table.view.nest)]
        t.selected = set(nest[:3])
        table.draw(surface)
        message = t.boxes["message"]
        tag_h = table.theme.font("caption", True).get_linesize() + table.theme.px(2)
        for code, hit in table.card_rects:
            if code in t.selected:
                # the card's top edge with its tag (``y - px(22)``) above it
                reach = pygame.Rect(hit.x, hit.y - table.theme.px(22), hit.w, tag_h)
                assert not message.colliderect(reach), f"{preset} {size}: the hint {message} covers {code}"
                assert not message.colliderect(hit), f"{preset} {size}: the hint covers {code}"
        table.session.close()
    pygame.quit()


def test_a_message_too_long_for_its_box_ends_in_an_ellipsis():
    """A message past its box's lines was cut off mid-sentence with nothing to show it (a hint lost its end)."""
    from krook.scenes.table import hud

    pygame.init()
    table, _ = table_at("six-handed", "bidding", MIN_SIZE)
    t = table.state
    t.tell(0, " ".join(["a long hint that runs on"] * 30), seconds=60)
    _, lines = hud.message_rect(t, table.message)
    assert len(lines) == 2
    assert lines[-1].endswith("…"), lines
    t.tell(
        0,
        "Pass: your hand is worth about 45, so 45 would be a coin toss; a set costs more than letting it go.",
    )
    _, lines = hud.message_rect(t, table.message)
    assert not lines[-1].endswith("…"), f"the six-handed pass hint does not fit at {MIN_SIZE}: {lines}"
