"""LAN games are kept like local ones: the host keeps the whole record, a client only what its seat saw.

A whole game on loopback between the host's own screen (seat 0) and a client (seat 1), both keeping; then the
kept games are listed, counted in the history and watched through the real scenes, and the client's record is
checked view by view against what its seat was allowed to see.
"""

from __future__ import annotations

import json

import pygame
import pytest
from scene_helpers import button, click, key, make_app

from krook.net import Host, RemoteSession, local_session
from krook.net.testing import ClientBot, drive
from krook.session import finished, history
from krook.session.replay import Replay

FAST = dict(bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0)


@pytest.fixture
def lan_game(home):
    host = Host.new_game("human,lan,bot:simple,bot:simple", seed=11, target=150, host_name="Hostess", **FAST)
    host.start()
    local = local_session(host, "Hostess")
    remote = RemoteSession.connect("127.0.0.1", host.address[1], "Ann")
    try:
        local.keep_finished_game()
        remote.keep_finished_game()
        bots = [ClientBot(local, "simple", seed=1), ClientBot(remote, "simple", seed=2)]
        assert drive(bots, lambda: all(b.game_over for b in bots), timeout=240)
        # the last messages (the client's last view comes after the game-over event) and the files
        assert drive(bots, lambda: remote.keeper is not None and remote.keeper.kept, timeout=10)
        assert local.keeper is not None and local.keeper.kept and local.keeper.wait()
        assert remote.keeper.wait() and remote.keeper.error is None and local.keeper.error is None
        yield host, local, remote
    finally:
        remote.close()
        host.stop()


def test_both_sides_keep_the_game_and_count_it_in_the_history(lan_game):
    host, _local, _remote = lan_game
    full = host.protocol.match.to_record()
    games = finished.list_games()
    assert len(games) == 2
    by_kind = {g.seat_only: g for g in games}
    assert set(by_kind) == {None, 1}
    hosted, client = by_kind[None], by_kind[1]
    # the host: the whole record, its own seat the human one
    assert finished.load_kept(hosted.path) == json.loads(json.dumps(full))
    assert hosted.humans == (0,) and hosted.players[0] == "Hostess"
    # the client: its seat's record, with the same result
    seat_record = finished.load_kept(client.path)
    assert seat_record["format"] == "krook-seat-record/1" and seat_record["seat"] == 1
    assert (client.scores, client.winner) == (hosted.scores, hosted.winner)
    # both players' history on this computer counts the game once
    book = history.load_history()
    match = host.protocol.match
    for name, seat in (("Hostess", 0), ("Ann", 1)):
        record = book.player(name)
        assert record is not None
        stats = record.presets["kentucky-discard"]
        assert stats.games == 1 and stats.won == int(match.winner == match.rules.side_of(seat))
        assert stats.hands == sum(1 for r in match.results if not r.thrown_in)
        assert stats.bid == sum(1 for r in match.results if r.bidder == seat)


def test_the_clients_record_holds_exactly_what_its_seat_saw(lan_game):
    host, _local, _remote = lan_game
    (client,) = [g for g in finished.list_games() if g.seat_only == 1]
    seat_record = finished.load_kept(client.path)
    # the truth: the seat's view at every moment of the host's game
    truth = {}
    replay = Replay(host.protocol.match.to_record())
    for step in range(len(replay)):
        m = replay.match_at(step)
        view = m.view(1).to_dict()
        truth[(view["hand_number"], view["version"])] = view
    deals = [entry["deal"] for entry in replay.record["hands"]]
    assert len(seat_record["views"]) >= 20
    for stored in seat_record["views"]:
        key_ = (stored["hand_number"], stored["version"])
        assert key_ in truth
        expected = dict(truth[key_], results=[])
        got = {k: v for k, v in stored.items() if k not in ("results_count", "actor", "action")}
        assert json.loads(json.dumps(got)) == json.loads(json.dumps(expected))
        deal = deals[stored["hand_number"] - 1]
        own = set(deal["hands"][1]) | (set(deal["nest"]) if stored["bidder"] == 1 else set())
        assert set(stored["hand"]) <= own  # its own cards (and the nest it took up), never another seat's
    # a burial is kept as a count of cards, never the cards
    assert all(
        not v["action"].startswith("discard") or v["action"].endswith(" cards") for v in seat_record["views"]
    )
    assert seat_record["results"] == json.loads(
        json.dumps([r.to_dict() for r in host.protocol.match.results])
    )


