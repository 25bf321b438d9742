"""The Linux desktop entry works from a folder whose name holds any of ``% $ " \\ ` '`` and spaces (issue 26
item 12): read back by the Desktop Entry spec's rules, and launched by GLib's ``gio`` where it is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "build" / "linux" / "install_desktop_entry.sh"
NAMES = ["100% cards", "$HOME and ${PATH}", 'the "good" deck', "back\\slash", "`tick`", "Gran's table"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a Linux desktop entry")


def string_value(raw: str) -> str:
    """The spec's escapes of string values: \\s \\n \\t \\r \\\\ (anything else is not a valid entry)."""
    out, i = [], 0
    while i < len(raw):
        if raw[i] == "\\":
            code = raw[i + 1]
            assert code in "sntr\\", f"invalid escape \\{code} in {raw!r}"
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[code])
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


def exec_argv(raw: str) -> list[str]:
    """The Exec key's command line: string escapes, then the quoting rules, then the %% field code."""
    text, args, i = string_value(raw), [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        arg = ""
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\', f"bad quoting at {text[i:]!r}"
                    i += 1
                else:
                    assert text[i] not in "`$", f"{text[i]!r} must be escaped inside quotes: {text!r}"
                arg += text[i]
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                arg += text[i]
                i += 1
        assert "%" not in arg.replace("%%", ""), f"a bare % is a field code: {arg!r}"
        args.append(arg.replace("%%", "%"))
    return args


def install(tmp_path: Path, name: str) -> tuple[Path, dict[str, str]]:
    folder = tmp_path / name
    folder.mkdir()
    exe = folder / "krook"
    exe.write_text('#!/bin/sh\necho ran > "$(dirname "$(readlink -f "$0")")/ran"\n')
    exe.chmod(0o755)
    data = tmp_path / "data"
    env = {**os.environ, "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    subprocess.run(["sh", str(SCRIPT), "--exec", str(exe)], check=True, env=env, capture_output=True)
    entry = data / "applications" / "krook.desktop"
    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    return exe, keys


@pytest.mark.parametrize("name", NAMES)
def test_the_entry_reads_back_to_the_executable(tmp_path: Path, name: str) -> None:
    exe, keys = install(tmp_path, name)
    (program,) = exec_argv(keys["Exec"])
    assert os.path.realpath(program) == os.path.realpath(exe)
    assert os.path.realpath(string_value(keys["TryExec"])) == os.path.realpath(exe)
    assert string_value(keys["Path"]) == str(exe.parent)


@pytest.mark.skipif(shutil.which("gio") is None, reason="GLib's gio is not installed")
@pytest.mark.parametrize("name", NAMES)
def test_gio_launches_it(tmp_path: Path, name: str) -> None:
    exe, _ = install(tmp_path, name)
    entry = tmp_path / "data" / "applications" / "krook.desktop"
    result = subprocess.run(["gio", "launch", str(entry)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    deadline = time.monotonic() + 30  # the launched program runs on its own: a bound, not a timing
    while not (exe.parent / "ran").exists():
        assert time.monotonic() < deadline, "the entry did not start the program"
        time.sleep(0.05)
