"""The LAN protocol: message shapes and the host's referee logic, with no sockets in it.

:class:`HostProtocol` is a pure object in the gomill style: the host feeds it what each connection said
(``handle(conn_id, message)``) and what happened to connections (``connect``, ``disconnect``, ``tick``),
and sends whatever it returns, a list of ``(conn_id, message)``. An ``error`` message with ``"fatal": true``
means: send it, then close that connection. See docs/PROTOCOL.md for the messages and states.

The secrecy rule lives here: a connection only ever receives its own seats' ``SeatView``s, the public
form of each action (a discard reads ``discard 5 cards``), seat statuses and names. Nothing else about the
match leaves this object.

Every value a client sends is checked before it is used, and nothing a client sent is echoed back longer
than :data:`MAX_ECHO` characters: whatever one connection says can at worst close that connection.
"""

from __future__ import annotations

import json
import logging
import math
import re
import secrets
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from krook import __version__ as APP_VERSION
from krook.rules import IllegalActionError, KrookError, Match, Phase
from krook.rules.view import public_action_text

log = logging.getLogger("krook.net.protocol")

PROTOCOL_VERSION = 4  # 3: history; 4: every TCP connection sealed (krook.net.sealed_lan)
MAX_NAME = 40
MAX_ECHO = 40  # characters of a client's value quoted back in an error message
MAX_TOKEN = 64
MAX_PASSWORD = 32
MAX_ACTION = 200
RESULTS_PER_FRAME = (
    32  # score-sheet rows in one ``results`` message: a frame stays small however long the game
)
HISTORY_PAGE_BYTES = 48 * 1024  # JSON of the views in one ``history`` page: well inside a frame
MAX_HISTORY = 20000  # views in a seat's history, as many as a seat record keeps (``lan_games.MAX_VIEWS``)
# An action is ASCII letters, digits and single spaces ("play R14", "discard R5 R6"): nothing else reaches
# the rules parser, so "bid ²" (a digit to str.isdigit, not to int) is refused here.
_ACTION_TEXT = re.compile(r"[A-Za-z0-9]+( [A-Za-z0-9]+)*")
_TOKEN_TEXT = re.compile(r"[A-Za-z0-9_-]+")

# -- message types ----------------------------------------------------------------------------------------
# client -> host
HELLO, ACTION, READY, PING, PONG = "hello", "action", "ready", "ping", "pong"
HISTORY = "history"  # both ways: a client asks for its seat's earlier views, the host sends a page of them
CLIENT_TYPES = frozenset({HELLO, ACTION, READY, PING, PONG, HISTORY})
# host -> client
WELCOME, VIEW, RESULTS, EVENT, STATUS, ERROR = "welcome", "view", "results", "event", "status", "error"

# -- error codes: fatal ones close the connection after the error frame
FATAL_CODES = frozenset(
    {
        "version",  # protocol versions differ
        "bad_hello",  # the first frame was not a valid hello
        "bad_token",  # the seat token is not one this host gave out
        "password",  # the game has a room code and the hello did not carry it
        "full",  # no open seat
        "frame",  # broken framing: bad length, UTF-8 or JSON
        "timeout",  # nothing said in time
        "replaced",  # the same seat joined again from another connection
        "too_many",  # too many connections from one address
        "shutdown",  # the host is stopping (it may come back: a restart, Resume hosting)
        "closed",  # the host ended the game for good (Cancel in its waiting room): nothing to wait for
        "internal",  # the host could not build a message for this connection
        "slow_down",  # too many wrong room codes from this address: wait before trying again
        "no_code",  # a room code was used for a game that has none (the client seals again without it)
    }
)
RECOVERABLE_CODES = frozenset(
    {
        "unknown_type",
        "bad_message",
        "wrong_state",
        "not_your_turn",
        "illegal",
        "not_started",
        "already_joined",
    }
)

