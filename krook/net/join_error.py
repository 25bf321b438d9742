"""The one error a seat gets when it cannot take its place: refused by the host or the relay, or unreachable.

Its own module because the dialers (LAN and relay) and the client all raise it, and the client sits above them.
"""

from __future__ import annotations

# Refusals that trying again cannot mend: the seat stops reconnecting and says why at once.
FINAL_CODES = frozenset(
    {"version", "bad_token", "full", "bad_hello", "replaced", "password", "wrong_code", "closed"}
)


class JoinError(ConnectionError):
    """The host refused us (``code`` from the protocol) or could not be reached (``"unreachable"``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
