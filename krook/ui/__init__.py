"""A small widget set for a card table: buttons, toggles, steppers, lists, a text field, tooltips and one
focus ring. Widgets draw with a :class:`Theme` (palette, type scale and font cache) passed in."""

from .theme import Theme
from .widgets import (
    Button,
    FocusGroup,
    ListBox,
    Stepper,
    TextField,
    Toggle,
    Widget,
    draw_focus_ring,
    draw_tooltip,
)

__all__ = [
    "Button",
    "FocusGroup",
    "ListBox",
    "Stepper",
    "TextField",
    "Theme",
    "Toggle",
    "Widget",
    "draw_focus_ring",
    "draw_tooltip",
]
