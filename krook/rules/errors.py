"""The error family of the rules core: every one is a ValueError that says what and why."""


class KrookError(ValueError):
    """Base of every error the rules core raises on bad input."""


class NotationError(KrookError):
    """A card, colour or action could not be read."""


class RulesError(KrookError):
    """A combination of settings that cannot be played."""


class IllegalActionError(KrookError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, action: object, reason: str) -> None:
        text = action if isinstance(action, str) else str(action)  # an Action reads as its text
        super().__init__(f"illegal action {text!r}: {reason}")
        self.action = text
        self.reason = reason


class RecordError(KrookError):
    """A game record or saved state that is malformed or inconsistent."""
