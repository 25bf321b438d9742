"""Where Krook finds its shipped resources and where it keeps the player's files.

Everything that ships inside the package (``krook/assets/...``) is resolved by :func:`asset_path`, the
one function that knows the difference between running from a source checkout and from a PyInstaller
bundle. Everything the game writes goes to the per-user folders below, which ``KROOK_HOME`` can redirect
(tests and ``krook --selftest`` point it at a temporary folder so they never touch a real profile).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path, PurePosixPath

import platformdirs

APP_NAME = "Krook"
HOME_ENV = "KROOK_HOME"

__all__ = [
    "APP_NAME",
    "HOME_ENV",
    "AssetNotFoundError",
    "asset_path",
    "assets_root",
    "is_frozen",
    "iter_assets",
    "package_root",
    "user_config_dir",
    "user_data_dir",
    "user_log_dir",
]


class AssetNotFoundError(FileNotFoundError):
    """A shipped resource is missing; the message names the exact place that was searched."""

    def __init__(self, name: str, looked_in: Path, frozen: bool) -> None:
        how = "frozen build" if frozen else "source checkout"
        super().__init__(f"asset {name!r} not found: looked for {looked_in} ({how})")
        self.name = name
        self.looked_in = looked_in


def is_frozen() -> bool:
    """True inside a PyInstaller bundle."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def package_root() -> Path:
    """The folder that holds the ``krook`` package's files (code and data)."""
    if is_frozen():
        # PyInstaller unpacks data files under _MEIPASS using the same relative layout as the source tree
        # (the spec puts krook/assets at "krook/assets"), so one layout serves both cases.
        return Path(sys._MEIPASS) / "krook"  # type: ignore[attr-defined]
    root = resources.files("krook")
    if isinstance(root, Path):
        return root
    # A zipped install would give a non-filesystem Traversable; pygame needs real paths, so fall back to
    # the module's own location, which is a real folder for every way we ship.
    return Path(__file__).resolve().parent


def assets_root() -> Path:
    return package_root() / "assets"


def asset_path(*parts: str) -> Path:
    """Return the path of a shipped resource, e.g. ``asset_path("cards", "rook.svg")``.

    Parts may also contain forward slashes (``asset_path("cards/rook.svg")``). Raises
    :class:`AssetNotFoundError` naming the full path it looked at, and ``ValueError`` for names that would
    leave the assets folder (absolute paths, ``..``), so a typo can't quietly load something else.
    """
    if not parts:
        raise ValueError("asset_path() needs at least one path part")
    rel = PurePosixPath(*(p.replace("\\", "/") for p in parts))
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"asset name must stay inside the assets folder: {'/'.join(parts)!r}")
    path = assets_root().joinpath(*rel.parts)
    if not path.exists():
        raise AssetNotFoundError(rel.as_posix(), path, is_frozen())
    return path


def iter_assets() -> Iterator[Path]:
    """Every shipped asset file, in a stable order; empty if the assets folder does not exist."""
    root = assets_root()
    if not root.is_dir():
        return iter(())
    return iter(sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts))


def _user_dir(kind: str, create: bool) -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        path = Path(home).expanduser() / kind
    elif kind == "data":
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    elif kind == "config":
        path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    else:
        path = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def user_data_dir(create: bool = True) -> Path:
    """Saved games, crash reports. ``$KROOK_HOME/data`` when ``KROOK_HOME`` is set."""
    return _user_dir("data", create)


def user_config_dir(create: bool = True) -> Path:
    """Settings. ``$KROOK_HOME/config`` when ``KROOK_HOME`` is set."""
    return _user_dir("config", create)


def user_log_dir(create: bool = True) -> Path:
    """Log files. ``$KROOK_HOME/logs`` when ``KROOK_HOME`` is set."""
    return _user_dir("logs", create)
