"""A long folder path in a message is wrapped, never cut off at the panel's edge (issue 26 item 12)."""

from __future__ import annotations

from typing import Any

import pytest

from krook.desktop import open_folder
from krook.scenes.menus.notice import NoticeScene
from tests.scene_helpers import make_app

LONG = "/home/grandma/" + "/".join(f"a-rather-long-folder-name-{i}" for i in range(8)) + "/Krook/logs"


def drawn_lines(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every string the next frame draws with the theme, and its width in pixels."""
    theme = app.services.theme
    seen: list[tuple[str, int]] = []
    real = theme.text

    def text(surface: Any, words: str, pos: Any, role: str = "body", *a: Any, **k: Any) -> Any:
        seen.append((words, theme.font(role, k.get("bold", False)).size(words)[0]))
        return real(surface, words, pos, role, *a, **k)

    monkeypatch.setattr(theme, "text", text)
    app.frame([], dt=0.0)
    return seen


def test_could_not_open_the_folder_at_the_title_shows_the_whole_path(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    monkeypatch.setattr("krook.desktop.subprocess.Popen", _refused)
    problem = open_folder(LONG)  # type: ignore[arg-type]
    assert problem is not None and LONG in problem
    app.services.messages.append(problem)
    lines = drawn_lines(app, monkeypatch)
    theme = app.services.theme
    message = run_of(lines, problem)
    assert max(w for _, w in message) <= theme.px(420), "a line of the message runs past its panel"


def test_a_notice_wraps_a_long_path_inside_its_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    app.stack.push(
        NoticeScene(app.services, "Krook cannot write to its save folder", f"Krook cannot write to {LONG}.")
    )
    app.stack.apply()
    lines = drawn_lines(app, monkeypatch)
    theme = app.services.theme
    width = min(app.screen.get_width() - theme.px(60), theme.px(680)) - theme.px(64)
    body = run_of(lines, f"Krook cannot write to {LONG}.")
    assert max(w for _, w in body) <= width


def run_of(lines: list[tuple[str, int]], whole: str) -> list[tuple[str, int]]:
    """The consecutive drawn lines that together are ``whole`` (every character of it drawn)."""
    want = whole.replace(" ", "")
    for start in range(len(lines)):
        got = ""
        for end in range(start, len(lines)):
            got += lines[end][0].replace(" ", "")
            if got == want:
                return lines[start : end + 1]
            if not want.startswith(got):
                break
    raise AssertionError(f"not all of {whole!r} was drawn: {[s for s, _ in lines]}")


def _refused(*a: Any, **k: Any) -> Any:
    raise OSError(2, "No such file or directory: 'xdg-open'")
