"""The rules core of Krook: pure Python, no pygame. Everything else sees a game through ``Match.view``."""

from .actions import (
    ACTION_TYPES,
    PASS,
    REDEAL,
    Action,
    Bid,
    BidAction,
    Call,
    Discard,
    HiddenDiscard,
    Pass,
    Play,
    PublicAction,
    Redeal,
    Trump,
    action_text,
    as_action,
    parse_action,
    parse_public_action,
    public_action,
)
from .cards import KROOK, KROOK2, Color, card_id, card_name, parse_card, parse_cards
from .errors import IllegalActionError, KrookError, NotationError, RecordError, RulesError
from .hand import Hand, Phase, Trick
from .legal import DiscardRule, LegalActions
from .match import RECORD_FORMAT, Match
from .presets import DEFAULT_PRESET, PRESETS, Preset, get_preset, matching_preset, rules_from_spec, spec_for
from .record import ReplayError, match_from_record
from .scoring import HandResult
from .settings import SETTING_SPECS, Rules, SettingSpec
from .view import SeatView, TrickView

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_PRESET",
    "KROOK",
    "KROOK2",
    "PASS",
    "PRESETS",
    "RECORD_FORMAT",
    "REDEAL",
    "SETTING_SPECS",
    "Action",
    "Bid",
    "BidAction",
    "Call",
    "Color",
    "Discard",
    "DiscardRule",
    "Hand",
    "HandResult",
    "HiddenDiscard",
    "IllegalActionError",
    "KrookError",
    "LegalActions",
    "Match",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "Preset",
    "PublicAction",
    "RecordError",
    "Redeal",
    "ReplayError",
    "Rules",
    "RulesError",
    "SeatView",
    "SettingSpec",
    "Trick",
    "TrickView",
    "Trump",
    "action_text",
    "as_action",
    "card_id",
    "card_name",
    "get_preset",
    "match_from_record",
    "matching_preset",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_public_action",
    "public_action",
    "rules_from_spec",
    "spec_for",
]
