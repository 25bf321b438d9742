"""The keys every form screen shares (a join screen, a setting with a text field)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from krook.ui import FocusGroup, TextField


def form_key(
    e: pygame.event.Event,
    focus: FocusGroup,
    fields: Sequence[TextField],
    submit: Callable[[], Any],
    back: Callable[[], Any],
) -> bool:
    """Esc goes back; Enter in one of ``fields`` stops editing and submits. True when the key was taken."""
    if e.type != pygame.KEYDOWN:
        return False
    if e.key == pygame.K_ESCAPE:
        back()
        return True
    if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and focus.focused in fields:
        for field in fields:
            field.editing = False
        submit()
        return True
    return False
