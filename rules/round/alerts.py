"""Alerts: what the terminal raises when a round departs from the game's procedure (docs/architecture.md §4).

An alert is ``{code, severity, ruling, remedy, cite, seat?, card?, clear_role}``. The *code* says what
happened (a closed vocabulary, :class:`AlertCode`); the *ruling* says what the room's filing does about
it (a closed vocabulary, :class:`Ruling`). Which ruling a code gets is the variant's data (its
``irregularities:`` table, see :mod:`rules.round.rulings`); where a filing is silent the ruling is
:attr:`Ruling.CALL_FLOOR` and the terminal asks the floor rather than guessing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from rules.cards import Card


class AlertCode(Enum):
    """What happened. Each member's docstring-like text is in :data:`CODE_DOCS`."""

    DECK_COUNT_MISMATCH = "DECK_COUNT_MISMATCH"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    FOREIGN_CARD = "FOREIGN_CARD"
    UNREADABLE_CARD = "UNREADABLE_CARD"
    WRONG_DECK = "WRONG_DECK"
    EXPOSED_CARD = "EXPOSED_CARD"
    BOXED_CARD = "BOXED_CARD"
    CARD_OFF_TABLE = "CARD_OFF_TABLE"
    WRONG_CARD_COUNT = "WRONG_CARD_COUNT"
    EXTRA_CARD = "EXTRA_CARD"
    MISSED_SEAT = "MISSED_SEAT"
    OUT_OF_ORDER = "OUT_OF_ORDER"
    PREMATURE_CARD = "PREMATURE_CARD"
    LEFTOVER_MISMATCH = "LEFTOVER_MISMATCH"
    DRAW_AGAINST_RULE = "DRAW_AGAINST_RULE"
    MISDEAL_DECLARED = "MISDEAL_DECLARED"
    FOUL_HAND = "FOUL_HAND"
    HOUSE_WAY_MISSET = "HOUSE_WAY_MISSET"
    CARD_MOVED = "CARD_MOVED"
    INVALID_MELD = "INVALID_MELD"
    BET_AGAINST_RULE = "BET_AGAINST_RULE"
    BETS_AFTER_CLOSE = "BETS_AFTER_CLOSE"
    BANK_ROTATION_DUE = "BANK_ROTATION_DUE"
    WAGER_OVER_MAXIMUM = "WAGER_OVER_MAXIMUM"
    WAGER_UNDER_MINIMUM = "WAGER_UNDER_MINIMUM"
    SIDE_BET_OVER_WAGER = "SIDE_BET_OVER_WAGER"
    SIDE_BET_WITHOUT_WAGER = "SIDE_BET_WITHOUT_WAGER"
    WAGER_NOT_ACCEPTED = "WAGER_NOT_ACCEPTED"
    LATE_FLOOR_DECISION = "LATE_FLOOR_DECISION"
    BUTTON_OUT_OF_TURN = "BUTTON_OUT_OF_TURN"
    DECKS_NOT_FILED = "DECKS_NOT_FILED"
    SHUFFLER_JAM = "SHUFFLER_JAM"
    SHORT_DISPENSE = "SHORT_DISPENSE"
    COMMS_LOST = "COMMS_LOST"
    DEVICE_RESTARTED = "DEVICE_RESTARTED"
    DEVICE_FAULT = "DEVICE_FAULT"
    INSUFFICIENT_SHAKE = "INSUFFICIENT_SHAKE"
    CUP_OPENED_EARLY = "CUP_OPENED_EARLY"
    PROGRAM_INTEGRITY = "PROGRAM_INTEGRITY"
    NOT_SHUFFLED = "NOT_SHUFFLED"
    ROUND_UNFINISHED = "ROUND_UNFINISHED"


