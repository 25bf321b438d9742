"""Hostile save files: whatever bytes a save holds, loading sets it aside with a message and never crashes."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krook import storage

HUGE = "9" * 5000  # above Python's 4300-digit limit for int <-> str: json.loads raises a bare ValueError
DEEP = 50_000  # nesting far beyond the recursion limit: json.loads raises RecursionError

HOSTILE: dict[str, bytes] = {
    "huge-int-value": b'{"format": "settings/1", "volume": ' + HUGE.encode() + b"}",
    "huge-int-in-list": b'{"format": "settings/1", "seats": [1, -' + HUGE.encode() + b"]}",
    "huge-version-tag": b'{"format": "settings/' + HUGE.encode() + b'"}',
    "unicode-digit-tag": '{"format": "settings/\u00b2"}'.encode(),
    "deep-array": b'{"format": "settings/1", "x": ' + b"[" * DEEP + b"]" * DEEP + b"}",
    "deep-object": b'{"format": "settings/1", "x": ' + b'{"a":' * DEEP + b"1" + b"}" * DEEP + b"}",
    "nan": b'{"format": "settings/1", "volume": NaN}',
    "infinity": b'{"format": "settings/1", "volume": -Infinity}',
    "float-overflow": b'{"format": "settings/1", "volume": 1e400}',
    "lone-surrogate": b'{"format": "settings/1", "name": "\\ud800"}',
    "bom": b'\xef\xbb\xbf{"format": "settings/1"}',
    "nul": b'{"format": "settings/1", "name": "a\x00b"}',
}


@pytest.mark.parametrize("content", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_hostile_file_is_set_aside_with_a_clear_message(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.raises(storage.CorruptFileError) as info:
        storage.load_json(path, "settings", 1)
    err = info.value
    assert not path.exists()
    assert err.moved_to is not None and err.moved_to.read_bytes() == content
    assert str(err).startswith(f"{path} is damaged (") and err.moved_to.name in str(err)
    assert len(str(err)) < 400, "the message names the problem; it does not quote the file"


@pytest.mark.parametrize("content", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_hostile_save_falls_back_to_its_backup(tmp_path: Path, content: bytes) -> None:
    store = storage.SaveFile(tmp_path / "autosave.json", "settings", 1, backups=2, obfuscate=True)
    store.save({"hand": 1})
    store.save({"hand": 2})
    (tmp_path / "autosave.json").write_bytes(content)
    loaded = storage.SaveFile(tmp_path / "autosave.json", "settings", 1, backups=2).load()
    assert loaded.data == {"hand": 1} and loaded.source.name == "autosave.json.bak1"
    assert "went back to the save before it" in loaded.notices[-1]


@pytest.mark.parametrize(
    "payload",
    [{"n": int(HUGE[:4000])}, {"x": [[[[[]]]]]}],
    ids=["large-int-in-packed-data", "nesting"],
)
def test_packed_data_that_loads_is_saved_again(tmp_path: Path, payload: dict[str, object]) -> None:
    store = storage.SaveFile(tmp_path / "autosave.json", "krook-save", 1, obfuscate=True)
    store.save(payload)
    again = storage.SaveFile(tmp_path / "autosave.json", "krook-save", 1, obfuscate=True)
    assert again.load().data == payload
    again.save(again.load().data)


def test_a_huge_sequence_number_does_not_spread_to_later_saves(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(
        json.dumps({"format": "krook-save/1", "seq": 10**4000, "data": {"a": 1}}), encoding="utf-8"
    )
    store = storage.SaveFile(path, "krook-save", 1)
    assert store.load().data == {"a": 1}
    store.save({"a": 2})
    assert json.loads(path.read_text(encoding="utf-8"))["seq"] < 2**63


# --- fuzzing ---------------------------------------------------------------------------------------------

_FRAGMENTS = st.sampled_from(
    [
        "{", "}", "[", "]", ",", ":", '"format"', '"settings/1"', '"settings/2"', '"data"', '"seq"',
        '"packed"', "NaN", "Infinity", "-Infinity", "1e400", "-0", "0.5", "true", "null", HUGE, "9" * 300,
        '"\\ud800"', '"\\udfff\\ud800"', '"\u202e\u0000"', '"\U0001f0cf"', "\ufeff", "\u00b2", " ",
    ]
)  # fmt: skip
_JSONISH = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=8)), max_size=40).map("".join)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


def _contents() -> st.SearchStrategy[bytes]:
    tagged = st.dictionaries(st.text(max_size=6), _VALUES, max_size=4).map(
        lambda d: json.dumps({"format": "settings/1", **d}, ensure_ascii=False).encode(
            "utf-8", "surrogatepass"
        )
    )
    nested = st.tuples(st.integers(1, 3000), st.sampled_from(["[", '{"k":'])).map(
        lambda t: ('{"format": "settings/1", "x": ' + t[1] * t[0]).encode()
    )
    return st.one_of(
        st.binary(max_size=300), _JSONISH.map(lambda s: s.encode("utf-8", "surrogatepass")), tagged, nested
    )


def _plain(value: object) -> bool:
    """Could Krook have written this value itself (finite floats, text that is valid UTF-8)?"""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return True


@pytest.fixture
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzers are about parsing; flushing every example to the disk would only make them slow."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=_contents())
def test_fuzz_load_json_never_crashes(tmp_path: Path, no_fsync: None, content: bytes) -> None:
    path = tmp_path / "fuzz.json"
    for old in tmp_path.iterdir():
        old.unlink()
    path.write_bytes(content)
    try:
        data = storage.load_json(path, "settings", 1)
    except storage.CorruptFileError as e:
        assert not path.exists() and e.moved_to is not None and e.moved_to.read_bytes() == content
        return
    except storage.FormatMismatchError:
        assert path.read_bytes() == content, "a file of another kind or version is left as it was"
        return
    # What loads can be saved again and reads back the same: nothing unwritable got through.
    assert _plain(data)
    storage.save_json(path, "settings", 1, data)
    assert storage.load_json(path, "settings", 1) == data


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=_contents(), obfuscate=st.booleans())
def test_fuzz_save_file_keeps_the_good_backup(
    tmp_path: Path, no_fsync: None, content: bytes, obfuscate: bool
) -> None:
    for old in tmp_path.iterdir():
        old.unlink()
    store = storage.SaveFile(tmp_path / "autosave.json", "settings", 1, backups=1, obfuscate=obfuscate)
    store.save({"good": True})
    store.save({"good": "newest"})
    (tmp_path / "autosave.json").write_bytes(content)
    loaded = storage.SaveFile(tmp_path / "autosave.json", "settings", 1, backups=1).load()
    # Either the fuzzed file was usable, or the game went back to the good backup; it never crashes.
    assert loaded.source.name in {"autosave.json", "autosave.json.bak1"}
    if loaded.source.name == "autosave.json.bak1":
        assert loaded.data == {"good": True}
    else:
        assert _plain(loaded.data)
        store.save(loaded.data)
