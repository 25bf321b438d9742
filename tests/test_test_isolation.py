"""The suite's own isolation (tests/conftest.py): no test, and no thread a test leaves running, writes into
the real player's folders, even when it forgets KROOK_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

INNER = """
import threading
import time

from krook import paths, storage

LATE = []


def _save():
    storage.save_json(paths.user_data_dir() / "history.json", "krook-history", 1, {})


def test_saves_without_asking_for_a_home():
    _save()


def test_leaves_a_saver_thread_running():
    def later():
        time.sleep(0.3)
        _save()

    LATE.append(threading.Thread(target=later))
    LATE[0].start()


def test_waits_for_that_thread():
    LATE[0].join()


def test_forgets_krook_home(monkeypatch):
    monkeypatch.delenv("KROOK_HOME")
    _save()
"""


def test_no_test_writes_into_the_players_own_folders(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(test_inner=INNER)
    player = tmp_path / "player"  # the home folder of whoever runs the tests
    monkeypatch.setenv("HOME", str(player))
    for var in ("KROOK_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(var, raising=False)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, errors=1)  # the guard fails the test at its teardown
    result.stdout.fnmatch_lines(
        [
            "*Failed: the test wrote into the player's own folders instead of KROOK_HOME*",
            "ERROR test_inner.py::test_forgets_krook_home*",
        ]
    )
    assert not player.exists() or not any(player.rglob("*Krook*")), "the player's own folders were touched"
