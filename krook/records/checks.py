"""Checks for a seat's views and score-sheet rows as they come from outside (a host over the network, a
kept seat record on disk): the types, sizes, card names and seats, so nothing unchecked reaches a screen.

The network client and the stored seat records both use these; :class:`CheckError` says what is wrong.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from krook.rules import KrookError, SeatView
from krook.rules.cards import COLOR_LETTERS, parse_cards
from krook.rules.scoring import HandResult
from krook.rules.view import VIEW_FORMAT
from krook.text_gate import outside_text

MAX_TEXT = 400
MAX_PLAYER_NAME = 60
MAX_PLAYERS = 8


class CheckError(ValueError):
    """A message from the host that Krook cannot use; the connection is dropped and made again."""


def _fail(what: str, value: object) -> CheckError:
    text = repr(value)
    return CheckError(f"{what} is {text[:60] + '...' if len(text) > 60 else text}")


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
    """A view from the host as a SeatView; raises CheckError when it is not a view Krook can show."""
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
                raise CheckError(f"the view has no {name!r}")
            continue
        values[name] = _field_value(name, kind, data[name])
    values.setdefault("results", [])
    try:
        for key in ("hand", "nest", "buried"):
            parse_cards(values.get(key, []))
        parse_cards(card for _, card in values.get("trick", []))
        parse_cards([values["called"]] if values.get("called") is not None else [])
        view = SeatView.from_dict(values)
        view.legal_actions()
        rules = view.rules_obj  # the screens read the table's rules from every view: they must hold
    except (KrookError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CheckError(f"the view does not hold together: {str(exc)[:120]}") from None
    if view.trump is not None and (len(view.trump) != 1 or view.trump not in COLOR_LETTERS):
        raise _fail("the view's trump", view.trump)
    _check_shape(view, rules.players, rules.team_count)
    n = len(view.players)
    seats = [view.seat, view.to_act, view.dealer, view.bidder, view.high_bidder, view.partner, view.winner]
    if not 2 <= n <= 8 or any(s is not None and not 0 <= s < max(n, len(view.scores)) for s in seats):
        raise CheckError("the view names a seat that is not at the table")
    return view


def _check_shape(view: SeatView, players: int, columns: int) -> None:
    """Every per-seat and per-column list as long as the table has seats and score columns: the screens index
    them by seat."""
    per_seat: dict[str, Sequence[object]] = {
        "players": view.players,
        "hand_sizes": view.hand_sizes,
        "points_taken": view.points_taken,
        "tricks_won": view.tricks_won,
    }
    for name, values in per_seat.items():
        if len(values) != players:
            raise CheckError(
                f"the view's {name!r} should have {players} entries (one a seat) but has {len(values)}"
            )
    per_column: dict[str, Sequence[object]] = {"scores": view.scores, "columns": view.columns}
    for name, values in per_column.items():
        if len(values) != columns:
            raise CheckError(
                f"the view's {name!r} should have {columns} entries (one a column) but has {len(values)}"
            )


def check_result(data: object) -> dict[str, Any]:
    """One score-sheet row (a HandResult as a dict), with only the keys Krook knows."""
    if not isinstance(data, dict):
        raise _fail("a score-sheet row", data)
    row = {}
    for f in dataclasses.fields(HandResult):
        if f.name not in data:
            raise CheckError(f"a score-sheet row has no {f.name!r}")
        row[f.name] = _scalar_or_list(data[f.name], f"the score-sheet row's {f.name!r}")
    try:
        HandResult.from_dict(dict(row))
    except (TypeError, ValueError) as exc:
        raise CheckError(f"a score-sheet row does not hold together: {exc}") from None
    return row


# -- messages -------------------------------------------------------------------------------------------------
