"""Build the double-clickable app: ``python build/make.py``.

Runs PyInstaller on ``krook.spec`` into ``dist/krook/`` (and ``dist/Krook.app`` on macOS), then zips the
result to ``dist/krook-<version>-<platform>.zip`` and prints the sizes. On Linux the zip also carries
``install-desktop-entry.sh`` next to the ``krook`` executable, so a player can add Krook to their menu.

On Linux it then prints the highest glibc version the bundle needs and checks it against the floor
(``--glibc-floor``, default 2.31). A bundle above the floor is zipped under a name that says so
(``krook-<version>-linux-x86_64-glibc2.35.zip``), never the release's name, since on an older system it
would not start and say nothing; ``--strict-glibc`` refuses to zip it at all (exit 1), as release builds
made by ``build/linux_old_glibc.sh`` in a Debian 11 chroot do. On Windows ``--installer`` also runs Inno Setup
with the version from pyproject.toml.

Options: ``--no-zip`` skips the zip; ``--dist DIR`` builds somewhere other than ``dist/``;
``--entry FILE`` builds from another entry script (development only, e.g. a selftest-only entry).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "work"
sys.path.insert(0, str(ROOT / "build"))

from glibc_needs import DEFAULT_FLOOR, parse_version, report, show  # noqa: E402
from project_version import project_version  # noqa: E402


def version() -> str:
    # Read, not imported: the build must not depend on the game's imports working in this interpreter.
    return project_version(ROOT)


def check_glibc(onedir: Path, floor_text: str, strict: bool) -> str | None:
    """Print the highest glibc the bundle needs; the version (``2.35``) when it is above the floor."""
    floor = parse_version(floor_text)
    top, lines = report(onedir, floor)
    print(f"highest GLIBC needed: {show(top)} (floor {show(floor)})")
    if top is None or top <= floor:
        return None
    print("\n".join(lines[:12]))
    what = "not zipped" if strict else f"zipped as {archive_name(platform_tag(), show(top))}"
    print(
        f"{'ERROR' if strict else 'WARNING'}: this build runs only where glibc >= {show(top)} ({what}); "
        "build it with build/linux_old_glibc.sh (docs/PACKAGING.md) for the oldest supported systems",
        file=sys.stderr if strict else sys.stdout,
    )
    return show(top)


def archive_name(tag: str, glibc_above: str | None = None) -> str:
    """The zip's name; a Linux build above the glibc floor says which glibc it needs."""
    needs = f"-glibc{glibc_above}" if glibc_above else ""
    return f"krook-{version()}-{tag}{needs}.zip"


def build_installer(dist: Path) -> Path:
    """Windows: the Inno Setup installer, versioned from pyproject.toml."""
    script = ROOT / "build" / "windows" / "krook.iss"
    cmd = ["iscc", f"/DAppVersion={version()}", f"/O{dist}", str(script)]
    print("+", " ".join(cmd), flush=True)
    # PyInstaller's cache of stripped binaries lives in the user's folder, shared by every build on the machine:
    # a build running beside another, or one killed half-way, leaves it corrupt ("bincache may be corrupted",
    # seen twice). Each build keeps its own beside its work files; a fresh CI machine has no cache to lose.
    env = dict(os.environ)
    env.setdefault("PYINSTALLER_CONFIG_DIR", str(WORK / "pyinstaller-config"))
    shutil.rmtree(env["PYINSTALLER_CONFIG_DIR"], ignore_errors=True)
    subprocess.run(cmd, cwd=ROOT, check=True, env=env)
    return dist / f"krook-{version()}-windows-setup.exe"


def platform_tag() -> str:
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    return f"{system}-{machine}"


def tree_size(path: Path) -> int:
    if not path.exists():
        return 0
    if path.is_file():
        return path.stat().st_size
    # lstat: a symlink inside the bundle costs its own few bytes, not its target's size again.
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


def run_pyinstaller(dist: Path, entry: str | None) -> None:
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(WORK),
        str(ROOT / "krook.spec"),
    ]
    if entry:
        cmd += ["--", "--entry", str(Path(entry).resolve())]
    print("+", " ".join(cmd), flush=True)
    # PyInstaller's cache of stripped binaries lives in the user's folder, shared by every build on the machine:
    # a build running beside another, or one killed half-way, leaves it corrupt ("bincache may be corrupted",
    # seen twice). Each build keeps its own beside its work files; a fresh CI machine has no cache to lose.
    env = dict(os.environ)
    env.setdefault("PYINSTALLER_CONFIG_DIR", str(WORK / "pyinstaller-config"))
    shutil.rmtree(env["PYINSTALLER_CONFIG_DIR"], ignore_errors=True)
    subprocess.run(cmd, cwd=ROOT, check=True, env=env)


def add_linux_extras(onedir: Path) -> None:
    script = ROOT / "build" / "linux" / "install_desktop_entry.sh"
    target = onedir / "install-desktop-entry.sh"
    shutil.copy2(script, target)
    target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def zip_tree(source: Path, archive: Path) -> None:
    """Zip ``source`` under its own name, keeping the executable bit and symlinks (macOS bundles use them)."""
    archive.unlink(missing_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in sorted(source.rglob("*")):
            name = path.relative_to(source.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name, time.localtime(path.lstat().st_mtime)[:6])
                info.create_system = 3  # unix, so unzip honours the mode bits below
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_file():
                zf.write(path, name)
            elif path.is_dir():
                zf.write(path, name + "/")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-zip", action="store_true", help="build only, don't zip")
    parser.add_argument("--entry", help="entry script to build from (development only)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--glibc-floor", default=show(DEFAULT_FLOOR), help="oldest glibc to run on (Linux)")
    parser.add_argument(
        "--strict-glibc", action="store_true", help="fail when the bundle needs a newer glibc"
    )
    parser.add_argument("--installer", action="store_true", help="also build the Windows installer (iscc)")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()
    onedir = dist / "krook"

    started = time.perf_counter()
    run_pyinstaller(dist, args.entry)
    if not onedir.is_dir():
        print(f"make.py: PyInstaller finished but {onedir} is missing", file=sys.stderr)
        return 1
    glibc_above: str | None = None
    if sys.platform.startswith("linux"):
        add_linux_extras(onedir)
        glibc_above = check_glibc(onedir, args.glibc_floor, args.strict_glibc)

    took = time.perf_counter() - started
    print(f"built {onedir}: {mb(tree_size(onedir))} in {took:.0f} s")
    app = dist / "Krook.app"
    if app.is_dir():
        print(f"built {app}: {mb(tree_size(app))}")

    refused = args.strict_glibc and glibc_above is not None
    if not args.no_zip and not refused:
        archive = dist / archive_name(platform_tag(), glibc_above)
        if app.is_dir():
            # ditto keeps the bundle's symlinks, extended attributes and code signature intact.
            archive.unlink(missing_ok=True)
            subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(archive)], check=True)
        else:
            zip_tree(onedir, archive)
        print(f"zipped {archive}: {mb(archive.stat().st_size)}")
    if args.installer and sys.platform == "win32":
        print(f"installer {build_installer(dist)}")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
