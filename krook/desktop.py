"""Hand a folder to the desktop's file manager (Explorer, Finder, or the Linux desktop's xdg-open)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

log = logging.getLogger(__name__)

__all__ = ["child_env", "open_folder"]


def child_env() -> dict[str, str]:
    """The environment for programs Krook starts: a frozen Linux build's own library folder removed.

    PyInstaller's bootloader puts ``_internal`` first on ``LD_LIBRARY_PATH`` (saving the player's value as
    ``LD_LIBRARY_PATH_ORIG``); a file manager started with it would load Krook's copies of system libraries.
    """
    env = dict(os.environ)
    for var in ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
        orig = env.pop(f"{var}_ORIG", None)
        if orig is not None:
            env[var] = orig
        elif getattr(sys, "frozen", False):
            env.pop(var, None)
    return env


def open_folder(folder: Path) -> str | None:
    """Show ``folder`` in the file manager; None when started, else a sentence saying why not."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if sys.platform == "win32":
            os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
            return None
        command = ["open", str(folder)] if sys.platform == "darwin" else ["xdg-open", str(folder)]
        proc = subprocess.Popen(
            command,
            env=child_env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
        )
        threading.Thread(target=proc.wait, name="krook-open-folder", daemon=True).start()  # no zombie
    except (OSError, ValueError) as e:
        log.warning("could not open %s: %s", folder, e)
        return f"Could not open the folder ({e}). It is: {folder}"
    return None
