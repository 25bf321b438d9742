"""Argument types for the command-line tools: a value out of range is refused by argparse with a line that
says what is allowed (exit 2), before it can reach a socket or a loop as a traceback or a silent no-op."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def port(text: str) -> int:
    """A TCP or UDP port: 0 (the system picks one) to 65535."""
    value = _int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port: a port is 0 to 65535")
    return value


def at_least(low: int) -> Callable[[str], int]:
    """A whole number no smaller than ``low``."""

    def check(text: str) -> int:
        value = _int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"{text} is too small: at least {low}")
        return value

    check.__name__ = f"a whole number of at least {low}"  # argparse names the type in its own errors
    return check


def seconds(text: str) -> float:
    """A time in seconds: a finite number, not below zero (NaN and infinity are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text} is not a time: seconds are a number from 0 up")
    return value


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, each from 1 to 20,000 (the window keeps its own minimum and the screen's
    size as its maximum)."""
    w, sep, h = text.lower().replace("×", "x").partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit():
        raise argparse.ArgumentTypeError(f"window size {text!r}: write it as WIDTHxHEIGHT, e.g. 1280x720")
    width, height = int(w), int(h)
    if not (0 < width <= 20_000 and 0 < height <= 20_000):
        raise argparse.ArgumentTypeError(f"window size {text!r}: each side is 1 to 20000 pixels")
    return width, height


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
