"""The schema of a game file (docs/games.md): strict pydantic models, one per family, over the keys every game
file shares.

Every family's models (``rules/<family>/schema.py``, the :class:`~rules.round.family.Family`'s ``schema``)
subclass :class:`GameFileBase`; :class:`Strict` forbids unknown keys and coercion (``needs_ante: maybe`` is
not a bool, ``pays: "abc"`` is not a pay figure); :data:`PayFigure` is a finite, non-negative ratio. The
catalogue (``terminal.games``) validates every file when it loads and names file, line and field of what is
wrong; ``dealer-terminal schema`` prints the JSON Schema for editors.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Annotated, Any, Final, Literal, NoReturn, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    NonNegativeInt,
    PositiveInt,
    ValidationError,
    WithJsonSchema,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from kernel.errors import RulesError

M = TypeVar("M", bound=BaseModel)

#: A field's place in a game file: keys and list indexes (``("bonuses", 0, "pays", 1, "hand")``).
FieldPath = tuple[str | int, ...]


class GameFileError(RulesError, ValueError):
    """A game file its family's schema refuses: ``where`` names the field (``bonuses[0].pays[1].hand``,
    empty for the whole file), ``reason`` what is wrong. The one error every family's game file raises."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}" if where else reason)


def where_text(path: Sequence[str | int]) -> str:
    """A field path as a dealer reads it: ``bonuses[0].pays[1].hand``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def data_path(data: Any, loc: Sequence[Any]) -> FieldPath:
    """The path into ``data`` of a pydantic error location (union members and discriminator tags skipped:
    only the keys and indexes that are in the data are kept)."""
    out: list[str | int] = []
    here = data
    for part in loc:
        if (
            isinstance(here, Mapping)
            and part in here
            or isinstance(here, list)
            and isinstance(part, int)
            and 0 <= part < len(here)
        ):
            out.append(part)
            here = here[part]
    return tuple(out)


def first_problem(exc: ValidationError, data: Any) -> tuple[FieldPath, str]:
    """The problem of a refused file to name: the deepest field (the most precise place) and its message,
    with how many other fields are wrong. A missing key's path ends in the key (its line is its parent's)."""
    errors = exc.errors()
    paths = [data_path(data, tuple(e["loc"])) for e in errors]
    best = max(range(len(errors)), key=lambda i: len(paths[i]))
    err = errors[best]
    path = paths[best]
    # other places wrong; a parent of this one is the same problem seen by a union's other members
    more = len({p for p in paths if p != path[: len(p)]})
    last = err["loc"][-1] if err["loc"] else None
    if err["type"] in ("missing", "game_file") and last is not None and path[-1:] != (last,):
        path = (*path, last)  # a field not in the file: named, its line its parent's
    if err["type"] == "missing" and last is not None:
        msg = f"missing {last!r}"
    elif err["type"] == "extra_forbidden":
        msg = "unknown key"
    else:
        msg = str(err["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return path, msg + (f" (and {more} more)" if more > 0 else "")


#: Keys the terminal puts beside a game file's own when it deals or analyzes it (``Family.data_files``,
#: ``analysis_files``, ``table_data``): a House Way chart, a stored two-hand table, the posted fee schedule.
#: They are not the file's: :func:`validated` leaves them out, and keys beginning ``_`` (the table's limits,
#: ``rules.banking.wagers.TABLE_LIMITS``); the catalogue validates the file as read, so a file naming them
#: is refused.
ATTACHED_KEYS: Final = frozenset({"house_way_chart", "two_hand_table", "posted_fee_schedule"})


def validated(model: type[M], data: Mapping[str, Any], at: FieldPath = ()) -> M:
    """``data`` validated by ``model`` (a family's game-file schema, or the model of one of its sections
    found at ``at``); a :class:`GameFileError` naming the field otherwise. The one validator of a game
    file: a family builds its engine model from the result."""
    if not isinstance(data, Mapping):
        raise GameFileError(where_text(at), "expected a mapping")
    if any(k in ATTACHED_KEYS or str(k).startswith("_") for k in data):
        data = {k: v for k, v in data.items() if k not in ATTACHED_KEYS and not str(k).startswith("_")}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        path, msg = first_problem(exc, data)
        raise GameFileError(where_text((*at, *path)), msg) from None


def refuse(path: Sequence[str | int], message: str, value: Any = None) -> NoReturn:
    """In a model validator: refuse the field at ``path`` (relative to the model validated) with
    ``message``, so the error names that field rather than the model holding it."""
    raise ValidationError.from_exception_data(
        "game file",
        [
            InitErrorDetails(
                type=PydanticCustomError("game_file", "{message}", {"message": message}),
                loc=tuple(path),
                input=value,
            )
        ],
    )


#: The catalogue header: which game, which room's filing, what was chosen where it is unclear, and the
#: rules the filing states with where each is enforced (``filed_rules``: ``dealer-terminal rules GAME``).
HEADER_KEYS: Final = frozenset(
    {"id", "family", "name", "room", "source", "choices", "supports", "filed_rules"}
)
#: The round engine's keys: the shoe, the dealing procedure, the ruling table, the filed wager limits and
#: the bank's rotation.
ROUND_KEYS: Final = frozenset({"deck", "deal", "irregularities", "wager_limits", "rotation"})

_RATIO = re.compile(r"^\s*(\d+)\s*[:/]\s*(\d+)\s*$")


class Strict(BaseModel):
    """A block of a game file: unknown keys and wrong types are errors, nothing is coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)


