"""The round's report: what a family's ``settle`` hook returns, typed, and its JSON form.

A round report is a frozen dataclass, one per family (or per shape a family reports: punto banco's coup
and Pan 9's hands against the player-dealer are two). It subclasses :class:`RoundReport`, whose common field
is ``wagers``, every wager's line (:class:`WagerLine`: seat, spot, stake, result, pays, net, rule), for the
families that settle wagers; a pot or points game leaves it None. Nested parts are frozen dataclasses too
(:class:`ReportPart`), down to the leaves (ints, strings, booleans).

The JSON form is the one ``replay --json``, scenario expectations and exports have always held, byte for
byte: :meth:`ReportPart.to_json` writes the fields in the order the most derived class declares them, then
any inherited field it does not redeclare (a subclass that adds a key in the middle redeclares them all), under their name or the ``json`` key of their metadata (``as``
and ``for`` are Python keywords), and leaves out a field that is None unless the class lists its key in
``json_nulls`` (a key the report always writes, null or not). :meth:`ReportPart.from_json` reads it back,
strictly: an unknown key, a key out of the order the report writes, a missing required key, a null where
none is written or a value of the wrong type is a :class:`ReportError` naming the key's path (so a family
that builds its report from a mapping cannot drift from the bytes it has always written).
``from_json(to_json(r)) == r`` for every report a family builds (``tests/test_round_report.py`` holds it over
every scenario).

A family names its report classes in ``Family.report_types``; :func:`read_report` picks the one whose keys
fit a JSON report (a journal's or a scenario's) for that family.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, Union, get_args, get_origin, get_type_hints

from rules.errors import RulesError

P = TypeVar("P", bound="ReportPart")


class ReportError(RulesError):
    """A report's JSON does not fit its type: ``where`` is the key's path."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason


def key(name: str) -> dict[str, str]:
    """Field metadata for a field written under another JSON key (``field(metadata=key("as"))``)."""
    return {"json": name}


class ReportPart:
    """A frozen dataclass that is part of a round report, with its JSON form (see the module docstring)."""

    #: The JSON keys written as null when the field is None (keys the report always carries).
    json_nulls: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> dict[str, Any]:
        """The JSON form, byte-identical to the mapping the family has always reported."""
        cls = type(self)
        out: dict[str, Any] = {}
        for f, name in _fields(cls):
            v = getattr(self, f.name)
            if v is None and name not in cls.json_nulls:
                continue
            out[name] = _encode(v)
        return out

    @classmethod
    def from_json(cls: type[P], data: object, where: str = "settlement") -> P:
        """The part from its JSON form; :class:`ReportError` names the first key that does not fit."""
        if not isinstance(data, Mapping):
            raise ReportError(where, f"expected a mapping, got {type(data).__name__}")
        fields = _fields(cls)
        names = {name for _, name in fields}
        unknown = [k for k in data if k not in names]
        if unknown:
            raise ReportError(f"{where}.{unknown[0]}", "unknown key")
        order = [name for _, name in fields if name in data]
        if list(data) != order:
            # the JSON form is byte for byte the one the report writes: a key out of place would move
            first = next(k for k, want in zip(data, order, strict=True) if k != want)
            raise ReportError(f"{where}.{first}", f"out of order: the report writes {order}")
        hints = _hints(cls)
        kwargs: dict[str, Any] = {}
        for f, name in fields:
            if name in data:
                v = data[name]
                if v is None and name not in cls.json_nulls:
                    raise ReportError(f"{where}.{name}", "null where the report writes no null")
                kwargs[f.name] = _decode(hints[f.name], v, f"{where}.{name}")
            elif name in cls.json_nulls or _required(f):
                raise ReportError(where, f"missing {name!r}")
        return cls(**kwargs)

    @classmethod
    def fits(cls, data: Mapping[str, Any]) -> bool:
        """Whether ``data`` has only this part's keys and every key it always writes."""
        fields = _fields(cls)
        names = {name for _, name in fields}
        must = {name for f, name in fields if name in cls.json_nulls or _required(f)}
        return set(data) <= names and must <= set(data)


@dataclass(frozen=True, kw_only=True)
class WagerLine(ReportPart):
    """One wager's line in a report: the fields every family's line shares (a family's line adds its own:
    the bank's payments, a cite, a Pan 9 hand). ``cents`` and ``spot`` are absent only on a line that says why a
    seat's hand could not be settled; ``pays`` is the payout ratio as a string (``"1"``, ``"-1"``, ``"3/2"``)."""

    seat: int
    spot: str | None = None
    cents: int | None = None
    result: str
    pays: str | None = None
    net_cents: int | None = None
    rule: str | None = None


