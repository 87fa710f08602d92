"""The table's state machine: which inputs each state of the table accepts, what it asks, and the way out.

The round engine (``rules.round``) knows the round; the table knows more: whether the shuffler has
shuffled and checked its deck, whether a STOP alert holds the table, whether the console is in
maintenance. :func:`step_of` names the state from those facts (a pure function); :data:`SPECS` lists,
for every state, the inputs it accepts, its prompt, the dealer keys that act in it, and the way out of
it. :func:`refusal` says why an input is refused in a state — the controller journals that sentence and
shows it; nothing else decides what may happen next.

The states and their ways out are the dealer's guide (``docs/dealer-guide.md``, "The table's states").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

#: The wager panel's inputs: accepted whenever the table is live. After "no more bets" the layout itself
#: refuses a change (BETS_AFTER_CLOSE, ``rules.banking``), so the panel is never a dead key.
WAGER_INPUTS = frozenset({"wager.place", "wager.bank", "wager.clear", "wager.player-dealer", "wager.fill"})
#: The bank's rotation: offered, accepted, declined (between rounds).
BANK_INPUTS = frozenset({"bank-offered", "bank-accepted", "bank-declined"})
#: Inputs no state refuses: calling the floor, the staff screens (each behind its own PIN, so a
#: technician can fix a device while a STOP holds the table), the console's mode, demo fault injection.
ALWAYS = frozenset({"call-floor", "mode.change", "demo.inject"})
STAFF_PREFIXES = ("tech.", "maint.")


class Step(Enum):
    """The table's state."""

    MAINTENANCE = "maintenance"
    STOPPED = "stopped"
    SHUFFLE = "shuffle"
    SHUFFLING = "shuffling"
    BETTING = "betting"
    DEALING = "dealing"
    DICE = "dice"
    DECISIONS = "decisions"
    SETTING = "setting"
    SETTLEMENT = "settlement"
    HELD = "held"


@dataclass(frozen=True)
class StepSpec:
    """One state: the header's phase word, the inputs it accepts, its prompt and its way out."""

    step: Step
    phase: str
    accepts: frozenset[str]
    prompt: str
    way_out: str

    def dealer_keys(self) -> tuple[str, ...]:
        """The dealer actions this state takes, in the footer's order (:func:`keys_of` narrows them to
        those that act now, from the table's facts)."""
        return tuple(a for a in DEALER_ORDER if a in self.accepts)


#: The dealer's actions in the order the footer shows them.
DEALER_ORDER: tuple[str, ...] = (
    "new-round",
    "confirm",
    "play",
    "fold",
    "bet",  # BET_INPUT: a decision keyed on a picker (the footer shows the picker's key)
    "house-way",
    "clear-alert",
    "misdeal",
    "undo",
    "bank-offered",
    "bank-accepted",
    "bank-declined",
    "call-floor",
)

#: A pot game's betting decision keyed on the bet picker (``b``): taken while a round is dealt; the round
#: itself says whether a decision is due and allowed (``terminal/table/bet_input.py``).
BET_INPUT = "bet"
_ROUND = frozenset({"confirm", "misdeal", "undo", "clear-alert", BET_INPUT}) | WAGER_INPUTS
_BETWEEN = frozenset({"new-round", "clear-alert"}) | WAGER_INPUTS | BANK_INPUTS

SPECS: dict[Step, StepSpec] = {
    s.step: s
    for s in (
        StepSpec(
            Step.MAINTENANCE,
            "maintenance",
            frozenset(),
            "maintenance: the table is not live",
            "Escape (or F1) leaves maintenance; the dealer screen takes the table back",
        ),
        StepSpec(
            Step.STOPPED,
            "stopped",
            frozenset({"clear-alert"}),
            "STOP: the alert holds the table",
            "the role the alert names clears it with its PIN (x); nothing else moves the table",
        ),
        StepSpec(
            Step.SHUFFLE,
            "shuffle",
            _BETWEEN,
            "shuffle the cards: press new round",
            "n: the shuffler shuffles and checks the deck (a table without one: the dealer's shuffle is recorded)",
        ),
        StepSpec(
            Step.SHUFFLING,
            "shuffling",
            (_BETWEEN - {"new-round"}),
            "the shuffler is shuffling and checking the deck",
            "the shuffler reports its deck check; if it faults, the alert names the remedy",
        ),
        StepSpec(
            Step.BETTING,
            "betting",
            _BETWEEN,
            "take the wagers and start the round",
            "n starts the round (no more bets)",
        ),
        StepSpec(
            Step.DEALING,
            "dealing",
            _ROUND,
            "deal the cards",
            "the devices deal; m declares a misdeal",
        ),
        StepSpec(
            Step.DICE,
            "dice",
            _ROUND,
            "shake the dice cup and open it",
            "the cup reports the dice; c arms it again after a fault; m declares a misdeal",
        ),
        StepSpec(
            Step.DECISIONS,
            "decisions",
            _ROUND | {"play", "fold"},
            "each player plays or folds",
            "p or k for the seat asked; m declares a misdeal",
        ),
        StepSpec(
            Step.SETTING,
            "setting hands",
            (_ROUND - {"confirm"}) | {"house-way"},
            "the hands are set",
            "h sets every hand still to set the House Way; m declares a misdeal",
        ),
        StepSpec(
            Step.HELD,
            "settlement held",
            (_ROUND - {"confirm", BET_INPUT}) | {"call-floor"},
            "the settlement is held: call the floor",
            "the floor rules: m voids the round (every wager goes back), or u corrects what was keyed wrong",
        ),
        StepSpec(
            Step.SETTLEMENT,
            "settlement",
            _BETWEEN | {"undo"},
            "pay and collect in the order shown",
            "n starts the next round once paid (a shuffler shuffles first; w changes the wagers)",
        ),
    )
}


