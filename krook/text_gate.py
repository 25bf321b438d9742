"""The one gate for text from outside: what a host, a discovery answer, a file or a setting says is cleaned
here before it reaches the screen.

:func:`outside_text` keeps what can be drawn and cannot mislead: it removes NUL and every other control
character, lone surrogates, bidi overrides and isolates and other invisible format characters, piles of
combining marks, and bounds the length (an ellipsis shows where text was cut). It never raises, whatever it
is given. The theme's text functions (``krook.ui.theme``) pass every string through it, so drawing never
raises on text; the places that take text in from outside (discovery, the client's checks, names in files)
call it too, so what is kept and compared is what is shown.

Pure Python, no pygame: the network layer uses it as well.
"""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = ["ELLIPSIS", "MAX_LINE", "MAX_MULTILINE", "is_clean", "outside_text"]

ELLIPSIS: Final = "…"
MAX_LINE: Final = 400  # characters on one line: more than any screen of Krook can show
MAX_MULTILINE: Final = 4000
MAX_MARKS: Final = 2  # combining marks kept on one base character (more only pile up into "Zalgo" text)

# Characters that are printable to Python but reorder or hide text: the bidi embeddings, overrides and
# isolates and the marks that steer them (a name could otherwise reverse what follows it on the screen).
_BIDI: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Breaks and tabs become a plain space (other spaces, such as the no-break space, are kept as they are).
_AS_SPACE: Final = frozenset("\t\u2028\u2029\x0b\x0c\x1c\x1d\x1e\x1f\x85")


def _keep(ch: str) -> bool:
    if ch in _BIDI:
        return False
    category = unicodedata.category(ch)
    # Cc control, Cs lone surrogate, Cf format (zero-width, bidi, BOM), Cn unassigned, Co private use
    return category[0] != "C"


def outside_text(value: object, limit: int = MAX_LINE, *, multiline: bool = False) -> str:
    """``value`` as text that is safe to draw: see the module's docstring. Never raises.

    Text that is not a ``str`` is shown through ``str()`` (a number in a file), or as "" when even that
    fails. ``multiline`` keeps line breaks (``\\n``; ``\\r\\n`` and ``\\r`` become ``\\n``); otherwise a
    line break becomes a space. At most ``limit`` characters are kept; when more were given, the last of
    them is an ellipsis.
    """
    if not isinstance(value, str):
        try:
            value = str(value)
        except Exception:
            return ""
        if not isinstance(value, str):  # a str subclass whose __str__ misbehaves
            return ""
    limit = max(1, int(limit))
    if len(value) <= limit and value.isprintable() and not _BIDI.intersection(value):
        return _tame_marks(value)  # the common case: nothing to remove
    text = value[: limit * 8]  # enough to fill ``limit`` after removals, never a megabyte scan
    if multiline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    out: list[str] = []
    for ch in text:
        if ch == "\n":
            out.append("\n" if multiline else " ")
        elif ch in _AS_SPACE:
            out.append(" ")
        elif _keep(ch):
            out.append(ch)
    cleaned = _tame_marks("".join(out))
    if len(cleaned) > limit or len(value) > limit * 8:
        cleaned = cleaned[: limit - 1].rstrip() + ELLIPSIS
    return cleaned


def _tame_marks(text: str) -> str:
    """At most MAX_MARKS combining marks after each character."""
    if text.isascii():
        return text
    out: list[str] = []
    run = 0
    for ch in text:
        if unicodedata.combining(ch):
            run += 1
            if run > MAX_MARKS or not out:
                continue
        else:
            run = 0
        out.append(ch)
    return "".join(out)


def is_clean(value: object, limit: int = MAX_LINE, *, multiline: bool = False) -> bool:
    """True when ``value`` is a ``str`` the gate would pass unchanged."""
    return isinstance(value, str) and outside_text(value, limit, multiline=multiline) == value