#: One line per code, for docs and the console's help.
CODE_DOCS: dict[AlertCode, str] = {
    AlertCode.DECK_COUNT_MISMATCH: "A deck check found cards missing, extra or duplicated: the deck comes off the table.",
    AlertCode.DUPLICATE_CARD: "More copies of a card were read since the last shuffle than the shoe holds.",
    AlertCode.FOREIGN_CARD: "A card this deck does not have (a joker in a no-joker game, a stripped rank).",
    AlertCode.UNREADABLE_CARD: "A device reported a card it could not read (``??``).",
    AlertCode.WRONG_DECK: "A card from the other deck of a two-deck setup.",
    AlertCode.EXPOSED_CARD: "A card exposed (flashed or turned) during the deal, declared by the dealer.",
    AlertCode.BOXED_CARD: "A card that was face up in the deck: read face up where face down was due, or declared.",
    AlertCode.CARD_OFF_TABLE: "A card dealt off the table or dropped to the floor.",
    AlertCode.WRONG_CARD_COUNT: "A hand received fewer cards than the deal gives when the deal ended.",
    AlertCode.EXTRA_CARD: "A card beyond what the deal gives.",
    AlertCode.MISSED_SEAT: "The dealer skipped a seat that should have had a card.",
    AlertCode.OUT_OF_ORDER: "A card went to a different recipient than the one due.",
    AlertCode.PREMATURE_CARD: "A card dealt before its time (before the round started or a betting round closed).",
    AlertCode.LEFTOVER_MISMATCH: "The stub left after the deal does not hold the filed number of cards.",
    AlertCode.DRAW_AGAINST_RULE: "A card drawn where the game's rule says stand (or a seat that may not draw).",
    AlertCode.MISDEAL_DECLARED: "The dealer declared a misdeal.",
    AlertCode.FOUL_HAND: "A hand set foul (wrong card counts, or the low hand beats the high hand).",
    AlertCode.HOUSE_WAY_MISSET: "A hand that must be set the House Way was set otherwise.",
    AlertCode.CARD_MOVED: "A card already placed face up in a segment was moved (open-face Chinese Poker).",
    AlertCode.BET_AGAINST_RULE: "A betting action the filed betting rules do not allow (over the limit or the pot, out of turn, a check that owes chips).",
    AlertCode.INVALID_MELD: "A meld that is not a set or a rope of three or more, or cards the player does not hold (Panguingue).",
    AlertCode.BETS_AFTER_CLOSE: "A wager placed or changed after betting closed.",
    AlertCode.BANK_ROTATION_DUE: "The player-dealer has banked the filed number of hands; offer the bank.",
    AlertCode.WAGER_OVER_MAXIMUM: "A wager over the table's or the bet's maximum (checked when the round starts).",
    AlertCode.WAGER_UNDER_MINIMUM: "A wager under the table's or the bet's minimum (checked when the round starts).",
    AlertCode.SIDE_BET_OVER_WAGER: "A side bet larger than the game wager beside it, where the filing caps it.",
    AlertCode.SIDE_BET_WITHOUT_WAGER: "A side bet with no game wager beside it, where the filing requires one.",
    AlertCode.WAGER_NOT_ACCEPTED: "A wager of an amount the bet does not take (a fixed amount, a step).",
    AlertCode.LATE_FLOOR_DECISION: "A floor decision on a hand after the next hand has started.",
    AlertCode.BUTTON_OUT_OF_TURN: "A hand started with the dealer button elsewhere than the seat the filing moves it to.",
    AlertCode.DECKS_NOT_FILED: "The table deals from a number of decks outside the range the game's filing allows.",
    AlertCode.SHUFFLER_JAM: "The shuffler jammed.",
    AlertCode.SHORT_DISPENSE: "The shuffler dispensed fewer cards than asked.",
    AlertCode.COMMS_LOST: "A device stopped answering (lost heartbeat).",
    AlertCode.DEVICE_RESTARTED: "A device came back having rebooted.",
    AlertCode.DEVICE_FAULT: "A device reported a fault.",
    AlertCode.INSUFFICIENT_SHAKE: "The dice cup was not shaken enough.",
    AlertCode.CUP_OPENED_EARLY: "The dice cup was opened before betting closed.",
    AlertCode.PROGRAM_INTEGRITY: "The program or its data failed an integrity check.",
    AlertCode.NOT_SHUFFLED: "A round started without the shuffle the game files before every round.",
    AlertCode.ROUND_UNFINISHED: "A new round started while this one is still being dealt: the start is refused.",
}

#: Codes a device reports (the event ``device_fault`` carries one of these).
DEVICE_CODES: frozenset[AlertCode] = frozenset(
    {
        AlertCode.SHUFFLER_JAM,
        AlertCode.SHORT_DISPENSE,
        AlertCode.COMMS_LOST,
        AlertCode.DEVICE_RESTARTED,
        AlertCode.DEVICE_FAULT,
        AlertCode.INSUFFICIENT_SHAKE,
        AlertCode.CUP_OPENED_EARLY,
        AlertCode.PROGRAM_INTEGRITY,
    }
)


class Severity(Enum):
    """How loudly: ``info`` (noted), ``warning`` (act on the remedy), ``stop`` (the game halts until cleared)."""

    INFO = "info"
    WARNING = "warning"
    STOP = "stop"