# seat kinds in a host's seat list, and the statuses a seat can show
LAN, HUMAN, BOT = "lan", "human", "bot"
S_OPEN, S_REMOTE, S_HUMAN, S_BOT, S_DISCONNECTED, S_STANDIN = (
    "open",
    "remote",
    "human",
    "bot",
    "disconnected",
    "standin",
)

Out = tuple[Hashable, dict[str, Any]]
Journal = Callable[[dict[str, Any]], None]


class NotYourTurnError(IllegalActionError):
    """An action from a seat that is not the one to act."""


def clip(value: object, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` cut to ``limit`` characters: what an error message may quote of a client's value."""
    text = repr(value) if not isinstance(value, str) else repr(value[: limit + 1])
    return text if len(text) <= limit else text[: limit - 3] + "..."


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": ERROR, "code": code, "message": message[:400], "fatal": code in FATAL_CODES}


def hello(name: str, token: str | None = None, password: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": HELLO, "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": name}
    if token:
        msg["token"] = token
    if password:
        msg["password"] = password
    return msg


def is_seat_number(value: object) -> bool:
    """A real JSON integer: ``true`` and ``1.0`` are not seats."""
    return type(value) is int


def clean_name(value: object) -> str | None:
    """A player's name as others will read it: printable characters, single spaces, at most MAX_NAME."""
    if not isinstance(value, str):
        return None
    text = "".join(ch for ch in value[: MAX_NAME * 4] if ch.isprintable())
    text = " ".join(text.split())[:MAX_NAME]
    return text or None


def ascii_secret(value: object, limit: int) -> bytes | None:
    """A token or room code as bytes of its fixed ASCII form, or None when it cannot be one."""
    if not isinstance(value, str) or not 0 < len(value) <= limit or not _TOKEN_TEXT.fullmatch(value):
        return None
    return value.encode("ascii")


def normalise_password(value: str) -> str:
    """A room code as typed: case, spaces and the dashes, dots or underscores someone puts between its halves
    do not matter (a code is letters and digits only: ``room_code_problem``)."""
    return "".join(value.split()).upper().replace("-", "").replace(".", "").replace("_", "")


MIN_ROOM_CODE = 6  # a room code set by hand: at least this many letters and digits (36^6: about 31 bits)


def room_code_problem(value: str) -> str | None:
    """Why a room code set by hand is not good enough, or None: 6 to 32 letters (A-Z) and digits."""
    code = normalise_password(value)
    if not MIN_ROOM_CODE <= len(code) <= MAX_PASSWORD or not code.isascii() or not code.isalnum():
        return f"a room code is {MIN_ROOM_CODE} to {MAX_PASSWORD} letters (A-Z) and digits"
    return None


def parse_seats(spec: str | list[str]) -> list[str]:
    """``"lan,bot:hard,human,bot"`` -> ``["lan", "bot:hard", "human", "bot:simple"]``; ValueError if bad."""
    from krook.bots import make_bot

    items = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec)]
    seats: list[str] = []
    for item in items:
        kind, _, strength = item.partition(":")
        if kind in (LAN, HUMAN) and not strength:
            seats.append(kind)
        elif kind == BOT:
            strength = strength or "simple"
            make_bot(strength)  # ValueError naming the known strengths when there is no such bot
            seats.append(f"bot:{strength}")
        else:
            raise ValueError(f"unknown seat {item!r}: use lan, human, bot or bot:STRENGTH")
    return seats


@dataclass
class Conn:
    seats: list[int] = field(default_factory=list)
    name: str = ""
    local: bool = False
    vouched: bool = False  # the transport proved the invite (the relay's sealed exchange): no room code asked
    results_sent: int = 0  # score-sheet rows this connection already holds

    @property
    def joined(self) -> bool:
        return bool(self.seats)


def _size_without_names(view: dict[str, Any]) -> int:
    return len(json.dumps({k: v for k, v in view.items() if k not in ("players", "columns")}))


class HostProtocol:
    """The referee side of a LAN game. Not thread-safe: the host calls it under one lock.

    ``journal``, when set, is called with each change to the game before any message about it is
    returned, so the host can make the change durable before anyone is told of it.
    """

    def __init__(
        self,
        match: Match,
        seats: list[str],
        *,
        grace_s: float = 60.0,
        tokens: dict[int, str] | None = None,
        started: bool = False,
        claimed: set[int] | None = None,
        ready: set[int] | None = None,
        password: str | None = None,
        standin_bot: str = "medium",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(seats) != match.rules.players:
            raise ValueError(f"{len(seats)} seats configured for a {match.rules.players}-player game")
        self.match = match
        self.seats = parse_seats(seats)
        self.grace_s = grace_s
        self.standin_bot = standin_bot
        self.clock = clock
        self.password = normalise_password(password) if password else None
        self.tokens: dict[int, str] = dict(tokens or {})
        for seat, kind in enumerate(self.seats):
            if kind == LAN and seat not in self.tokens:
                self.tokens[seat] = secrets.token_urlsafe(16)
        self._token_bytes = {s: t.encode("ascii") for s, t in self.tokens.items()}
        self.conns: dict[Hashable, Conn] = {}
        self.seat_conn: dict[int, Hashable] = {}  # lan/human seat -> connection playing it now
        if claimed is None:
            claimed = set(tokens or {}) if started else set()
        self.claimed: set[int] = set(claimed)  # lan seats joined at least once
        self.dropped_at: dict[int, float] = {}  # lan seat -> when its player dropped
        self.standin: set[int] = set()  # lan seats a bot plays until the human returns
        self.ready: set[int] = set(ready or ())  # survives a player's reconnect and a host restart
        self.started = started
        self.stopping = False  # set by shutdown(): nothing is dealt while the host closes
        self.journal: Journal | None = None
        # seat -> its views since the first deal, grown as the game goes (``history`` requests cost their page)
        self._histories: dict[int, list[dict[str, Any]]] = {}
        self._history_sizes: dict[int, list[int]] = {}  # each view's JSON size (without its names)
        self._build_histories()
        if started:
            for seat in self.claimed:
                if self.seats[seat] == LAN:
                    self.dropped_at[seat] = clock()
            for seat in self.open_seats():
                self.dropped_at[seat] = clock() - grace_s

    # -- facts --------------------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The match's action count, as ``SeatView.version`` counts it."""
        return self.match.version

    def seat_status(self, seat: int) -> str:
        kind = self.seats[seat]
        if kind.startswith(BOT):
            return S_BOT
        if kind == HUMAN:
            return S_HUMAN
        if seat in self.seat_conn:
            return S_REMOTE
        if seat in self.standin:
            return S_STANDIN
        if seat in self.claimed:
            return S_DISCONNECTED
        return S_OPEN

    def statuses(self) -> list[str]:
        return [self.seat_status(s) for s in range(len(self.seats))]

    def open_seats(self) -> list[int]:
        """LAN seats a new player may take (never joined yet)."""
        return [s for s, k in enumerate(self.seats) if k == LAN and s not in self.claimed]

    def waiting_for_ready(self) -> list[int]:
        """Seats whose player must say ready before the next hand is dealt (none unless a hand is scored)."""
        if not self.started or self.match.phase is not Phase.HAND_OVER:
            return []
        return [
            s
            for s in range(len(self.seats))
            if self.bot_strength(s) is None and s in self.seat_conn and s not in self.ready
        ]

    def bot_strength(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now, or None when a person does."""
        kind = self.seats[seat]
        if kind.startswith(BOT):
            return kind.partition(":")[2]
        if seat in self.standin:
            return self.standin_bot
        return None

    def bot_to_move(self) -> int | None:
        """The seat a bot must act for now, if any."""
        if not self.started or self.match.is_over:
            return None
        seat = self.match.to_act
        if seat is not None and self.bot_strength(seat) is not None:
            return seat
        return None

    # -- connections -------------------------------------------------------------------------------------
    def connect(self, conn_id: Hashable) -> None:
        self.conns[conn_id] = Conn()

    def attach_local(self, conn_id: Hashable, name: str = "Host") -> list[Out]:
        """The host's own screen: a connection that plays every ``human`` seat."""
        seats = [s for s, k in enumerate(self.seats) if k == HUMAN]
        self.conns[conn_id] = Conn(seats=seats, name=name, local=True)
        for seat in seats:
            self.seat_conn[seat] = conn_id
        out: list[Out] = [(conn_id, self._welcome(seats, None))]
        out += self._views_for(conn_id)
        return out

    def disconnect(self, conn_id: Hashable) -> list[Out]:
        conn = self.conns.pop(conn_id, None)
        if conn is None or conn.local:
            return []
        out: list[Out] = []
        now = self.clock()
        for seat in conn.seats:
            if self.seat_conn.get(seat) == conn_id:
                del self.seat_conn[seat]
                self.dropped_at[seat] = now
                out += self._status(seat)
        return out + self._maybe_next_hand()

    def tick(self) -> list[Out]:
        """Hand seats whose grace period is over to a bot."""
        out: list[Out] = []
        now = self.clock()
        for seat, since in list(self.dropped_at.items()):
            if seat not in self.seat_conn and seat not in self.standin and now - since >= self.grace_s:
                del self.dropped_at[seat]
                self.standin.add(seat)
                out += self._status(seat)
        return out

    def shutdown(self, final: bool = False) -> list[Out]:
        """Tell every player the host is stopping; ``final``: it ended the game and will not come back."""
        self.stopping = True
        code, why = ("closed", "the host closed the game") if final else ("shutdown", "the host is stopping")
        return [(cid, error(code, why)) for cid, c in self.conns.items() if not c.local]

    # -- the one entry point for what a client says
    def handle(self, conn_id: Hashable, message: dict[str, Any]) -> list[Out]:
        conn = self.conns.get(conn_id)
        if conn is None:
            return []
        kind = message.get("type")
        if not conn.joined:
            if kind != HELLO:
                return [(conn_id, error("bad_hello", f"say hello first (got {clip(kind)})"))]
            return self._hello(conn_id, message)
        if kind == HELLO:
            return [(conn_id, error("already_joined", f"you already sit in seat {conn.seats[0]}"))]
        if kind == PING:
            t = message.get("t")
            # a JSON integer may have 4,299 digits: compared as an int, never turned into a float
            if t is not None and (
                not isinstance(t, int | float)
                or isinstance(t, bool)
                or (type(t) is int and abs(t) > 10**15)
                or (isinstance(t, float) and (not math.isfinite(t) or abs(t) > 1e15))
            ):
                return [(conn_id, error("bad_message", "a ping's 't' is a number (or absent)"))]
            return [(conn_id, {"type": PONG, "t": t})]
        if kind == PONG:
            return []
        if kind == ACTION:
            return self._action(conn_id, conn, message)
        if kind == READY:
            return self.mark_ready(conn.seats, conn_id)
        if kind == HISTORY:
            return self._history(conn_id, conn, message)
        return [(conn_id, error("unknown_type", f"unknown message type {clip(kind)}"))]

    def _history(self, conn_id: Hashable, conn: Conn, message: dict[str, Any]) -> list[Out]:
        """A page of the connection's seat's views from the start of the game, each with its action in public
        form: what a client that joined a game under way keeps. Only that seat's views, as it saw them.

        The views are kept as the game goes (:meth:`_grow_histories`), so a request costs its page, never a
        rebuild; the names are the players' as they are now (as a record of the game would show them)."""
        start = message.get("from", 0)
        if not is_seat_number(start) or start < 0:
            return [(conn_id, error("bad_message", "a history request's 'from' is a view number"))]
        views = self._histories.get(conn.seats[0], [])
        if start > len(views):
            return [(conn_id, error("bad_message", f"the history has {len(views)} views, not {clip(start)}"))]
        names = {
            "players": list(self.match.players),
            "columns": [self.match.column_label(c) for c in range(self.match.rules.team_count)],
        }
        extra = len(json.dumps(names))  # the names are the same in every view of the page
        page: list[dict[str, Any]] = []
        size = 0
        for i in range(start, len(views)):
            view = views[i]
            size += self._history_sizes[view["seat"]][i] + extra
            if page and size > HISTORY_PAGE_BYTES:
                break
            page.append(dict(view, **names))
        return [(conn_id, {"type": HISTORY, "from": start, "total": len(views), "views": page})]

    def _build_histories(self) -> None:
        """Every LAN seat's views so far, from the game's record: once, when the host starts (a resumed game
        may be far along); from then on they grow a step at a time."""
        from krook.session.lan_games import seat_record_of

        record = self.match.to_record()
        for seat, kind in enumerate(self.seats):
            if kind == LAN:
                views = self._histories[seat] = seat_record_of(record, seat)["views"]
                self._history_sizes[seat] = [_size_without_names(v) for v in views]
        self._history_actor = self.match.to_act

    def _grow_histories(self, text: str | None) -> None:
        """One step of the game (an action ``text``, or a deal when None) added to each LAN seat's history,
        view for view as ``seat_record_of`` builds it from the record."""
        match = self.match
        actor, self._history_actor = self._history_actor, match.to_act
        public = public_action_text(text) if text and actor is not None else None
        results = len(match.result_dicts())
        for seat, views in self._histories.items():
            data = match.view(seat).to_dict()
            data["results_count"] = results
            data["results"] = []
            key = (data["hand_number"], data["version"])
            last = views[-1] if views else None
            last_key = (last["hand_number"], last["version"]) if last is not None else (-1, -1)
            if key < last_key:
                continue
            sizes = self._history_sizes[seat]
            if key == last_key:
                views.pop()
                sizes.pop()
                last = views[-1] if views else None
            told = last is not None and last["version"] == data["version"]
            data["actor"] = actor if public is not None and not told else None
            data["action"] = public if public is not None and not told else ""
            if len(views) < MAX_HISTORY:
                views.append(data)
                sizes.append(_size_without_names(data))

    def _action(self, conn_id: Hashable, conn: Conn, message: dict[str, Any]) -> list[Out]:
        text = message.get("text")
        seat = message.get("seat", conn.seats[0])
        if not isinstance(text, str) or len(text) > MAX_ACTION or not _ACTION_TEXT.fullmatch(text):
            return [
                (
                    conn_id,
                    error("bad_message", "an action's 'text' is ASCII words, e.g. 'play R14' or 'bid 120'"),
                )
            ]
        if not is_seat_number(seat) or seat not in conn.seats:
            return [(conn_id, error("bad_message", f"you do not play seat {clip(seat)}"))]
        if not self.started:
            return [(conn_id, error("not_started", "the game starts when every LAN seat is taken"))]
        try:
            return self.apply_action(seat, text)
        except NotYourTurnError as exc:
            return [(conn_id, error("not_your_turn", exc.reason))]
        except IllegalActionError as exc:
            return [(conn_id, error("illegal", exc.reason))]
        except KrookError as exc:
            return [(conn_id, error("illegal", str(exc)))]

    # -- changing the game ---------------------------------------------------------------------------------
    def apply_action(self, seat: int, text: str) -> list[Out]:
        """Apply ``text`` for ``seat`` (a client, a local human or a bot); raises IllegalActionError."""
        if not self.started:
            raise IllegalActionError(text, "the game has not started: waiting for players to join")
        match = self.match
        if match.is_over:
            raise IllegalActionError(text, "the game is over")
        if match.to_act != seat and not self._may_redeal_out_of_turn(seat, text):
            who = match.to_act
            raise NotYourTurnError(
                text,
                f"it is seat {who}'s turn, not yours"
                if who is not None
                else "nobody is to act: the hand is over",
            )
        hand_number = len(match.hands)
        match.apply(text, seat)
        version = self.version
        self._record({"v": version, "seat": seat, "action": match.hand.actions[-1]})
        self._grow_histories(str(match.hand.actions[-1]))
        public = public_action_text(match.hand.actions[-1])
        events: list[dict[str, Any]] = [
            {"type": EVENT, "kind": "action", "seat": seat, "text": public, "version": version}
        ]
        if match.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            self.ready.clear()
            events.append(
                {"type": EVENT, "kind": "hand_over", "hand_number": hand_number, "version": version}
            )
        if match.is_over:
            events.append({"type": EVENT, "kind": "game_over", "winner": match.winner, "version": version})
        return self._broadcast(events) + self._maybe_next_hand()

    def _may_redeal_out_of_turn(self, seat: int, text: str) -> bool:
        """A redeal from a seat not to act, when the rules core lists one in that seat's view
        (``redeal_any_time``: a seat holding no counters may call it at any time during the bidding)."""
        if text.split()[0].lower() != "redeal" or self.match.to_act is None:
            return False
        return self.match.view(seat).legal_actions().can_redeal

    def mark_ready(self, seats: list[int], conn_id: Hashable | None = None) -> list[Out]:
        if self.match.phase is not Phase.HAND_OVER:
            if conn_id is None:
                return []
            return [(conn_id, error("wrong_state", "'ready' is for after a hand is scored"))]
        if not set(seats) <= self.ready:
            self.ready.update(seats)
            self._record({"v": self.version, "ready": sorted(self.ready)})
        return self._maybe_next_hand()

    def start(self) -> list[Out]:
        """Start the game; LAN seats nobody has taken are played by a bot until someone joins."""
        if self.started:
            return []
        self.started = True
        self._record({"v": self.version, "start": True, "players": list(self.match.players)})
        out: list[Out] = []
        now = self.clock() - self.grace_s
        for seat in self.open_seats():
            self.dropped_at[seat] = now
        out += self.tick()
        return out + self._broadcast([{"type": EVENT, "kind": "start", "version": self.version}])

    def _maybe_next_hand(self) -> list[Out]:
        match = self.match
        if (
            not self.started
            or self.stopping
            or match.phase is not Phase.HAND_OVER
            or self.waiting_for_ready()
        ):
            return []
        self.ready.clear()
        match.next_hand()
        self._record({"v": self.version, "next_hand": len(match.hands)})
        self._grow_histories(None)
        return self._broadcast(
            [{"type": EVENT, "kind": "new_hand", "hand_number": len(match.hands), "version": self.version}]
        )

    def _record(self, change: dict[str, Any]) -> None:
        if self.journal is not None:
            self.journal(change)

    # -- joining -------------------------------------------------------------------------------------------
    def _hello(self, conn_id: Hashable, msg: dict[str, Any]) -> list[Out]:
        version = msg.get("protocol")
        if not is_seat_number(version) or version != PROTOCOL_VERSION:
            return [
                (
                    conn_id,
                    error(
                        "version",
                        f"this host speaks protocol {PROTOCOL_VERSION} (Krook {APP_VERSION}); "
                        f"you sent {clip(version)} (Krook {clip(msg.get('app'), 24)}): update the older copy",
                    ),
                )
            ]
        name = clean_name(msg.get("name"))
        token = msg.get("token")
        if name is None or (token is not None and not isinstance(token, str)):
            return [
                (conn_id, error("bad_hello", "hello needs a 'name' (text) and an optional 'token' (text)"))
            ]
        out: list[Out] = []
        if token:
            given = ascii_secret(token, MAX_TOKEN)
            seat = None
            if given is not None:
                # every token is compared, in constant time each, so the time taken says nothing
                matches = [s for s, t in self._token_bytes.items() if secrets.compare_digest(t, given)]
                seat = matches[0] if matches else None
            if seat is None:
                return [(conn_id, error("bad_token", "this host holds no seat for that token"))]
            old = self.seat_conn.get(seat)
            if old is not None and old != conn_id:
                out.append((old, error("replaced", f"seat {seat} joined again from another connection")))
                self.conns.pop(old, None)
        else:
            if self.password is not None and not self.conns[conn_id].vouched:
                given = msg.get("password")
                typed = normalise_password(given) if isinstance(given, str) else ""
                want = self.password.encode("ascii")
                got = ascii_secret(typed, MAX_PASSWORD) or b""
                if not secrets.compare_digest(want, got):
                    why = "this game has a room code: type the code shown on the host's screen"
                    return [
                        (
                            conn_id,
                            error("password", why if not typed else "that room code is not this game's"),
                        )
                    ]
            free = self.open_seats()
            if not free:
                return [(conn_id, error("full", "every seat at this table is taken"))]
            seat = free[0]
        conn = self.conns[conn_id]
        conn.seats, conn.name = [seat], name
        self.seat_conn[seat] = conn_id
        self.claimed.add(seat)
        self.dropped_at.pop(seat, None)
        self.standin.discard(seat)
        self.match.players[seat] = name
        self._record({"v": self.version, "claim": seat, "name": name})
        out.append((conn_id, self._welcome([seat], self.tokens[seat])))
        out += self._status(seat, names=True)
        out += self._views_for(conn_id)
        if not self.started and not self.open_seats():
            out += self.start()
        return out

    def _welcome(self, seats: list[int], token: str | None) -> dict[str, Any]:
        return {
            "type": WELCOME,
            "protocol": PROTOCOL_VERSION,
            "app": APP_VERSION,
            "seat": seats[0] if seats else None,
            "seats": seats,
            "token": token,
            "players": list(self.match.players),
            "statuses": self.statuses(),
            "started": self.started,
            "ready": sorted(set(seats) & self.ready),
        }

    # -- sending -------------------------------------------------------------------------------------------
    def _status(self, seat: int, names: bool = False) -> list[Out]:
        msg: dict[str, Any] = {"type": STATUS, "seat": seat, "status": self.seat_status(seat)}
        if names:
            msg["players"] = list(self.match.players)
        return [(cid, msg) for cid, c in self.conns.items() if c.joined]

    def _views_for(self, conn_id: Hashable) -> list[Out]:
        """The connection's views; score-sheet rows it does not hold yet go first, in ``results`` messages.

        A view on the wire carries no score sheet (``results`` is empty and ``results_count`` says how many
        rows the client should hold), so views stay the same size however long the game runs.
        """
        conn = self.conns[conn_id]
        out: list[Out] = []
        results = self.match.result_dicts()
        while conn.results_sent < len(results):
            start = conn.results_sent
            chunk = results[start : start + RESULTS_PER_FRAME]
            out.append((conn_id, {"type": RESULTS, "from": start, "results": [dict(r) for r in chunk]}))
            conn.results_sent += len(chunk)
        for seat in conn.seats:
            view = self.match.view(seat).to_dict()
            view["results"] = []
            out.append((conn_id, {"type": VIEW, "view": view, "results_count": len(results)}))
        return out

    def _broadcast(self, events: list[dict[str, Any]]) -> list[Out]:
        """Each joined connection gets the events, then its own seats' views, nothing more."""
        out: list[Out] = []
        for cid, conn in self.conns.items():
            if not conn.joined:
                continue
            out += [(cid, e) for e in events]
            out += self._views_for(cid)
        return out


__all__ = [
    "BOT",
    "HUMAN",
    "LAN",
    "PROTOCOL_VERSION",
    "HostProtocol",
    "NotYourTurnError",
    "error",
    "hello",
    "parse_seats",
    "public_action_text",
]
