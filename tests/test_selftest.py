from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from krook import paths, selftest

BUILT_IN = ("assets", "user_dirs", "display")


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.delenv(selftest.STRICT_ENV, raising=False)
    registered = dict(selftest.CHECKS)
    yield
    selftest.CHECKS.clear()
    selftest.CHECKS.update(registered)


def test_selftest_passes_and_reports_every_check(tmp_path: Path) -> None:
    report = selftest.run_selftest(home=tmp_path)
    assert report["ok"] is True, report.get("reason")
    assert report["frozen"] is False
    assert report["python"].count(".") == 2
    assert list(report["checks"]) == list(selftest.CHECKS)
    for name in BUILT_IN:
        assert report["checks"][name]["status"] == "ok", report["checks"][name]
    json.dumps(report)  # the report must be JSON as it is


@pytest.mark.parametrize(
    "name", ["scenes_render", "bot_hand", "net_loopback", "internet_stack", "review_worker"]
)
def test_the_checks_of_other_packages_run_for_real(tmp_path: Path, name: str) -> None:
    result = selftest.run_selftest(home=tmp_path, only=[name])["checks"][name]
    assert result["status"] == "ok", result


def test_a_review_that_falls_back_to_a_thread_fails_the_review_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from krook.review.job import ReviewJob

    def no_process(self: ReviewJob) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(ReviewJob, "_start_process", no_process)
    result = selftest.run_selftest(home=tmp_path, only=["review_worker"])["checks"]["review_worker"]
    assert result["status"] == "failed"
    assert "did not start" in result["detail"]


def test_strict_turns_skips_into_failure(tmp_path: Path) -> None:
    @selftest.check("always_skips")
    def _skip(ctx: selftest.Context) -> str:
        raise selftest.SkipCheck("needs a printer")

    relaxed = selftest.run_selftest(home=tmp_path, only=["display", "always_skips"])
    assert relaxed["ok"] is True
    skipped = relaxed["checks"]["always_skips"]
    assert (skipped["status"], skipped["detail"]) == ("skipped", "needs a printer")
    strict = selftest.run_selftest(home=tmp_path, only=["display", "always_skips"], strict=True)
    assert strict["ok"] is False
    assert strict["reason"] == "always_skips: skipped: needs a printer"


def test_a_failing_check_fails_the_run_with_its_reason(tmp_path: Path) -> None:
    @selftest.check("broken")
    def _broken(ctx: selftest.Context) -> str:
        raise RuntimeError("trump suit lost")

    report = selftest.run_selftest(home=tmp_path)
    assert report["ok"] is False
    assert report["checks"]["broken"]["status"] == "failed"
    assert report["reason"].startswith("broken: failed: RuntimeError: trump suit lost")
    assert all(report["checks"][n]["status"] == "ok" for n in BUILT_IN), "other checks still ran"


def test_duplicate_check_names_are_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):
        selftest.check("assets")(lambda ctx: "")


def test_an_import_error_inside_a_check_is_a_failure_not_a_skip(tmp_path: Path) -> None:
    @selftest.check("imports")
    def _imports(ctx: selftest.Context) -> str:
        import krook.no_such_module  # type: ignore[import-not-found]  # noqa: F401

        return "imported"

    checks = selftest.run_selftest(home=tmp_path, only=["imports"])["checks"]
    assert checks["imports"]["status"] == "failed"
    assert "krook.no_such_module" in checks["imports"]["detail"]


def test_a_damaged_font_fails_the_assets_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from krook.render import fonts

    assets = tmp_path / "assets"
    (assets / "fonts").mkdir(parents=True)
    good = (fonts.FONTS_DIR / "OpenSans-Regular.ttf").read_bytes()
    damaged = bytearray(good)
    damaged[len(good) // 2] ^= 0xFF
    (assets / "fonts" / "Damaged.ttf").write_bytes(bytes(damaged))
    (assets / "fonts" / "Good.ttf").write_bytes(good)
    monkeypatch.setattr(paths, "assets_root", lambda: assets)
    home = tmp_path / "home"
    home.mkdir()
    report = selftest.run_selftest(home=home, only=["assets"])
    assert report["ok"] is False
    assert "fonts/Damaged.ttf" in report["reason"] and "damaged font" in report["reason"]
    (assets / "fonts" / "Damaged.ttf").unlink()
    assert selftest.run_selftest(home=home, only=["assets"])["ok"] is True


@pytest.mark.parametrize("error", [OSError("no audio device"), ImportError("libSDL2_mixer missing")])
def test_audio_failure_of_any_kind_is_silent_play_not_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    import pygame

    def broken_init(*a: object, **k: object) -> None:
        raise error

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    report = selftest.run_selftest(home=tmp_path, only=["assets"])
    assert report["ok"] is True, report.get("reason")
    assert "mixer unavailable" in report["checks"]["assets"]["detail"]
    assert str(error) in report["checks"]["assets"]["detail"]


def test_broken_asset_fails_the_assets_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assets = tmp_path / "assets"
    (assets / "cards").mkdir(parents=True)
    (assets / "cards" / "bad.svg").write_text("<svg this is not", encoding="utf-8")
    monkeypatch.setattr(paths, "assets_root", lambda: assets)
    home = tmp_path / "home"
    home.mkdir()
    report = selftest.run_selftest(home=home, only=["assets"])
    assert report["ok"] is False
    assert "cards/bad.svg" in report["reason"]


def test_env_restored_and_player_files_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "player"))
    selftest.run_selftest(only=["user_dirs"])
    assert os.environ[paths.HOME_ENV] == str(tmp_path / "player")
    assert not (tmp_path / "player").exists()


def test_main_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest.main(["display", "user_dirs"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    report = json.loads(out)
    assert report["ok"] is True and set(report["checks"]) == {"display", "user_dirs"}


def test_main_exit_code_on_failure(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest.main(["no_such_check"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and "no_such_check" in report["reason"]


def test_packaging_icons_are_checked_by_header(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assets = tmp_path / "assets"
    (assets / "icon").mkdir(parents=True)
    monkeypatch.setattr(paths, "assets_root", lambda: assets)
    home = tmp_path / "home"
    home.mkdir()
    (assets / "icon" / "krook.ico").write_bytes(b"\x00\x00\x01\x00\x01\x00" + b"\x00" * 16)
    assert selftest.run_selftest(home=home, only=["assets"])["ok"] is True
    (assets / "icon" / "krook.ico").write_bytes(b"<html>not an icon</html>")
    report = selftest.run_selftest(home=home, only=["assets"])
    assert report["ok"] is False and "icon/krook.ico" in report["reason"]
