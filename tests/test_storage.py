from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from krook import storage


def test_round_trip_carries_format_tag(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "settings.json"
    storage.save_json(path, "settings", 1, {"volume": 0.5, "name": "Ada"})
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk == {"format": "settings/1", "volume": 0.5, "name": "Ada"}
    assert storage.load_json(path, "settings", 1) == {"volume": 0.5, "name": "Ada"}


def test_save_is_atomic_when_replace_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    storage.save_json(path, "settings", 1, {"volume": 1})

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(storage.StorageWriteError, match="No space left"):
        storage.save_json(path, "settings", 1, {"volume": 2})
    monkeypatch.undo()
    assert storage.load_json(path, "settings", 1) == {"volume": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"], "temp file left behind"


def test_save_fsyncs_before_replacing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    storage.save_json(tmp_path / "x.json", "x", 1, {})
    assert calls.index("fsync") < calls.index("replace")


def test_unserialisable_data_is_a_caller_bug_and_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        storage.save_json(tmp_path / "x.json", "x", 1, {"bad": object()})
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"[1, 2]", b'{"volume": 1}', b'{"format": "settings"}', b"\xff\xfe\x00"],
    ids=["bad-json", "not-object", "no-tag", "bad-tag", "not-utf8"],
)
def test_corrupt_file_is_moved_aside_and_reported(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.raises(storage.CorruptFileError) as info:
        storage.load_json(path, "settings", 1)
    err = info.value
    assert isinstance(err, storage.StorageError)
    assert not path.exists()
    assert err.moved_to is not None and err.moved_to.read_bytes() == content
    assert err.moved_to.name.startswith("settings.json.corrupt-")
    assert err.moved_to.name in str(err)


def test_corrupt_aside_names_do_not_collide(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    moved = []
    for _ in range(3):
        path.write_text("{", encoding="utf-8")
        moved.append(storage.load_or_default(path, "s", 1, {}).problem)
    names = {getattr(p, "moved_to", None) for p in moved}
    assert len(names) == 3 and None not in names


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(storage.MissingFileError):
        storage.load_json(tmp_path / "none.json", "settings", 1)
    loaded = storage.load_or_default(tmp_path / "none.json", "settings", 1, {"volume": 1})
    assert loaded.data == {"volume": 1}
    assert isinstance(loaded.problem, storage.MissingFileError)


def test_newer_version_is_refused_and_left_in_place(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    storage.save_json(path, "settings", 3, {"volume": 1})
    with pytest.raises(storage.FormatMismatchError, match="newer") as info:
        storage.load_json(path, "settings", 2)
    assert (info.value.found, info.value.expected) == ("settings/3", "settings/2")
    assert path.exists()


def test_wrong_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    storage.save_json(path, "replay", 1, {})
    with pytest.raises(storage.FormatMismatchError, match="replay/1"):
        storage.load_json(path, "settings", 1)


def test_older_version_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    storage.save_json(path, "settings", 1, {"vol": 7})
    migrations = {
        1: lambda d: {"volume": d["vol"]},
        2: lambda d: {**d, "theme": "green"},
    }
    assert storage.load_json(path, "settings", 3, migrations=migrations) == {"volume": 7, "theme": "green"}
    with pytest.raises(storage.FormatMismatchError, match="older"):
        storage.load_json(path, "settings", 3, migrations={1: migrations[1]})


def test_load_or_default_sets_unsupported_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    storage.save_json(path, "settings", 9, {"volume": 1})
    default = {"volume": 0.8, "seats": [1, 2]}
    loaded = storage.load_or_default(path, "settings", 1, default)
    assert loaded.from_default and loaded.data == default
    loaded.data["seats"].append(3)
    assert default["seats"] == [1, 2], "default must be copied, not shared"
    assert isinstance(loaded.problem, storage.FormatMismatchError)
    assert loaded.problem.moved_to is not None
    assert loaded.problem.moved_to.name.startswith("settings.json.unsupported-")


def test_load_or_default_never_raises_on_corruption(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"format": "settings/1", "volume": ', encoding="utf-8")
    loaded = storage.load_or_default(path, "settings", 1, lambda: {"volume": 1})
    assert loaded.data == {"volume": 1}
    assert isinstance(loaded.problem, storage.CorruptFileError)


def test_format_in_data_must_match(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        storage.save_json(tmp_path / "x.json", "settings", 1, {"format": "replay/1"})


def test_failed_migration_counts_as_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    storage.save_json(path, "settings", 1, {"unexpected": True})
    loaded = storage.load_or_default(path, "settings", 2, {}, migrations={1: lambda d: {"volume": d["vol"]}})
    assert isinstance(loaded.problem, storage.CorruptFileError)
    assert "could not upgrade" in str(loaded.problem)
