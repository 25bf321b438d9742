"""``krook gallery OUT_DIR``: render every scene, with scripted game states, and every card face to PNG files.

    python -m krook.devtools.gallery OUT_DIR [--sizes 1280x720,1920x1080,3840x2160] [--only NAME,...]
                                          [--colour-vision]

Runs headless (it sets SDL's dummy video and audio drivers unless they are set) and writes
``OUT_DIR/<scene>-<W>x<H>.png``. Game states are built by applying actions to a seeded ``Match``, so the
pictures are the same on every run. Besides the scenes come two card sheets per size, every face of the
normal and the colour-blind deck with the Krook cards and the backs, scaled to fill the window
(``build/art/card_sheet.py`` draws them). ``--colour-vision`` also writes ``<name>_protanopia.png`` and
``<name>_deuteranopia.png`` beside each picture (``build/art/colour_vision.py`` transforms them); the
card sheets and the colour-vision pictures need a source checkout, where ``build/art`` is.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from krook import cli_values
from krook.rules import Action, Bid, Color, Match, Pass, Phase, Trump, card_name
from krook.rules.cards import names

DEFAULT_SIZES = ((960, 540), (1280, 720), (1920, 1080), (3840, 2160))  # from the smallest window (krook.app)
CARD_SHEETS = {"22-cards": False, "23-cards-colour-blind": True}  # name -> colour-blind deck
COLOUR_VISION = ("protanopia", "deuteranopia")


def art_script(name: str) -> Any:
    """A module of ``build/art`` (the project's art scripts), loaded from the source checkout."""
    path = Path(__file__).resolve().parents[2] / "build" / "art" / f"{name}.py"
    if not path.is_file():
        raise RuntimeError(
            f"{path} is missing: card sheets and colour-vision pictures need a source checkout"
        )
    spec = importlib.util.spec_from_file_location(f"krook_build_art_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def card_sheet(size: tuple[int, int], colour_blind: bool) -> tuple[Any, int]:
    """Every face of one deck, the Krook cards and the backs, as large as fits a ``size`` window."""
    import pygame

    from krook.paths import assets_root
    from krook.render.card_art import CardArt
    from krook.render.palette import PALETTE

    sheets = art_script("card_sheet")
    art = CardArt(assets_root())
    w, h = size
    height = h // 6
    picture = sheets.sheet(art, [colour_blind], height)
    while picture.get_width() > w or picture.get_height() > h * 0.92:
        height = round(height * min(w / picture.get_width(), h * 0.92 / picture.get_height()) * 0.99)
        picture = sheets.sheet(art, [colour_blind], height)
    out = pygame.Surface(size)
    out.fill(PALETTE.felt)
    out.blit(picture, picture.get_rect(center=(w // 2, round(h * 0.54))))
    return out, height


def _policy(match: Match, human: int, rng: random.Random, bid_to: int | None = None) -> Action:
    """A scripted move: the human seat takes the bid at the minimum, bots pass, then anything legal."""
    legal = match.legal_actions()
    if match.phase is Phase.BIDDING:
        bids = legal.bids()
        if match.to_act == human and bids:
            return Bid(next((b for b in bids if bid_to is None or b >= bid_to), bids[0]))
        return Pass() if legal.can_pass else next(legal.actions())
    if match.phase is Phase.TRUMP:
        return Trump(Color.GREEN)
    return legal.choice(rng)


def build_session(
    preset: str = "kentucky-discard",
    seed: int = 7,
    humans: tuple[int, ...] = (0,),
    names: list[str] | None = None,
    dealer: int = -1,
) -> Any:
    from krook.session.local import Lobby, LocalSession, SeatConfig

    lobby = Lobby.default()
    lobby.preset = preset
    rules = lobby.rules()
    names = names or ["You", "Ada", "Ben", "Cleo", "Dev", "Eli"]
    lobby.seats = [
        SeatConfig(names[i], "human" if i in humans else "bot", "medium") for i in range(rules.players)
    ]
    lobby.seed = seed
    lobby.first_dealer = dealer % rules.players
    session = LocalSession.new(lobby, threaded=False, autosave=False)
    session.bot_delay = 1e9  # frozen: the picture must not move on
    return session


def advance(
    session: Any,
    until: Callable[[Any], bool],
    human: int = 0,
    seed: int = 1,
    limit: int = 400,
    bid_to: int | None = None,
) -> None:
    rng = random.Random(seed)
    match = session.match
    for _ in range(limit):
        if until(match):
            return
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
            continue
        match.apply(_policy(match, human, rng, bid_to))
    raise RuntimeError("the scripted game never reached the wanted state")


def _table(app: Any, session: Any, settle: bool = True) -> Any:
    from krook.scenes.table.scene import TableScene

    scene = TableScene(app.services, session)
    scene.state.deal.t = -1.0
    scene.shown.dealt = True
    if settle:
        scene.update(0.0)
    return scene


def scenes(app: Any) -> dict[str, Callable[[], list[Any]]]:
    """Scene name -> a function building the stack of scenes to draw (bottom first)."""
    from krook.devtools.lan_gallery import gallery_scenes as lan_scenes
    from krook.devtools.viewer_gallery import gallery_scenes as viewer_scenes
    from krook.scenes.menus.keys_overlay import KeysOverlay
    from krook.scenes.menus.lobby import LobbyScene
    from krook.scenes.menus.pause import PauseScene
    from krook.scenes.menus.rules_reader import RulesScene
    from krook.scenes.menus.settings import SettingsScene
    from krook.scenes.menus.title import TitleScene
    from krook.scenes.table.curtain import CurtainScene
    from krook.scenes.table.score import ScoreSheetScene
    from krook.session.base import ActionEvent

    s = app.services

    def title() -> list[Any]:
        return [TitleScene(s)]

    def lobby(preset: str = "") -> list[Any]:
        scene = LobbyScene(s)
        if preset:
            scene.preset_stepper.set_value(preset)
            scene._pick_preset(preset)
        return [scene]

    def deal() -> list[Any]:
        session = build_session()
        scene = _table(app, session, settle=False)
        scene.state.deal.length = 2.0
        scene.state.deal.t = 1.1
        scene.shown.dealt = False
        return [scene]

    def bidding() -> list[Any]:
        session = build_session(dealer=0)
        m = session.match
        for action in (Bid(70), Pass(), Bid(75)):
            m.apply(action)
        scene = _table(app, session)
        scene.state.bubbles.clear()
        scene.state.bubble(1, "Bid 70", 9)
        scene.state.bubble(2, "Pass", 9)
        scene.state.bubble(3, "Bid 75", 9)
        scene.update(0.0)
        scene.bidding.step(2)
        return [scene]

    def nest() -> list[Any]:
        session = build_session()
        advance(session, lambda m: m.phase is Phase.DISCARD)
        scene = _table(app, session)
        rule = scene.view.legal_actions().discard
        assert rule is not None
        scene.state.selected = set(names(rule.allowed)[:3])
        return [scene]

    def nest_strict() -> list[Any]:
        session = build_session("kentucky-rook")
        advance(session, lambda m: m.phase is Phase.DISCARD, bid_to=100)
        scene = _table(app, session)
        rule = scene.view.legal_actions().discard
        assert rule is not None
        allowed = names(rule.allowed)
        scene.card_clicked(next((c for c in scene.view.hand if c not in allowed), scene.view.hand[0]))
        return [scene]

    def trump() -> list[Any]:
        session = build_session()
        advance(session, lambda m: m.phase is Phase.TRUMP)
        return [_table(app, session)]

    def call() -> list[Any]:
        session = build_session("call-partner", seed=3)
        advance(session, lambda m: m.phase is Phase.CALL, bid_to=100)
        return [_table(app, session)]

    def others_choosing() -> list[Any]:
        session = build_session(seed=11)
        m = session.match
        m.apply(Pass())
        m.apply(Bid(70))
        while m.phase is Phase.BIDDING:
            m.apply(Pass())
        return [_table(app, session)]

    def play() -> list[Any]:
        for seed in range(1, 60):
            session = build_session(seed=seed)
            try:
                advance(
                    session,
                    lambda m: (
                        m.phase is Phase.PLAY
                        and m.to_act == 0
                        and len(m.hand.trick) == 2
                        and len(m.hand.tricks) >= 2
                        and len(m.legal_actions()) < m.hand.hands[0].bit_count()
                    ),
                    seed=seed,
                )
            except RuntimeError:
                continue
            scene = _table(app, session)
            return [scene]
        raise RuntimeError("no play state found")

    def play_illegal() -> list[Any]:
        scene = play()[0]
        legal = {card_name(c) for c in scene.view.legal_actions().cards()}
        bad = next(c for c in scene.view.hand if c not in legal)
        scene.card_clicked(bad)
        return [scene]

    def trick_flying() -> list[Any]:
        scene = play()[0]
        session = scene.session
        seat = session.match.to_act
        action = next(iter(session.match.legal_actions().actions()))
        session.match.apply(action)
        scene.state.queue.append(ActionEvent(seat, action, session.version))
        scene.animator.show(scene.state.queue.popleft(), 1.0)
        for f in scene.state.flights:
            f.t = f.duration * 0.5
        return [scene]

    def last_trick() -> list[Any]:
        scene = play()[0]
        scene.state.show_last = True
        return [scene]

    def score_sheet() -> list[Any]:
        session = build_session(seed=5)
        advance(session, lambda m: len(m.results) >= 3 and m.phase is Phase.HAND_OVER)
        table = _table(app, session)
        return [table, ScoreSheetScene(s, session, table)]

    def game_over() -> list[Any]:
        session = build_session(seed=5)
        advance(session, lambda m: m.is_over, limit=4000)
        table = _table(app, session)
        return [table, ScoreSheetScene(s, session, table)]

    def pause() -> list[Any]:
        return [*play(), PauseScene(s)]

    def settings() -> list[Any]:
        return [SettingsScene(s)]

    def rules() -> list[Any]:
        return [RulesScene(s)]

    def curtain() -> list[Any]:
        session = build_session(humans=(0, 2), names=["Ann", "Ada", "Bob", "Cleo"])
        table = _table(app, session, settle=False)
        return [table, CurtainScene(s, "Ann", lambda: None)]

    def hotseat_covered() -> list[Any]:
        """Hot-seat: the screen is about to change hands, so every hand is face down, the viewer's too."""
        session = build_session(humans=(0, 2), names=["Ann", "Ada", "Bob", "Cleo"])
        advance(session, lambda m: m.phase.value == "play" and m.to_act == 0, human=0)
        table = _table(app, session)
        table.state.cover()
        return [table]

    def hotseat_confirmed() -> list[Any]:
        """Hot-seat: Ann pressed through her curtain; only her hand is face up."""
        session = build_session(humans=(0, 2), names=["Ann", "Ada", "Bob", "Cleo"])
        advance(session, lambda m: m.phase.value == "play" and m.to_act == 0, human=0)
        table = _table(app, session)
        table.state.hand_over_to(0)
        table.update(0.0)
        return [table]

    def keyboard_focus() -> list[Any]:
        """Keyboard play: the focus ring on a card other than the first (set by Right presses)."""
        scene = play()[0]
        scene.update(0.0)
        legal = [i for i, c in enumerate(scene.hand_codes()) if f"play {c}" in scene.view.legal]
        scene.state.focus_card = legal[-1] if legal else 0
        return [scene]

    def redeal_out_of_turn() -> list[Any]:
        """Redeal at any time: "You" hold no counters while another seat bids, so a Redeal button shows."""
        from krook.session.local import Lobby, LocalSession, SeatConfig

        overrides = {"no_counter_redeal": True, "redeal_any_time": True}
        lobby = Lobby(
            [
                SeatConfig(n, "human" if i == 0 else "bot", "medium")
                for i, n in enumerate(["You", "Ada", "Ben", "Cleo"])
            ],
            overrides=overrides,
        )
        for seed in range(2000):  # the first deal that leaves "You" without a counter, someone else to bid
            lobby.seed = seed
            session = LocalSession.new(lobby, threaded=False, autosave=False)
            m = session.match
            if m.to_act != 0 and m.hand.may_call_redeal(0):
                session.bot_delay = 1e9
                return [_table(app, session)]
            session.close()
        raise RuntimeError("no deal without counters found")

    def keys() -> list[Any]:
        return [*play(), KeysOverlay(s)]

    def review(done: bool = True, par_search: bool = False) -> list[Any]:
        from krook.review.engine import Reviewer
        from krook.scenes.archive.review import ReviewScene

        session = build_session(seed=5)
        advance(
            session,
            lambda m: bool(m.results) and m.results[-1].trump is not None and m.phase.value == "hand_over",
        )
        table = _table(app, session)
        sheet = ScoreSheetScene(s, session, table)
        index = len(session.match.results) - 1
        scene = ReviewScene(s, session.match, index, 0)
        assert scene.job is not None
        scene.job.cancel()
        scene.job.join(30)
        # the snapshot drawn is solved here, on this thread: the picture must not depend on the worker's timing
        steps = Reviewer(session.match, index, 0, bid_budget_s=0.05).steps()
        snapshot = None
        for snapshot in steps:
            if not done and snapshot.par is not None and snapshot.checked >= 3:
                break
            if par_search:
                # mid-way through the par's search: its interval so far (around the par found here)
                par = Reviewer(session.match, index, 0, bids=False).run().par or 0
                snapshot = dataclasses.replace(
                    snapshot, par_low=max(0, par - 15), par_high=par + 25, par_span=120, nodes=412_345
                )
                break
        scene.job.latest = snapshot
        scene.job.finished = done
        return [table, sheet, scene]

    def claim() -> list[Any]:
        from krook.bots.claims import claim_plan

        def claimable(m: Any) -> bool:
            return m.phase.value == "play" and m.to_act == 0 and claim_plan(m.view(0)) is not None

        for seed in range(1, 80):  # the first seeded game whose play offers "You" a claim
            session = build_session(seed=seed)
            try:
                advance(session, claimable, limit=300)
            except (RuntimeError, IndexError):
                session.close()
                continue
            return [_table(app, session)]
        raise RuntimeError("no seeded game offered a claim")

    return {
        "01-title": title,
        "02-lobby": lobby,
        "02-lobby-five-handed": lambda: lobby("five-handed"),
        "02-lobby-six-handed": lambda: lobby("six-handed"),
        "03-deal": deal,
        "04-bidding": bidding,
        "05-nest": nest,
        "06-nest-no-counters": nest_strict,
        "07-trump": trump,
        "08-call-partner": call,
        "09-others-choosing": others_choosing,
        "10-play": play,
        "11-play-illegal": play_illegal,
        "12-trick-flying": trick_flying,
        "13-last-trick": last_trick,
        "14-score-sheet": score_sheet,
        "15-game-over": game_over,
        "16-pause": pause,
        "17-settings": settings,
        "18-rules": rules,
        "19-curtain": curtain,
        "19-hotseat-covered": hotseat_covered,
        "19-hotseat-confirmed": hotseat_confirmed,
        "24-keyboard-focus": keyboard_focus,
        "04-bidding-redeal-out-of-turn": redeal_out_of_turn,
        **lan_scenes(app),
        "21-keys": keys,
        **viewer_scenes(app),
        "30-review": review,
        "31-review-solving": lambda: review(done=False),
        "31-review-par": lambda: review(done=False, par_search=True),
        "32-claim": claim,
    }


def render(
    out_dir: Path,
    sizes: list[tuple[int, int]],
    only: list[str] | None = None,
    colour_vision: bool = False,
) -> list[Path]:
    """Draw each scene (``only``: those whose names hold one of these) at each size into ``out_dir``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "KROOK_HOME" in os.environ:
        return _render(out_dir, sizes, only, colour_vision)
    # the gallery's games and settings go to a folder of its own, never the player's, and it goes when done
    with tempfile.TemporaryDirectory(prefix="krook-gallery-") as home:
        os.environ["KROOK_HOME"] = home
        try:
            return _render(out_dir, sizes, only, colour_vision)
        finally:
            del os.environ["KROOK_HOME"]


def _render(
    out_dir: Path, sizes: list[tuple[int, int]], only: list[str] | None, colour_vision: bool
) -> list[Path]:
    import pygame

    from krook.app import App
    from krook.settings_store import Settings

    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for size in sizes:
        app = App(size, fullscreen=False, settings=Settings(window_size=size))
        builders = scenes(app)
        for name, build in builders.items():
            if only and not any(o in name for o in only):
                continue
            app.services.keyboard_mode = "keyboard" in name  # focus rings show after a key, not a click
            stack = build()
            app.stack.scenes = []
            app.stack._ops = []
            for scene in stack:
                app.stack.scenes.append(scene)
            surface = pygame.Surface(size)
            app.stack.draw(surface)
            path = out_dir / f"{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(surface, str(path))
            written.append(path)
            for scene in stack:
                session = getattr(scene, "session", None)
                if session is not None:
                    session.close()
        for name, colour_blind in CARD_SHEETS.items():
            if only and not any(o in name for o in only):
                continue
            surface, height = card_sheet(size, colour_blind)
            deck = "Colour-blind deck" if colour_blind else "Normal deck"
            caption = (
                f"{deck}: every face at {height} px, the Krook cards and the backs ({size[0]}x{size[1]})"
            )
            theme = app.services.theme
            theme.resize(size)
            theme.text(surface, caption, (size[0] // 2, theme.px(8)), "label", anchor="midtop")
            path = out_dir / f"{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(surface, str(path))
            written.append(path)
    if colour_vision:
        written += simulate_colour_vision(written)
    pygame.quit()
    return written


def simulate_colour_vision(pictures: list[Path]) -> list[Path]:
    """``<name>_protanopia.png`` and ``<name>_deuteranopia.png`` beside each picture."""
    import pygame

    vision = art_script("colour_vision")
    written = []
    for path in pictures:
        image = pygame.image.load(str(path))
        for kind in COLOUR_VISION:
            out = path.with_name(f"{path.stem}_{kind}.png")
            pygame.image.save(vision.transform(image, kind), str(out))
            written.append(out)
    return written


def _size(text: str) -> tuple[int, int]:
    """One of ``--sizes``: ``WIDTHxHEIGHT``, read as ``krook --size`` reads it."""
    try:
        return cli_values.window_size(text)
    except (argparse.ArgumentTypeError, ValueError):
        raise ValueError(f"--sizes: {text!r} is not a window size such as 1280x800") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="krook gallery", description="Render every scene to PNG files.")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in DEFAULT_SIZES))
    parser.add_argument("--only", default="", help="comma-separated parts of scene names")
    parser.add_argument(
        "--colour-vision",
        action="store_true",
        help="also write protanopia and deuteranopia versions of every picture",
    )
    args = parser.parse_args(argv)
    try:
        sizes = [_size(s) for s in args.sizes.split(",") if s]
        args.out_dir.mkdir(parents=True, exist_ok=True)
    except (ValueError, OSError) as exc:
        parser.error(str(exc))  # exit 2 with the reason, not a traceback
    only = [o for o in args.only.split(",") if o] or None
    written = render(args.out_dir, sizes, only, args.colour_vision)
    if sys.stdout is not None:
        print(f"wrote {len(written)} images to {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
