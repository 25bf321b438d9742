"""The address a player types on the Join screen (docs/PLAYING.md, joining by address): whatever is typed,
either an address Krook can dial or a message for a person, never a Python error's text."""

from __future__ import annotations

import pytest

from krook.net import DEFAULT_PORT
from krook.scenes.lan.common import parse_address


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("192.168.1.20", ("192.168.1.20", DEFAULT_PORT)),
        (" 192.168.1.20:47480 ", ("192.168.1.20", 47480)),
        ("kitchen-pc", ("kitchen-pc", DEFAULT_PORT)),
        ("kitchen-pc.local:5000", ("kitchen-pc.local", 5000)),
        ("Kitchen_PC", ("Kitchen_PC", DEFAULT_PORT)),
        ("::1", ("::1", DEFAULT_PORT)),
        ("[fe80::1]:47480", ("fe80::1", 47480)),
        ("[::1]", ("::1", DEFAULT_PORT)),
    ],
)
def test_addresses_people_type(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "host:\u00b2",  # a superscript two is a digit to str.isdigit, not to int()
        "host:" + "9" * 5000,  # longer than int() reads
        "host:\u0664\u0667\u0664\u0667\u0660",  # Arabic-Indic digits: not a port anyone means
        "host:0",
        "host:65536",
        "host:+5",
        "x" * 300,  # a label longer than a name may be (the dialer's IDNA codec raised UnicodeError)
        "..",
        "\u202ekitchen",
        "kitchen pc",
        "a\x00b",
        "[::1",
        "[nonsense]:5",
        ":5",
        "192.168.1.300",
        "192.168.1",
    ],
    ids=lambda text: ascii(text[:16]),
)
def test_anything_else_is_a_message_for_a_person(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_address(text)
    message = str(caught.value)
    assert message[:1].isupper() and message.endswith(".")
    assert "int()" not in message and "codec" not in message and "digits" not in message.split("(")[0]


@pytest.mark.parametrize("address", ["x" * 300, "..", "\u202ekitchen", "a\x00b"])
def test_the_dialer_says_unreachable_for_a_name_the_resolver_refuses(address: str) -> None:
    """Before: the resolver's UnicodeError (label too long, a character IDNA refuses) left the dialer as a
    bare exception instead of a JoinError the screens explain."""
    from krook.net.client import JoinError
    from krook.net.transport import tcp_dialer

    with pytest.raises(JoinError) as caught:
        tcp_dialer(address, 47470)(1.0)
    assert caught.value.code == "unreachable"