class Ruling(Enum):
    """What the room's filing does about an irregularity."""

    CONTINUE = "CONTINUE"
    REPLACE_FROM_STUB = "REPLACE_FROM_STUB"
    MISDEAL = "MISDEAL"
    DEAD_HAND = "DEAD_HAND"
    NO_ACTION_THIS_ROUND = "NO_ACTION_THIS_ROUND"
    BACK_UP_CARDS = "BACK_UP_CARDS"
    FOUL = "FOUL"
    RESET_HOUSE_WAY = "RESET_HOUSE_WAY"
    CALL_FLOOR = "CALL_FLOOR"
    DISABLE_DEVICE = "DISABLE_DEVICE"


RULING_DOCS: dict[Ruling, str] = {
    Ruling.CONTINUE: "Play goes on; the card stays in play.",
    Ruling.REPLACE_FROM_STUB: "The card is set aside and replaced, when due, by the next card of the stub.",
    Ruling.MISDEAL: "All hands are void, wagers return, the cards are reshuffled and the round is dealt again.",
    Ruling.DEAD_HAND: "That hand is dead; the wagers on that seat are returned.",
    Ruling.NO_ACTION_THIS_ROUND: "No betting action by anyone on this betting round.",
    Ruling.BACK_UP_CARDS: "The cards dealt after the skipped seat move back one place, in order.",
    Ruling.FOUL: "The hand is fouled and loses.",
    Ruling.RESET_HOUSE_WAY: "The hand is reset the House Way and play continues.",
    Ruling.CALL_FLOOR: "The game stops and the floor decides (also where no filed rule covers the case).",
    Ruling.DISABLE_DEVICE: "The device is taken out of use until a technician clears it.",
}


class Role(Enum):
    """Who may clear an alert."""

    DEALER = "dealer"
    FLOOR = "floor"
    TECHNICIAN = "technician"

    def may_clear(self, required: Role) -> bool:
        """Whether this role may clear an alert that names ``required``.

        The floor may clear what the dealer may; a technician's alerts need a technician.
        """
        return self is required or (self is Role.FLOOR and required is Role.DEALER)


#: The severity a ruling has where the variant's data does not say.
DEFAULT_SEVERITY: dict[Ruling, Severity] = {
    Ruling.CONTINUE: Severity.INFO,
    Ruling.REPLACE_FROM_STUB: Severity.WARNING,
    Ruling.MISDEAL: Severity.STOP,
    Ruling.DEAD_HAND: Severity.WARNING,
    Ruling.NO_ACTION_THIS_ROUND: Severity.WARNING,
    Ruling.BACK_UP_CARDS: Severity.WARNING,
    Ruling.FOUL: Severity.WARNING,
    Ruling.RESET_HOUSE_WAY: Severity.WARNING,
    Ruling.CALL_FLOOR: Severity.STOP,
    Ruling.DISABLE_DEVICE: Severity.STOP,
}


def default_clear_role(severity: Severity, ruling: Ruling) -> Role:
    """Who clears an alert where the data does not say: the technician for devices, the floor for stops."""
    if ruling is Ruling.DISABLE_DEVICE:
        return Role.TECHNICIAN
    return Role.FLOOR if severity is Severity.STOP else Role.DEALER


@dataclass(frozen=True, slots=True)
class Cite:
    """Where a ruling comes from: seed file, section or rule, lines."""

    seed: str
    section: str = ""
    lines: str = ""

    @property
    def text(self) -> str:
        """One line: ``003_….txt, Capitol Pai Gow rule 33, L72``."""
        return ", ".join(p for p in (self.seed, self.section, self.lines) if p)

    def to_json(self) -> dict[str, str]:
        """The mapping form used in game files."""
        return {"seed": self.seed, "section": self.section, "lines": self.lines}


#: The cite of an alert for which no filing has a rule (docs/architecture.md §4: ask the floor, never guess).
NO_FILED_RULE = Cite("none filed", "docs/architecture.md §4: where a filing is silent the terminal calls the floor")


@dataclass(frozen=True, slots=True)
class Alert:
    """One alert as docs/architecture.md §4 defines it, plus what raised it.

    ``rule`` is the id of the ``irregularities:`` entry that gave the ruling (``""`` for the default),
    ``message`` says what happened in the dealer's words, ``seq`` is the number of the event that raised it.
    """

    code: AlertCode
    severity: Severity
    ruling: Ruling
    remedy: str
    cite: Cite
    clear_role: Role
    message: str = ""
    seat: int | None = None
    card: Card | None = None
    rule: str = ""
    seq: int = 0

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the alert contract (``replay --json``, the floor link)."""
        out: dict[str, Any] = {
            "code": self.code.value,
            "severity": self.severity.value,
            "ruling": self.ruling.value,
            "remedy": self.remedy,
            "cite": self.cite.text,
            "clear_role": self.clear_role.value,
            "message": self.message,
            "rule": self.rule,
            "seq": self.seq,
        }
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = str(self.card)
        return out