def _pay_figure(value: int | str) -> int | str:
    """A pay figure: a whole number to 1 (``40``) or a ratio (``"3:2"``, ``"1/2"``), finite and not negative."""
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"a pay figure is not negative, not {value}")
        return value
    m = _RATIO.match(value)
    if m is None or int(m.group(2)) == 0:
        raise ValueError(f"a pay figure is a whole number or a ratio such as 3:2 or 1/2, not {value!r}")
    return value


def pay_ratio(value: int | str) -> Fraction:
    """A validated pay figure as an exact ratio to 1."""
    if isinstance(value, int):
        return Fraction(value)
    m = _RATIO.match(value)
    assert m is not None
    return Fraction(int(m.group(1)), int(m.group(2)))


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError(f"a number here is finite, not {value}")
    return value


#: A pay figure (see :func:`pay_ratio`).
PayFigure = Annotated[int | str, AfterValidator(_pay_figure), Field(json_schema_extra={"minimum": 0})]
def _as_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


#: On a ``tuple[...]`` field of a strict model: the file's list read as the tuple (strict models take no list
#: for a tuple otherwise); ``Annotated[tuple[str, ...], AsTuple]``.
AsTuple = BeforeValidator(_as_tuple)

def _ratio(value: Any) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"a pay figure is a whole number or a ratio such as 3:2 or 1/2, not {value!r}")
    return pay_ratio(_pay_figure(value))


#: A pay figure read as the exact ratio to 1 it is (:data:`PayFigure` in the file, a ``Fraction`` in the
#: model); ``Field(gt=0)`` beside it where nothing may pay 0.
Ratio = Annotated[
    Fraction,
    BeforeValidator(_ratio),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0},
                {"type": "string", "pattern": r"^\s*\d+\s*[:/]\s*\d+\s*$"},
            ]
        }
    ),
]

#: A finite float.
FiniteFloat = Annotated[float, AfterValidator(_finite)]


class CiteBlock(Strict):
    """Where a figure or rule is filed: the seed file, its section and lines, a note."""

    seed: str | None = None
    section: str | None = None
    lines: str | None = None
    note: str | None = None


#: A citation: one line of words, or a :class:`CiteBlock`.
Cite = str | CiteBlock


def cite_text(cite: Cite | None) -> str:
    """A citation as one line: the words, or the block's seed, section, lines and note joined."""
    if cite is None:
        return ""
    if isinstance(cite, str):
        return cite
    return ", ".join(p for p in (cite.seed, cite.section, cite.lines, cite.note) if p)


class PayRow(Strict):
    """A row of a pay table: the hand, what it pays to one, where it is filed."""

    hand: str
    pays: PayFigure
    cite: Cite


class Ruling(Strict):
    """What the room does about a condition (a foul hand, a misset): the ruling, the remedy, the cite."""

    ruling: str
    remedy: str
    cite: Cite


class FeesRef(Strict):
    """``banking.fees`` / ``fees``: which game of the room's fee file (``config/fees/<room>.yaml``) the
    collection is taken by."""

    game: str


class FeesOnlyBanking(Strict):
    """``banking`` of a game whose bank is not a player-dealer's (a pot game, a points game): its fees."""

    fees: FeesRef


def kind_or(default: str) -> Callable[[Any], str]:
    """The discriminator of a list whose entries name their ``kind``, ``default`` where they do not."""

    def kind(value: Any) -> str:
        if isinstance(value, dict):
            return str(value.get("kind", default))
        return str(getattr(value, "kind", default))

    return kind


class Source(Strict):
    """``source``."""

    seed: str
    section: str
    lines: str


