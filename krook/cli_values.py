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


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