@dataclass(frozen=True)
class TableFacts:
    """What the state depends on, gathered by the controller."""

    live: bool = True
    stop: bool = False
    needs_shuffle: bool = False
    shuffling: bool = False
    status: str = "idle"  # rules.round.Status value
    expected: str = ""  # the round's Wait kind ("dice", "betting", "decision", "stub"…), "" for a card
    deciding: bool = False  # a player's decision is asked (Three Card play or fold)
    setting: bool = False  # hands wait to be set (Pai Gow)
    held: bool = False  # the round is dealt and its bank cannot settle it (the settlement is held)
    alerts: bool = False  # an alert is on the screen (x has something to clear)
    rotation_due: str = ""  # why no round may start until the bank moves (BANK_ROTATION_DUE), or ""
    banked: bool = True  # the table's bank settles the game (a players' own game has no bank to pass)
    undo: str = ""  # why undo has nothing it may take back now (``terminal.table.undo``), or ""
    keyed: bool = (
        False  # the round waits on a decision the dealer keys on a picker (a pot game's bet, a draw)
    )


def step_of(f: TableFacts) -> Step:
    """The table's state from the facts (pure)."""
    if not f.live:
        return Step.MAINTENANCE
    if f.stop:
        return Step.STOPPED
    if f.status == "dealing":
        if f.expected == "dice":
            return Step.DICE
        if f.expected == "decision":
            return Step.DECISIONS
        return Step.DEALING
    if f.status == "dealt":
        if f.expected == "card":  # a replacement card still owed from the stub
            return Step.DEALING
        if f.deciding:
            return Step.DECISIONS
        if f.setting:
            return Step.SETTING
        if f.held:
            return Step.HELD
        if not f.shuffling:
            return Step.SETTLEMENT
    if f.shuffling:
        return Step.SHUFFLING
    if f.needs_shuffle:
        return Step.SHUFFLE
    return Step.BETTING


def accepts(step: Step, action: str, facts: TableFacts | None = None) -> bool:
    """Whether ``step`` takes ``action`` (with ``facts``: takes it now, see :func:`idle_reason`)."""
    if action in ALWAYS or action.startswith(STAFF_PREFIXES):
        return True
    return action in SPECS[step].accepts and (facts is None or idle_reason(action, facts) is None)


def idle_reason(action: str, f: TableFacts) -> str | None:
    """Why an action the state takes does nothing now, from the facts, or None: ``x`` with no alert on
    the screen, ``u`` with nothing it may take back, ``p``/``k`` with no player's play or fold asked, ``n`` while the bank's rotation is due (the bank must move first), the bank's keys at a
    game with no bank (the players play among themselves)."""
    if action in BANK_INPUTS and not f.banked:
        return "this game has no bank to offer: the players play among themselves"
    if action == "clear-alert" and not f.alerts:
        return "no alert to clear"
    if action == "undo" and f.undo:
        return f.undo
    if action in ("play", "fold") and not f.deciding:
        return "no player's decision is asked for now"
    if action == "new-round" and f.rotation_due:
        return f.rotation_due
    return None


def keys_of(step: Step, facts: TableFacts) -> tuple[str, ...]:
    """The dealer actions that act now (the footer shows these and no others), in the footer's order:
    the state's accepted inputs (:data:`SPECS`) less those the facts leave idle (:func:`idle_reason`); a
    picker's decision (:data:`BET_INPUT`) only while the round waits on one (a picker also corrects a keyed
    decision at other times, so it is never refused for that)."""
    return tuple(
        a
        for a in SPECS[step].dealer_keys()
        if idle_reason(a, facts) is None and (a != BET_INPUT or facts.keyed)
    )


def refusal(step: Step, action: str, facts: TableFacts | None = None) -> str | None:
    """Why ``action`` is refused in ``step`` (shown and journaled), or None when it is accepted. With
    ``facts``, an input the state takes but that does nothing now is refused with why (:func:`idle_reason`)."""
    if accepts(step, action):
        return None if facts is None else idle_reason(action, facts)
    spec = SPECS[step]
    return f"{action} is not taken while the table is {spec.phase}: {spec.way_out}"
