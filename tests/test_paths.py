from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from krook import paths


def test_asset_path_finds_every_shipped_file() -> None:
    shipped = list(paths.iter_assets())
    rels = {p.relative_to(paths.assets_root()).as_posix() for p in shipped}
    # a few files every build needs: iter_assets must list them, asset_path must find them
    assert {"cards/R14.svg", "cards/K.svg", "fonts/OpenSans-Regular.ttf", "sounds/bid.wav"} <= rels
    for path in shipped:
        rel = path.relative_to(paths.assets_root())
        assert paths.asset_path(*rel.parts) == path
        assert paths.asset_path(rel.as_posix()) == path


def test_resources_are_found_only_through_paths() -> None:
    """Only paths.py turns the package's own location into a folder (a frozen build moves it)."""
    source = Path(paths.__file__).parent
    # developer tools read the source checkout's build/ folder on purpose
    tools = {source / "tools", source / "devtools"}
    own_location = re.compile(r"(?<![.\w])__file__")  # not another package's (pygame.__file__)
    offenders = [
        str(f.relative_to(source))
        for f in sorted(source.rglob("*.py"))
        if own_location.search(f.read_text(encoding="utf-8"))
        and f.name != "paths.py"
        and not tools & set(f.parents)
    ]
    assert offenders == []


def test_missing_asset_names_where_it_looked() -> None:
    with pytest.raises(paths.AssetNotFoundError) as info:
        paths.asset_path("cards", "no-such-card.svg")
    expected = paths.assets_root() / "cards" / "no-such-card.svg"
    assert str(expected) in str(info.value)
    assert "source checkout" in str(info.value)
    assert isinstance(info.value, FileNotFoundError)


@pytest.mark.parametrize("bad", [("..", "pyproject.toml"), ("/etc/passwd",), ("cards/../../x",)])
def test_asset_names_cannot_escape(bad: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        paths.asset_path(*bad)


def test_frozen_layout_uses_meipass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "krook" / "assets" / "icon").mkdir(parents=True)
    (tmp_path / "krook" / "assets" / "icon" / "krook.png").write_bytes(b"png")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.is_frozen()
    assert paths.asset_path("icon", "krook.png") == tmp_path / "krook" / "assets" / "icon" / "krook.png"
    with pytest.raises(paths.AssetNotFoundError, match="frozen build"):
        paths.asset_path("icon", "krook.ico")


def test_krook_home_redirects_user_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    assert paths.user_data_dir() == tmp_path / "data"
    assert paths.user_config_dir() == tmp_path / "config"
    assert paths.user_log_dir() == tmp_path / "logs"
    for folder in ("data", "config", "logs"):
        assert (tmp_path / folder).is_dir()


def test_user_folders_without_krook_home_use_app_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    for folder in (paths.user_data_dir(create=False), paths.user_config_dir(create=False)):
        assert "krook" in str(folder).lower()
