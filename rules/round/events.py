"""The round's event vocabulary: every change at the table is one of these, journaled before it applies.

Events are frozen dataclasses with a ``type`` tag and a version ``v``. ``to_json()`` gives the journal's
(and a scenario file's) JSON form; :func:`event_from_json` reads it back and names the field that is
wrong. Cards are written in the card-room notation, ``"??"`` for a card a device could not read; money
is integer cents.

Family-specific actions do not need new event classes: a player's choice is a :class:`Decision` with an
:class:`Action` and optional amount/count, a dealer's statement is a :class:`Declare` with a
:class:`DeclareKind`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from rules.cards import Card, format_cards, parse_card, parse_read
from rules.errors import CardParseError, RulesError
from rules.round.alerts import DEVICE_CODES, AlertCode, Role

EVENT_VERSION = 1


class EventError(RulesError, ValueError):
    """An event (from a journal or a scenario) that is not well formed. ``field`` names the bad key."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class TargetKind(Enum):
    """Who or what receives a card."""

    SEAT = "seat"
    PLAYER_DEALER = "player_dealer"
    PILE = "pile"
    BOX = "box"
    BOARD = "board"
    BURN = "burn"
    STUB = "stub"


_KIND_ORDER = {k: i for i, k in enumerate(TargetKind)}


