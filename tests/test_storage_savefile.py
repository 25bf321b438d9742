"""SaveFile and FileLock: backups, temp recovery, newer files moved aside, locks, obfuscation, full disks."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from krook import storage


def make(tmp_path: Path, **kw: Any) -> storage.SaveFile:
    return storage.SaveFile(tmp_path / "game.json", "game", 2, **kw)


def test_round_trip_and_backups_keep_the_last_good_saves(tmp_path: Path) -> None:
    sf = make(tmp_path, backups=3)
    for n in range(5):
        sf.save({"moves": n})
    assert sf.load().data == {"moves": 4}
    kept = [json.loads(p.read_text())["data"]["moves"] for p in sf.backup_paths]
    assert kept == [3, 2, 1]
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob("*bak-new"))


def test_damaged_save_falls_back_to_the_newest_good_backup(tmp_path: Path) -> None:
    sf = make(tmp_path)
    for n in range(3):
        sf.save({"moves": n})
    sf.path.write_text('{"format": "game/2", "seq": 9, "data": {"mo', encoding="utf-8")
    loaded = make(tmp_path).load()
    assert loaded.data == {"moves": 1}
    assert loaded.source == sf.backup_path(1)
    assert len(loaded.notices) == 1 and "went back to the save before it" in loaded.notices[0]
    aside = list(tmp_path.glob("game.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text().endswith('"mo'), "the damaged file is kept as evidence"


def test_validate_rejects_a_save_that_parses_but_cannot_be_used(tmp_path: Path) -> None:
    sf = make(tmp_path)
    sf.save({"moves": 1})
    sf.save({"moves": "broken"})

    def check(data: dict[str, Any]) -> None:
        if not isinstance(data["moves"], int):
            raise ValueError("moves must be a number")

    loaded = make(tmp_path).load(check)
    assert loaded.data == {"moves": 1}
    assert list(tmp_path.glob("game.json.corrupt-*"))


def test_nothing_usable_left_is_reported_and_every_file_kept(tmp_path: Path) -> None:
    sf = make(tmp_path, backups=1)
    sf.save({"moves": 1})
    sf.save({"moves": 2})
    for p in (sf.path, sf.backup_path(1)):
        p.write_bytes(b"\x00garbage")
    with pytest.raises(storage.CorruptFileError):
        make(tmp_path, backups=1).load()
    assert sf.backup_path(1).read_bytes() == b"\x00garbage"
    assert len(list(tmp_path.glob("game.json.corrupt-*"))) == 1


def test_missing_everything_is_a_first_run(tmp_path: Path) -> None:
    sf = make(tmp_path)
    assert not sf.exists()
    with pytest.raises(storage.MissingFileError):
        sf.load()


def _complete_temp(sf: storage.SaveFile, data: dict[str, Any], seq: int) -> Path:
    tmp = sf.path.with_name(f".{sf.path.name}.abc123.tmp")
    tmp.write_text(json.dumps({"format": sf.tag, "seq": seq, "data": data}), encoding="utf-8")
    return tmp


def test_a_complete_newer_temp_file_is_recovered(tmp_path: Path) -> None:
    sf = make(tmp_path)
    sf.save({"moves": 7})
    seq = json.loads(sf.path.read_text())["seq"]
    tmp = _complete_temp(sf, {"moves": 8}, seq + 1)
    loaded = make(tmp_path).load()
    assert loaded.data == {"moves": 8} and loaded.notices == ()
    assert not tmp.exists()
    assert json.loads(sf.path.read_text())["data"] == {"moves": 8}, "promoted into place"
    assert json.loads(sf.backup_path(1).read_text())["data"] == {"moves": 7}


def test_first_save_killed_before_rename_is_recovered(tmp_path: Path) -> None:
    sf = make(tmp_path)
    _complete_temp(sf, {"moves": 1}, 5)
    assert sf.exists()
    assert sf.load().data == {"moves": 1}


def test_stale_temp_files_are_cleaned_and_fresh_half_written_ones_left(tmp_path: Path) -> None:
    sf = make(tmp_path)
    sf.save({"moves": 3})
    seq = json.loads(sf.path.read_text())["seq"]
    older = _complete_temp(sf, {"moves": 2}, seq - 1)
    half_old = tmp_path / ".game.json.old.tmp"
    half_old.write_text('{"format": "game/2", "se', encoding="utf-8")
    past = time.time() - 3600
    os.utime(half_old, (past, past))
    half_new = tmp_path / ".game.json.new.tmp"
    half_new.write_text('{"format": "game/2", "se', encoding="utf-8")
    assert make(tmp_path).load().data == {"moves": 3}
    assert not older.exists() and not half_old.exists()
    assert half_new.exists(), "may be another writer's file in progress"


def test_a_newer_krooks_save_is_moved_aside_once_and_never_overwritten(tmp_path: Path) -> None:
    newer = storage.SaveFile(tmp_path / "game.json", "game", 3)
    newer.save({"future": True})
    original = newer.path.read_bytes()
    sf = make(tmp_path)
    with pytest.raises(storage.FormatMismatchError) as info:
        sf.load()
    moved = info.value.moved_to
    assert moved is not None and moved.name.startswith("game.json.newer-")
    assert moved.read_bytes() == original
    assert "newer version of Krook" in str(info.value) and moved.name in str(info.value)
    # Said once: the next launch finds no save, and a new game's save leaves the moved file alone.
    with pytest.raises(storage.MissingFileError):
        make(tmp_path).load()
    make(tmp_path).save({"moves": 1})
    assert moved.read_bytes() == original


def test_saving_over_a_newer_file_moves_it_aside_first(tmp_path: Path) -> None:
    storage.SaveFile(tmp_path / "game.json", "game", 3).save({"future": True})
    sf = make(tmp_path)
    sf.save({"moves": 1})
    assert len(sf.notices) == 1 and "newer version" in sf.notices[0]
    (moved,) = tmp_path.glob("game.json.newer-*")
    assert json.loads(moved.read_text())["format"] == "game/3"
    assert sf.load().data == {"moves": 1}


def test_a_newer_file_that_cannot_be_moved_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage.SaveFile(tmp_path / "game.json", "game", 3).save({"future": True})
    before = (tmp_path / "game.json").read_bytes()
    monkeypatch.setattr(storage.save_file, "set_aside", lambda path, label="corrupt": None)
    with pytest.raises(storage.StorageWriteError, match="newer Krook"):
        make(tmp_path).save({"moves": 1})
    assert (tmp_path / "game.json").read_bytes() == before


def test_older_files_are_migrated_including_flat_save_json_files(tmp_path: Path) -> None:
    storage.save_json(tmp_path / "game.json", "game", 1, {"mv": 4})
    sf = make(tmp_path, migrations={1: lambda d: {"moves": d["mv"]}})
    assert sf.load().data == {"moves": 4}


def test_disk_full_keeps_the_old_save_and_the_backups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sf = make(tmp_path)
    sf.save({"moves": 1})
    sf.save({"moves": 2})
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(storage.StorageWriteError, match="No space left"):
        sf.save({"moves": 3})
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert make(tmp_path).load().data == {"moves": 2}


def test_read_only_folder_fails_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sf = make(tmp_path)
    sf.save({"moves": 1})

    def refused(*a: Any, **k: Any) -> Any:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(storage.StorageWriteError, match="Read-only"):
        sf.save({"moves": 2})
    monkeypatch.undo()
    assert make(tmp_path).load().data == {"moves": 1}


def test_obfuscated_saves_hide_the_data_from_a_casual_reader(tmp_path: Path) -> None:
    sf = make(tmp_path, obfuscate=True)
    secret = {"hands": [["R14", "Y1", "G10"], ["B5"]], "nest": ["K"], "names": ["Ada"]}
    sf.save(secret)
    text = sf.path.read_text(encoding="utf-8")
    for word in ("R14", "Y1", "G10", "nest", "hands", "Ada"):
        assert word not in text
    import base64

    assert b"R14" not in base64.b64decode(json.loads(text)["packed"]), "not just base64"
    assert make(tmp_path).load().data == secret


@pytest.mark.parametrize(
    "packed", ["!!!", "aGVsbG8=", "", "A" * 64], ids=["not-base64", "not-zlib", "empty", "garbage"]
)
def test_damaged_packed_data_counts_as_damaged(tmp_path: Path, packed: str) -> None:
    (tmp_path / "game.json").write_text(json.dumps({"format": "game/2", "seq": 1, "packed": packed}))
    with pytest.raises(storage.CorruptFileError):
        make(tmp_path).load()


def test_lock_keeps_a_second_copy_out_and_says_who_has_it(tmp_path: Path) -> None:
    first = make(tmp_path).lock()
    second = make(tmp_path).lock()
    first.acquire()
    with pytest.raises(storage.LockedError) as info:
        second.acquire()
    assert f"pid {os.getpid()}" in info.value.owner
    first.release()
    second.acquire()
    assert second.held
    second.release()


def test_a_killed_holder_never_leaves_a_stale_lock(tmp_path: Path) -> None:
    code = (
        "import sys, time\n"
        "from krook import storage\n"
        f"storage.SaveFile({str(tmp_path / 'game.json')!r}, 'game', 2).lock().acquire()\n"
        "print('locked', flush=True)\n"
        "time.sleep(60)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        lock = make(tmp_path).lock()
        with pytest.raises(storage.LockedError, match=f"pid {proc.pid}"):
            lock.acquire()
        proc.kill()
        proc.wait(10)
        lock.acquire()
        lock.release()
    finally:
        proc.kill()
        proc.wait(10)


def test_discard_removes_the_save_and_its_backups(tmp_path: Path) -> None:
    sf = make(tmp_path)
    for n in range(3):
        sf.save({"moves": n})
    sf.discard()
    assert not sf.exists()


def test_a_peek_changes_nothing(tmp_path: Path) -> None:
    sf = make(tmp_path)
    sf.save({"moves": 1})
    sf.save({"moves": 2})
    sf.path.write_text("{damaged", encoding="utf-8")
    seq = json.loads(sf.backup_path(1).read_text())["seq"]
    _complete_temp(sf, {"moves": 3}, seq + 5)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert make(tmp_path).load(repair=False).data == {"moves": 3}
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
