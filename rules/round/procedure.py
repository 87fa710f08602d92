"""Dealing procedures as data: a variant's ``deal:`` section, and the steps and words it gives.

A procedure is an ordered list of *phases* (see ``docs/games.md`` for the YAML schema)::

    deal:
      phases:
        - {deal: piles, piles: 7, cards: 7, by: packet, by_hand: card, order: serpentine,
           face: down, name: piles}
        - {leftover: 4}
        - {dice: 3}

Phase kinds: ``deal`` (cards to players, the player-dealer, the whole table, piles or boxes, one at a
time around or in packets; piles dealt by hand one card at a time may go ``serpentine``: left to
right, then right to left), ``burn``, ``board`` (community cards, named: the flop, the turn),
``leftover`` (the stub that must remain), ``dice``, ``betting`` (a betting round the dealer closes),
``street`` (stud: one card to each live player, up, down, or the player's choice), ``hits``
(player-driven extra cards: blackjack), ``draw`` (draw poker: each live player discards and draws),
``rule_draws`` (rule-driven extra cards decided by the family's hook: baccarat third cards).

Static phases expand, when the round reaches them, into :class:`Slot` s — one per card, with the
recipient, the face it must show and the words for the dealer ("pile 3 of 7", "seat 4: second card
face down", "burn, then the flop").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rules.errors import RulesError
from rules.round.events import Target, TargetKind

FieldPath = tuple[str | int, ...]


class ProcedureError(RulesError, ValueError):
    """A ``deal:`` (or ``irregularities:``) section that is not well formed; ``path`` names the field."""

    def __init__(self, path: FieldPath, message: str) -> None:
        self.path = path
        self.message = message
        where = ".".join(str(p) for p in path)
        super().__init__(f"{where}: {message}" if where else message)


class PhaseKind(Enum):
    """The kinds of dealing phase."""

    DEAL = "deal"
    BURN = "burn"
    BOARD = "board"
    LEFTOVER = "leftover"
    DICE = "dice"
    BETTING = "betting"
    STREET = "street"
    HITS = "hits"
    DRAW = "draw"
    RULE_DRAWS = "rule_draws"


class Face(Enum):
    """How a card must come out: up, down, either (no check), or the player's choice (stud)."""

    UP = "up"
    DOWN = "down"
    ANY = "any"
    CHOICE = "choice"


class Recipients(Enum):
    """Who a ``deal``/``street``/``hits``/``draw`` phase deals to."""

    PLAYERS = "players"  # seats in play other than the player-dealer
    PLAYER_DEALER = "player_dealer"
    TABLE = "table"  # every player, then the player-dealer, on each pass
    PILES = "piles"
    BOXES = "boxes"


class Start(Enum):
    """Where each pass around the table begins."""

    FIRST_SEAT = "first_seat"  # the lowest seat number (first base)
    LEFT_OF_BUTTON = "left_of_button"
    LEFT_OF_PLAYER_DEALER = "left_of_player_dealer"
    # At the action seat the family names (its optional ``action_seat`` hook: Pan 9's dice); with
    # ``deal: table`` the player-dealer is dealt in its own place in the rotation, not last.
    ACTION_SEAT = "action_seat"


class PassOrder(Enum):
    """How a card-by-card deal goes around its recipients on each pass."""

    LEFT_TO_RIGHT = "left_to_right"  # every pass from the first recipient to the last
    # Piles dealt by hand: the first pass left to right, the next right to left, and so on until each
    # pile is full (The 101 Mini and Ultimate, Ace Up: seed 000 L1051, L1423, L5907; Tres Lounge: seed
    # 002 L383-385, L577-579; Casino Marysville Face Up: seed 004 L3036-3043).
    SERPENTINE = "serpentine"


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of the deal (see the module docstring). Unused fields keep their defaults."""

    kind: PhaseKind
    name: str = ""
    to: Recipients = Recipients.PLAYERS
    cards: int = 1
    count: int = 1
    face: tuple[Face, ...] = (Face.DOWN,)
    by_packet: bool = False
    start: Start = Start.FIRST_SEAT
    boxes: tuple[str, ...] = ()
    close_on_confirm: bool = False
    only_new_shoe: bool = False
    hook: str = ""
    max_cards: int = 5
    #: ``by: packet`` with ``by_hand: card``: after a hand shuffle (a ``shuffle`` from the dealer) the
    #: cards go one at a time around instead (3 Card Hold'em: two-card hands from a shuffler, else by hand).
    hand_by_card: bool = False
    #: the order of each pass when the cards go one at a time around (``order:``).
    order: PassOrder = PassOrder.LEFT_TO_RIGHT

    def face_at(self, i: int) -> Face:
        """The face of pass (deal) or card (board) ``i``; the last entry repeats."""
        return self.face[min(i, len(self.face) - 1)]

    @property
    def title(self) -> str:
        """The words for the phase: its name, or a plain default."""
        if self.name:
            return self.name
        return {
            PhaseKind.BOARD: "the board",
            PhaseKind.BETTING: "the betting round",
            PhaseKind.DICE: "the dice",
            PhaseKind.LEFTOVER: "the leftover cards",
        }.get(self.kind, self.kind.value)


@dataclass(frozen=True, slots=True)
class Procedure:
    """A variant's dealing procedure: its phases, in order."""

    phases: tuple[Phase, ...]

    @property
    def takes_cards(self) -> bool:
        """Whether any phase deals cards (a game with none is dealt outside the terminal's view)."""
        return any(p.kind not in (PhaseKind.DICE, PhaseKind.BETTING) for p in self.phases)


