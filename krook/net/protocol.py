"""The LAN protocol: message shapes and the host's referee logic, with no sockets in it.

:class:`HostProtocol` is a pure object in the gomill style: the host feeds it what each connection said
(``handle(conn_id, message)``) and what happened to connections (``connect``, ``disconnect``, ``tick``),
and sends whatever it returns, a list of ``(conn_id, message)``. An ``error`` message with ``"fatal": true``
means: send it, then close that connection. See docs/PROTOCOL.md for the messages and states.

The secrecy rule lives here: a connection only ever receives its own seats' ``SeatView``s, the public
form of each action (a discard reads ``discard 5 cards``), seat statuses and names. Nothing else about the
match leaves this object.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from krook import __version__ as APP_VERSION
from krook.rules import IllegalActionError, KrookError, Match, Phase

PROTOCOL_VERSION = 1
MAX_NAME = 40

# -- message types ----------------------------------------------------------------------------------------
# client -> host
HELLO, ACTION, READY, PING, PONG = "hello", "action", "ready", "ping", "pong"
CLIENT_TYPES = frozenset({HELLO, ACTION, READY, PING, PONG})
# host -> client
WELCOME, VIEW, EVENT, STATUS, ERROR = "welcome", "view", "event", "status", "error"

# -- error codes: fatal ones close the connection after the error frame
FATAL_CODES = frozenset(
    {
        "version",  # protocol versions differ
        "bad_hello",  # the first frame was not a valid hello
        "bad_token",  # the seat token is not one this host gave out
        "full",  # no open seat
        "frame",  # broken framing: bad length, UTF-8 or JSON
        "timeout",  # nothing said in time
        "replaced",  # the same seat joined again from another connection
        "shutdown",  # the host is stopping
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


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": ERROR, "code": code, "message": message, "fatal": code in FATAL_CODES}


def hello(name: str, token: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": HELLO, "protocol": PROTOCOL_VERSION, "app": APP_VERSION, "name": name}
    if token:
        msg["token"] = token
    return msg


def match_version(match: Match) -> int:
    return sum(len(h.actions) for h in match.hands) + len(match.hands)


def public_action_text(text: str) -> str:
    """The form of an action every seat may read: a discard hides its cards."""
    words = text.split()
    if words and words[0] == "discard":
        return f"discard {len(words) - 1} cards"
    return text


def parse_seats(spec: str | list[str]) -> list[str]:
    """``"lan,bot:hard,human,bot"`` -> ``["lan", "bot:hard", "human", "bot:simple"]``; ValueError if bad."""
    items = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec)]
    seats: list[str] = []
    for item in items:
        kind, _, strength = item.partition(":")
        if kind in (LAN, HUMAN) and not strength:
            seats.append(kind)
        elif kind == BOT:
            seats.append(f"bot:{strength or 'simple'}")
        else:
            raise ValueError(f"unknown seat {item!r}: use lan, human, bot or bot:STRENGTH")
    return seats


@dataclass
class Conn:
    seats: list[int] = field(default_factory=list)
    name: str = ""
    local: bool = False

    @property
    def joined(self) -> bool:
        return bool(self.seats)


class HostProtocol:
    """The referee side of a LAN game. Not thread-safe: the host calls it under one lock."""

    def __init__(
        self,
        match: Match,
        seats: list[str],
        *,
        grace_s: float = 60.0,
        tokens: dict[int, str] | None = None,
        started: bool = False,
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
        self.tokens: dict[int, str] = dict(tokens or {})
        for seat, kind in enumerate(self.seats):
            if kind == LAN and seat not in self.tokens:
                self.tokens[seat] = secrets.token_urlsafe(16)
        self.conns: dict[Hashable, Conn] = {}
        self.seat_conn: dict[int, Hashable] = {}  # lan/human seat -> connection playing it now
        self.claimed: set[int] = set(tokens or {}) if started else set()  # lan seats joined at least once
        self.dropped_at: dict[int, float] = {}  # lan seat -> when its player dropped
        self.standin: set[int] = set()  # lan seats a bot plays until the human returns
        self.ready: set[int] = set()
        self.started = started
        if started:
            for seat, kind in enumerate(self.seats):
                if kind == LAN:
                    self.dropped_at[seat] = clock()

    # -- facts --------------------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The match's action count, as ``SeatView.version`` counts it."""
        return match_version(self.match)

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
                self.ready.discard(seat)
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

    def shutdown(self) -> list[Out]:
        return [
            (cid, error("shutdown", "the host is stopping")) for cid, c in self.conns.items() if not c.local
        ]

    # -- the one entry point for what a client says
    def handle(self, conn_id: Hashable, message: dict[str, Any]) -> list[Out]:
        conn = self.conns.get(conn_id)
        if conn is None:
            return []
        kind = message.get("type")
        if not conn.joined:
            if kind != HELLO:
                return [(conn_id, error("bad_hello", f"say hello first (got {str(kind)[:40]!r})"))]
            return self._hello(conn_id, message)
        if kind == HELLO:
            return [(conn_id, error("already_joined", f"you already sit in seat {conn.seats[0]}"))]
        if kind == PING:
            return [(conn_id, {"type": PONG, "t": message.get("t")})]
        if kind == PONG:
            return []
        if kind == ACTION:
            text = message.get("text")
            seat = message.get("seat", conn.seats[0])
            if not isinstance(text, str) or len(text) > 200:
                return [(conn_id, error("bad_message", "an action message needs 'text', e.g. 'play R14'"))]
            if seat not in conn.seats:
                return [(conn_id, error("bad_message", f"you do not play seat {seat!r}"))]
            if not self.started:
                return [(conn_id, error("not_started", "the game starts when every LAN seat is taken"))]
            try:
                return self.apply_action(seat, text)
            except IllegalActionError as exc:
                code = "not_your_turn" if "turn" in exc.reason and self.match.to_act != seat else "illegal"
                return [(conn_id, error(code, exc.reason))]
            except KrookError as exc:
                return [(conn_id, error("illegal", str(exc)))]
        if kind == READY:
            return self.mark_ready(conn.seats, conn_id)
        return [(conn_id, error("unknown_type", f"unknown message type {str(kind)[:40]!r}"))]

    # -- changing the game ---------------------------------------------------------------------------------
    def apply_action(self, seat: int, text: str) -> list[Out]:
        """Apply ``text`` for ``seat`` (a client, a local human or a bot); raises IllegalActionError."""
        if not self.started:
            raise IllegalActionError(text, "the game has not started: waiting for players to join")
        match = self.match
        if match.is_over:
            raise IllegalActionError(text, "the game is over")
        if match.to_act != seat:
            who = match.to_act
            raise IllegalActionError(
                text,
                f"it is seat {who}'s turn, not yours"
                if who is not None
                else "nobody is to act: the hand is over",
            )
        hand_number = len(match.hands)
        match.apply(text, seat)
        version = self.version
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

    def mark_ready(self, seats: list[int], conn_id: Hashable | None = None) -> list[Out]:
        if self.match.phase is not Phase.HAND_OVER:
            if conn_id is None:
                return []
            return [(conn_id, error("wrong_state", "'ready' is for after a hand is scored"))]
        self.ready.update(seats)
        return self._maybe_next_hand()

    def start(self) -> list[Out]:
        """Start the game; LAN seats nobody has taken are played by a bot until someone joins."""
        if self.started:
            return []
        self.started = True
        out: list[Out] = []
        now = self.clock() - self.grace_s
        for seat in self.open_seats():
            self.dropped_at[seat] = now
        out += self.tick()
        return out + self._broadcast([{"type": EVENT, "kind": "start", "version": self.version}])

    def _maybe_next_hand(self) -> list[Out]:
        match = self.match
        if not self.started or match.phase is not Phase.HAND_OVER:
            return []
        waiting = [
            s
            for s, k in enumerate(self.seats)
            if self.bot_strength(s) is None and s in self.seat_conn and s not in self.ready
        ]
        if waiting:
            return []
        self.ready.clear()
        match.next_hand()
        return self._broadcast(
            [{"type": EVENT, "kind": "new_hand", "hand_number": len(match.hands), "version": self.version}]
        )

    # -- joining -------------------------------------------------------------------------------------------
    def _hello(self, conn_id: Hashable, msg: dict[str, Any]) -> list[Out]:
        version = msg.get("protocol")
        if not isinstance(version, int) or isinstance(version, bool) or version != PROTOCOL_VERSION:
            return [
                (
                    conn_id,
                    error(
                        "version",
                        f"this host speaks protocol {PROTOCOL_VERSION} (Krook {APP_VERSION}); "
                        f"you sent {version!r} (Krook {str(msg.get('app'))[:20]}): update the older copy",
                    ),
                )
            ]
        name = msg.get("name")
        token = msg.get("token")
        if (
            not isinstance(name, str)
            or not name.strip()
            or (token is not None and not isinstance(token, str))
        ):
            return [
                (conn_id, error("bad_hello", "hello needs a 'name' (text) and an optional 'token' (text)"))
            ]
        name = " ".join(name.split())[:MAX_NAME]
        out: list[Out] = []
        if token:
            seat = next((s for s, t in self.tokens.items() if secrets.compare_digest(t, token)), None)
            if seat is None:
                return [
                    (
                        conn_id,
                        error("bad_token", "this host holds no seat for that token"),
                    )
                ]
            old = self.seat_conn.get(seat)
            if old is not None and old != conn_id:
                out.append((old, error("replaced", f"seat {seat} joined again from another connection")))
                self.conns.pop(old, None)
        else:
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
        }

    # -- sending -------------------------------------------------------------------------------------------
    def _status(self, seat: int, names: bool = False) -> list[Out]:
        msg: dict[str, Any] = {"type": STATUS, "seat": seat, "status": self.seat_status(seat)}
        if names:
            msg["players"] = list(self.match.players)
        return [(cid, msg) for cid, c in self.conns.items() if c.joined]

    def _views_for(self, conn_id: Hashable) -> list[Out]:
        conn = self.conns[conn_id]
        return [(conn_id, {"type": VIEW, "view": self.match.view(seat).to_dict()}) for seat in conn.seats]

    def _broadcast(self, events: list[dict[str, Any]]) -> list[Out]:
        """Each joined connection gets the events, then its own seats' views, nothing more."""
        out: list[Out] = []
        for cid, conn in self.conns.items():
            if not conn.joined:
                continue
            out += [(cid, e) for e in events]
            out += self._views_for(cid)
        return out
