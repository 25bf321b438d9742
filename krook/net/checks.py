"""The client's check of every message from a host: a broken or hostile host gets an error and a reconnect,
never a crashed window.

:func:`check_host_message` returns the message with only the keys Krook knows, each of the right type, or
raises :class:`HostMessageError`. A ``view`` message comes back holding a :class:`SeatView` under ``"view"``.
Message types Krook does not know return None (a newer host may send more).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from krook.rules import KrookError, SeatView, parse_public_action
from krook.rules.cards import parse_cards
from krook.rules.scoring import HandResult
from krook.rules.view import VIEW_FORMAT
from krook.text_gate import outside_text

from .protocol import ERROR, EVENT, HISTORY, MAX_ACTION, MAX_HISTORY, PONG, RESULTS, STATUS, VIEW, WELCOME

MAX_TEXT = 400
MAX_PLAYER_NAME = 60
MAX_PLAYERS = 8


class HostMessageError(ValueError):
    """A message from the host that Krook cannot use; the connection is dropped and made again."""


def _fail(what: str, value: object) -> HostMessageError:
    text = repr(value)
    return HostMessageError(f"{what} is {text[:60] + '...' if len(text) > 60 else text}")


def _int(value: object, what: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if type(value) is not int or not -(10**12) < value < 10**12:
        raise _fail(f"{what} should be a whole number but", value)
    return value


def _str(value: object, what: str, *, optional: bool = False, limit: int = MAX_TEXT) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _fail(f"{what} should be text but", value)
    return value[:limit]


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{what} should be a list but", value)
    return value


def _ints(value: object, what: str) -> list[int]:
    return [_int(v, what) or 0 for v in _list(value, what)]


def _strs(value: object, what: str, limit: int = MAX_TEXT) -> list[str]:
    return [_str(v, what, limit=limit) or "" for v in _list(value, what)]


def clean_player_name(value: str, seat: int) -> str:
    """A player's name as the host cleans one (``krook.net.protocol.clean_name``: printable characters,
    single spaces) and through the text gate, bounded; a name with nothing left is "Player N"."""
    text = "".join(ch for ch in value[: MAX_PLAYER_NAME * 4] if ch.isprintable())
    text = outside_text(" ".join(text.split())[:MAX_PLAYER_NAME], MAX_PLAYER_NAME)
    return text or f"Player {seat + 1}"


def _names(value: object, what: str) -> list[str]:
    """The players' names: a list of at most MAX_PLAYERS texts, each cleaned as the host cleans names."""
    names = _list(value, what)
    if len(names) > MAX_PLAYERS:
        raise _fail(f"{what} should name at most {MAX_PLAYERS} players but", len(names))
    return [clean_player_name(_str(v, what, limit=MAX_TEXT) or "", i) for i, v in enumerate(names)]


def _pairs(value: object, what: str) -> list[list[Any]]:
    out = []
    for item in _list(value, what):
        if not isinstance(item, list) or len(item) != 2:
            raise _fail(f"{what} should hold [seat, text] pairs but", item)
        out.append([_int(item[0], what), _str(item[1], what)])
    return out


def _scalar_or_list(value: object, what: str) -> object:
    if value is None or isinstance(value, bool | str) or type(value) is int:
        return value
    if isinstance(value, list) and all(v is None or isinstance(v, str) or type(v) is int for v in value):
        return value
    raise _fail(what, value)


# -- views ----------------------------------------------------------------------------------------------------
def _field_value(name: str, kind: str, value: object) -> object:
    """Check one SeatView field against its annotation (as written in krook/rules/view.py)."""
    what = f"the view's {name!r}"
    kind = kind.replace(" ", "")
    optional = kind.endswith("|None")
    base = kind.removesuffix("|None")
    if value is None and optional:
        return None
    if base == "int":
        return _int(value, what)
    if base in ("str", "Phase"):
        return _str(value, what)
    if base == "bool":
        if not isinstance(value, bool):
            raise _fail(what, value)
        return value
    if base == "list[str]":
        return _names(value, what) if name == "players" else _strs(value, what)
    if base == "list[int]":
        return _ints(value, what)
    if base == "list[tuple[int,str]]":
        return _pairs(value, what)
    if base == "list[TrickView]":
        tricks = []
        for t in _list(value, what):
            if not isinstance(t, dict):
                raise _fail(what, t)
            tricks.append(
                {
                    "leader": _int(t.get("leader"), what),
                    "cards": _pairs(t.get("cards"), what),
                    "winner": _int(t.get("winner"), what, optional=True),
                    "points": _int(t.get("points", 0), what),
                }
            )
        return tricks
    if base.startswith("dict["):
        if not isinstance(value, dict):
            raise _fail(what, value)
        return {str(k)[:60]: _scalar_or_list(v, what) for k, v in value.items()}
    if base.startswith("list[dict["):
        return [_field_value(name, "dict[str,Any]", v) for v in _list(value, what)]
    return value  # a field type this check does not know: SeatView.from_dict has the last word


_VIEW_FIELDS = [(f.name, str(f.type), f.default is dataclasses.MISSING) for f in dataclasses.fields(SeatView)]


