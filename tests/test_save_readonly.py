"""A save folder or save file Krook may not write to is named as such, nothing is moved and "Open a copy" is
offered; a damaged save replaced by its backup is told at the table at once (issue 26 items 8 and 12)."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from krook import storage
from krook.scenes.menus.notice import NoticeScene
from krook.scenes.menus.pause import PauseScene
from krook.scenes.menus.title import TitleScene
from krook.session.local import LocalSession, save_file, save_path
from tests.scene_helpers import button, click, key, make_app
from tests.test_save_replace import save_files, shot, unfinished_game


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` behaves as a read-only folder does (root ignores permission bits, so they are not used):
    files in it can be read and opened for writing, but nothing can be made, renamed or removed there."""

    def inside(path: Any) -> bool:
        return Path(os.fspath(path)).resolve().parent == folder.resolve()

    def refuse(path: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))

    real_open, real_mkstemp = os.open, tempfile.mkstemp
    real = {name: getattr(os, name) for name in ("replace", "rename", "unlink", "link")}

    def fake_open(path: Any, flags: int, *a: Any, **k: Any) -> int:
        if inside(path) and flags & os.O_CREAT and not Path(os.fspath(path)).exists():
            refuse(path)
        return real_open(path, flags, *a, **k)

    def fake_mkstemp(*a: Any, **k: Any) -> Any:
        if k.get("dir") is not None and Path(k["dir"]).resolve() == folder.resolve():
            refuse(folder)
        return real_mkstemp(*a, **k)

    def guard(name: str) -> Any:
        def run(src: Any, *rest: Any, **k: Any) -> Any:
            if inside(src) or any(inside(r) for r in rest if isinstance(r, (str, os.PathLike))):
                refuse(src)
            return real[name](src, *rest, **k)

        return run

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(os, "open", fake_open)
        mp.setattr(tempfile, "mkstemp", fake_mkstemp)
        for name in real:
            mp.setattr(os, name, guard(name))
        yield


def continue_into_read_only(app: Any) -> NoticeScene:
    click(app, button(app.stack.top, "Continue").rect.center)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene), f"no notice: {app.services.messages}"
    return notice


@pytest.mark.parametrize("lock_left", [True, False], ids=["lock-file-left", "no-lock-file"])
def test_a_read_only_save_folder_is_named_nothing_moved_and_a_copy_offered(lock_left: bool) -> None:
    unfinished_game()
    folder = save_path().parent
    if not lock_left:  # the folder made read-only after Krook last closed cleanly, or copied without it
        save_file().lock().path.unlink()
    before = listing(folder)
    app = make_app()
    with read_only(folder):
        notice = continue_into_read_only(app)
        assert notice.heading == "Krook cannot write to its save folder"
        assert f"Krook cannot write to {folder}" in notice.body
        assert "damaged" not in notice.body and "set aside" not in notice.body
        assert [b.label for b in notice.buttons] == ["Open a copy", "Cancel"]
        app.frame([], dt=0.0)
        shot(app, "read_only_folder.png")
        assert not any("set aside" in m or "could not be read" in m for m in app.services.messages)
        click(app, button(notice, "Open a copy").rect.center)
        table = app.stack.game()
        assert table is not None, app.services.messages
        for _ in range(3):
            app.frame([], dt=0.1)
        # the pause menu does not say the copy is saved
        key(app, pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        assert "saved after every move" not in pause.saved_text()
        assert "not saved" in pause.saved_text()
        app.frame([], dt=0.0)
        assert pause.quit_btn.label == "Quit to title"
        shot(app, "pause_copy.png")
        table.session.close()
    assert listing(folder) == before  # nothing moved, nothing written
    assert isinstance(make_app().stack.top, TitleScene)
    assert button(make_app().stack.top, "Continue").enabled


def test_a_read_only_save_file_is_named_too(monkeypatch: pytest.MonkeyPatch) -> None:
    unfinished_game()
    target = save_path()
    before = listing(target.parent)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **k: Path(p) != target and real_access(p, mode, **k))
    app = make_app()
    notice = continue_into_read_only(app)
    assert notice.heading == "Krook cannot write to the saved game"
    assert f"Krook cannot write to {target}" in notice.body
    assert listing(target.parent) == before


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_folder_made_read_only_with_chmod() -> None:
    unfinished_game()
    folder = save_path().parent
    before = listing(folder)
    folder.chmod(0o555)
    try:
        with pytest.raises(storage.ReadOnlyError, match="cannot write to"):
            LocalSession.resume()
        LocalSession.resume(read_only=True).close()
    finally:
        folder.chmod(0o755)
    assert listing(folder) == before


def test_a_damaged_save_replaced_by_its_backup_is_told_at_the_table_at_once() -> None:
    unfinished_game()
    assert save_file().backup_path(1).is_file()
    save_path().write_bytes(b'{"format": "krook-save/2", "seq": 1, "packed": "####"}')
    app = make_app()
    click(app, button(app.stack.top, "Continue").rect.center)
    table = app.stack.game()
    assert table is not None
    app.frame([], dt=0.05)
    state = table.state  # type: ignore[attr-defined]
    shown = state.messages.current(state.viewer, state.hand_number)
    assert shown is not None and "went back to the save before it" in shown.text
    app.frame([], dt=0.0)
    shot(app, "backup_notice_at_table.png")
    table.session.close()
    # and the next start does not fall back again: the game was written back from the backup
    before = save_files()
    LocalSession.resume().close()
    assert save_files() == before
