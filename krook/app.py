"""The desktop app: a window, the services and the scene stack, and a main loop that sleeps when idle.

While nothing animates and no bot is thinking the loop blocks in ``pygame.event.wait`` and draws only when
something changed: an event, a scene that animates, a stack change, or a scene's ``redraw_in`` timer
(``krook.scenes.base.Scene``), so the game uses almost no CPU while a person thinks.
``KROOK_EXIT_AFTER_FIRST_FRAME=1`` exits right after the first title frame is shown (the startup benchmark
uses it).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import warnings
from typing import Any

from krook.settings_store import MIN_WINDOW

log = logging.getLogger(__name__)

MIN_SIZE = MIN_WINDOW

# While idle the loop still wakes this often to run the scenes' update (a bot's timer, a network poll): a
# few microseconds, and nothing is drawn unless something changed.
IDLE_WAIT_MS = 500
CARET_BLINK_S = 0.5
# pygame's event.wait checks for events every millisecond; sleeping 10 ms between checks instead keeps an
# idle window near 0% of a core at no visible cost (a click is seen at most 10 ms later).
IDLE_POLL_S = 0.01


def _display_hints() -> None:
    """SDL settings that must be in place before the display starts (a player's own values win)."""
    if sys.platform.startswith("linux"):
        # Krook draws in software. Without this, SDL's X11 backend opens a hidden OpenGL window at start to
        # ask the driver's vendor, which loads the whole GL stack (about 95 MiB with Mesa's llvmpipe).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    elif sys.platform == "win32":
        # Crisp text on scaled displays: the window is sized in real pixels instead of being blown up.
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


# SDL's drivers that draw to memory, not a screen: it falls back to one of these when no display answers
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def no_screen_message(driver: str, environ: Any = os.environ) -> str | None:
    """Why the window cannot be seen, when SDL found no display and fell back to drawing in memory; None
    when the window shows (or the caller asked for an invisible driver on purpose: tests, the self-test)."""
    if driver not in INVISIBLE_DRIVERS or environ.get("SDL_VIDEODRIVER"):
        return None
    named = [f"{k}={environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if environ.get(k)]
    why = (
        f"the display {' and '.join(named)} did not answer"
        if named
        else "no desktop session here: DISPLAY and WAYLAND_DISPLAY are not set"
    )
    return (
        f"Krook found no screen to open its window on ({why}), so it would play on where nobody can see it. "
        "Start it from the desktop."
    )


def parse_size(size: Any) -> tuple[int, int] | None:
    if size is None:
        return None
    if isinstance(size, tuple | list) and len(size) == 2:
        return int(size[0]), int(size[1])
    text = str(size).lower().replace("×", "x")
    try:
        w, h = (int(v) for v in text.split("x"))
    except ValueError:
        raise ValueError(f"window size {size!r}: write it as WIDTHxHEIGHT, e.g. 1280x720") from None
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


def fit_window(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """A window size no smaller than ``MIN_SIZE`` and, when the screen is known, no larger than it."""
    w, h = size
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        w, h = min(w, screen[0]), min(h, screen[1])
    return max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])


class App:
    """Owns the window and the loop. Tests build one with ``App(size)`` and drive ``frame(events)``."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        settings: Any = None,
        settings_message: str | None = None,
    ) -> None:
        import pygame

        from krook.scenes.games import GameMaker
        from krook.scenes.menus.title import TitleScene
        from krook.scenes.navigator import Navigator
        from krook.settings_store import load_settings

        from .scenes.base import Services, make_sound
        from .scenes.containment import ContainedStack
        from .ui.cards import CardPainter
        from .ui.theme import Theme

        self.pg = pygame
        _display_hints()
        # Display and fonts only: the sound service opens the audio device when the first sound plays, so a
        # machine whose audio is broken starts like any other, and an unused device costs no CPU.
        pygame.display.init()
        pygame.font.init()
        if settings is None:
            settings, settings_message = load_settings()
        self.settings = settings
        if fullscreen is not None:
            settings.fullscreen = fullscreen
        self.size = size or tuple(settings.window_size)
        pygame.display.set_caption("Krook")
        self._set_icon()
        self.screen = self._open_window()
        theme = Theme(settings.large_text)
        theme.resize(self.screen.get_size())
        # A bug in one screen is contained: logged with a report, the game kept, a way back shown.
        self.stack = ContainedStack(lambda: getattr(self, "services", None))
        self.services = Services(
            settings=settings,
            theme=theme,
            cards=CardPainter(settings.colour_blind),
            sound=make_sound(settings),
            stack=self.stack,
            apply_display=self.apply_display,
            quit=self.quit,
        )
        self.services.go = Navigator(self.services)
        self.services.games = GameMaker(self.services)
        if settings_message:
            self.services.messages.append(settings_message)
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        pygame.key.set_repeat(350, 45)
        self.stack.push(TitleScene(self.services))
        self._tell_last_crash()
        self.stack.apply()
        self._redraw_at: float | None = None

    def _tell_last_crash(self) -> None:
        """The last run ended in a crash the player was not told about here: say so, with the report."""
        from krook import app_log
        from krook.desktop import open_folder
        from krook.scenes.menus.notice import NoticeScene

        report = app_log.take_unseen_crash()
        if report is None:
            return
        folder = report.parent if report.is_file() else report

        def show_folder() -> None:
            problem = open_folder(folder)
            if problem:
                self.services.messages.append(problem)

        self.stack.push(
            NoticeScene(
                self.services,
                "Krook closed unexpectedly",
                f"Sorry about that. The report is here:\n{report}\n"
                "Sending it to the Krook developers helps them fix it. Your game was saved after every move.",
                [("Open the folder", show_folder), ("OK", lambda: None)],
                danger=True,
            )
        )

    def _set_icon(self) -> None:
        try:
            from krook.paths import asset_path

            for name in ("icon/krook-64.png", "icon/icon-64.png", "icon/krook.png", "icon/icon.png"):
                try:
                    self.pg.display.set_icon(self.pg.image.load(str(asset_path(name))))
                    return
                except (FileNotFoundError, self.pg.error):
                    continue
        except Exception:  # a window without its icon still plays
            log.warning("could not set the window icon", exc_info=True)

    def _open_window(self) -> Any:
        pg = self.pg
        if self.settings.fullscreen:
            try:
                return pg.display.set_mode((0, 0), pg.FULLSCREEN)
            except pg.error:
                log.warning("fullscreen failed; opening a window")
        screen = None
        if pg.display.get_driver() not in ("dummy", "offscreen"):  # a real screen: never open beyond it
            with contextlib.suppress(pg.error, IndexError):
                screen = pg.display.get_desktop_sizes()[0]
        self.size = fit_window(self.size, screen)
        surface = pg.display.set_mode(self.size, pg.RESIZABLE)
        with contextlib.suppress(Exception), warnings.catch_warnings():
            # The window manager keeps it at least this big (pygame-ce reaches the display module's window only
            # through this method, which it marks as deprecated for drawing, not for sizing).
            warnings.simplefilter("ignore", DeprecationWarning)
            pg.Window.from_display_module().minimum_size = MIN_SIZE
        return surface

    def apply_display(self) -> None:
        self.screen = self._open_window()
        self.services.theme.resize(self.screen.get_size())

    def quit(self) -> None:
        self.running = False

    def animating(self) -> bool:
        return self.stack.animating()

    def handle(self, e: Any) -> None:
        pg = self.pg
        if e.type == pg.QUIT:
            self.running = False
            return
        if e.type == pg.KEYDOWN:
            self.services.keyboard_mode = True
        elif e.type == pg.MOUSEBUTTONDOWN:
            self.services.keyboard_mode = False
        if e.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED, pg.WINDOWRESIZED):
            surf = pg.display.get_surface()
            if surf is not None:
                self.screen = surf
                if not self.settings.fullscreen:
                    w, h = surf.get_size()
                    self.settings.window_size = fit_window((w, h), None)
            return
        if e.type == pg.KEYDOWN and e.key == pg.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.apply_display()
            self.services.save_settings()
            return
        if e.type in (pg.KEYDOWN, pg.TEXTINPUT, pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP) and self._too_small():
            return  # nothing is drawn to act on: a key or a click would act blind
        if e.type == pg.KEYDOWN and (e.key == pg.K_F1 or (e.unicode == "?" and not self._typing())):
            from krook.scenes.menus.keys_overlay import KeysOverlay

            if not isinstance(self.stack.top, KeysOverlay):
                self.stack.push(KeysOverlay(self.services))
            return
        self.stack.handle_event(e)

    def _typing(self) -> bool:
        from .ui.widgets import TextField

        focus = getattr(self.stack.top, "focus", None)
        return isinstance(getattr(focus, "focused", None), TextField)

    def frame(self, events: list[Any] | None = None, dt: float | None = None, draw: bool = True) -> bool:
        """One turn of the loop: events, update, draw, flip. ``dt`` in seconds (tests pass their own).

        With ``draw=False`` the frame is drawn only if something changed (an event, a stack change, an
        animation); returns whether it was drawn.
        """
        pg = self.pg
        events = events if events is not None else pg.event.get()
        changed = bool(events)
        held = self.services.held_keys
        for e in events:
            if not held.lets_through(e):
                continue
            top = self.stack.top
            self.handle(e)
            changed = self.stack.apply() or changed
            if self.stack.top is not top:
                held.settle()
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        top = self.stack.top
        self.stack.update(min(dt, 0.1))
        changed = self.stack.apply() or changed
        if self.stack.top is not top:  # a screen came or went by itself (the curtain before a player's turn)
            held.settle()
        if not self.stack.scenes:
            self.running = False
            return False
        if not (draw or changed or self.stack.animating() or self.stack.take_dirty()):
            return False
        self.screen = pg.display.get_surface() or self.screen
        if self._too_small():  # the size hint was not honoured: ask for more room, don't overlap
            from krook.ui.too_small import draw_too_small

            draw_too_small(self.screen, self.services.theme, MIN_SIZE)
        else:
            self.stack.draw(self.screen)
            self._draw_save_marker(self.screen)
        pg.display.flip()
        self.frames += 1
        return True

    def _too_small(self) -> bool:
        w, h = self.screen.get_size()
        return bool(w < MIN_SIZE[0] or h < MIN_SIZE[1])

    def save_problem(self) -> str | None:
        """Why the game on the table is not being saved, or None (shown as a lasting marker)."""
        from krook.session.base import KeptHere

        table = self.stack.game()
        session = table.session if table is not None else None
        problem = session.save_error if isinstance(session, KeptHere) else None
        return problem if isinstance(problem, str) and problem else None

    def _draw_save_marker(self, surface: Any) -> None:
        """A red card under the table's top-left panel for as long as saving fails."""
        problem = self.save_problem()
        if problem is None or getattr(self.stack.top, "shows_save_problem", False):
            return  # (the score sheet says it in its own footer, clear of the team names)
        t = self.services.theme
        width = t.px(250)
        pad = t.px(10)
        font = t.font("caption")
        lines = []
        for line in t.wrap(problem, width - 2 * pad, "caption")[:3]:
            while font.size(line)[0] > width - 2 * pad and len(line) > 1:
                line = line[:-2] + "…"  # a path or a word too long to wrap
            lines.append(line)
        title = t.render("Not saved", "body", (255, 255, 255), True)
        lh = t.font("caption").get_linesize()
        rect = self.pg.Rect(t.px(12), t.px(148), width, pad * 2 + title.get_height() + lh * len(lines))
        self.pg.draw.rect(surface, t.p.danger, rect, border_radius=t.px(10))
        surface.blit(title, (rect.x + pad, rect.y + pad))
        for i, line in enumerate(lines):
            y = rect.y + pad + title.get_height() + i * lh
            t.text(surface, line, (rect.x + pad, y), "caption", (255, 255, 255))

    def _idle_wait_s(self) -> float:
        """How long the loop may sleep: the next scene timer, a blinking caret, or the idle tick."""
        wait = IDLE_WAIT_MS / 1000
        due = self.stack.redraw_in()
        if due is not None:
            wait = min(wait, max(0.0, due))
        if self._caret_blinking():
            wait = min(wait, CARET_BLINK_S)
        return wait

    def _caret_blinking(self) -> bool:
        focus = getattr(self.stack.top, "focus", None)
        blinking = getattr(getattr(focus, "focused", None), "caret_blinking", None)
        return self._typing() and callable(blinking) and bool(blinking())

    def run(self, max_seconds: float | None = None) -> int:
        """The main loop; ``max_seconds`` ends it early (the UI benchmark measures an idle stretch)."""
        import time

        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        exit_after_first = os.environ.get("KROOK_EXIT_AFTER_FIRST_FRAME") == "1"
        if self.frames == 0:
            self.frame([], 0.0)
        if exit_after_first:
            # The startup benchmark reads this marker (benchmarks/bench_startup.py); stdout is None when windowed.
            if sys.stdout is not None:
                print("KROOK_FIRST_FRAME", flush=True)
            return 0
        self.clock.tick()
        while self.running:
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                return 0
            if self.animating():
                self.frame()
                continue
            # Nothing moves and nobody but a person is to act: sleep until something happens.
            wait = self._idle_wait_s()
            redraw_at = now + wait if wait < IDLE_WAIT_MS / 1000 or self._caret_blinking() else None
            if deadline is not None:
                wait = min(wait, max(0.0, deadline - now))
            events = self._wait_for_events(wait)
            dt = self.clock.tick() / 1000
            due = redraw_at is not None and time.monotonic() >= redraw_at - 0.002
            self.frame(events, dt, draw=due)
        self.close()
        return 0

    def _wait_for_events(self, seconds: float) -> list[Any]:
        """The events that arrive within ``seconds`` (returns as soon as there are any).

        On a real display SDL blocks in the window system until an event or the timeout
        (``krook.event_wait``): no wake-ups while a person thinks. Elsewhere, short sleeps between looks.
        """
        import time

        waiter = self.__dict__.get("_waiter")
        if waiter is None:
            from krook.event_wait import EventWaiter

            waiter = self._waiter = EventWaiter()
        until = time.monotonic() + seconds
        if waiter.available and self.running:
            events = self.pg.event.get()
            if events:
                return list(events)
            waiter.wait(seconds)
            return list(self.pg.event.get())
        while True:
            events = self.pg.event.get()
            left = until - time.monotonic()
            if events or left <= 0 or not self.running:
                return list(events)
            time.sleep(min(IDLE_POLL_S, left))

    def request_quit(self) -> None:
        """From a signal handler or another thread: end the loop as if the window was closed."""
        self.running = False
        with contextlib.suppress(Exception):
            self.pg.event.post(self.pg.event.Event(self.pg.QUIT))

    def close(self) -> None:
        table = self.stack.game()
        if table is not None:
            table.session.close()
        self.services.save_settings()


def run_app(size: Any = None, fullscreen: bool = False) -> int:
    """Start the game for a player: safe std fds, logs, crash reports, SIGTERM, then the window."""
    from krook import app_log, process_guard

    process_guard.reopen_std_fds()
    process_guard.exit_on_sigterm_now()  # until the first frame: nothing to save yet
    app_log.guard_std_streams()
    with contextlib.suppress(Exception):
        app_log.setup_logging()
    app_log.install_crash_handler()
    folder = app_log.crash_dir()
    fatal = process_guard.take_fatal_report(folder)
    if fatal is not None:
        app_log.mark_unseen(fatal)
    process_guard.enable_fatal_report(folder)
    import time

    started = time.perf_counter()
    import pygame

    try:
        pygame.display.init()
        problem = no_screen_message(pygame.display.get_driver())
    except pygame.error as exc:  # the machine's display, not a bug of Krook's: no crash report for it
        problem = f"Krook could not open its window: {exc}. Start it from the desktop."
    if problem is not None:
        # a window on a memory-only driver would run for ever, unseen, with nothing said
        log.error("%s", problem)
        if sys.stderr is not None:
            with contextlib.suppress(Exception):
                print(f"krook: {problem}", file=sys.stderr, flush=True)
        return 1
    app = App(parse_size(size), True if fullscreen else None)
    try:
        app.frame([], 0.0)
        log.info("first frame after %.2f s", time.perf_counter() - started)
        process_guard.graceful_sigterm(app.request_quit, wake=app.request_quit)
        return app.run()
    finally:
        app.pg.quit()
