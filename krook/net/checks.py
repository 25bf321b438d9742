"""The client's check of every message from a host: a broken or hostile host gets an error and a reconnect,
never a crashed window.

:func:`check_host_message` returns the message with only the keys Krook knows, each of the right type, or
raises :class:`HostMessageError`. A ``view`` message comes back holding a :class:`SeatView` under ``"view"``.
Message types Krook does not know return None (a newer host may send more).
"""

from __future__ import annotations

from typing import Any

from krook.records.checks import (
    CheckError,
    _fail,
    _int,
    _ints,
    _list,
    _names,
    _str,
    _strs,
    check_result,
    check_view,
    clean_player_name,
)
from krook.rules import KrookError, parse_public_action

from .protocol import ERROR, EVENT, HISTORY, MAX_ACTION, MAX_HISTORY, PONG, RESULTS, STATUS, VIEW, WELCOME

__all__ = ["HostMessageError", "check_host_message", "check_result", "check_view", "clean_player_name"]

HostMessageError = CheckError  # what a host sent that Krook cannot show


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
