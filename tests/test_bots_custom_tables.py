"""The benchmark's custom tables: eight playable rule sets of the promised shapes, none of them a preset."""

from __future__ import annotations

import json

from krook.rules import matching_preset, rules_from_spec
from tests.script_loader import load_script


def _tables(seed: int = 29) -> list[dict[str, object]]:
    module = load_script("benchmarks/custom_tables.py", "custom_tables")
    return module.tables(seed)  # type: ignore[no-any-return]


def test_eight_tables_of_every_shape_none_a_preset() -> None:
    specs = _tables()
    rules = [rules_from_spec(s) for s in specs]
    assert len(rules) == 8 and len(set(rules)) == 8
    assert all(matching_preset(r) is None for r in rules)
    shapes = {(r.players, r.partnership) for r in rules}
    assert {(4, "fixed"), (3, "individual"), (5, "individual"), (6, "individual")} <= shapes
    assert all(r.bidding for r in rules)  # no practice game: every table has an auction


def test_the_draw_is_fixed_by_its_seed() -> None:
    first = json.dumps(_tables(29), sort_keys=True)
    assert json.dumps(_tables(29), sort_keys=True) == first
    assert json.dumps(_tables(30), sort_keys=True) != first
