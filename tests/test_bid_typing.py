"""Typing a bid's digits (docs/PLAYING.md, keys: "type 85 for 85"): the number comes from the key pressed,
whatever text the keyboard layout gives it."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from krook.scenes.table.bidding import BiddingDecision


def _decision() -> BiddingDecision:
    legal = SimpleNamespace(bids=lambda: range(70, 125, 5), can_pass=True)
    state = SimpleNamespace(legal=legal)
    return BiddingDecision(lambda: state)  # type: ignore[arg-type,return-value]


def _press(decision: BiddingDecision, key: int, text: str) -> None:
    decision.key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))


def test_top_row_and_keypad_digits_type_a_bid() -> None:
    decision = _decision()
    _press(decision, pygame.K_8, "8")
    _press(decision, pygame.K_KP5, "5")
    assert decision.amount == 85


def test_a_digit_key_whose_text_is_not_0_to_9_types_its_own_digit() -> None:
    """Before: the key's text was used when str.isdigit said yes, so a layout giving ² (or Arabic-Indic
    digits) on the number row made int() raise in the table, and a layout giving a letter typed a digit from
    the keypad's formula."""
    decision = _decision()
    _press(decision, pygame.K_9, "\u00b2")
    _press(decision, pygame.K_0, "\u00e0")
    assert decision.amount == 90
    decision.typed = ""
    _press(decision, pygame.K_7, "\u0667")
    _press(decision, pygame.K_5, "(")
    assert decision.amount == 75