def check_view(data: object) -> SeatView:
    """A view from the host as a SeatView; raises HostMessageError when it is not a view Krook can show."""
    if isinstance(data, SeatView):
        return data  # checked already, on the client's thread
    if not isinstance(data, dict):
        raise _fail("a view", data)
    if data.get("format") != VIEW_FORMAT:
        raise _fail(f"the view format should be {VIEW_FORMAT!r} but", data.get("format"))
    values: dict[str, Any] = {}
    for name, kind, required in _VIEW_FIELDS:
        if name not in data:
            if required and name != "results":
                raise HostMessageError(f"the view has no {name!r}")
            continue
        values[name] = _field_value(name, kind, data[name])
    values.setdefault("results", [])
    try:
        for key in ("hand", "nest", "buried"):
            parse_cards(values.get(key, []))
        parse_cards(card for _, card in values.get("trick", []))
        view = SeatView.from_dict(values)
        view.legal_actions()
    except (KrookError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise HostMessageError(f"the view does not hold together: {str(exc)[:120]}") from None
    n = len(view.players)
    seats = [view.seat, view.to_act, view.dealer, view.bidder, view.high_bidder, view.partner, view.winner]
    if not 2 <= n <= 8 or any(s is not None and not 0 <= s < max(n, len(view.scores)) for s in seats):
        raise HostMessageError("the view names a seat that is not at the table")
    return view


def check_result(data: object) -> dict[str, Any]:
    """One score-sheet row (a HandResult as a dict), with only the keys Krook knows."""
    if not isinstance(data, dict):
        raise _fail("a score-sheet row", data)
    row = {}
    for f in dataclasses.fields(HandResult):
        if f.name not in data:
            raise HostMessageError(f"a score-sheet row has no {f.name!r}")
        row[f.name] = _scalar_or_list(data[f.name], f"the score-sheet row's {f.name!r}")
    try:
        HandResult.from_dict(dict(row))
    except (TypeError, ValueError) as exc:
        raise HostMessageError(f"a score-sheet row does not hold together: {exc}") from None
    return row


# -- messages -------------------------------------------------------------------------------------------------
def check_host_message(msg: object) -> dict[str, Any] | None:
    """The message with only known keys, each checked; None for a type Krook does not know."""
    if not isinstance(msg, dict):
        raise _fail("a message", msg)
    kind = msg.get("type")
    if kind == VIEW:
        return {
            "type": VIEW,
            "view": check_view(msg.get("view")),
            "results_count": _int(msg.get("results_count", 0), "results_count"),
        }
    if kind == RESULTS:
        rows = [check_result(r) for r in _list(msg.get("results"), "results")]
        return {"type": RESULTS, "from": _int(msg.get("from"), "results 'from'"), "results": rows}
    if kind == EVENT:
        what = _str(msg.get("kind"), "an event's kind", limit=40)
        out: dict[str, Any] = {"type": EVENT, "kind": what}
        if what == "action":
            out["seat"] = _int(msg.get("seat"), "an action's seat")
            text = _str(msg.get("text"), "an action's text", limit=200) or ""
            try:
                out["action"] = parse_public_action(text)
            except KrookError:
                raise _fail("an action's text", text) from None
            out["text"] = str(out["action"])
            out["version"] = _int(msg.get("version"), "an action's version")
        elif what == "hand_over":
            out["hand_number"] = _int(msg.get("hand_number"), "hand_number")
        elif what == "game_over":
            out["winner"] = _int(msg.get("winner"), "the winner")
        return out
    if kind == STATUS:
        out = {"type": STATUS, "seat": _int(msg.get("seat"), "a status's seat")}
        out["status"] = _str(msg.get("status"), "a status", limit=40)
        if msg.get("players") is not None:
            out["players"] = _names(msg["players"], "the players")
        if not 0 <= (out["seat"] or 0) < 8:
            raise _fail("a status's seat", out["seat"])
        return out
    if kind == WELCOME:
        seats = _ints(msg.get("seats", []), "the welcome's seats")
        return {
            "type": WELCOME,
            "seat": _int(msg.get("seat"), "the welcome's seat", optional=True),
            "seats": seats,
            "token": _str(msg.get("token"), "the seat token", optional=True, limit=64),
            "players": _names(msg.get("players", []), "the players"),
            "statuses": _strs(msg.get("statuses", []), "the statuses", limit=40),
            "started": bool(msg.get("started")),
            "ready": _ints(msg.get("ready", []), "the ready seats"),
        }
    if kind == ERROR:
        return {
            "type": ERROR,
            "code": _str(msg.get("code"), "an error code", limit=40),
            "message": _str(msg.get("message", ""), "an error message"),
            "fatal": msg.get("fatal") is True,
        }
    if kind == PONG:
        return {"type": PONG}
    if kind == HISTORY:
        views = _list(msg.get("views"), "the history's views")
        total = _int(msg.get("total"), "the history's total") or 0
        start = _int(msg.get("from"), "the history's 'from'") or 0
        if not 0 <= start <= total <= MAX_HISTORY or len(views) > total - start:
            raise _fail("a history page", {"from": start, "total": total, "views": len(views)})
        return {"type": HISTORY, "from": start, "total": total, "views": [_past_view(v) for v in views]}
    return None


def _past_view(data: object) -> dict[str, Any]:
    """One view of a ``history`` page, checked like a view and kept as the host sent it (the seat record's
    form: the view with an empty score sheet, ``results_count``, ``actor`` and the public ``action``)."""
    if not isinstance(data, dict):
        raise _fail("a view of the history", data)
    view = check_view(dict({k: v for k, v in data.items() if k not in _PAST_KEYS}, results=[]))
    out = view.to_dict()
    out["results"] = []
    out["results_count"] = _int(data.get("results_count"), "a view's score-sheet count") or 0
    actor = _int(data.get("actor"), "a view's actor", optional=True)
    if actor is not None and not 0 <= actor < len(view.players):
        raise _fail("a view's actor", actor)
    out["actor"] = actor
    out["action"] = _str(data.get("action", ""), "a view's action", limit=MAX_ACTION) or ""
    return out


_PAST_KEYS = ("results_count", "actor", "action")
