"""The gallery renders every scene headless to real pictures."""

from __future__ import annotations


def test_gallery_renders_every_scene(tmp_path, monkeypatch):
    import pygame

    from krook.devtools import gallery

    monkeypatch.setenv("KROOK_HOME", str(tmp_path / "home"))
    out = tmp_path / "out"
    assert gallery.main([str(out), "--sizes", "1280x720"]) == 0
    files = sorted(out.glob("*.png"))
    names = {f.name.rsplit("-", 1)[0] for f in files}
    for scene in (
        "title",
        "lobby",
        "deal",
        "bidding",
        "nest",
        "play",
        "score-sheet",
        "pause",
        "settings",
        "rules",
        "curtain",
        "keys",
        "lan",
        "game-over",
        "call-partner",
        "last-trick",
        "watch-list",
        "replay",
        "replay-in-progress",
        "replay-lan",
        "review-par",
        "history",
        "learn",
        "learn-end",
        "undo",
    ):
        assert any(scene in n for n in names), scene
    for f in files:
        img = pygame.image.load(str(f))
        assert img.get_size() == (1280, 720)
        colours = {tuple(img.get_at((x, y))) for x in range(0, 1280, 97) for y in range(0, 720, 61)}
        assert len(colours) > 4, f"{f.name} looks blank"


def test_gallery_card_sheets_and_colour_vision(tmp_path, monkeypatch):
    import pygame

    from krook.devtools import gallery

    monkeypatch.setenv("KROOK_HOME", str(tmp_path / "home"))
    out = tmp_path / "out"
    assert gallery.main([str(out), "--sizes", "1280x720", "--only", "cards", "--colour-vision"]) == 0
    names = sorted(f.name for f in out.glob("*.png"))
    for sheet in ("22-cards", "23-cards-colour-blind"):
        for suffix in ("", "_protanopia", "_deuteranopia"):
            assert f"{sheet}-1280x720{suffix}.png" in names
    normal = pygame.image.load(str(out / "22-cards-1280x720.png"))
    simulated = pygame.image.load(str(out / "22-cards-1280x720_protanopia.png"))
    assert normal.get_size() == simulated.get_size() == (1280, 720)
    assert pygame.image.tobytes(normal, "RGB") != pygame.image.tobytes(simulated, "RGB")


def test_gallery_leaves_no_folder_behind(tmp_path, monkeypatch):
    """Without KROOK_HOME the gallery keeps its games in a folder of its own and removes it when done; with one
    set it makes no folder at all (it once made an empty one on every run, set or not)."""
    import os
    import tempfile

    from krook.devtools import gallery

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.delenv("KROOK_HOME", raising=False)
    assert gallery.main([str(tmp_path / "a"), "--sizes", "640x360", "--only", "01-title"]) == 0
    assert list((tmp_path / "a").glob("01-title*.png"))
    assert "KROOK_HOME" not in os.environ
    monkeypatch.setenv("KROOK_HOME", str(tmp_path / "home"))
    assert gallery.main([str(tmp_path / "b"), "--sizes", "640x360", "--only", "01-title"]) == 0
    assert list(scratch.iterdir()) == []