class FaceSpy:
    def __init__(self, cards):
        self.cards = cards
        self.faces: set[str] = set()

    def face(self, code, height, rules=None):
        self.faces.add(code)
        return self.cards.face(code, height, rules)

    def __getattr__(self, name):
        return getattr(self.cards, name)


def test_watch_the_clients_game_with_only_its_own_cards_face_up(lan_game):
    from krook.scenes.archive.games_list import GamesScene
    from krook.scenes.archive.replay import ReplayScene

    app = make_app()
    click(app, button(app.stack.top, "Watch a game").rect.center)
    games = app.stack.top
    assert isinstance(games, GamesScene)
    row = next(i for i, (_text, g) in enumerate(games.entries) if getattr(g, "seat_only", None) == 1)
    assert "LAN, as Ann" in games.entries[row][0]
    games.select(row)
    click(app, games.watch_btn.rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.own_seat == 1 and replay.shown == 1
    assert not replay.review_btn.enabled and not replay.show_btn.enabled
    spy = FaceSpy(app.services.cards)
    app.services.cards = spy
    for _ in range(len(replay.replay)):
        spy.faces.clear()
        app.frame([], dt=0.02)
        view = replay.frame.view
        public = {c for _s, c in view.trick} | {c for t in view.tricks for _s, c in t.cards}
        assert spy.faces <= set(view.hand) | public | set(view.nest) | set(view.buried)
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_r)  # no review: the other hands were never on this computer
    assert app.stack.top is replay and "never here" in replay.toast[0]
    key(app, pygame.K_a)
    assert replay.shown == 1 and "Only Ann's own cards" in replay.toast[0]
    # exported, it is a seat record that opens again
    click(app, replay.export_btn.rect.center)
    (path,) = (finished.export_dir()).glob("*.json")
    assert finished.load_record_file(path)["format"] == "krook-seat-record/1"


def test_the_app_turns_keeping_on_for_every_lan_table(home):
    from krook.scenes.lan.waiting_room import open_lan_table
    from krook.scenes.table.scene import TableScene

    host = Host.new_game("lan,bot:simple,bot:simple,bot:simple", seed=3, **FAST).start()
    remote = RemoteSession.connect("127.0.0.1", host.address[1], "Ann")
    try:
        app = make_app()
        assert remote.keeper is None  # off until a table of the app opens on the session
        open_lan_table(app.stack.top, remote)
        app.frame([], dt=0.02)
        table = app.stack.top
        assert isinstance(table, TableScene) and remote.keeper is not None
        # and a LAN table never offers to take a move back: no Undo button, U does nothing
        app.frame([], dt=0.02)
        assert not table.undo.offered and not table.undo.button.visible
        before = remote.view(remote.seat).version
        key(app, pygame.K_u)
        assert remote.view(remote.seat).version == before
    finally:
        remote.close()
        host.stop()


def _leave_in_the_first_hand(host) -> str:
    """Ann joins, keeps her games, plays a little of the first hand and closes Krook: her seat's token."""
    first = RemoteSession.connect("127.0.0.1", host.address[1], "Ann")
    first.keep_finished_game()
    early = ClientBot(first, "simple", seed=2)
    assert drive([early], lambda: host.protocol.match.version >= 20, timeout=60)
    token = first.token
    first.close()  # nothing kept yet: the game is not over
    assert not finished.list_games()
    return token


