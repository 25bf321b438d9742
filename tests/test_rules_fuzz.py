"""Damaged settings and records: the rules core answers with its own ValueError subclass, never a crash.

Lists where text is expected, objects, None, huge integers, NaN: ``rules_from_spec`` and
``match_from_record`` raise a ``KrookError`` that says what is wrong (docs/RULES.md, records).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from junk import json_junk

from krook.rules import KrookError, Match, RecordError, RulesError, get_preset, match_from_record
from krook.rules.presets import PRESETS, rules_from_spec
from krook.rules.settings import SPEC_BY_NAME

JUNK = json_junk(max_int=10**40, max_leaves=10)


def _record() -> dict[str, Any]:
    m = Match(get_preset("kentucky-discard").rules, ["A", "B", "C", "D"], seed=4)
    for action in ("bid 70", "pass", "pass", "pass"):
        m.apply(action)
    return m.to_record()


RECORD = _record()


def _damaged(path: list[int], value: object) -> dict[str, Any]:
    """The record with the value at ``path`` (indexes into sorted keys and lists) replaced by ``value``."""
    out = json.loads(json.dumps(RECORD))
    node = out
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
    if isinstance(node, dict) and node:
        node[sorted(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return out


@pytest.mark.parametrize("preset", [["kentucky-discard"], {"a": 1}, 7, None, 1e400])
def test_a_preset_name_that_is_not_text_is_a_rules_error(preset: object) -> None:
    # found by the viewer fuzzer: a list as the preset name raised TypeError (unhashable type: 'list')
    record = json.loads(json.dumps(RECORD))
    record["rules"]["preset"] = preset
    with pytest.raises(RecordError, match="unknown preset"):
        match_from_record(record)
    with pytest.raises(RulesError, match="unknown preset"):
        rules_from_spec({"preset": preset})


@settings(max_examples=300, deadline=None)
@given(
    overrides=st.dictionaries(st.sampled_from(sorted(SPEC_BY_NAME)) | st.text(max_size=6), JUNK, max_size=4),
    preset=st.sampled_from(sorted(PRESETS)) | JUNK,
)
def test_damaged_settings_are_refused_with_a_rules_error(overrides: dict[str, Any], preset: object) -> None:
    try:
        rules = rules_from_spec({"preset": preset, "overrides": overrides})
    except KrookError as exc:
        assert str(exc)
        return
    assert rules.players in (3, 4, 5, 6)


@settings(max_examples=300, deadline=None)
@given(path=st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=6), value=JUNK)
def test_a_damaged_record_is_refused_with_a_record_error_or_replays(path: list[int], value: object) -> None:
    try:
        match = match_from_record(_damaged(path, value))
    except KrookError as exc:
        assert str(exc)
        return
    assert match.version >= 1
