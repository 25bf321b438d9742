"""Discovery's targets, as a pure function over made-up interface lists: no packet is sent by these tests."""

from __future__ import annotations

import logging

import pytest

from krook.net.discovery import LIMITED_BROADCAST, broadcast_targets, parse_answer


def test_each_interface_gets_its_broadcast_address_then_the_limited_broadcast():
    interfaces = [
        ("127.0.0.1", "255.0.0.0"),  # loopback: left out
        ("192.168.1.20", "255.255.255.0"),  # the home network
        ("10.8.0.6", "255.255.0.0"),  # a VPN adapter
        ("172.17.0.1", "255.255.0.0"),  # Docker's bridge
        ("169.254.3.4", "255.255.0.0"),  # link-local: left out
        ("192.168.1.21", "255.255.255.0"),  # a second address on the same network: no duplicate
    ]
    assert broadcast_targets(interfaces) == (
        "192.168.1.255",
        "10.8.255.255",
        "172.17.255.255",
        LIMITED_BROADCAST,
    )


def test_missing_or_odd_netmasks():
    # Without a netmask (Windows, macOS: the host name's addresses) a home network's /24 is assumed.
    assert broadcast_targets([("192.168.0.7", None)]) == ("192.168.0.255", LIMITED_BROADCAST)
    # Point-to-point and single-host links have no broadcast; junk is skipped, never raised.
    assert broadcast_targets([("10.0.0.1", "255.255.255.255"), ("10.0.0.2", "255.255.255.254")]) == (
        LIMITED_BROADCAST,
    )
    assert broadcast_targets([("not an address", None), ("300.1.1.1", "255.255.255.0"), ("", "")]) == (
        LIMITED_BROADCAST,
    )
    assert broadcast_targets([]) == (LIMITED_BROADCAST,)


def test_a_skipped_interface_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="krook.net.discovery"):
        assert broadcast_targets([("300.1.1.1", "255.255.255.0")]) == (LIMITED_BROADCAST,)
    assert "300.1.1.1" in caplog.text and "no broadcast address" in caplog.text


def test_answers_say_whether_a_room_code_is_needed():
    answer = b'{"type":"krook-game","name":"Den","port":47470,"protocol":2,"password":true}'
    info = parse_answer(answer, "192.168.1.31")
    assert info is not None and info.password and info.port == 47470
    assert parse_answer(b'{"type":"krook-game","port":"x"}', "1.2.3.4") is None
    assert parse_answer(b"\xff", "1.2.3.4") is None