@dataclass(frozen=True, slots=True)
class Target:
    """A recipient: ``seat 3``, ``pile 5``, ``box 2``, ``board 1``, ``player_dealer``, ``burn``, ``stub``.

    ``index`` is the seat number, pile number, box or board position (1-based), 0 where none applies.
    ``hand`` numbers a seat's hands once it has split (``seat 3 hand 2``); 0 for a seat's only hand.
    """

    kind: TargetKind
    index: int = 0
    hand: int = 0

    def __str__(self) -> str:
        base = self.kind.value if self.index == 0 else f"{self.kind.value} {self.index}"
        return f"{base} hand {self.hand}" if self.hand else base

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Seats, then the player-dealer, piles, boxes, board, burn, stub."""
        return (_KIND_ORDER[self.kind], self.index, self.hand)

    @property
    def seat_target(self) -> Target:
        """The seat itself (a split hand's seat)."""
        return Target(self.kind, self.index) if self.hand else self

    @classmethod
    def parse(cls, text: str) -> Target:
        """Read ``"seat 3"``, ``"seat 3 hand 2"``, ``"pile 5"``, ``"player_dealer"`` …; raises :class:`EventError`."""
        if not isinstance(text, str):
            raise EventError("to", f"a recipient is text such as 'seat 3', not {text!r}")
        parts = text.replace(":", " ").split()
        hand = 0
        if len(parts) == 4 and parts[2].lower() == "hand" and parts[3].isdigit() and int(parts[3]) >= 1:
            hand = int(parts[3])
            parts = parts[:2]
        try:
            kind = TargetKind(parts[0].lower()) if parts else None
        except ValueError:
            kind = None
        if kind is None or len(parts) > 2:
            names = ", ".join(k.value for k in TargetKind)
            raise EventError("to", f"unknown recipient {text!r} (one of {names}, with a number where needed)")
        index = 0
        if len(parts) == 2:
            if not parts[1].isdigit() or int(parts[1]) < 1:
                raise EventError("to", f"recipient number must be a whole number from 1, not {parts[1]!r}")
            index = int(parts[1])
        return cls(kind, index, hand)


class Action(Enum):
    """A player's (or the player-dealer's) decision, across every family."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    DRAW = "draw"
    STAND_PAT = "stand_pat"
    BET = "bet"
    CHECK = "check"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    UP = "up"
    DOWN = "down"
    BANK = "bank"
    PASS = "pass"
    DOUBLE_DOWN = "double_down"


class DeclareKind(Enum):
    """What a dealer (or the floor) states about the cards."""

    EXPOSED_CARD = "exposed_card"
    BOXED_CARD = "boxed_card"
    CARD_OFF_TABLE = "card_off_table"
    FACE_UP_IN_DECK = "face_up_in_deck"
    MISSED_SEAT = "missed_seat"
    MISDEAL = "misdeal"
    STUB_COUNT = "stub_count"
    DEAL_DONE = "deal_done"


class Button(Enum):
    """A dealer button that is not a declaration: close the betting round, call the floor."""

    CONFIRM = "confirm"
    CALL_FLOOR = "call_floor"


class By(Enum):
    """Who caused what a declaration reports."""

    DEALER = "dealer"
    PLAYER = "player"
    DEVICE = "device"


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager on a seat's betting spot, in cents. ``spot`` names it: ``main``, ``ante``, ``1``…``8``.
    ``backline``: placed behind the seat by a bettor who is not its seated player (a variant whose filing
    forbids backline betting refuses it at round start: ``wager_limits.backline: false``)."""

    seat: int
    cents: int
    spot: str = "main"
    backline: bool = False

    def __post_init__(self) -> None:
        if self.cents < 0:
            raise EventError("wagers", f"a wager is a positive amount of cents, not {self.cents}")


class Event:
    """Base of every event. ``type`` is the JSON tag; ``v`` the version the class writes."""

    __slots__ = ()
    type: ClassVar[str] = ""
    v: ClassVar[int] = EVENT_VERSION

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form: ``{"type", "v", …fields}``."""
        out: dict[str, Any] = {"type": self.type, "v": self.v}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = _dump(getattr(self, f.name))
        if isinstance(self, CardRead | Burn) and out["card"] is None:
            out["card"] = "??"  # an unread card is written as in the notation
        return out


def _dump(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Target):
        return str(value)
    if isinstance(value, Wager):
        out = {"seat": value.seat, "spot": value.spot, "cents": value.cents}
        return {**out, "backline": True} if value.backline else out
    if isinstance(value, tuple):
        if value and all(isinstance(c, Card) for c in value):
            return format_cards(value)
        return [_dump(x) for x in value]
    return value


@dataclass(frozen=True, slots=True)
class Shuffle(Event):
    """A new shoe: the cards were shuffled (by hand or by the shuffler); counts since the last shuffle reset."""

    type: ClassVar[str] = "shuffle"
    deck_id: str = ""
    source: str = "dealer"


@dataclass(frozen=True, slots=True)
class DeckCheck(Event):
    """A deck-verification report (a shuffler's count, or the dealer's): count, missing, extra, duplicates."""

    type: ClassVar[str] = "deck_check"
    count: int
    missing: tuple[Card, ...] = ()
    extra: tuple[Card, ...] = ()
    duplicates: tuple[Card, ...] = ()
    source: str = "shuffler"


@dataclass(frozen=True, slots=True)
class RoundStart(Event):
    """A round begins: seats in play, the player-dealer's seat, the button, wagers and the bank in cents."""

    type: ClassVar[str] = "round_start"
    seats: tuple[int, ...]
    player_dealer: int | None = None
    button: int | None = None
    wagers: tuple[Wager, ...] = ()
    bank: int = 0

    def __post_init__(self) -> None:
        if not self.seats:
            raise EventError("seats", "a round needs at least one seat in play")
        if len(set(self.seats)) != len(self.seats) or any(s < 1 for s in self.seats):
            raise EventError("seats", f"seats are distinct numbers from 1, not {list(self.seats)}")
        if self.player_dealer is not None and self.player_dealer not in self.seats:
            raise EventError("player_dealer", f"seat {self.player_dealer} is not among the seats in play")
        if self.bank < 0:
            raise EventError("bank", "the bank is a positive amount of cents")

    @property
    def players(self) -> tuple[int, ...]:
        """Seats in play other than the player-dealer's, in dealing order (ascending seat number)."""
        return tuple(s for s in sorted(self.seats) if s != self.player_dealer)


@dataclass(frozen=True, slots=True)
class CardRead(Event):
    """A card came out: ``card`` is None for ``??``. ``to`` is the recipient where a device knows it (a
    shuffler's packet for pile 3, a dealer's touch on seat 4); otherwise the engine assigns the card to
    the step it expects."""

    type: ClassVar[str] = "card"
    card: Card | None
    face_up: bool = False
    source: str = "shoe"
    packet: int | None = None
    to: Target | None = None
    #: The back colour where the device sees it (two alternating decks: a card of the deck not in play is
    #: WRONG_DECK, checked by the family's hook); empty when not read.
    back: str = ""


@dataclass(frozen=True, slots=True)
class Burn(Event):
    """A burn card (``card`` None where the device did not read it)."""

    type: ClassVar[str] = "burn"
    card: Card | None = None
    source: str = "shoe"


@dataclass(frozen=True, slots=True)
class DiceResult(Event):
    """The dice cup's values once opened (Pai Gow: three dice)."""

    type: ClassVar[str] = "dice"
    dice: tuple[int, ...]
    source: str = "dice_cup"

    def __post_init__(self) -> None:
        if not self.dice or any(not 1 <= d <= 6 for d in self.dice):
            raise EventError("dice", f"dice are values 1 to 6, not {list(self.dice)}")


@dataclass(frozen=True, slots=True)
class CutCard(Event):
    """The cut card came out: the shoe ends after this round."""

    type: ClassVar[str] = "cut_card"
    source: str = "shoe"


@dataclass(frozen=True, slots=True)
class Declare(Event):
    """A dealer's (or floor's) declaration: an exposed or boxed card, a card off the table, a missed seat,
    a misdeal, the stub's count, the end of the deal. ``by`` says who caused it (a player exposing his
    own card is not a dealer error)."""

    type: ClassVar[str] = "declare"
    what: DeclareKind
    seat: int | None = None
    card: Card | None = None
    to: Target | None = None
    by: By = By.DEALER
    count: int | None = None


@dataclass(frozen=True, slots=True)
class HandSet(Event):
    """A hand set into parts (Pai Gow: front two and back five; Chinese poker: three parts)."""

    type: ClassVar[str] = "hand_set"
    seat: int
    front: tuple[Card, ...]
    back: tuple[Card, ...]
    middle: tuple[Card, ...] = ()
    house_way: bool = False
    player_dealer: bool = False


@dataclass(frozen=True, slots=True)
class Meld(Event):
    """Cards laid face up in a meld (Panguingue's "spread"): a new meld, or cards added to the seat's meld
    number ``onto`` (1-based, in the order its melds were laid). ``take``: the meld uses the top card of the
    discard pile, drawn from it for this meld (its card is among ``cards``)."""

    type: ClassVar[str] = "meld"
    seat: int
    cards: tuple[Card, ...]
    onto: int | None = None
    take: bool = False


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """A player discards one card face up, ending his turn (Panguingue)."""

    type: ClassVar[str] = "discard"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Decision(Event):
    """A player's decision (hit, stand, draw N, fold, bet, up or down …), with an amount in cents or a count."""

    type: ClassVar[str] = "decision"
    seat: int
    action: Action
    amount: int | None = None
    count: int | None = None


@dataclass(frozen=True, slots=True)
class ButtonPress(Event):
    """A dealer button that is not a declaration (confirm closes the betting round; call floor)."""

    type: ClassVar[str] = "button"
    button: Button
    role: Role = Role.DEALER


@dataclass(frozen=True, slots=True)
class Correction(Event):
    """Undo of event number ``of`` (counting from 1). Journaled like any event, never a deletion;
    correcting a correction restores what it undid."""

    type: ClassVar[str] = "correction"
    of: int
    reason: str = ""
    role: Role = Role.DEALER


@dataclass(frozen=True, slots=True)
class DeviceFault(Event):
    """A device reported a fault (jam, short dispense, lost link, restart …)."""

    type: ClassVar[str] = "device_fault"
    device: str
    code: AlertCode
    detail: str = ""

    def __post_init__(self) -> None:
        if self.code not in DEVICE_CODES:
            names = ", ".join(sorted(c.value for c in DEVICE_CODES))
            raise EventError("code", f"{self.code.value} is not a device fault (one of {names})")


@dataclass(frozen=True, slots=True)
class AlertCleared(Event):
    """An active alert cleared by a role (the alert names which role may)."""

    type: ClassVar[str] = "alert_cleared"
    code: AlertCode
    role: Role
    seat: int | None = None


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        Shuffle,
        DeckCheck,
        RoundStart,
        CardRead,
        Burn,
        DiceResult,
        CutCard,
        Declare,
        HandSet,
        Meld,
        Discard,
        Decision,
        ButtonPress,
        Correction,
        DeviceFault,
        AlertCleared,
    )
}

