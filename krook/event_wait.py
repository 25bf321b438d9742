"""Waiting for input without polling: SDL's own blocking wait, reached through ctypes.

pygame-ce's ``pygame.event.wait(timeout)`` is a loop that pumps the queue and sleeps a millisecond between
looks, and Krook's own loop slept 10 ms between looks: about 100 wake-ups a second while a person thinks.
SDL itself can block (since 2.0.16): ``SDL_WaitEventTimeout`` sleeps in the window system's own wait (X11
and Wayland: ``poll`` on the display connection; Windows: ``MsgWaitForMultipleObjects``; macOS: the run
loop) and an event pushed from another thread wakes it. Called with no event to fill, it leaves the event in
the queue, so ``pygame.event.get()`` then reads it as usual, translated by pygame.

:class:`EventWaiter` finds the SDL library pygame loaded (the same copy: it checks that the video
subsystem it sees is the one pygame started) and is ``available`` only where SDL really blocks: a real video
driver, no joystick subsystem (which makes SDL poll). Elsewhere — the dummy driver of the tests, an SDL it
cannot find — the app keeps its short sleeps.
"""

from __future__ import annotations

import ctypes
import logging
import os
import re
import sys
from pathlib import Path

log = logging.getLogger(__name__)

SDL_INIT_JOYSTICK = 0x00000200
SDL_INIT_VIDEO = 0x00000020
SDL_INIT_GAMECONTROLLER = 0x00002000
SDL_INIT_SENSOR = 0x00008000
# SDL only blocks in the window system when nothing needs polling; these drivers never block
_POLLING_DRIVERS = frozenset({"dummy", "offscreen", "evdev", "KMSDRM"})
# libSDL2-2.0.so.0, or a wheel's renamed copy such as libSDL2-2-50d19f93.0.so.0.3200.10 (not SDL2_ttf & co)
_SDL_NAME = re.compile(r"^libSDL2-2(\.0|-[0-9a-f]+\.0)\.so")


class _Version(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint8), ("minor", ctypes.c_uint8), ("patch", ctypes.c_uint8)]


def _candidates() -> list[str]:
    """Where the SDL2 library pygame loaded may be, most certain first."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                for line in maps:
                    path = line.rsplit(" ", 1)[-1].strip()
                    if _SDL_NAME.match(Path(path).name) and path not in found:
                        found.append(path)
        except OSError as exc:
            log.debug("no /proc/self/maps to find SDL in (%s): trying pygame's folder", exc)
    try:
        import pygame

        roots = [Path(pygame.__file__).resolve().parent]
    except Exception:
        roots = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle))
    names = {"win32": ("SDL2.dll",), "darwin": ("libSDL2-2.0.0.dylib", "SDL2")}.get(sys.platform, ())
    for root in roots:
        for folder in (root, root / ".dylibs", root.parent / "pygame_ce.libs", root / "pygame"):
            for name in names:
                if (folder / name).is_file():
                    found.append(str(folder / name))
    return found


class EventWaiter:
    """``wait(seconds)`` blocks until an event is queued or the time is up (see the module's docstring)."""

    def __init__(self) -> None:
        self._wait: ctypes._NamedFuncPointer | None = None
        self.reason = "not looked for"
        try:
            self._find()
        except Exception as exc:  # a nicety: the app polls instead
            self._wait = None
            self.reason = f"SDL's wait not usable: {exc}"
        log.info("waiting for input: %s", self.reason)

    @property
    def available(self) -> bool:
        return self._wait is not None and self._usable_now()

    def _find(self) -> None:
        if os.environ.get("KROOK_POLL_EVENTS") == "1":
            self.reason = "polling (KROOK_POLL_EVENTS=1)"
            return
        for path in _candidates():
            try:
                lib = ctypes.CDLL(path)
                was_init = lib.SDL_WasInit
                was_init.argtypes = [ctypes.c_uint32]
                was_init.restype = ctypes.c_uint32
                if not was_init(SDL_INIT_VIDEO):
                    continue  # another copy of SDL than the one pygame started
                version = _Version()
                lib.SDL_GetVersion(ctypes.byref(version))
                if (version.major, version.minor, version.patch) < (2, 0, 16):
                    self.reason = f"SDL {version.major}.{version.minor}.{version.patch} polls in its wait"
                    return
                wait = lib.SDL_WaitEventTimeout
                wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
                wait.restype = ctypes.c_int
                self._lib = lib
                self._wait = wait
                self.reason = f"SDL's own wait ({path})"
                return
            except (OSError, AttributeError):
                continue
        self.reason = "SDL's library not found: polling"

    def _usable_now(self) -> bool:
        try:
            import pygame

            if pygame.display.get_driver() in _POLLING_DRIVERS:
                return False
        except Exception:
            return False
        polled = SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER | SDL_INIT_SENSOR
        return not self._lib.SDL_WasInit(polled)

    def wait(self, seconds: float) -> None:
        """Block until an event is queued or ``seconds`` pass; the event stays in the queue."""
        if self._wait is None:
            raise RuntimeError("no SDL wait here; check `available` first")
        ms = max(0, min(int(seconds * 1000), 10_000))
        self._wait(None, ms)
