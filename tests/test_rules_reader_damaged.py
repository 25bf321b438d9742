"""A damaged rules document (bytes that are not UTF-8, a file that cannot be read) never breaks the rules reader:
it says so in the log and falls back to the next copy or the built-in summary."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from krook.scenes.menus import rules_reader


def test_a_rules_file_that_is_not_utf8_falls_back_to_the_summary_and_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    package = tmp_path / "krook"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "RULES.md").write_bytes(b"# Rules\n\xff\xfe\x00 broken \xc3")
    package.mkdir()
    monkeypatch.setattr("krook.paths.package_root", lambda: package)
    with caplog.at_level(logging.WARNING, logger=rules_reader.__name__):
        text = rules_reader.rules_text()
    assert text == rules_reader.BUILT_IN_RULES
    assert any("RULES.md" in r.getMessage() for r in caplog.records)


def test_a_readable_copy_after_a_damaged_one_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "krook"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "RULES.md").write_bytes(b"\xff\xff")
    (package / "docs").mkdir(parents=True)
    (package / "docs" / "RULES.md").write_text("# Our rules\n", encoding="utf-8")
    monkeypatch.setattr("krook.paths.package_root", lambda: package)
    assert rules_reader.rules_text() == "# Our rules\n"
