"""A restart loses nothing: the journal, ready marks, what a resumed host keeps, a clean stop at the score
sheet, and deals nobody can predict (docs/LAN.md, "After a crash")."""

from __future__ import annotations

import json
from pathlib import Path

from krook import storage
from krook.net import Host, RemoteSession, local_session
from krook.net.host import SAVE_KIND, SAVE_VERSION
from krook.net.journal import Replayed, journal_path, read_journal, replay_journal
from krook.net.protocol import HostProtocol, hello, parse_seats
from krook.net.testing import ClientBot, drive, wait_for
from krook.rules import Match, Phase, get_preset, match_from_record
from krook.rules.deal import hand_seed

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


def play_to_score_sheet(match: Match) -> None:
    while match.phase is not Phase.HAND_OVER:
        match.apply(next(iter(match.legal_actions())))


def test_resume_keeps_name_grace_port_and_room_code(tmp_path: Path) -> None:
    save = tmp_path / "host.json"
    host = Host.new_game(
        "lan,bot:simple,lan,bot:simple", name="Den", grace_s=17.0, password="ab12cd", save_path=save, **FAST
    ).start()
    port = host.address[1]
    host.stop()
    again = Host.resume(save, bind="127.0.0.1", discovery_port=None)
    snap = again.snapshot()
    assert (snap.name, snap.grace_s, again.port, snap.password) == ("Den", 17.0, port, "AB12CD")


def test_the_journal_holds_what_the_save_does_not(tmp_path: Path) -> None:
    """Actions journaled after the last full save are replayed; a torn last line is not."""
    save = tmp_path / "host.json"
    host = Host.new_game("lan,bot:random,bot:random,bot:random", save_path=save, seed=5, **FAST).start()
    session = RemoteSession.connect("127.0.0.1", host.address[1], "Ann")
    bot = ClientBot(session, "random", seed=1)
    try:
        assert drive([bot], lambda: host.snapshot() is not None and host.protocol.version > 30, timeout=20)
    finally:
        session.close()
    with host.lock:
        host._running = False  # stop the loop without the final save, as a crash would
    host._thread.join(5)  # type: ignore[union-attr]
    host.store.journal.close()  # type: ignore[union-attr]
    # read once the loop has stopped: an action already in flight when it was told to stop is journaled too
    version = host.protocol.version
    record = host.protocol.match.to_record()
    entries = read_journal(journal_path(save))
    assert len(entries) >= 30 and entries[-1]["v"] == version
    # Pretend the full save is from the start: the journal alone brings the game back.
    first = Match(get_preset("kentucky-discard").rules, list(record["players"]), seed=5)
    state = replay_journal(first, entries, Replayed(False, set()))
    assert first.to_record()["hands"] == record["hands"] and state.started and state.claimed == {0}
    # A torn last line (killed mid-write) ends the replay there; nothing after it is made up.
    path = journal_path(save)
    path.write_bytes(path.read_bytes() + b'{"v": 99999, "seat": 0, "act')
    assert len(read_journal(path)) == len(entries)


def test_ready_survives_a_reconnect_and_a_restart() -> None:
    match = Match(get_preset("kentucky-discard").rules, seed=3)
    changes: list[dict] = []
    proto = HostProtocol(match, parse_seats("lan,lan,bot:simple,bot:simple"), clock=Clock())
    proto.journal = changes.append
    for conn, name in (("a", "Ann"), ("b", "Bob")):
        proto.connect(conn)
        proto.handle(conn, hello(name))
    play_to_score_sheet(match)
    proto.handle("a", {"type": "ready"})
    assert proto.ready == {0} and proto.waiting_for_ready() == [1]
    proto.disconnect("a")
    assert 0 in proto.ready, "a dropped link forgot the ready mark"
    proto.connect("a2")
    out = proto.handle("a2", hello("Ann", proto.tokens[0]))
    welcome = next(m for c, m in out if m["type"] == "welcome")
    assert welcome["ready"] == [0] and match.phase is Phase.HAND_OVER
    # A host restarted from the journal has the mark too.
    copy = match_from_record(match.to_record())
    state = replay_journal(copy, changes, Replayed(True, {0, 1}))
    assert state.ready == {0}


def test_a_clean_stop_at_the_score_sheet_deals_nothing(tmp_path: Path) -> None:
    save = tmp_path / "host.json"
    host = Host.new_game("lan,bot:random,bot:random,bot:random", save_path=save, seed=9, **FAST).start()
    session = RemoteSession.connect("127.0.0.1", host.address[1], "Ann")
    bot = ClientBot(session, "random", seed=2)
    bot.ready_for = 1  # never says ready for hand 1: the host waits at the score sheet
    try:
        assert drive([bot], lambda: host.snapshot().waiting_for_ready == (0,), timeout=20)
    finally:
        host.stop()  # with the player still connected: the stop itself must not deal
        session.close()
    record = storage.load_json(save, SAVE_KIND, SAVE_VERSION)["record"]
    assert len(record["hands"]) == 1, "stopping dealt the next hand"


def test_deals_cannot_be_predicted_but_a_typed_number_replays() -> None:
    a, b = Match(), Match()
    assert a.seed != b.seed and a.seed >= 1 << 127 and b.seed >= 1 << 127
    assert hand_seed(a.seed, 0).bit_length() > 64  # each hand's seed is 128 bits, not 48
    assert a.to_record()["hands"][0]["deal"] != b.to_record()["hands"][0]["deal"]
    # A record keeps every deal, so a secret-seeded game replays exactly.
    play_to_score_sheet(a)
    a.next_hand()
    assert match_from_record(json.loads(json.dumps(a.to_record()))).to_record() == a.to_record()
    # A typed deal number still gives the deals it always gave.
    assert Match(seed=123).to_record()["hands"] == Match(seed=123).to_record()["hands"]
    assert hand_seed(123, 0) < 1 << 48


def test_local_and_lan_games_get_secret_seeds() -> None:
    from krook.session.local import Lobby, LocalSession

    session = LocalSession.new(Lobby.default(), threaded=False, autosave=False)
    assert session.match.seed >= 1 << 127
    assert Host.new_game("lan,bot:simple,bot:simple,bot:simple", **FAST).protocol.match.seed >= 1 << 127


def test_a_failed_host_thread_is_told_to_the_window_and_to_serve(tmp_path: Path, monkeypatch) -> None:
    """Not one connection's fault: the host's own loop failing ends hosting loudly, never silently."""
    from krook.net import serve
    from krook.net.host import Host as HostClass
    from krook.session.base import ErrorEvent

    def broken(self: HostClass) -> None:
        raise RuntimeError("disk on fire")

    host = Host.new_game("human,lan,bot:simple,bot:simple", **FAST)
    monkeypatch.setattr(HostClass, "_housekeeping", broken)
    host.start()
    session = local_session(host, "Ann")
    try:
        assert wait_for(lambda: host.failed is not None, 3)
        events = session.update()
        fatal = [e for e in events if isinstance(e, ErrorEvent) and e.fatal]
        assert fatal and "disk on fire" in fatal[0].message
        assert host.snapshot().failed is not None
    finally:
        host.stop()
    code = serve.main(
        ["--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--save", str(tmp_path / "s.json")]
    )
    assert code == 1
