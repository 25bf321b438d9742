"""``krook serve``: host a LAN game without a window, logging to stdout; Ctrl-C stops it cleanly.

krook serve --preset kentucky-discard --seats "lan,bot:hard,lan,bot:medium" --name "Kitchen table"
krook serve --resume            # carry on the game in the autosave after a restart
krook serve --relay nats://relay.example:4222 --seats "lan,lan,bot:hard,lan"   # also over the internet

With ``--relay`` the ``lan`` seats may be taken over the LAN or through the relay; the invite code is printed
on stdout as one line ``invite code: CODE`` as soon as it exists (and again whenever it is replaced after
repeated wrong guesses). The command exits 0 when the game ends.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from krook import cli_values
from krook.storage import StorageError

from .discovery import DISCOVERY_PORT, local_interfaces
from .host import DEFAULT_PORT, Host
from .protocol import parse_seats, room_code_problem


def check_password(text: str) -> bool:
    return room_code_problem(text) is None


def default_save_path() -> Path:
    from krook import paths

    return paths.user_data_dir() / "lan-host.json"


def build_parser() -> argparse.ArgumentParser:
    from krook.bots import OFFERED_STRENGTHS
    from krook.rules import DEFAULT_PRESET, PRESETS

    p = argparse.ArgumentParser(prog="krook serve", description="Host a LAN game of Krook without a window.")
    p.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS), help="rule set")
    p.add_argument("--target", type=int, default=None, help="play to this score instead of the preset's")
    p.add_argument(
        "--seats",
        default="lan,bot:hard,lan,bot:medium",
        help="one per seat: lan, bot or bot:STRENGTH, STRENGTH one of "
        + ", ".join(name for name, _ in OFFERED_STRENGTHS)
        + " (default: %(default)s)",
    )
    p.add_argument(
        "--port",
        type=cli_values.port,
        default=None,
        help=f"TCP port (default: {DEFAULT_PORT}, or the saved game's with --resume; 0 picks one)",
    )
    p.add_argument("--bind", default="", help="address to listen on (default: every interface)")
    p.add_argument("--name", default=None, help="the name other computers see (default: Krook game)")
    p.add_argument(
        "--grace",
        type=cli_values.seconds,
        default=None,
        help="seconds a dropped player's seat is held before a bot plays it (default: 60)",
    )
    p.add_argument(
        "--password",
        default=None,
        help="a room code a new player must type to take a seat (6 to 32 letters and digits)",
    )
    p.add_argument(
        "--save", type=Path, default=None, help="autosave file (default: lan-host.json in the data folder)"
    )
    p.add_argument("--resume", action="store_true", help="carry on the game in the autosave file")
    p.add_argument("--seed", type=int, default=None, help="deal seed, for repeatable games")
    p.add_argument(
        "--discovery-port", type=cli_values.port, default=DISCOVERY_PORT, help="UDP port games are found on"
    )
    p.add_argument("--no-discovery", action="store_true", help="do not answer 'find games' queries")
    p.add_argument(
        "--bot-delay", type=cli_values.seconds, default=0.6, help="seconds a bot waits before acting"
    )
    p.add_argument(
        "--start-now", action="store_true", help="start at once; bots keep open seats until joined"
    )
    p.add_argument(
        "--relay",
        default=None,
        metavar="URL",
        help="also seat players over the internet through this relay (nats://, tls:// or wss://)",
    )
    return p


def connect_lines(
    bind: str, port: int, code: str | None, lan_seats: list[int], seats: int, save: Path
) -> list[str]:
    """What the person at the terminal tells the players: the addresses to type, the room code, how to stop."""
    if bind and bind not in ("0.0.0.0", "::"):
        addresses = [bind]
    else:
        addresses = [a for a, _ in local_interfaces() if not a.startswith(("127.", "169.254.", "0."))]
        addresses = list(dict.fromkeys(addresses)) or ["127.0.0.1"]
    open_seats = ", ".join(str(s + 1) for s in lan_seats) or "none"
    lines = [
        f"Krook is hosting a game on port {port}. Players choose Join LAN game; if it is not listed, "
        "they type one of these addresses:",
        *(f"  {address}:{port}" for address in addresses),
    ]
    lines.append(f"Room code: {code}" if code else "No room code: anyone on the network may take a seat.")
    lines.append(
        f"Seats open to players: {open_seats} (of {seats}). Ctrl-C stops the host; the game is saved in {save}"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    opts = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(asctime)s %(name)s: %(message)s")
    log = logging.getLogger("krook.serve")
    save = opts.save or default_save_path()
    common: dict[str, Any] = dict(
        bind=opts.bind,
        bot_delay=opts.bot_delay,
        discovery_port=None if opts.no_discovery else opts.discovery_port,
    )
    # The handlers come before the host listens: a SIGTERM sent as soon as the port answers (a service manager,
    # a test) stops the game cleanly instead of killing the process with its default action.
    stop = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        stop.set()

    old = signal.signal(signal.SIGINT, on_signal)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, on_signal)
    try:
        if opts.password is not None and not check_password(opts.password):
            raise ValueError(room_code_problem(opts.password) or "bad room code")
        if opts.resume:
            # what was not given again comes from the save: its name, grace period, port and room code
            host = Host.resume(
                save, port=opts.port, grace_s=opts.grace, name=opts.name, password=opts.password, **common
            )
            log.info("resumed the game saved in %s", save)
        else:
            seats = parse_seats(opts.seats)
            if "human" in seats:
                raise ValueError("a headless host has no 'human' seats: use lan or bot")
            host = Host.new_game(
                seats,
                preset=opts.preset,
                target=opts.target,
                seed=opts.seed,
                name=opts.name or "Krook game",
                grace_s=60.0 if opts.grace is None else opts.grace,
                port=DEFAULT_PORT if opts.port is None else opts.port,
                password=opts.password,
                save_path=save,
                **common,
            )
        host.start()
    except (OSError, ValueError, StorageError) as exc:
        signal.signal(signal.SIGINT, old)
        print(f"krook serve: {exc}", file=sys.stderr)
        return 2
    relay = None
    if opts.relay:
        from .relay import InviteCode, RelayError, RelayHost

        def show_code(code: InviteCode) -> None:
            print(f"invite code: {code}", flush=True)

        try:
            relay = RelayHost(host, opts.relay, on_code=show_code).start()
        except (RelayError, TimeoutError) as exc:
            host.stop()
            signal.signal(signal.SIGINT, old)
            print(f"krook serve: {exc or 'the relay did not answer'}", file=sys.stderr)
            return 2
    if opts.start_now:
        host.start_now()
    snap = host.snapshot()
    lan = ", ".join(str(s + 1) for s, k in enumerate(snap.kinds) if k == "lan")  # from 1, as players count
    log.info("waiting for players on port %s (LAN seats: %s); autosave: %s", host.address[1], lan, save)
    if snap.password:
        log.info("room code: %s", snap.password)
    # plain lines, not log lines: this is what the person at the terminal reads out to the players
    lan_seats = [s for s, k in enumerate(snap.kinds) if k == "lan"]
    for line in connect_lines(opts.bind, host.address[1], snap.password, lan_seats, len(snap.kinds), save):
        print(line, flush=True)
    try:
        while not stop.wait(0.5):
            snap = host.snapshot()
            if snap.failed is not None:
                log.error("%s", snap.failed)
                break
            if snap.game_over:
                log.info("the game is over")
                stop.wait(5)
                break
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, old)
        host.stop()
        if relay is not None:
            relay.stop()
    if host.failed is not None:
        print(f"krook serve: {host.failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