class Choice(Strict):
    """``choices[]``."""

    what: str | None = None
    chose: str | int | None = None
    why: str | None = None
    about: str | None = None
    choice: str | None = None


class Deck(Strict):
    """``deck``."""

    decks: int
    ranks_removed: list[int] | None = None
    jokers: int | None = None
    note: str | None = None
    extra_cards: list[str] | None = None


class DealPhase(Strict):
    """``deal.phases[]``."""

    deal: str | None = None
    boxes: list[str] | None = None
    cards: int | None = None
    face: str | list[str] | None = None
    rule_draws: str | None = None
    only: str | None = None
    name: str | None = None
    dice: int | None = None
    start: str | None = None
    hits: str | None = None
    burn: int | None = None
    betting: str | None = None
    close: str | None = None
    draw: str | None = None
    max: int | None = None
    board: int | None = None
    street: str | None = None
    piles: int | None = None
    by: str | None = None
    by_hand: str | None = None
    order: str | None = None
    leftover: int | None = None


class DealAssignAction(Strict):
    """``deal.assign.action``."""

    source: str
    count_from: str
    count_direction: str
    count_player_dealer: bool
    cite: Cite


class DealAssign(Strict):
    """``deal.assign``."""

    action: DealAssignAction | None = None
    positions: int | None = None
    count: str | None = None
    on_player_dealer: str | None = None
    cite: Cite | None = None
    community: list[str] | None = None


class Deal(Strict):
    """``deal``."""

    phases: list[DealPhase]
    assign: DealAssign | None = None
    note: str | None = None
    choice: str | None = None


class IrregularityWhen(Strict):
    """``irregularities[].when``."""

    code: str | list[str]
    to: str | list[str] | None = None
    phase: str | None = None
    where: str | None = None
    card: str | list[str] | None = None
    by: str | None = None
    min_count: int | None = None


class Irregularity(Strict):
    """``irregularities[]``."""

    id: str
    when: IrregularityWhen
    ruling: str
    remedy: str
    cite: Cite
    note: str | None = None
    severity: str | None = None
    clear_role: str | None = None
    choice: str | None = None


class SpotLimits(Strict):
    """``wager_limits.spots.<wager>``: one wager's own limits (``rules.banking.wagers.VariantLimits``)."""

    side_bet: bool | None = None
    needs_base: bool | None = None
    at_most_base: bool | None = None
    minimum_cents: NonNegativeInt | None = None
    maximum_cents: NonNegativeInt | None = None
    fixed_cents: NonNegativeInt | None = None
    step_cents: NonNegativeInt | None = None
    cite: Cite | None = None


class WagerLimits(Strict):
    """``wager_limits``: the variant's filed limits, before the table's posted ones are added."""

    below_minimum: Literal["action_once", "refuse"] | None = None
    over_maximum: Literal["whole", "excess"] | None = None
    minimum_cents: NonNegativeInt | None = None
    maximum_cents: NonNegativeInt | None = None
    bets: list[str] | None = None
    backline: bool | list[str] | None = None
    spots: dict[str, SpotLimits] | None = None
    cite: Cite | None = None


class FiledRule(Strict):
    """``filed_rules[]``: one rule the filing states and where it is enforced (``dealer-terminal rules``)."""

    rule: str
    lines: str
    says: str
    #: ``unreviewed``: a passage of the filing listed but not yet accounted for (the matrix counts it so).
    status: Literal["enforced", "floor", "not_enforced", "unreviewed"]
    where: str | list[str] | None = None
    alerts: str | list[str] | None = None
    scenarios: str | list[str] | None = None
    tests: str | list[str] | None = None
    why: str | None = None
    choice: str | None = None


class Rotation(Strict):
    """``rotation``: how the bank rotates (``rules.banking.rotation.RotationRules``)."""

    max_consecutive: PositiveInt | None = None
    require_prior_wager: bool | None = None
    offer_to_square_bettors: bool | None = None
    #: which way the bank is offered on (clockwise where absent); its passage goes in ``cite``
    offer_direction: Literal["clockwise", "counterclockwise"] | None = None
    cite: Cite | None = None


class GameFileBase(Strict):
    """The keys every game file shares: the header (docs/games.md) and the round engine's."""

    id: str
    family: str
    name: str
    room: str
    source: Source
    choices: list[Choice] | None = None
    supports: list[str] | None = None
    deck: Deck | None = None
    deal: Deal | None = None
    irregularities: list[Irregularity] | None = None
    wager_limits: WagerLimits | None = None
    filed_rules: list[FiledRule] | None = None
    rotation: Rotation | None = None