@dataclass(frozen=True, kw_only=True)
class RoundReport(ReportPart):
    """A family's round report (its ``settle`` hook's answer). ``wagers``: every wager's line, for the families
    that settle wagers (None for a pot or points game, and for a round whose wagers are not decided yet)."""

    wagers: tuple[WagerLine, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class SeatMoney(ReportPart):
    """What the bank paid a seat, collected from it and returned to it, in cents."""

    paid: int
    collected: int
    returned: int


@dataclass(frozen=True, kw_only=True)
class Collection(ReportPart):
    """The collection a pot or points game's report shows: the cents taken, the posted schedule and its
    lines, or why none was taken."""

    cents: int
    schedule: str | None = None
    lines: tuple[CollectionLine, ...] | None = None
    why: str | None = None


@dataclass(frozen=True, kw_only=True)
class CollectionLine(ReportPart):
    """One line of a collection: cents and why."""

    cents: int
    why: str


def read_report(types_: Sequence[type[RoundReport]], data: object, where: str = "settlement") -> RoundReport:
    """The report a family's JSON report reads as: the first of the family's ``report_types`` whose keys fit
    (:meth:`ReportPart.fits`), strictly read (:meth:`ReportPart.from_json`)."""
    if not isinstance(data, Mapping):
        raise ReportError(where, f"expected a mapping, got {type(data).__name__}")
    for t in types_:
        if t.fits(data):
            return t.from_json(data, where)
    names = ", ".join(t.__name__ for t in types_) or "none"
    raise ReportError(where, f"the keys {sorted(data)} fit none of the family's reports ({names})")


# --- the codec ------------------------------------------------------------------------------------------


_FIELDS: dict[type, tuple[tuple[dataclasses.Field[Any], str], ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> tuple[tuple[dataclasses.Field[Any], str], ...]:
    """The dataclass fields in JSON order (the class's own annotations first, then inherited fields), each
    with its JSON key."""
    if cls in _FIELDS:
        return _FIELDS[cls]
    by_name = {f.name: f for f in dataclasses.fields(cls)}
    own = [n for n in cls.__dict__.get("__annotations__", {}) if n in by_name]
    order = own + [n for n in by_name if n not in own]
    _FIELDS[cls] = tuple((by_name[n], by_name[n].metadata.get("json", n)) for n in order)
    return _FIELDS[cls]


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _required(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def _encode(v: Any) -> Any:
    if isinstance(v, ReportPart):
        return v.to_json()
    if isinstance(v, tuple):
        return [_encode(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _encode(x) for k, x in v.items()}
    return v


def _decode(tp: Any, v: Any, where: str) -> Any:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if v is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        problems: list[ReportError] = []
        for a in options:
            try:
                return _decode(a, v, where)
            except ReportError as exc:
                problems.append(exc)
        raise max(problems, key=lambda e: len(e.where))
    if isinstance(tp, type) and issubclass(tp, ReportPart):
        return tp.from_json(v, where)
    if origin is tuple:
        if not isinstance(v, list):
            raise ReportError(where, f"expected a list, got {type(v).__name__}")
        (item, _) = get_args(tp)
        return tuple(_decode(item, x, f"{where}[{i}]") for i, x in enumerate(v))
    if origin in (Mapping, dict, typing.Mapping):
        if not isinstance(v, Mapping):
            raise ReportError(where, f"expected a mapping, got {type(v).__name__}")
        kt, vt = get_args(tp)
        out: dict[Any, Any] = {}
        for k, x in v.items():
            if kt is int:
                if not (isinstance(k, str) and str(_int_key(k, f"{where}.{k}")) == k):
                    raise ReportError(f"{where}.{k}", "expected a seat number as the key")
                out[int(k)] = _decode(vt, x, f"{where}.{k}")
            else:
                out[str(k)] = _decode(vt, x, f"{where}.{k}")
        return out
    if tp is bool:
        if not isinstance(v, bool):
            raise ReportError(where, f"expected true or false, got {v!r}")
        return v
    if tp is int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ReportError(where, f"expected a whole number, got {v!r}")
        return v
    if tp is str:
        if not isinstance(v, str):
            raise ReportError(where, f"expected a string, got {v!r}")
        return v
    raise ReportError(where, f"the report has no reader for {tp!r}")


def _int_key(k: str, where: str) -> int:
    try:
        return int(k)
    except ValueError:
        raise ReportError(where, "expected a seat number as the key") from None


# --- the bank's settlement, as the banked families report it -----------------------------------------------


@dataclass(frozen=True, kw_only=True)
class BankProblem(ReportPart):
    """Why the bank could not settle the round (no action seat, a banking rule that does not hold)."""

    problem: str


@dataclass(frozen=True, kw_only=True)
class BankPart(ReportPart):
    """The round through the player-dealer's bank (:func:`rules.banking.settle_results`): the action seat
    (null where none is named), the bank before and after, what each seat was paid, collected and returned,
    and the dealer's words."""

    json_nulls = frozenset({"action_seat"})

    action_seat: int | None
    bank_before: int
    bank_after: int
    by_seat: Mapping[int, SeatMoney]
    lines: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BacklineBankPart(BankPart):
    """The bank's settlement of a game that settles backline wagers apart (Ultimate War, Cal Quick Draw), and
    where a backline bettor was settled, what each bettor takes back (``receipts``: ``seat 3`` and ``seat 3
    backline`` apart, :mod:`rules.banking.backline`). The bank's fields are declared again so that
    ``receipts`` is written last, as :func:`rules.banking.report_json.bank_part` writes it."""

    action_seat: int | None
    bank_before: int
    bank_after: int
    by_seat: Mapping[int, SeatMoney]
    lines: tuple[str, ...]
    receipts: Mapping[str, int] | None = None
