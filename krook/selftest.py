"""``krook --selftest``: prove that this copy of Krook (source or frozen) actually works.

Prints ONE JSON line and exits 0 when every check passed::

    {"ok": true, "frozen": false, "python": "3.11.7", ..., "checks": {"assets": {"status": "ok", ...}, ...}}

or exits 1 with ``"ok": false`` and ``"reason"`` naming the first failing check. Each check reports one of
``ok`` / ``failed`` / ``skipped`` with a detail, so the output says exactly what was and wasn't checked.

Adding a check
--------------
Write a function taking a :class:`Context` and returning a short detail string, and register it::

    from krook.selftest import Context, SkipCheck, check

    @check("rules_deal")
    def _deal(ctx: Context) -> str:
        ...                       # raise anything to fail (the message becomes the reason)
        return "dealt 57 cards"   # or raise SkipCheck("why") when it cannot run here

Checks run in registration order inside a temporary ``KROOK_HOME`` with SDL's dummy video and audio
drivers (unless the caller set ``SDL_VIDEODRIVER``/``SDL_AUDIODRIVER``), so they never touch the player's
files or open a window. Each check initialises and shuts down the pygame parts it uses (the display
check leaves the display closed), so checks don't depend on each other's order. A check module must be
imported before :func:`run_selftest` for its checks to exist; the cleaner seam for other packages is a
hook module (below), which is imported on demand.

Checks of other packages
------------------------
Four checks call into the packages they test, imported directly (a missing module is a failure):

* ``scenes_render`` -> ``krook.devtools.scene_selftest.render_every_scene(ctx)``: build every scene with
  ``ctx.services`` and draw it once to an offscreen surface.
* ``bot_hand``      -> ``krook.devtools.scene_selftest.play_bot_hand(ctx)``: play one complete hand with bots
  in every seat, driving it through the scenes.
* ``net_loopback``  -> ``krook.net.selftest_hook.loopback_handshake(ctx)``: host on 127.0.0.1 with an
  OS-chosen port, join it, finish the version handshake, close both ends.
* ``review_worker`` -> ``krook.review.selftest_hook.review_in_worker(ctx)``: review a finished hand in the
  review's worker process (in a build: the app's own executable, started by ``freeze_support``) and compare
  its figures with a review in this process.

``SkipCheck`` is for a check that truly cannot run in this environment; ``strict=True`` (or
``KROOK_SELFTEST_STRICT=1``) turns any skip into a failure. Sound is never a failure: a machine without a
sound card plays silently, so the sound files are then only read, and the detail says so.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from krook import __version__, paths, storage

__all__ = [
    "CHECKS",
    "Check",
    "CheckResult",
    "Context",
    "SkipCheck",
    "check",
    "main",
    "run_selftest",
]

Status = Literal["ok", "failed", "skipped"]
STRICT_ENV = "KROOK_SELFTEST_STRICT"


class SkipCheck(Exception):
    """Raised by a check that cannot run in this environment; the message says why."""


@dataclass
class Context:
    """What every check gets: the temporary home folder and a place to share set-up between checks.

    ``services`` is for later checks that need objects built by earlier ones (e.g. an asset cache);
    keys are the names of the checks that put them there.
    """

    home: Path
    services: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CheckResult:
    status: Status
    detail: str
    ms: float

    def as_json(self) -> dict[str, Any]:
        return {"status": self.status, "detail": self.detail, "ms": round(self.ms, 1)}


Check = Callable[[Context], str]

# Insertion-ordered: checks run and are reported in the order they were registered.
CHECKS: dict[str, Check] = {}


def check(name: str, *, replace: bool = False) -> Callable[[Check], Check]:
    """Decorator registering a check under ``name``; a second check with the same name is an error."""

    def register(fn: Check) -> Check:
        if name in CHECKS and not replace:
            raise ValueError(f"selftest check {name!r} is already registered")
        CHECKS[name] = fn
        return fn

    return register


# --- built-in checks ------------------------------------------------------------------------------


def _pygame() -> Any:
    # The support banner would be a second line on stdout, breaking the one-JSON-line contract.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


def _mixer_ready(pygame: Any) -> str | None:
    """None when the mixer works, else why not (a machine without audio must still pass the selftest)."""
    try:
        if pygame.mixer.get_init():
            return None
        pygame.mixer.init()
    except Exception as e:  # any failure at all (a missing library, a driver error): silent play, not a fail
        return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    return None


def _check_icon_header(file: Path) -> None:
    head = file.read_bytes()[:8]
    if file.suffix.lower() == ".ico":
        if head[:4] != b"\x00\x00\x01\x00" or int.from_bytes(head[4:6], "little") == 0:
            raise ValueError("not an ICO file (bad header or no images)")
    elif head[:4] != b"icns" or int.from_bytes(head[4:8], "big") != file.stat().st_size:
        raise ValueError("not an ICNS file (bad header or length)")


def _check_font(pygame: Any, file: Path) -> None:
    """The game's own check (structure, then a glyph drawn): the game would fall back to the default font."""
    from krook.render.fonts import font_problem

    problem = font_problem(file)
    if problem:
        raise ValueError(f"damaged font ({problem}); the game would use the default font")
    font = pygame.font.Font(str(file), 16)
    glyph = font.render("Kg", True, (0, 0, 0), (255, 255, 255))
    if glyph.get_width() <= 0 or font.get_linesize() <= 0:
        raise ValueError("font draws nothing")


