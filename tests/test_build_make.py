"""``build/make.py`` on Linux: a bundle above the glibc floor is never zipped under the release's name; with
``--strict-glibc`` it is not zipped at all (issue 26 item 11). PyInstaller is replaced by a folder holding a
real system binary, so the check reads real ELF version needs."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_loader import load_script

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the glibc check is Linux's")


def load_make() -> ModuleType:
    return load_script("build/make.py", "krook_build_make")


def newest_system_binary(make: ModuleType) -> tuple[Path, str]:
    """The system executable that needs the newest glibc, and that version."""
    from glibc_needs import highest, show, version_needs  # build/ is on the path once make.py is loaded

    found = []
    for path in (Path(sys.executable).resolve(), Path("/bin/ls"), Path("/bin/sh")):
        if path.is_file():
            top = highest(version_needs(path.read_bytes()), "GLIBC_")
            if top is not None:
                found.append((top, path))
    if not found:
        pytest.skip("no dynamically linked system binary to measure")
    top, path = max(found)
    return path, show(top)


def build(make: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    binary, needs = newest_system_binary(make)

    def fake_pyinstaller(dist: Path, entry: str | None) -> None:
        (dist / "krook").mkdir(parents=True)
        shutil.copy2(binary, dist / "krook" / "krook")

    monkeypatch.setattr(make, "run_pyinstaller", fake_pyinstaller)
    return make.main(["--dist", str(tmp_path), *args]), needs


def zips(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.zip"))


def test_a_bundle_above_the_floor_names_its_glibc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make = load_make()
    code, needs = build(make, tmp_path, monkeypatch, "--glibc-floor", "2.1")
    assert code == 0
    release = f"krook-{make.version()}-{make.platform_tag()}.zip"
    assert zips(tmp_path) == [release.replace(".zip", f"-glibc{needs}.zip")]


def test_strict_refuses_to_zip_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make = load_make()
    code, _ = build(make, tmp_path, monkeypatch, "--glibc-floor", "2.1", "--strict-glibc")
    assert code == 1
    assert zips(tmp_path) == []


def test_at_the_floor_it_is_the_release_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make = load_make()
    code, _ = build(make, tmp_path, monkeypatch, "--glibc-floor", "99.0", "--strict-glibc")
    assert code == 0
    assert zips(tmp_path) == [f"krook-{make.version()}-{make.platform_tag()}.zip"]
