"""Hypothesis strategies for what a fuzzer sends where JSON is read: any JSON-shaped value, odd ones included."""

from __future__ import annotations

from hypothesis import strategies as st


def json_junk(max_int: int = 10**40, max_leaves: int = 12) -> st.SearchStrategy[object]:
    """None, booleans, huge integers, NaN and infinities, short text, and lists and objects of them."""
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers(min_value=-max_int, max_value=max_int)
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=max_leaves,
    )
