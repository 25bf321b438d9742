"""The release workflow (.github/workflows/release.yml) builds each platform, runs the unzipped copy's
``--selftest`` and uploads the zips; actionlint passes on it where actionlint is installed (issue 26 item 11).
It cannot run here: these check what it says, not that GitHub runs it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def jobs() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    return dict(yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"])


def script(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) for step in job["steps"])


def uploads(job: dict[str, Any]) -> str:
    return "\n".join(
        str(step["with"]["path"])
        for step in job["steps"]
        if str(step.get("uses", "")).startswith("actions/upload-artifact")
    )


def test_each_platform_builds_self_tests_and_uploads() -> None:
    found = jobs()
    assert {"linux", "windows", "macos", "publish"} <= set(found)
    assert "build/linux_old_glibc.sh" in script(found["linux"])  # the release zip is the old-glibc one
    assert "build/make.py --installer" in script(found["windows"])
    assert "windows-setup.exe" in uploads(found["windows"])
    for name in ("linux", "windows", "macos"):
        assert "--selftest" in script(found[name]), name
        assert "krook-*" in uploads(found[name]), name
    assert set(found["publish"]["needs"]) == {"linux", "windows", "macos"}


@pytest.mark.skipif(shutil.which("actionlint") is None, reason="actionlint is not installed")
def test_actionlint_passes() -> None:
    result = subprocess.run(
        ["actionlint", str(WORKFLOW)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