@check("assets")
def _check_assets(ctx: Context) -> str:
    """Every file under krook/assets loads with the loader the game will use."""
    pygame = _pygame()
    root = paths.assets_root()
    if not root.is_dir():
        raise RuntimeError(f"assets folder missing: {root}")
    pygame.font.init()
    pygame.font.Font(None, 16)  # pygame's bundled default font: the frozen build must carry it too
    counts: dict[str, int] = {}
    unchecked: list[str] = []
    no_mixer: str | None = None
    for file in paths.iter_assets():
        rel = file.relative_to(root).as_posix()
        suffix = file.suffix.lower()
        try:
            if suffix == ".svg":
                pygame.image.load_sized_svg(str(file), (64, 64))
            elif suffix in (".ico", ".icns"):
                # Read by the OS (exe and app icons), never by pygame, whose ICO reader rejects the
                # PNG-compressed entries modern icons use; so check the container, not the pixels.
                _check_icon_header(file)
            elif suffix in (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp"):
                pygame.image.load(str(file))
            elif suffix in (".ttf", ".otf"):
                _check_font(pygame, file)
            elif suffix in (".wav", ".ogg", ".mp3", ".flac"):
                no_mixer = no_mixer or _mixer_ready(pygame)
                if no_mixer:
                    suffix = "sound (not played: no mixer)"
                    file.read_bytes()
                else:
                    pygame.mixer.Sound(str(file))
            elif suffix == ".json":
                json.loads(file.read_text(encoding="utf-8"))
            elif suffix in (".txt", ".md", "") or file.name.startswith("LICENSE"):
                file.read_text(encoding="utf-8")
            else:
                unchecked.append(rel)
                continue
        except Exception as e:
            raise RuntimeError(f"{rel}: {type(e).__name__}: {e}") from e
        counts[suffix or "(none)"] = counts.get(suffix or "(none)", 0) + 1
    total = sum(counts.values())
    summary = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) or "no asset files yet"
    detail = f"{total} files checked ({summary}) + default font"
    if unchecked:
        detail += f"; no loader for {len(unchecked)}: {', '.join(unchecked[:5])}"
    if no_mixer:
        detail += f"; sounds only read, mixer unavailable: {no_mixer}"
    return detail


@check("user_dirs")
def _check_user_dirs(ctx: Context) -> str:
    """The data, config and log folders resolve under KROOK_HOME and accept an atomic save."""
    dirs = {
        "data": paths.user_data_dir(),
        "config": paths.user_config_dir(),
        "logs": paths.user_log_dir(),
    }
    for name, folder in dirs.items():
        if not folder.is_relative_to(ctx.home):
            raise RuntimeError(f"{name} folder {folder} ignores KROOK_HOME={ctx.home}")
        probe = folder / "selftest-probe.json"
        storage.save_json(probe, "selftest", 1, {"folder": name})
        if storage.load_json(probe, "selftest", 1) != {"folder": name}:
            raise RuntimeError(f"{name} folder: read back something else")
        probe.unlink()
    return "data, config and logs writable"


@check("display")
def _check_display(ctx: Context) -> str:
    """A display surface can be created, drawn on and flipped."""
    pygame = _pygame()
    pygame.display.init()
    try:
        surface = pygame.display.set_mode((320, 240))
        surface.fill((20, 90, 40))
        pygame.draw.circle(surface, (230, 200, 60), (160, 120), 40)
        pygame.display.flip()
        if surface.get_at((160, 120))[:3] != (230, 200, 60):
            raise RuntimeError("drawn pixel did not read back")
        return f"320x240 surface on driver {pygame.display.get_driver()!r}"
    finally:
        pygame.display.quit()


