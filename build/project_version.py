"""The one version of Krook: pyproject.toml's ``[project] version``, which ``krook.__version__`` must equal."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path


def project_version(root: Path) -> str:
    """pyproject's version; raises SystemExit when ``krook/__init__.py`` says something else."""
    version = str(tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])
    text = (root / "krook" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'__version__\s*=\s*"([^"]+)"', text)
    if not match or match.group(1) != version:
        found = match.group(1) if match else "nothing"
        raise SystemExit(f"krook/__init__.py says {found}, pyproject.toml says {version}: make them agree")
    return version
