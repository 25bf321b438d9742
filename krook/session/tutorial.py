"""Learn to play: one guided hand of Kentucky Discard with a fixed deal, and the lessons that go with it.

The hand is scripted (the actions below were played by the medium bot from this deal). Each lesson appears
when its moment comes; some wait for the player to read them (``needs_ack``), the others wait for the move
they teach and refuse any other with the reason. From the fourth trick on the player plays freely; the bots
keep to the script while the game still follows it and play as easy bots after that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from krook.bots import Bot, BotContext, make_bot
from krook.rules import (
    Action,
    Bid,
    KrookError,
    Match,
    Phase,
    SeatView,
    as_action,
    get_preset,
)
from krook.rules.cards import parse_card
from krook.rules.deal import deal_from_dict
from krook.rules.words import card_words, cards_words, colour_words

from .local import Lobby, LocalSession, SeatConfig

PRESET = "kentucky-discard"
NAMES = ["You", "Ada", "Ben", "Cleo"]
DEALER = 3  # Cleo deals, so you bid first
DEAL = {
    "hands": [
        ["R8", "R11", "R14", "Y12", "G6", "G9", "G10", "B8", "B9"],
        ["R5", "R7", "Y6", "Y7", "Y10", "Y14", "G7", "G8", "G11"],
        ["R9", "R10", "R12", "Y11", "G13", "G14", "B5", "B6", "B11"],
        ["R6", "R13", "Y5", "Y9", "Y13", "G5", "G12", "B13", "B14"],
    ],
    "nest": ["Y8", "B7", "B10", "B12", "K"],
}
SCRIPT = [
    "bid 70",
    "bid 75",
    "pass",
    "pass",
    "bid 80",
    "pass",
    "discard R8 Y8 G6 G9 G10",
    "trump B",
    "play K",
    "play Y6",
    "play B5",
    "play B13",
    "play B7",
    "play R7",
    "play B6",
    "play B14",
    "play R6",
    "play R14",
    "play R5",
    "play R10",
    "play B12",
    "play Y7",
    "play B11",
    "play Y9",
    "play R11",
    "play G7",
    "play R9",
    "play R13",
    "play G12",
    "play Y12",
    "play G8",
    "play G14",
    "play G13",
    "play G5",
    "play B10",
    "play G11",
    "play B8",
    "play Y10",
    "play Y11",
    "play Y13",
    "play B9",
    "play Y14",
    "play R12",
    "play Y5",
]
YOU = 0


@dataclass(frozen=True)
class Lesson:
    """A note the table shows when ``when(match)`` first holds; ``expect`` is the one move it accepts.

    ``say`` writes the note from the seat's view at that moment, so every count, card and colour it names is
    the one on the screen."""

    key: str
    title: str
    say: Callable[[SeatView], str]
    when: Callable[[Match], bool]
    expect: str | None = None
    hint: str = ""  # said when the player tries another legal move

    @property
    def needs_ack(self) -> bool:
        return self.expect is None

    @property
    def expected_action(self) -> Action | None:
        """The move the note asks for, typed (the lesson script writes it as the record's text)."""
        return as_action(self.expect) if self.expect is not None else None


def _your_turn(phase: Phase, tricks: int | None = None) -> Callable[[Match], bool]:
    def check(m: Match) -> bool:
        hand = m.hand
        return m.to_act == YOU and hand.phase is phase and (tricks is None or len(hand.tricks) == tricks)

    return check


def _tricks_done(count: int) -> Callable[[Match], bool]:
    return lambda m: len(m.hand.tricks) >= count and not m.hand.trick


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_words(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _of_colour(view: SeatView, letter: str) -> list[str]:
    return sorted((c for c in view.hand if c[:1] == letter and c != "K"), key=lambda c: int(c[1:]))


def _points(view: SeatView, cards: list[str]) -> int:
    table = view.rules_obj.points
    return sum(table.get(parse_card(c), 0) for c in cards)


def _counters(view: SeatView, cards: list[str]) -> list[str]:
    table = view.rules_obj.points
    return [c for c in cards if parse_card(c) in table]


def _say_deal(v: SeatView) -> str:
    partner, left, right = v.players[(YOU + 2) % 4], v.players[(YOU + 1) % 4], v.players[(YOU + 3) % 4]
    return (
        f"Welcome to Krook! This is Kentucky Discard: four players in two sides. {partner}, across the table, "
        f"is your partner; {left} and {right} play against you. {v.players[v.dealer]} dealt "
        f"{number_words(len(v.hand))} cards to each player and {number_words(v.rules_obj.nest_size)} face "
        "down to the middle: the nest. Whoever wins the bidding takes the nest."
    )


def _say_bid(v: SeatView) -> str:
    low = min(v.legal_actions().bids())
    total = v.rules_obj.card_points_total
    return (
        f"A bid promises how many points your side will take in this hand (there are {total}). The lowest "
        f"bid is {low}. The highest bidder names trump and takes the nest. Bid {low}."
    )


def _bidding_so_far(v: SeatView) -> str:
    """``Ada raised to 75; Ben and Cleo passed``: what the others did since your bid."""
    mine = max(i for i, (seat, _a) in enumerate(v.bids) if seat == YOU)
    raised = [(s, a) for s, a in v.bids[mine + 1 :] if isinstance(a, Bid)]
    passed = [v.players[s] for s, a in v.bids[mine + 1 :] if not isinstance(a, Bid)]
    parts = [f"{v.players[s]} raised to {a.amount}" for s, a in raised]
    if passed:
        parts.append(f"{' and '.join(passed)} passed, and a pass is final")
    return "; ".join(parts)


def _say_raise(v: SeatView) -> str:
    top = [c for c in v.hand if c != "K" and int(c[1:]) == 14]
    counters = _counters(v, v.hand)
    bid = int(SCRIPT[4].split()[1])
    return (
        f"{_bidding_so_far(v)}. Your hand holds {_the(top)}, the highest of "
        f"{'its colour' if len(top) == 1 else 'their colours'}, and {number_words(len(counters))} counters "
        f"worth {_points(v, counters)} points; the {number_words(v.rules_obj.nest_size)} cards of the nest "
        f"would join it. Bid {bid}, a little more. If your side then takes {bid} points or more you score "
        f"all you take; if not, you are set and lose {bid}."
    )


def _say_bury(v: SeatView) -> str:
    bury = SCRIPT[6].split()[1:]
    from_nest = [c for c in v.nest if c in v.hand]
    krook = " and it held the Krook!" if "K" in from_nest else "."
    lost = _counters(v, bury)
    tail = (
        f" {_the(lost)[:1].upper()}{_the(lost)[1:]} {'is a counter' if len(lost) == 1 else 'are counters'} you might "
        f"lose; buried, {'its' if len(lost) == 1 else 'their'} points go to whoever takes the last trick."
        if lost
        else ""
    )
    return (
        f"You won the bid, so the nest joined your hand (marked 'nest'){krook} Now bury "
        f"{number_words(len(bury))} cards face down, the low cards of your short colours: "
        f"{cards_words(bury)}.{tail}"
    )


def _the(cards: list[str]) -> str:
    """``the Red 11 and the Red 14``."""
    names = [card_words(c) if c == "K" else "the " + card_words(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _say_trump(v: SeatView) -> str:
    letter = SCRIPT[7].split()[1]
    count = len(_of_colour(v, letter))
    krook = " and the Krook, which always counts as a trump" if "K" in v.hand else ""
    return (
        f"Name trump: that colour beats every other colour. You hold {number_words(count)} "
        f"{colour_words(letter)} cards{krook}. Name {colour_words(letter)}."
    )


def _say_krook(v: SeatView) -> str:
    return (
        "As the bidder you lead the first trick. The Krook is the highest trump and worth "
        f"{v.rules_obj.krook_points} points; in this game it may be played to any trick, even when you could "
        "follow. Lead it: everyone must play a trump if they have one, so it draws out the others' trumps."
    )


def _say_counters(v: SeatView) -> str:
    trick = v.tricks[0]
    cards = [c for _s, c in trick.cards]
    counters = _counters(v, cards)
    winner = trick.winner if trick.winner is not None else YOU
    won = "Your" if winner == YOU else f"{v.players[winner]}'s"
    return (
        "Only some cards score: each 5 is worth 5, each 10 and each 14 is worth 10 and the Krook "
        f"{v.rules_obj.krook_points}. {won} trick held {_the(counters)}: {_points(v, counters)} "
        f"points for {'your' if winner % 2 == YOU % 2 else 'their'} side. What counts is points, not tricks."
    )


def _say_pull(v: SeatView) -> str:
    card = SCRIPT[12].split()[1]
    return (
        f"You lead again. Lead a low trump, {_the([card])}, to draw out more of the trumps the others hold."
    )


def _say_follow(v: SeatView) -> str:
    leader, led = v.trick[0]
    letter = led[:1]
    mine = _of_colour(v, letter)
    play = SCRIPT[17].split()[1]
    return (
        f"{v.players[leader]} led {colour_words(letter)}, so you must play {colour_words(letter)} if you have "
        f"any: cards you may not play are dimmed. You hold {_the(mine)}. Play {_the([play])}, the highest "
        f"{colour_words(letter)} there is: it wins the trick and its counters."
    )


def _say_free(v: SeatView) -> str:
    return (
        "You have the idea. Play the rest of the hand as you like; Hint (H) suggests a card if you are "
        "unsure. When the hand ends, the score sheet shows whether your side made its bid."
    )


LESSONS = (
    Lesson("deal", "The deal and the nest", _say_deal, lambda m: not m.hand.actions),
    Lesson(
        "bid",
        "Bidding: what a bid means",
        _say_bid,
        _your_turn(Phase.BIDDING),
        expect="bid 70",
        hint="For this lesson open at the lowest bid, 70.",
    ),
    Lesson(
        "raise",
        "Bidding again",
        _say_raise,
        lambda m: m.to_act == YOU and m.hand.phase is Phase.BIDDING and len(m.hand.actions) >= 4,
        expect="bid 80",
        hint="Bid 80: a little more than Ada.",
    ),
    Lesson(
        "bury",
        "The nest and burying",
        _say_bury,
        _your_turn(Phase.DISCARD),
        expect="discard R8 Y8 G6 G9 G10",
        hint="Bury the Red 8, the Yellow 8 and the Green 6, 9 and 10.",
    ),
    Lesson(
        "trump",
        "Trump",
        _say_trump,
        _your_turn(Phase.TRUMP),
        expect="trump B",
        hint="Name Black: it is your longest colour, with the Krook.",
    ),
    Lesson(
        "krook", "The Krook", _say_krook, _your_turn(Phase.PLAY, 0), expect="play K", hint="Lead the Krook."
    ),
    Lesson("counters", "Counting counters", _say_counters, _tricks_done(1)),
    Lesson(
        "pull",
        "Drawing trumps",
        _say_pull,
        _your_turn(Phase.PLAY, 1),
        expect="play B7",
        hint="Lead the Black 7.",
    ),
    Lesson(
        "follow",
        "Following colour",
        _say_follow,
        _your_turn(Phase.PLAY, 2),
        expect="play R14",
        hint="Play the Red 14: it wins the trick.",
    ),
    Lesson("free", "Your turn", _say_free, _your_turn(Phase.PLAY, 3)),
)


class TutorialSession(LocalSession):
    """The guided hand: refuses moves other than the one being taught, and holds the bots while a note
    waits to be read. Never saved, never counted in anyone's history."""

    def __init__(self, match: Match, lobby: Lobby, **kw: Any) -> None:
        easy = make_bot("easy")
        kw.update(autosave=False, threaded=False, bot_factory=lambda strength: ScriptedBot(self, easy))
        super().__init__(match, lobby, **kw)
        self.lessons = LESSONS
        self.index = 0  # the next lesson to show
        self.current: Lesson | None = None
        self.refusal = ""  # why the last move was refused
        self._advance()

    @classmethod
    def start(cls, bot_delay: float = 0.0) -> TutorialSession:
        rules = get_preset(PRESET).rules
        lobby = Lobby([SeatConfig(NAMES[0], "human")] + [SeatConfig(n, "bot", "easy") for n in NAMES[1:]])
        lobby.first_dealer = DEALER
        match = Match(
            rules, NAMES, seed=1, first_dealer=DEALER, preset=PRESET, deal=deal_from_dict(rules, DEAL)
        )
        return cls(match, lobby, bot_delay=bot_delay)

    # -- lessons --------------------------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """A note is up that the player must read (Continue) before the game goes on."""
        return self.current is not None and self.current.needs_ack

    def on_script(self) -> bool:
        actions = self.match.hand.actions
        return len(self.match.hands) == 1 and actions == SCRIPT[: len(actions)]

    def note(self) -> str:
        """The current lesson's words, written from your view of the table now."""
        return "" if self.current is None else self.current.say(self.view(YOU))

    def acknowledge(self) -> None:
        if self.waiting:
            self.current = None
            self._advance()

    def _advance(self) -> None:
        """Show the next lesson once its moment has come (one at a time)."""
        if self.current is not None or self.index >= len(self.lessons) or len(self.match.hands) > 1:
            return
        lesson = self.lessons[self.index]
        if lesson.when(self.match):
            self.current = lesson
            self.index += 1
            self.refusal = ""

    def submit(self, seat: int, action: Action | str) -> str | None:
        try:
            typed = as_action(action)
        except (KrookError, TypeError, ValueError) as exc:
            return str(exc)
        lesson = self.current
        if lesson is not None and lesson.needs_ack:
            return "read the note first, then press Continue"
        expected = lesson.expected_action if lesson is not None else None
        if lesson is not None and expected is not None and typed != expected:  # a burial is a set: any order
            self.refusal = self._why_not(seat, typed, lesson)
            return self.refusal
        problem = super().submit(seat, action)
        if problem is None and lesson is not None:
            self.current = None
            self.refusal = ""
        self._advance()
        return problem

    def lesson_advice(self, seat: int) -> tuple[Action, str] | None:
        # the hard bot's hint would contradict the note (it advised the Red 11 where the note teaches the Krook)
        lesson = self.current
        expected = lesson.expected_action if lesson is not None else None
        if lesson is None or expected is None or seat != YOU:
            return None
        return expected, lesson.hint

    def _why_not(self, seat: int, action: Action, lesson: Lesson) -> str:
        """The rules' reason when the move is illegal, else that it is not the one being taught."""
        reason = self.match.view(seat).legal_actions().why_not(action)
        if reason is not None:
            return f"{reason}. {lesson.hint}"
        return f"that is allowed, but not what this lesson teaches. {lesson.hint}"

    def refuse(self, action: Action, reason: str) -> str:
        """The table did not submit a move the rules refuse: the note gives the reason and the lesson's hint."""
        lesson = self.current
        if lesson is None or lesson.expect is None:
            return reason
        self.refusal = f"{reason}. {lesson.hint}"
        return self.refusal

    def update(self, dt: float) -> list[Any]:
        self._advance()
        if self.waiting:
            events, self._events = self._events, []
            return events
        events = super().update(dt)
        self._advance()
        return events

    undo_offered = False  # the table shows no Undo button in the guided hand

    def undo(self, seat: int) -> str | None:
        return "there is no undo in the guided hand"

    def undo_problem(self, seat: int) -> str | None:
        return "there is no undo in the guided hand"


class ScriptedBot:
    """Plays the scripted hand while the game follows it, then as the easy bot. Sees only its view."""

    name = "tutorial"

    def __init__(self, session: TutorialSession, fallback: Bot) -> None:
        self.session = session
        self.fallback = fallback

    def choose(self, view: SeatView, ctx: BotContext) -> Action:
        index = view.version - view.hand_number  # the hand's actions so far
        if self.session.on_script() and index < len(SCRIPT) and SCRIPT[index] in view.legal:
            return as_action(SCRIPT[index])
        return self.fallback.choose(view, ctx)
