"""The rules core of Krook: pure Python, no pygame. Everything else sees a game through ``Match.view``."""

from .actions import (
    ACTION_TYPES,
    Action,
    Bid,
    Call,
    Discard,
    Pass,
    Play,
    Redeal,
    Trump,
    action_text,
    as_action,
    parse_action,
)
from .cards import KROOK, KROOK2, Color, card_id, card_name, parse_card, parse_cards
from .errors import IllegalActionError, KrookError, NotationError, RecordError, RulesError
from .hand import Hand, Phase, Trick
from .legal import DiscardRule, LegalActions
from .match import RECORD_FORMAT, Match
from .presets import DEFAULT_PRESET, PRESETS, Preset, get_preset, matching_preset, rules_from_spec, spec_for
from .record import ReplayError, load_record, match_from_record, save_record
from .scoring import HandResult
from .settings import SETTING_SPECS, Rules, SettingSpec
from .view import SeatView, TrickView

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_PRESET",
    "KROOK",
    "KROOK2",
    "PRESETS",
    "RECORD_FORMAT",
    "SETTING_SPECS",
    "Action",
    "Bid",
    "Call",
    "Color",
    "Discard",
    "DiscardRule",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "KrookError",
    "LegalActions",
    "Match",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "Preset",
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
    "load_record",
    "match_from_record",
    "matching_preset",
    "parse_action",
    "parse_card",
    "parse_cards",
    "rules_from_spec",
    "save_record",
    "spec_for",
]
