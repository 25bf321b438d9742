"""After rejoining a LAN game the bid panel is drawn at once: the app's idle loop draws only when something
changed, so the table must say so when the rejoin's view puts a decision in front of the player."""

from __future__ import annotations

import time

from test_scenes_lan import click, is_scene, open_join, pump, type_into
from test_scenes_lan import lan as lan  # the fixture


def idle_frames(app, seconds, shown, until=None):
    """Run the app as its own loop does with no input: a frame is drawn only while something animates or the
    scenes say they changed. Appends the panel each drawn frame showed to ``shown``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = app.stack.top
        drawn = app.frame([], dt=0.05, draw=app.animating())
        if drawn:
            shown.append(getattr(table, "panel_kind", None))
        if until is not None and until():
            break
        time.sleep(0.01)


def test_the_bid_panel_is_drawn_as_soon_as_the_rejoined_seat_is_to_bid(lan):
    from krook.net import Host

    host = Host.new_game(
        "lan,bot:simple,bot:simple,bot:simple", bind="127.0.0.1", port=0, discovery_port=None, bot_delay=0.0
    ).start()
    try:
        port = host.address[1]
        app = lan()
        join = open_join(app)
        type_into(app, join.address_field, f"127.0.0.1:{port}")
        click(app, join.join_btn.rect.center)
        pump([app], lambda: is_scene(app, "TableScene"), what="the table")
        app.stack.top.session.close()  # the window closes; the seat is held
        pump([], lambda: host.protocol.seat_status(0) == "disconnected", what="the host to see the drop")
        app2 = lan()
        app2.settings.lan_seats = dict(app.settings.lan_seats)
        join2 = open_join(app2)
        type_into(app2, join2.address_field, f"127.0.0.1:{port}")
        click(app2, join2.join_btn.rect.center)
        pump([app2], lambda: is_scene(app2, "TableScene"), what="the rejoin")
        table = app2.stack.top
        # No input from here on: the rejoined player only looks.
        shown: list = []
        idle_frames(app2, 15, shown, until=lambda: table.idle and table.view.my_turn and table.panel_kind)
        assert table.view.my_turn and table.view.phase == "bidding", table.view.phase
        assert table.panel_kind == "bidding"
        idle_frames(app2, 1.5, shown)
        assert shown and shown[-1] == "bidding", "the bid panel is up but no frame has drawn it"
    finally:
        host.stop()