_ENUMS: dict[str, type[Enum]] = {}


def _load_value(cls: type[Event], name: str, annotation: str, raw: Any) -> Any:
    """Convert one JSON value to the field's type (annotations are strings: ``from __future__``)."""
    a = annotation.replace(" ", "")
    if a == "Card|None" and name == "card" and cls in (CardRead, Burn):
        a = "Read"  # a device's read: '??' is an unread card
    optional = a.endswith("|None")
    base = a[: -len("|None")] if optional else a
    if raw is None:
        if optional or base == "Read":
            return None
        raise EventError(name, "is required")
    try:
        if base == "Read":
            return parse_read(str(raw))
        if base == "Card":
            return parse_card(str(raw))
        if base == "tuple[Card,...]":
            if isinstance(raw, str):
                return tuple(parse_card(t) for t in raw.replace(",", " ").split())
            if isinstance(raw, list):
                return tuple(parse_card(str(t)) for t in raw)
            raise EventError(name, "cards are a list or a string such as 'As Kd'")
        if base == "tuple[int,...]":
            if not isinstance(raw, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in raw
            ):
                raise EventError(name, f"expected a list of whole numbers, not {raw!r}")
            return tuple(raw)
        if base == "tuple[Wager,...]":
            return _load_wagers(raw)
        if base == "Target":
            return Target.parse(raw)
        if base == "int":
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise EventError(name, f"expected a whole number, not {raw!r}")
            return raw
        if base == "bool":
            if not isinstance(raw, bool):
                raise EventError(name, f"expected true or false, not {raw!r}")
            return raw
        if base == "str":
            if not isinstance(raw, str | int | float):
                raise EventError(name, f"expected text, not {raw!r}")
            return str(raw)
        enum_cls = {
            "AlertCode": AlertCode,
            "Role": Role,
            "Action": Action,
            "DeclareKind": DeclareKind,
            "Button": Button,
            "By": By,
        }.get(base)
        if enum_cls is not None:
            try:
                return enum_cls(raw)
            except ValueError:
                names = ", ".join(str(m.value) for m in enum_cls)
                raise EventError(name, f"unknown value {raw!r} (one of {names})") from None
    except CardParseError as exc:
        raise EventError(name, str(exc)) from None
    except EventError as exc:
        if exc.field == name:
            raise
        raise EventError(name, str(exc)) from None
    raise EventError(name, f"cannot read a value of type {annotation}")  # pragma: no cover - schema bug


