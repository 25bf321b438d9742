"""Fixtures the tests share: headless SDL, a home folder of the test's own, and quick bots in the seats.

No test may touch the player's own folders. Every test gets a ``KROOK_HOME`` of its own (autouse); the
per-user folders platformdirs would give without one (``XDG_*``) point into a throwaway profile that a
test fails for writing into; and between tests ``KROOK_HOME`` names a session folder, so a background
thread that saves after its test has ended (the saver thread archiving a finished game) lands there too.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

# Every test runs headless: no window, no sound card. Set before any test module imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Set at import, before any test runs; subprocesses the tests start inherit all of it.
_SANDBOX = Path(tempfile.mkdtemp(prefix="krook-tests-"))
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = str(_SANDBOX / "profile" / _var.lower())
os.environ["KROOK_HOME"] = str(_SANDBOX / "between-tests")

import platformdirs  # noqa: E402
import pytest  # noqa: E402

from krook.paths import APP_NAME, HOME_ENV  # noqa: E402


def _player_folders() -> list[Path]:
    """Where Krook keeps a player's files when KROOK_HOME is not set (here: inside the throwaway profile)."""
    return [
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    ]


def _files(folders: list[Path]) -> dict[Path, tuple[int, int]]:
    seen: dict[Path, tuple[int, int]] = {}
    for folder in folders:
        if folder.exists():
            seen[folder] = (0, 0)
            for p in folder.rglob("*"):
                st = p.lstat()
                seen[p] = (st.st_mtime_ns, st.st_size)
    return seen


@pytest.fixture(autouse=True)
def _own_krook_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """A KROOK_HOME for every test; the test fails if it wrote into the player's own folders anyway."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path_factory.mktemp("krook-home")))
    before = _files(_player_folders())
    yield
    after = _files(_player_folders())
    changed = sorted(
        str(p) for p in set(before) ^ set(after) | {p for p in before if after.get(p) != before[p]}
    )
    if changed:
        pytest.fail(f"the test wrote into the player's own folders instead of KROOK_HOME: {changed[:5]}")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_SANDBOX, ignore_errors=True)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """``KROOK_HOME`` in the test's temporary folder: settings and saves start empty and stay there."""
    monkeypatch.setenv("KROOK_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def inline_bots(monkeypatch):
    """Bots think inline, on the test's thread: each frame does the same work however loaded the machine is."""
    from krook.session.local import LocalSession

    new = LocalSession.new.__func__

    def inline(cls, lobby, **kw):
        return new(cls, lobby, **{**kw, "threaded": False})

    monkeypatch.setattr(LocalSession, "new", classmethod(inline))


@pytest.fixture
def simple_bots(monkeypatch):
    """Fast, deterministic bots whatever strengths exist in the seats: the scene tests are about the screens."""
    from krook.bots import make_bot

    monkeypatch.setattr("krook.session.local.make_bot", lambda strength: make_bot("simple"))
