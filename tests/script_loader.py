"""Load one of the project's scripts (benchmarks/, build/) as a module, for the tests of what it computes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str, name: str, register: bool = False) -> ModuleType:
    """The script at ``relative`` (from the project root) as module ``name``; ``register`` puts it in
    ``sys.modules`` first, for a script whose dataclasses look their module up."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