def _load_wagers(raw: Any) -> tuple[Wager, ...]:
    out: list[Wager] = []
    if isinstance(raw, Mapping):
        # Shorthand: {seat: cents} or {seat: {spot: cents}}.
        for seat, v in raw.items():
            if isinstance(v, Mapping):
                out.extend(Wager(int(seat), _cents(c), str(spot)) for spot, c in v.items())
            else:
                out.append(Wager(int(seat), _cents(v)))
        return tuple(out)
    if not isinstance(raw, list):
        raise EventError("wagers", "a list of {seat, spot, cents}, or a mapping seat -> cents")
    for i, w in enumerate(raw):
        if not isinstance(w, Mapping) or "seat" not in w or "cents" not in w:
            raise EventError(f"wagers.{i}", "a wager is {seat, cents, spot?, backline?}")
        unknown = set(w) - {"seat", "cents", "spot", "backline"}
        if unknown:
            raise EventError(f"wagers.{i}", f"unknown key(s) {', '.join(sorted(map(str, unknown)))}")
        backline = w.get("backline", False)
        if not isinstance(backline, bool):
            raise EventError(f"wagers.{i}.backline", "must be true or false")
        out.append(Wager(int(w["seat"]), _cents(w["cents"]), str(w.get("spot", "main")), backline))
    return tuple(out)


def _cents(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise EventError("wagers", f"amounts are whole cents, not {v!r}")
    return v


def event_from_json(data: Mapping[str, Any]) -> Event:
    """Read one event from its JSON form. Unknown types, unknown keys and bad values raise :class:`EventError`."""
    if not isinstance(data, Mapping):
        raise EventError("", f"an event is a mapping with a 'type', not {data!r}")
    tag = data.get("type")
    cls = EVENT_TYPES.get(str(tag)) if tag is not None else None
    if cls is None:
        raise EventError("type", f"unknown event type {tag!r} (one of {', '.join(EVENT_TYPES)})")
    v = data.get("v", EVENT_VERSION)
    if v != EVENT_VERSION:
        raise EventError("v", f"event version {v!r} is not supported (this build reads {EVENT_VERSION})")
    flds = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    unknown = set(data) - set(flds) - {"type", "v"}
    if unknown:
        raise EventError(sorted(map(str, unknown))[0], f"unknown field for a {tag!r} event")
    kwargs: dict[str, Any] = {}
    for name, f in flds.items():
        if name in data:
            kwargs[name] = _load_value(cls, name, str(f.type), data[name])
        elif f.default is MISSING and f.default_factory is MISSING:
            raise EventError(name, f"is required for a {tag!r} event")
    try:
        return cls(**kwargs)
    except EventError:
        raise
    except (TypeError, ValueError) as exc:
        raise EventError("", f"bad {tag!r} event: {exc}") from None
