"""A host cannot crash its clients' windows (issue 26 item 2): player names are cleaned the way the host
cleans them (a lone surrogate or a bidi override in a ``status`` or ``welcome`` never reaches the table),
and a second ``welcome`` for other seats is refused instead of leaving the screen without its seat."""

from __future__ import annotations

import copy
from typing import Any

import pygame

from krook.net.checks import check_host_message, clean_player_name
from krook.net.protocol import clean_name
from tests.test_net_client_checks import host_messages, session_with

HOSTILE_NAMES = ["Ann\ud800", "\u202eboB", "Cy\x00", "D" * 500, "\u0301" * 40, "   ", "e\u200b\u2066"]


def test_status_and_welcome_names_are_cleaned_as_the_host_cleans_them() -> None:
    status = check_host_message(
        {"type": "status", "seat": 1, "status": "remote", "players": HOSTILE_NAMES[:4]}
    )
    assert status is not None
    assert status["players"] == ["Ann", "boB", "Cy", "D" * 60]
    welcome = check_host_message(
        {"type": "welcome", "seat": 0, "seats": [0], "players": [*HOSTILE_NAMES[4:], "Bob"], "statuses": []}
    )
    assert welcome is not None
    assert welcome["players"] == ["Player 1", "Player 2", "e", "Bob"]
    for name in status["players"] + welcome["players"]:
        name.encode("utf-8")


def test_a_clean_name_from_the_host_passes_unchanged() -> None:
    for raw in ("Ann", "Grand-mère Éloïse", "Bot 2 (hard)", "Open seat 3", "李小龍", "Ann 2"):
        assert clean_name(raw) == raw
        assert clean_player_name(raw, 0) == raw


def test_hostile_names_in_views_never_reach_the_table() -> None:
    messages = host_messages(0)
    view = next(m for m in reversed(messages) if m["type"] == "view")
    bad = copy.deepcopy(view)
    bad["view"]["players"] = ["Ann\ud800", "\u202eBob", "Cy", "Di\x00"]
    bad["view"]["version"] += 1
    session, client = session_with([*messages, bad])
    session.update()
    assert client.dropped == []
    assert session.view(0).players == ["Ann", "Bob", "Cy", "Di"]
    assert session.players == ["Ann", "Bob", "Cy", "Di"]


def test_a_second_welcome_for_another_seat_is_refused() -> None:
    """Before: it was taken, and the screen's next view(0) raised 'seat 0 is not played at this screen'."""
    messages = host_messages(0)
    session, client = session_with(messages)
    session.update()
    held = session.view(0).version
    welcome = next(m for m in messages if m["type"] == "welcome")
    other: dict[str, Any] = dict(welcome, seat=1, seats=[1])
    client.inbox.put(other)
    session.update()
    assert len(client.dropped) == 1 and "welcome" in client.dropped[0], client.dropped
    assert session.local_seats == [0]
    assert session.view(0).version == held


def test_the_same_welcome_again_after_a_reconnect_is_taken() -> None:
    messages = host_messages(0)
    session, client = session_with(messages)
    session.update()
    for m in messages[:6]:
        client.inbox.put(m)
    session.update()
    assert client.dropped == []
    assert session.local_seats == [0]


def test_the_table_draws_the_cleaned_names() -> None:
    """The names the client keeps draw and measure without error (the table's text fitting raised)."""
    from krook.ui.theme import Theme

    pygame.display.init()
    pygame.font.init()
    theme = Theme()
    for raw in HOSTILE_NAMES:
        name = clean_player_name(raw, 0)
        assert theme.font("label", True).size(name)[0] >= 0
        theme.fit(name, 120, "label", True)
