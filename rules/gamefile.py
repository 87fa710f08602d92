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
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt

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