def _kept_whole(host, session) -> None:
    """The client kept the game, and from the first deal it is view for view what its seat saw."""
    from krook.session.lan_games import seat_record_of

    assert session.keeper.wait() and session.keeper.error is None
    (client,) = [g for g in finished.list_games() if g.seat_only == 1]
    kept = finished.load_kept(client.path)
    truth = seat_record_of(host.protocol.match.to_record(), 1)
    assert kept["views"][0]["hand_number"] == 1 and kept["views"][0]["version"] <= 1
    assert json.loads(json.dumps(kept["views"])) == json.loads(json.dumps(truth["views"]))


def test_a_client_that_rejoins_mid_game_keeps_the_whole_game(home):
    """Ann's Krook closes in the first hand and joins again with her seat's token: the host resends her
    seat's earlier views, so the kept game starts at the first deal, view for view what her seat saw."""
    host = Host.new_game("bot:simple,lan,bot:simple,bot:simple", seed=11, target=150, **FAST).start()
    second = None
    try:
        token = _leave_in_the_first_hand(host)
        second = RemoteSession.connect("127.0.0.1", host.address[1], "Ann", token=token)
        second.keep_finished_game()
        late = ClientBot(second, "simple", seed=3)
        assert drive([late], lambda: late.game_over, timeout=240)
        assert drive([late], lambda: second.keeper is not None and second.keeper.kept, timeout=10)
        _kept_whole(host, second)
    finally:
        if second is not None:
            second.close()
        host.stop()


def test_a_client_back_after_the_game_ended_keeps_the_whole_game(home):
    """Ann's Krook closes in the first hand; a stand-in bot plays her seat to the end; she joins again with
    her token to see the final score. The last view (with the winner) comes at once, before the host's pages
    of her earlier views: the game is kept only once those are in, so it starts at the first deal."""
    from krook.net.testing import wait_for

    host = Host.new_game(
        "bot:simple,lan,bot:simple,bot:simple", seed=11, target=150, grace_s=0.0, standin_bot="simple", **FAST
    ).start()
    second = None
    try:
        token = _leave_in_the_first_hand(host)
        assert wait_for(lambda: host.protocol.match.is_over, timeout=120), (
            "the stand-in never finished the game"
        )
        second = RemoteSession.connect("127.0.0.1", host.address[1], "Ann", token=token)
        second.keep_finished_game()
        late = ClientBot(second, "simple", seed=3)
        assert drive([late], lambda: second.keeper is not None and second.keeper.kept, timeout=20)
        _kept_whole(host, second)
    finally:
        if second is not None:
            second.close()
        host.stop()


def test_a_game_waiting_for_its_earlier_views_is_kept_at_closing_with_what_came(home):
    """The host's pages of earlier views never all come (the link drops for good): closing keeps the finished
    game with the pages that did come, and says so in the log, rather than losing it."""
    import random

    from krook.bots import BotContext, make_bot
    from krook.rules import Match, get_preset
    from krook.rules.settings import from_overrides
    from krook.session.lan_games import LanKeeper, seat_record_of

    rules = from_overrides(get_preset("kentucky-discard").rules, {"target": 150})
    match = Match(rules, ["A", "Ann", "C", "D"], seed=5)
    bot = make_bot("simple")
    for _ in range(2000):
        if match.is_over:
            break
        if match.phase.value == "hand_over":
            match.next_hand()
        else:
            seat = match.to_act
            match.apply(bot.choose(match.view(seat), BotContext(random.Random(match.version))))
    assert match.is_over
    views = seat_record_of(match.to_record(), 1)["views"]
    keeper = LanKeeper()
    keeper.expect_past()
    keeper.see_current(match.view(1))
    keeper.see_past(views[:10], done=False)
    assert not keeper.kept, "kept before the earlier views were in"
    keeper.flush()
    assert keeper.kept and keeper.wait() and keeper.error is None
    (kept,) = [finished.load_kept(g.path) for g in finished.list_games() if g.seat_only == 1]
    assert json.loads(json.dumps(kept["views"][:10])) == json.loads(json.dumps(views[:10]))
    final = kept["views"][-1]
    assert len(kept["views"]) == 11 and final["winner"] is not None and final["version"] == match.version
