"""Each house rule's help, read in the lobby beside its stepper, names the choices as the stepper shows them
("last trick", not the saved value "last_trick")."""

from __future__ import annotations

import pytest

from krook.rules.settings import SETTING_SPECS


@pytest.mark.parametrize("spec", SETTING_SPECS, ids=lambda s: s.name)
def test_help_names_choices_as_shown(spec) -> None:  # type: ignore[no-untyped-def]
    for choice in spec.choices:
        if isinstance(choice, str) and "_" in choice:
            assert f"{choice}:" not in spec.help, spec.help
    assert "_" not in spec.help, spec.help