@dataclass(frozen=True, slots=True)
class Slot:
    """One expected card: its recipient, which of the recipient's cards it is, its face, and the words."""

    target: Target
    nth: int
    face: Face
    words: str
    phase: int
    replacement: bool = False


_ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
]


def ordinal(n: int) -> str:
    """``1`` -> ``first`` … ``13`` -> ``thirteenth``, then ``14th``."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}th"


def _face_words(face: Face) -> str:
    return {
        Face.UP: " face up",
        Face.DOWN: " face down",
        Face.ANY: "",
        Face.CHOICE: " up or down (player's choice)",
    }[face]


def recipient_words(target: Target, boxes: Sequence[str] = ()) -> str:
    """``seat 4``, ``player-dealer``, ``pile 3``, ``Banker`` …"""
    k = target.kind
    if k is TargetKind.SEAT:
        return f"seat {target.index}" + (f", hand {target.hand}" if target.hand else "")
    if k is TargetKind.PLAYER_DEALER:
        return "player-dealer"
    if k is TargetKind.BOX:
        return boxes[target.index - 1] if 0 < target.index <= len(boxes) else f"box {target.index}"
    if k is TargetKind.BOARD:
        return f"board card {target.index}"
    if k is TargetKind.PILE:
        return f"pile {target.index}"
    return str(k.value)


@dataclass(frozen=True, slots=True)
class DealContext:
    """What a phase needs to expand: the seats, who has how many cards, whether the shoe is new."""

    players: tuple[int, ...]
    player_dealer: int | None
    button: int | None
    held: Mapping[Target, int]
    board_size: int
    new_shoe: bool
    next_phase: Phase | None = None
    action_seat: int | None = None
    by_hand: bool = (
        False  # the round's cards were shuffled by hand (a ``shuffle`` whose source is the dealer)
    )


def _rotate(seats: tuple[int, ...], after: int | None) -> tuple[int, ...]:
    """Seats in clockwise order starting with the first seat after ``after``."""
    if after is None or not seats:
        return seats
    later = tuple(s for s in seats if s > after)
    return later + tuple(s for s in seats if s <= after)


def fixed_order(phase: Phase) -> tuple[Target, ...] | None:
    """The recipients of one pass of a phase dealt to piles or boxes, in dealing order: they depend on the
    phase alone, not on the round (:func:`seat_order` needs the round's :class:`DealContext`); else None."""
    if phase.to is Recipients.PILES:
        return _first(TargetKind.PILE, phase.count)
    if phase.to is Recipients.BOXES:
        return _first(TargetKind.BOX, len(phase.boxes))
    return None


#: Piles and boxes 1 to 16 (targets are immutable values: shared, not built at every card).
_NUMBERED = {kind: tuple(Target(kind, i) for i in range(1, 17)) for kind in (TargetKind.PILE, TargetKind.BOX)}


def _first(kind: TargetKind, n: int) -> tuple[Target, ...]:
    """Pile (or box) 1 to ``n``."""
    return _NUMBERED[kind][:n] if n <= 16 else tuple(Target(kind, i) for i in range(1, n + 1))


def seat_order(phase: Phase, ctx: DealContext) -> tuple[Target, ...]:
    """The recipients of one pass of a seat-dealing phase, in dealing order."""
    fixed = fixed_order(phase)
    if fixed is not None:
        return fixed
    if phase.to is Recipients.PLAYER_DEALER:
        return (Target(TargetKind.PLAYER_DEALER, 0),) if ctx.player_dealer is not None else ()
    if phase.start is Start.ACTION_SEAT:
        return _from_action_seat(phase, ctx)
    start_after = {
        Start.FIRST_SEAT: None,
        Start.ACTION_SEAT: None,
        Start.LEFT_OF_BUTTON: ctx.button,
        Start.LEFT_OF_PLAYER_DEALER: ctx.player_dealer,
    }[phase.start]
    seats = tuple(Target(TargetKind.SEAT, s) for s in _rotate(ctx.players, start_after))
    if phase.to is Recipients.TABLE and ctx.player_dealer is not None:
        seats += (Target(TargetKind.PLAYER_DEALER, 0),)
    return seats


def _from_action_seat(phase: Phase, ctx: DealContext) -> tuple[Target, ...]:
    """Clockwise from the action seat (from the first seat while it is not known); the player-dealer in
    its own place with ``table``, left out with ``players``."""
    pd = ctx.player_dealer
    everyone = sorted({*ctx.players, *((pd,) if pd is not None and phase.to is Recipients.TABLE else ())})
    a = ctx.action_seat
    if a is not None and everyone:
        later = [s for s in everyone if s >= a]
        everyone = later + [s for s in everyone if s < a]
    return tuple(
        Target(TargetKind.PLAYER_DEALER, 0) if s == pd else Target(TargetKind.SEAT, s) for s in everyone
    )


def card_words(target: Target, nth: int, face: Face, phase: Phase, total: int, way: str = "") -> str:
    """The dealer's words for one expected card; ``way`` names a serpentine pass's direction."""
    if target.kind is TargetKind.PILE:
        w = f"pile {target.index} of {phase.count}"
        if total > 1:
            w += f" (card {nth} of {total}{', ' + way if way else ''})"
        return w
    if target.kind is TargetKind.BOX:
        return f"{recipient_words(target, phase.boxes)} {ordinal(nth)} card{_face_words(face)}"
    return f"{recipient_words(target)}: {ordinal(nth)} card{_face_words(face)}"


def card_by_card(recipients: int, cards: int, order: PassOrder) -> tuple[tuple[int, int], ...]:
    """Where each card of a one-at-a-time deal goes: ``(recipient, pass)`` for card 1, 2, … (1-based).

    ``left_to_right``: every pass from recipient 1 to the last. ``serpentine``: odd passes left to right,
    even passes right to left, so with seven piles of seven card 7 and card 8 both go to pile 7 and
    cards 14 and 15 both to pile 1.
    """
    out: list[tuple[int, int]] = []
    for c in range(1, cards + 1):
        way = range(1, recipients + 1)
        if order is PassOrder.SERPENTINE and c % 2 == 0:
            way = range(recipients, 0, -1)
        out.extend((r, c) for r in way)
    return tuple(out)


def dealt_by_card(phase: Phase, ctx: DealContext) -> bool:
    """Whether a deal phase goes one card at a time around: ``by: card``, or ``by_hand: card`` after a
    hand shuffle (a shuffler's packets otherwise)."""
    return not phase.by_packet or (phase.hand_by_card and ctx.by_hand)


def expand(phase: Phase, index: int, ctx: DealContext) -> tuple[Slot, ...]:
    """The slots of a static phase (deal, burn, board, leftover, street) as the round reaches it."""
    held = dict(ctx.held)
    out: list[Slot] = []

    def add(target: Target, face: Face, words: str | None = None, total: int = 1) -> None:
        n = held.get(target, 0) + 1
        held[target] = n
        out.append(Slot(target, n, face, words or card_words(target, n, face, phase, total), index))

    k = phase.kind
    if k is PhaseKind.DEAL:
        order = seat_order(phase, ctx)
        if not dealt_by_card(phase, ctx):
            for t in order:
                for c in range(phase.cards):
                    add(t, phase.face_at(c), total=phase.cards)
        else:
            serpentine = phase.order is PassOrder.SERPENTINE
            for r, c in card_by_card(len(order), phase.cards, phase.order):
                t, f = order[r - 1], phase.face_at(c - 1)
                way = ("left to right" if c % 2 else "right to left") if serpentine else ""
                n = held.get(t, 0) + 1
                add(t, f, card_words(t, n, f, phase, phase.cards, way))
    elif k is PhaseKind.STREET:
        f = phase.face_at(0)
        for t in seat_order(phase, ctx):
            add(t, f)
    elif k is PhaseKind.BURN:
        then = ""
        if ctx.next_phase is not None and ctx.next_phase.kind is PhaseKind.BOARD:
            then = f", then {ctx.next_phase.title}"
        elif ctx.next_phase is not None and ctx.next_phase.name:
            then = f", then {ctx.next_phase.name}"
        for i in range(phase.count):
            w = "burn" + (f" ({i + 1} of {phase.count})" if phase.count > 1 else "") + then
            add(Target(TargetKind.BURN, 0), Face.DOWN, w)
    elif k is PhaseKind.BOARD:
        for i in range(phase.count):
            pos = ctx.board_size + i + 1
            f = phase.face_at(i)
            if phase.count == 1:
                w = f"{phase.title}{_face_words(f)}"
            else:
                w = f"{phase.title}, card {i + 1} of {phase.count}{_face_words(f)}"
            add(Target(TargetKind.BOARD, pos), f, w)
    elif k is PhaseKind.LEFTOVER:
        for i in range(phase.count):
            w = f"leftover card {i + 1} of {phase.count}: check and set in front of the tray"
            add(Target(TargetKind.STUB, 0), Face.DOWN, w)
    return tuple(out)


# --- parsing -------------------------------------------------------------------------------------

_KIND_KEYS = {k.value: k for k in PhaseKind}
_COMMON = {"name", "only"}
_ALLOWED: dict[PhaseKind, set[str]] = {
    PhaseKind.DEAL: {"deal", "cards", "face", "by", "by_hand", "order", "start", "piles", "boxes"},
    PhaseKind.BURN: {"burn"},
    PhaseKind.BOARD: {"board", "face"},
    PhaseKind.LEFTOVER: {"leftover"},
    PhaseKind.DICE: {"dice"},
    PhaseKind.BETTING: {"betting", "close"},
    PhaseKind.STREET: {"street", "to", "start"},
    PhaseKind.HITS: {"hits", "start"},
    PhaseKind.DRAW: {"draw", "max", "start"},
    PhaseKind.RULE_DRAWS: {"rule_draws"},
}


def _enum(cls: type[Any], value: Any, path: FieldPath) -> Any:
    try:
        return cls(value)
    except ValueError:
        names = ", ".join(m.value for m in cls)
        raise ProcedureError(path, f"unknown value {value!r} (one of {names})") from None


def _int(value: Any, path: FieldPath, lo: int = 1, hi: int = 60) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ProcedureError(path, f"expected a whole number {lo} to {hi}, not {value!r}")
    return value


def _faces(value: Any, path: FieldPath) -> tuple[Face, ...]:
    if isinstance(value, list):
        if not value:
            raise ProcedureError(path, "face list is empty")
        return tuple(_enum(Face, v, (*path, i)) for i, v in enumerate(value))
    return (_enum(Face, value, path),)


def parse_phase(data: Any, path: FieldPath) -> Phase:
    """One phase from its YAML mapping; the kind is the key among ``deal burn board …`` that it has."""
    if not isinstance(data, Mapping):
        raise ProcedureError(path, "a phase is a mapping such as {deal: players, cards: 2}")
    kinds = [k for k in data if k in _KIND_KEYS]
    if len(kinds) != 1:
        raise ProcedureError(path, f"a phase has exactly one of {', '.join(_KIND_KEYS)}")
    kind = _KIND_KEYS[str(kinds[0])]
    unknown = set(map(str, data)) - _ALLOWED[kind] - _COMMON
    if unknown:
        bad = sorted(unknown)[0]
        raise ProcedureError((*path, bad), f"unknown key for a {kind.value} phase")
    head = data[kind.value]
    kw: dict[str, Any] = {"kind": kind, "name": str(data.get("name", ""))}
    only = data.get("only")
    if only is not None:
        if only != "new_shoe":
            raise ProcedureError((*path, "only"), "the one condition is 'new_shoe'")
        kw["only_new_shoe"] = True
    if "face" in data:
        kw["face"] = _faces(data["face"], (*path, "face"))
    if "start" in data:
        kw["start"] = _enum(Start, data["start"], (*path, "start"))
    if kind is PhaseKind.DEAL:
        kw["to"] = _enum(Recipients, head, (*path, "deal"))
        kw["cards"] = _int(data.get("cards", 1), (*path, "cards"))
        by = data.get("by", "card")
        if by not in ("card", "packet"):
            raise ProcedureError((*path, "by"), "'card' (one at a time around) or 'packet' (all at once)")
        kw["by_packet"] = by == "packet"
        by_hand = data.get("by_hand", by)
        if by_hand not in ("card", "packet"):
            raise ProcedureError(
                (*path, "by_hand"), "'card' or 'packet': how the cards go after a hand shuffle"
            )
        kw["hand_by_card"] = kw["by_packet"] and by_hand == "card"
        if "order" in data:
            kw["order"] = _enum(PassOrder, data["order"], (*path, "order"))
            if kw["by_packet"] and not kw["hand_by_card"]:
                raise ProcedureError(
                    (*path, "order"),
                    "an order is for cards dealt one at a time around (by: card, or by_hand: card)",
                )
            if kw["order"] is PassOrder.SERPENTINE and kw["to"] is not Recipients.PILES:
                raise ProcedureError(
                    (*path, "order"), "serpentine (left to right, then right to left) is a deal of piles"
                )
        if kw["to"] is Recipients.PILES:
            kw["count"] = _int(data.get("piles"), (*path, "piles"))
        if kw["to"] is Recipients.BOXES:
            boxes = data.get("boxes")
            if not isinstance(boxes, list) or not boxes:
                raise ProcedureError(
                    (*path, "boxes"), "name the boxes in dealing order, e.g. [Player, Banker]"
                )
            kw["boxes"] = tuple(str(b) for b in boxes)
    elif kind in (PhaseKind.BURN, PhaseKind.BOARD, PhaseKind.LEFTOVER, PhaseKind.DICE):
        kw["count"] = _int(head, (*path, kind.value), lo=0 if kind is PhaseKind.LEFTOVER else 1)
        if kind is PhaseKind.BOARD and "face" not in data:
            kw["face"] = (Face.UP,)
    elif kind is PhaseKind.BETTING:
        if not isinstance(head, str | bool):
            raise ProcedureError((*path, "betting"), "name the betting round, e.g. 'first betting round'")
        if isinstance(head, str) and not kw["name"]:
            kw["name"] = head
        close = data.get("close", "next_card")
        if close not in ("confirm", "next_card"):
            raise ProcedureError((*path, "close"), "'confirm' (the dealer presses confirm) or 'next_card'")
        kw["close_on_confirm"] = close == "confirm"
    elif kind is PhaseKind.STREET:
        kw["face"] = _faces(head, (*path, "street"))
        kw["to"] = _enum(Recipients, data.get("to", "players"), (*path, "to"))
    elif kind is PhaseKind.HITS:
        kw["to"] = _enum(Recipients, head, (*path, "hits"))
        kw["face"] = (Face.ANY,)
    elif kind is PhaseKind.DRAW:
        kw["to"] = _enum(Recipients, head, (*path, "draw"))
        kw["max_cards"] = _int(data.get("max", 5), (*path, "max"), lo=0)
        kw["face"] = (Face.DOWN,)
    elif kind is PhaseKind.RULE_DRAWS:
        if not isinstance(head, str) or not head:
            raise ProcedureError((*path, "rule_draws"), "name the family rule that decides the draws")
        kw["hook"] = head
        kw["face"] = (Face.ANY,)
    return Phase(**kw)


def parse_procedure(data: Any, path: FieldPath = ("deal",)) -> Procedure:
    """A variant's ``deal:`` section: ``{phases: [...]}``. Raises :class:`ProcedureError` naming the field."""
    if not isinstance(data, Mapping):
        raise ProcedureError(path, "deal is a mapping with 'phases'")
    unknown = set(map(str, data)) - {"phases", "note", "choice", "assign"}
    if unknown:
        raise ProcedureError(
            (*path, sorted(unknown)[0]), "unknown key (deal has phases, note, choice, assign)"
        )
    # ``assign``: how the family gives dealt packets to seats (Pai Gow: piles by the dice); the family reads it.
    if "assign" in data and not isinstance(data["assign"], Mapping):
        raise ProcedureError(
            (*path, "assign"), "assign is a mapping the family reads (e.g. positions, count)"
        )
    phases = data.get("phases")
    if not isinstance(phases, list) or not phases:
        raise ProcedureError((*path, "phases"), "a non-empty list of phases")
    return Procedure(tuple(parse_phase(p, (*path, "phases", i)) for i, p in enumerate(phases)))
