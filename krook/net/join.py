"""``krook join``: take a seat without a window and let a bot play it to the end of the game.

krook join --relay nats://relay.example:4222 K7QM-482-916 --bot hard --name "Grandpa's bot"
krook join 192.168.1.20 --port 47470 --bot medium          # a LAN game, by address

Exit status: 0 when the game ends, 1 when the game is lost (the host closed it or never came back), 2 for
a refused join (wrong code, full table, unreachable relay: the reason is printed), 3 when ``--target`` is
given and the table plays to another score.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time

from krook import cli_values
from krook.session.base import ErrorEvent, GameOverEvent

from .host import DEFAULT_PORT
from .join_error import JoinError
from .remote_session import RemoteSession
from .testing import ClientBot


def build_parser() -> argparse.ArgumentParser:
    from krook.bots import OFFERED_STRENGTHS

    p = argparse.ArgumentParser(prog="krook join", description="Play a seat of a Krook game with a bot.")
    p.add_argument("where", help="the invite code (with --relay) or the host's address (LAN)")
    p.add_argument("--relay", default=None, metavar="URL", help="join through this relay by invite code")
    p.add_argument(
        "--port",
        type=cli_values.port,
        default=DEFAULT_PORT,
        help="the LAN host's port (default: %(default)s)",
    )
    p.add_argument(
        "--bot",
        default="medium",
        help="who plays the seat: " + ", ".join(name for name, _ in OFFERED_STRENGTHS) + " (default: medium)",
    )
    p.add_argument("--name", default=None, help="the player's name at the table (default: the bot's)")
    p.add_argument("--password", default=None, help="a LAN game's room code")
    p.add_argument("--target", type=int, default=None, help="leave (status 3) unless the game is played to N")
    p.add_argument(
        "--timeout", type=cli_values.seconds, default=15.0, help="seconds to wait for the host to answer"
    )
    return p


def main(argv: list[str] | None = None) -> int:
    opts = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(name)s: %(message)s")
    name = opts.name or f"Bot ({opts.bot})"
    try:
        from krook.bots import make_bot

        make_bot(opts.bot)
    except ValueError as exc:
        print(f"krook join: {exc}", file=sys.stderr)
        return 2
    try:
        if opts.relay:
            from . import internet

            try:
                session = internet.join(opts.relay, opts.where, name, timeout=opts.timeout)
            except internet.InternetError as exc:
                print(f"krook join: {exc.message} ({exc.detail})", file=sys.stderr)
                return 2
        else:
            session = RemoteSession.connect(
                opts.where, opts.port, name, timeout=opts.timeout, password=opts.password
            )
    except JoinError as exc:
        print(f"krook join: {exc.message}", file=sys.stderr)
        return 2
    seat = session.seat
    # seats counted from 1, as `krook serve` lists the open ones
    joined = f"seat {seat + 1} of {len(session.view(seat).players)}" if seat is not None else "a seat"
    print(f"joined: {joined}", flush=True)
    bot = ClientBot(session, opts.bot, seed=time.time_ns() & 0xFFFF)
    try:
        while not bot.game_over:
            bot.step()
            if opts.target is not None and session.seat in session.local_seats:
                try:
                    target = session.view(session.seat).rules_obj.target
                except ValueError:
                    target = None
                if target is not None and target != opts.target:
                    print(f"krook join: this table plays to {target}, not {opts.target}", file=sys.stderr)
                    return 3
            fatal = [e for e in bot.errors if isinstance(e, ErrorEvent) and e.fatal]
            if fatal:
                print(f"krook join: {fatal[-1].message}", file=sys.stderr)
                return 1
            time.sleep(0.01)
        # the game-over event can come before the last view: wait a moment for the view that holds the result
        winner = next((e.winner for e in reversed(bot.events) if isinstance(e, GameOverEvent)), None)
        deadline = time.monotonic() + 5.0
        view = session.view(session.seat)
        while view.winner is None and time.monotonic() < deadline:
            session.update()
            time.sleep(0.02)
            view = session.view(session.seat)
        if view.winner is not None:
            winner = view.winner
        columns = ", ".join(
            f"{label} {score}" for label, score in zip(view.columns, view.scores, strict=True)
        )
        won = (
            f"{view.columns[winner]} won"
            if winner is not None and 0 <= winner < len(view.columns)
            else "no winner"
        )
        print(f"game over: {won} ({columns})", flush=True)
        return 0
    except KeyboardInterrupt:
        return 1
    finally:
        session.close()


if __name__ == "__main__":
    sys.exit(main())
