"""The autosave keeps the family's game, or tells them: newer saves, two copies, damaged saves, temp files,
read-only folders and full disks, through the session and the title screen."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from krook import storage
from krook.session.base import ErrorEvent
from krook.session.local import (
    SAVE_KIND,
    Lobby,
    LocalSession,
    SeatConfig,
    save_file,
    save_path,
)


@pytest.fixture(autouse=True)
def _home(home: Path) -> None:
    pass


def hotseat() -> Lobby:
    return Lobby([SeatConfig(f"Grandpa{i}", "human") for i in range(4)], seed=7)


def play(s: LocalSession, n: int) -> None:
    for _ in range(n):
        seat = s.match.to_act
        assert seat is not None
        action = s.match.legal_actions().sample(random.Random(s.version))
        assert s.submit(seat, action) is None, action
        s.flush()  # a player's pace: each action's save is on disk before the next action


def test_hands_are_not_readable_in_the_save(tmp_path: Path) -> None:
    s = LocalSession.new(hotseat())
    play(s, 2)
    s.close()
    text = save_path().read_text(encoding="utf-8")
    hand = s.match.view(0).hand
    assert hand and not any(f'"{card}"' in text for card in hand)
    assert '"nest"' not in text and "Grandpa" not in text
    assert LocalSession.resume().match.to_record() == s.match.to_record()


def test_a_version_1_plain_save_still_resumes() -> None:
    s = LocalSession.new(hotseat(), autosave=False)
    play(s, 1)
    storage.save_json(save_path(), SAVE_KIND, 1, {"record": s.match.to_record(), "lobby": {}})
    r = LocalSession.resume()
    assert r.match.to_record() == s.match.to_record()
    r.close()


def test_newer_save_is_moved_aside_told_once_and_never_overwritten(home: Path) -> None:
    from tests.scene_helpers import button, click, make_app

    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text(json.dumps({"format": f"{SAVE_KIND}/99", "seq": 1, "data": {}}), encoding="utf-8")
    original = save_path().read_bytes()
    app = make_app()
    cont = button(app.stack.top, "Continue")
    assert cont.enabled
    click(app, cont.rect.center)
    (moved,) = save_path().parent.glob("autosave.json.newer-*")
    assert moved.read_bytes() == original
    told = [m for m in app.services.messages if "newer version of Krook" in m]
    assert len(told) == 1 and moved.name in told[0]
    assert not cont.enabled
    # The next launch has nothing to continue and says nothing more; a new game leaves the file alone.
    app2 = make_app()
    assert not button(app2.stack.top, "Continue").enabled
    assert not any("newer" in m for m in app2.services.messages)
    s = LocalSession.new(hotseat())
    play(s, 1)
    s.close()
    assert moved.read_bytes() == original


def test_new_game_over_a_newer_save_moves_it_aside_and_says_so() -> None:
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text(json.dumps({"format": f"{SAVE_KIND}/99", "seq": 1, "data": {}}), encoding="utf-8")
    s = LocalSession.new(hotseat())
    s.flush()
    told = [e.message for e in s.update(0.0) if isinstance(e, ErrorEvent)]
    assert any("newer version" in m for m in told)  # at the table, at once
    assert list(save_path().parent.glob("autosave.json.newer-*"))
    s.close()


def test_a_second_copy_neither_overwrites_nor_takes_the_game(home: Path) -> None:
    from krook.scenes.menus.notice import NoticeScene
    from krook.scenes.table.scene import TableScene
    from tests.scene_helpers import button, click, make_app

    first = LocalSession.new(hotseat())
    play(first, 2)
    first.flush()
    on_disk = save_path().read_bytes()
    # A second window starts a new game: it runs, unsaved, and says so.
    second = LocalSession.new(hotseat())
    assert not second.autosave and second.save_error and "Another Krook window" in second.save_error
    assert any(isinstance(e, ErrorEvent) and "not saved" in e.message for e in second.update(0.0))
    play(second, 3)
    second.close()
    assert save_path().read_bytes() == on_disk
    # Its Continue offers a copy that is not saved.
    app = make_app()
    click(app, button(app.stack.top, "Continue").rect.center)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and "another window" in notice.heading
    click(app, button(notice, "Open a copy").rect.center)
    table = app.stack.find(TableScene)
    assert isinstance(table, TableScene)
    assert table.session.match.to_record() == first.match.to_record()
    assert table.session.save_error == "This is a copy: moves made here are not saved."
    play(table.session, 1)
    table.session.close()
    assert save_path().read_bytes() == on_disk
    play(first, 1)  # the first window's game goes on saving
    first.close()
    assert LocalSession.resume().match.to_record() == first.match.to_record()


def test_damaged_save_resumes_from_the_backup_one_action_back() -> None:
    s = LocalSession.new(hotseat())
    play(s, 3)
    s.close()
    version = s.version
    save_path().write_bytes(save_path().read_bytes()[:40])
    r = LocalSession.resume()
    assert r.version == version - 1
    assert len(r.notices) == 1 and "went back" in r.notices[0]
    assert list(save_path().parent.glob("autosave.json.corrupt-*"))
    r.close()


def test_a_game_back_from_its_backup_is_written_back_with_its_take_backs() -> None:
    s = LocalSession.new(hotseat())
    play(s, 2)
    seat = s.match.to_act
    play(s, 1)
    assert s.undo(seat) is None  # type: ignore[arg-type]
    play(s, 2)
    s.close()
    save_path().write_bytes(save_path().read_bytes()[:40])
    r = LocalSession.resume()
    assert r.undos == 1
    r.close()
    again = LocalSession.resume()  # the main file again, not the backup: nothing more to tell
    assert again.undos == 1 and not again.notices
    again.close()


def test_a_save_that_no_longer_replays_falls_back_too() -> None:
    s = LocalSession.new(hotseat())
    play(s, 3)
    s.close()
    sf = save_file()
    data = sf.load().data
    data["record"]["hands"][-1]["actions"].append("bid 5000")
    sf.save(data)  # what a bug might write
    r = LocalSession.resume()
    assert r.match.to_record() == s.match.to_record()
    r.close()


def test_a_complete_temp_file_left_by_a_kill_is_the_game_resumed() -> None:
    s = LocalSession.new(hotseat())
    play(s, 2)
    s.close()
    ahead = LocalSession.new(hotseat(), autosave=False)
    play(ahead, 3)
    sf = save_file()
    seq = sf.load().data and json.loads(save_path().read_text())["seq"]
    tmp = save_path().with_name(".autosave.json.k1ll3d.tmp")
    text = json.dumps(
        {"format": sf.tag, "seq": seq + 1, "data": {"record": ahead.match.to_record(), "lobby": {}}}
    )
    tmp.write_text(text, encoding="utf-8")
    r = LocalSession.resume()
    assert r.match.to_record() == ahead.match.to_record()
    assert not tmp.exists()
    r.close()


def _failing(monkeypatch: pytest.MonkeyPatch, err: int, text: str) -> list[bool]:
    """Saving fails while the returned switch is on."""
    on = [True]
    real = tempfile.mkstemp

    def fail(*a: Any, **k: Any) -> Any:
        if on[0]:
            raise OSError(err, text)
        return real(*a, **k)

    monkeypatch.setattr(tempfile, "mkstemp", fail)
    return on


@pytest.mark.parametrize(
    ("err", "text"), [(errno.EROFS, "Read-only file system"), (errno.ENOSPC, "No space left on device")]
)
def test_failed_saves_keep_the_game_and_show_a_lasting_marker(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, err: int, text: str
) -> None:
    s = LocalSession.new(hotseat())
    play(s, 1)
    s.flush()
    good = save_path().read_bytes()
    failing = _failing(monkeypatch, err, text)
    play(s, 2)
    s.flush()
    events = s.update(0.0)
    assert s.save_error is not None and text in s.save_error
    assert sum(isinstance(e, ErrorEvent) for e in events) == 1, "told once, not at every move"
    assert sum(text in r.getMessage() for r in caplog.records) == 2, "every failed save is logged"
    assert save_path().read_bytes() == good, "the last good save is untouched"
    play(s, 1)
    s.flush()
    assert not any(isinstance(e, ErrorEvent) for e in s.update(0.0))
    assert s.save_error is not None, "the marker stays while saving fails"
    failing[0] = False
    play(s, 1)
    s.flush()
    s.update(0.0)
    assert s.save_error is None
    s.close()
    assert LocalSession.resume().match.to_record() == s.match.to_record()


def test_hostile_save_contents_never_crash_resume() -> None:
    rng = random.Random(5)
    good = LocalSession.new(hotseat())
    play(good, 3)
    good.close()
    blob = save_path().read_bytes()
    for _ in range(40):
        data = bytearray(blob)
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        save_path().write_bytes(bytes(data))
        for p in save_path().parent.glob("autosave.json.bak*"):
            p.unlink()
        with contextlib.suppress(storage.StorageError):
            LocalSession.resume().close()
        for p in save_path().parent.glob("autosave.json.corrupt-*"):
            os.unlink(p)


def test_a_slow_disk_never_holds_up_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    syncs: list[int] = []
    real = storage.SaveFile.sync

    def slow(self: storage.SaveFile) -> None:
        time.sleep(0.1)  # a disk that takes 100 ms to flush
        syncs.append(1)
        real(self)

    monkeypatch.setattr(storage.SaveFile, "sync", slow)
    s = LocalSession.new(hotseat())
    s.flush()
    syncs.clear()
    started = time.perf_counter()
    for _ in range(10):
        seat = s.match.to_act
        assert seat is not None
        assert s.submit(seat, s.match.legal_actions().sample(random.Random(s.version))) is None
        # Already whole on disk (a kill now loses nothing), though not yet flushed.
        assert save_file().load(repair=False).data["record"] == s.match.to_record()
    assert time.perf_counter() - started < 0.5, "moves waited for the disk"
    s.flush()
    assert 1 <= len(syncs) <= 3, "flushes waiting in the queue were merged"
    s.close()
    assert LocalSession.resume().match.to_record() == s.match.to_record()