@check("scenes_render")
def _check_scenes(ctx: Context) -> str:
    from krook.devtools.scene_selftest import render_every_scene

    return str(render_every_scene(ctx))


@check("bot_hand")
def _check_bot_hand(ctx: Context) -> str:
    from krook.devtools.scene_selftest import play_bot_hand

    return str(play_bot_hand(ctx))


@check("net_loopback")
def _check_net(ctx: Context) -> str:
    from krook.net.selftest_hook import loopback_handshake

    return str(loopback_handshake(ctx))


@check("internet_stack")
def _check_internet(ctx: Context) -> str:
    from krook.net.selftest_hook import internet_stack

    return internet_stack(ctx)


@check("review_worker")
def _check_review_worker(ctx: Context) -> str:
    from krook.review.selftest_hook import review_in_worker

    return review_in_worker(ctx)


# --- running ----------------------------------------------------------------------------------------


@contextlib.contextmanager
def _environment(home: Path | None) -> Iterator[Path]:
    """Temporary KROOK_HOME and headless SDL drivers, all restored afterwards."""
    saved = {k: os.environ.get(k) for k in (paths.HOME_ENV, "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    with contextlib.ExitStack() as stack:
        if home is None:
            home = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="krook-selftest-")))
        os.environ[paths.HOME_ENV] = str(home)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        try:
            yield home
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _run_one(fn: Check, ctx: Context) -> CheckResult:
    start = time.perf_counter()
    try:
        detail = fn(ctx)
        status: Status = "ok"
    except SkipCheck as e:
        status, detail = "skipped", str(e) or "skipped"
    except Exception as e:
        status = "failed"
        where = traceback.extract_tb(e.__traceback__)[-1]
        detail = f"{type(e).__name__}: {e} (at {Path(where.filename).name}:{where.lineno})"
    return CheckResult(status, str(detail), (time.perf_counter() - start) * 1000)


def run_selftest(
    *, home: Path | None = None, only: list[str] | None = None, strict: bool | None = None
) -> dict[str, Any]:
    """Run the registered checks (or just ``only``) and return the report as a JSON-ready dict.

    ``home`` is the KROOK_HOME to use (a fresh temporary folder when None). ``strict`` makes skipped
    checks count as failures (default: the ``KROOK_SELFTEST_STRICT`` env var).
    """
    if strict is None:
        strict = os.environ.get(STRICT_ENV, "") not in ("", "0")
    names = list(CHECKS) if only is None else only
    unknown = [n for n in names if n not in CHECKS]
    if unknown:
        raise ValueError(f"unknown selftest checks: {', '.join(unknown)}; known: {', '.join(CHECKS)}")
    start = time.perf_counter()
    results: dict[str, CheckResult] = {}
    with _environment(home) as used_home:
        ctx = Context(home=used_home)
        for name in names:
            results[name] = _run_one(CHECKS[name], ctx)
        pygame = sys.modules.get("pygame")
        if pygame is not None:
            pygame.quit()
    bad = [(n, r) for n, r in results.items() if r.status == "failed" or (strict and r.status == "skipped")]
    report: dict[str, Any] = {
        "ok": not bad,
        "frozen": paths.is_frozen(),
        "krook": __version__,
        "python": platform.python_version(),
        "pygame": getattr(getattr(sys.modules.get("pygame"), "version", None), "ver", None),
        "platform": platform.platform(),
        "strict": strict,
        "seconds": round(time.perf_counter() - start, 3),
        "checks": {n: r.as_json() for n, r in results.items()},
    }
    if bad:
        name, result = bad[0]
        report["reason"] = f"{name}: {result.status}: {result.detail}"
    return report


def main(argv: list[str] | None = None) -> int:
    """Print the report as one JSON line; 0 when ok. ``argv`` may hold ``--strict`` and check names."""
    args = list(sys.argv[1:] if argv is None else argv)
    strict = True if "--strict" in args else None
    only = [a for a in args if not a.startswith("-")] or None
    try:
        report = run_selftest(only=only, strict=strict)
    except Exception as e:  # the runner itself broke: still answer in the promised format
        report = {
            "ok": False,
            "frozen": paths.is_frozen(),
            "reason": f"selftest runner: {type(e).__name__}: {e}",
        }
    line = json.dumps(report, separators=(",", ":"), sort_keys=False)
    out = sys.stdout
    if out is not None:
        print(line, file=out, flush=True)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
