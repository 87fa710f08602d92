"""Collection schedules as data: rows, charges, schedules and a room's posted options.

A California card room earns only a flat, posted collection. The filings print it in a handful of shapes,
all of which are one model here: a :class:`Schedule` (room, game, option) holds :class:`Charge` s; each
charge says who pays (the player-dealer, each player, or the pot), what its rows are looked up by (total
table action, the wager's own amount, the number of players, or nothing for a flat fee), and how often it is
taken (once a round, per wager, per betting spot, per time period). Rows are flat amounts in cents.

Everything here is built from parsed mappings (``from_data``) and raises :class:`FeeScheduleError` naming
the field; reading files is the terminal's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

from rules.banking.errors import DataError, MoneyError
from rules.banking.money import dollars, money

_E = TypeVar("_E", bound=StrEnum)


class FeeScheduleError(DataError):
    """A collection schedule that is malformed or breaks the filings' own rules; names the field."""


class Payer(StrEnum):
    """Who pays a charge."""

    PLAYER_DEALER = "player_dealer"
    PLAYER = "player"
    POT = "pot"  # poker: the house dealer takes it from the pot


class Lookup(StrEnum):
    """What a charge's rows are looked up by."""

    TABLE_ACTION = "table_action"  # total of the wagers placed against the bank before the deal
    WAGER = "wager"  # the charged wager's own amount
    PLAYERS = "players"  # players seated and taking part in the hand (poker, time collections)
    BANK = "bank"  # the player-dealer's own wager (its bank on the table)
    NONE = "none"  # a flat fee: exactly one row


class Per(StrEnum):
    """How often a charge is taken."""

    ROUND = "round"  # once per round (hand, deal)
    WAGER = "wager"  # for every matching wager
    SPOT = "spot"  # for every betting spot (seat and circle) holding a matching wager
    PLAYER = "player"  # once from each player with matching wagers, looked up by that player's total
    # for every layout section (wager name) with wagers, looked up by that section's total
    SECTION = "section"
    PERIOD = "period"  # from each player, for every period of play (time collection)


class Taken(StrEnum):
    """The moment the filing says the collection is taken; the console shows it beside the fee."""

    BEFORE_DEAL = "before_deal"
    AFTER_DEAL = "after_deal"  # "immediately after cards [tiles] have been distributed"
    AT_FLOP = "at_flop"
    AFTER_FOURTH_CARD = "after_fourth_card"
    AFTER_RIVER = "after_river"
    AFTER_FIRST_FIVE_CARDS = "after_first_five_cards"
    WHILE_HANDS_SET = "while_hands_set"
    BEFORE_PLAYER_DEALER_HAND_OPENED = "before_player_dealer_hand_opened"
    WHEN_WAGER_PLACED = "when_wager_placed"
    FROM_ANTE = "from_ante"
    ON_THE_HALF_HOUR = "on_the_half_hour"  # time collection on the hour and half hour
    PER_DOWN = "per_down"  # time collection per dealer down (40 minutes), in advance

    @property
    def words(self) -> str:
        """The moment in a dealer's words."""
        return _TAKEN_WORDS[self]


_TAKEN_WORDS = {
    Taken.BEFORE_DEAL: "before the deal",
    Taken.AFTER_DEAL: "right after the cards are dealt",
    Taken.AT_FLOP: "from the pot at the flop",
    Taken.AFTER_FOURTH_CARD: "from the pot after the fourth card",
    Taken.AFTER_RIVER: "from the pot after the river card",
    Taken.AFTER_FIRST_FIVE_CARDS: "after every hand has its first five cards",
    Taken.WHILE_HANDS_SET: "while players set their hands, before any wager is settled",
    Taken.BEFORE_PLAYER_DEALER_HAND_OPENED: "before the player-dealer's hand is opened",
    Taken.WHEN_WAGER_PLACED: "when the wager is first placed",
    Taken.FROM_ANTE: "from the ante",
    Taken.ON_THE_HALF_HOUR: "from the pot on the hour and half hour",
    Taken.PER_DOWN: "in advance, per down",
}


@dataclass(frozen=True)
class Source:
    """Where a schedule is filed: seed file, section and lines."""

    seed: str
    section: str
    lines: str

    @classmethod
    def from_data(cls, data: object, where: str) -> Source:
        """Build from ``{seed, section, lines}``."""
        m = _mapping(data, where)
        _only(m, {"seed", "section", "lines"}, where)
        return cls(_text(m, "seed", where), _text(m, "section", where), _text(m, "lines", where))

    def cite(self) -> str:
        """``seed file §section, lines``."""
        return f"{self.seed} {self.section}, {self.lines}"


@dataclass(frozen=True)
class Row:
    """One rate: from ``low`` up to the next row's ``low`` (``high`` is what the filing printed), pays ``fee``.

    ``low``/``high`` are cents for money lookups and counts of players for :attr:`Lookup.PLAYERS`.
    """

    low: int
    high: int | None
    fee: int

    def label(self, lookup: Lookup) -> str:
        """The row as posted: ``$101.00-$200.00`` or ``7+ players``."""
        if lookup is Lookup.PLAYERS:
            if self.high is None:
                return f"{self.low}+ players"
            return f"{self.low} players" if self.low == self.high else f"{self.low}-{self.high} players"
        if lookup is Lookup.NONE:
            return "flat"
        if self.high is None:
            return f"{money(self.low)}+"
        return f"{money(self.low)}-{money(self.high)}"


@dataclass(frozen=True)
class Charge:
    """One fee of a schedule: payer, lookup, how often, which wagers, and its rows."""

    payer: Payer
    lookup: Lookup
    per: Per
    rows: tuple[Row, ...]
    wagers: frozenset[str] | None = None  # wager names or kinds this charge counts; None = every wager
    no_flop: tuple[Row, ...] | None = None  # pot charges at the flop: rows when the hand ends before it
    label: str = ""  # e.g. "jackpot"
    period_minutes: int | None = None
    half_after_minutes: int | None = None
    taken: Taken | None = None  # when this charge is taken, where it differs from the schedule's moment

    def row_for(self, value: int) -> tuple[Row, bool]:
        """The row ``value`` falls in, and whether it lay below the first row (then the first row applies).

        choice: a row runs from its printed low up to the next row's low, so whole-dollar gaps in a filing
        ($100 then $105) and cents between rows belong to the lower row; an amount below the first row
        (possible only for a below-minimum bet acted on) takes the first row.
        """
        rows = self.rows
        if value < rows[0].low:
            return rows[0], True
        found = rows[0]
        for row in rows:
            if value >= row.low:
                found = row
            else:
                break
        return found, False

    def rates(self) -> int:
        """How many rates this charge posts (rows), as the filings count them."""
        return len(self.rows)


@dataclass(frozen=True)
class Schedule:
    """One posted option: the fees of one room's game at one table limit."""

    room: str
    game: str
    option: str
    title: str
    source: Source
    taken: Taken
    charges: tuple[Charge, ...]
    limits: str = ""
    notes: tuple[str, ...] = ()
    max_rates: int = 5

    @property
    def key(self) -> tuple[str, str, str]:
        """``(room, game, option)``."""
        return (self.room, self.game, self.option)

    @classmethod
    def from_data(cls, data: object, where: str = "schedule") -> Schedule:
        """A schedule from a full mapping: room, game, option, title, source, taken, charges[, limits, notes,
        max_rates]. Validates the filings' rules (flat amounts, ascending rows, at most ``max_rates`` rates)."""
        m = _mapping(data, where)
        _only(
            m,
            {"room", "game", "option", "title", "source", "taken", "charges", "limits", "notes", "max_rates"},
            where,
        )
        max_rates = _int(m.get("max_rates", 5), f"{where}.max_rates", minimum=1)
        charges_data = m.get("charges")
        if not isinstance(charges_data, list) or not charges_data:
            raise FeeScheduleError(f"{where}.charges", "must be a non-empty list of charges")
        charges = tuple(
            _charge(c, f"{where}.charges[{i}]", max_rates, {}) for i, c in enumerate(charges_data)
        )
        return cls(
            room=_text(m, "room", where),
            game=_text(m, "game", where),
            option=str(_required(m, "option", where)),
            title=_text(m, "title", where),
            source=Source.from_data(_required(m, "source", where), f"{where}.source"),
            taken=_enum(Taken, _required(m, "taken", where), f"{where}.taken"),
            charges=charges,
            limits=str(m.get("limits", "")),
            notes=_notes(m.get("notes"), f"{where}.notes"),
            max_rates=max_rates,
        )


@dataclass(frozen=True)
class Missing:
    """An option a filing announces but did not print (or the OCR lost): recorded, never invented."""

    game: str
    option: str
    note: str


@dataclass(frozen=True)
class RoomFees:
    """Every collection schedule one room filed, keyed by ``(game, option)``."""

    room: str
    name: str
    schedules: Mapping[tuple[str, str], Schedule]
    missing: tuple[Missing, ...] = ()
    procedures: tuple[str, ...] = ()
    games: Mapping[str, str] = field(default_factory=dict)  # game slug -> title

    def schedule(self, game: str, option: str | int) -> Schedule:
        """The schedule of ``game`` at ``option``; a FeeScheduleError names what is not filed."""
        key = (game, str(option))
        if key in self.schedules:
            return self.schedules[key]
        for gap in self.missing:
            if (gap.game, gap.option) == key:
                raise FeeScheduleError(f"{self.room}.{game}.options.{option}", f"not usable: {gap.note}")
        if game not in self.games:
            raise FeeScheduleError(f"{self.room}.{game}", f"{self.name} files no collection for this game")
        raise FeeScheduleError(f"{self.room}.{game}.options.{option}", "no such option filed")

    def options(self, game: str) -> list[str]:
        """The filed options of ``game``, in filing order."""
        return [o for (g, o) in self.schedules if g == game]

    @classmethod
    def from_data(cls, data: object, where: str = "fees") -> RoomFees:
        """A room's fee file: ``{room, name, max_rates?, procedures?, games: [...]}``.

        Each game: ``{game, title, source, taken, charge?, aliases?, filing?, limits?, notes?, max_rates?,
        options: {N: option}, missing?: {N: note}}``. A game filed in two documents of one room (its own
        rules and the room's collection-rates document) carries ``filing`` on the second; its options are
        keyed ``<filing>/<N>``. An option is ``{rows}`` (one charge shaped by the
        game's ``charge`` defaults), ``{charges: [...]}``, or ``{same_as: M}``; each may carry ``limits``,
        ``taken``, and ``ocr`` / ``choice`` / ``note`` strings recording how a figure was read.
        """
        m = _mapping(data, where)
        _only(m, {"room", "name", "max_rates", "procedures", "games", "source", "notes"}, where)
        room = _text(m, "room", where)
        name = _text(m, "name", where)
        room_max = _int(m.get("max_rates", 5), f"{where}.max_rates", minimum=1)
        games = m.get("games")
        if not isinstance(games, list) or not games:
            raise FeeScheduleError(f"{where}.games", "must be a non-empty list")
        schedules: dict[tuple[str, str], Schedule] = {}
        missing: list[Missing] = []
        titles: dict[str, str] = {}
        filed: set[tuple[str, str]] = set()
        for gi, g in enumerate(games):
            gw = f"{where}.games[{gi}]"
            gm = _mapping(g, gw)
            _only(
                gm,
                {
                    "game",
                    "title",
                    "source",
                    "taken",
                    "charge",
                    "aliases",
                    "limits",
                    "notes",
                    "max_rates",
                    "options",
                    "missing",
                    "filing",
                },
                gw,
            )
            slug = _text(gm, "game", gw)
            filing = _text(gm, "filing", gw) if "filing" in gm else ""
            prefix = f"{filing}/" if filing else ""
            gw = f"{where}.{slug}" + (f"[{filing}]" if filing else "")
            slugs = [slug, *_strings(gm.get("aliases", []), f"{gw}.aliases")]
            title = _text(gm, "title", gw)
            source = Source.from_data(_required(gm, "source", gw), f"{gw}.source")
            taken = _enum(Taken, _required(gm, "taken", gw), f"{gw}.taken")
            max_rates = _int(gm.get("max_rates", room_max), f"{gw}.max_rates", minimum=1)
            defaults = _mapping(gm.get("charge", {}), f"{gw}.charge")
            game_notes = _notes(gm.get("notes"), f"{gw}.notes")
            options = _mapping(_required(gm, "options", gw), f"{gw}.options")
            built: dict[str, Schedule] = {}
            for raw_key, raw in options.items():
                okey = str(raw_key)
                ow = f"{gw}.options.{okey}"
                om = _mapping(raw, ow)
                if "same_as" in om:
                    _only(om, {"same_as", "limits", "note", "ocr", "choice"}, ow)
                    ref = str(om["same_as"])
                    if ref not in built:
                        raise FeeScheduleError(f"{ow}.same_as", f"option {ref} is not filed above this one")
                    base = built[ref]
                    sched = Schedule(
                        room,
                        slug,
                        okey,
                        title,
                        source,
                        base.taken,
                        base.charges,
                        limits=str(om.get("limits", base.limits)),
                        notes=(*game_notes, f"same as option {ref}", *_option_notes(om, ow)),
                        max_rates=max_rates,
                    )
                else:
                    _only(
                        om,
                        {"rows", "fee", "charges", "limits", "taken", "note", "ocr", "choice", "no_flop"},
                        ow,
                    )
                    if "charges" in om:
                        if "rows" in om or "fee" in om:
                            raise FeeScheduleError(ow, "give either rows/fee or charges, not both")
                        cl = om["charges"]
                        if not isinstance(cl, list) or not cl:
                            raise FeeScheduleError(f"{ow}.charges", "must be a non-empty list")
                        charges = tuple(
                            _charge(c, f"{ow}.charges[{i}]", max_rates, defaults) for i, c in enumerate(cl)
                        )
                    else:
                        one = {k: om[k] for k in ("rows", "fee", "no_flop") if k in om}
                        charges = (_charge(one, ow, max_rates, defaults),)
                    sched = Schedule(
                        room,
                        slug,
                        okey,
                        title,
                        source,
                        _enum(Taken, om["taken"], f"{ow}.taken") if "taken" in om else taken,
                        charges,
                        limits=str(om.get("limits", gm.get("limits", ""))),
                        notes=(*game_notes, *_option_notes(om, ow)),
                        max_rates=max_rates,
                    )
                built[okey] = sched
            for s in slugs:
                if (s, filing) in filed:
                    raise FeeScheduleError(f"{gw}.game", f"game {s!r} is filed twice in this room")
                filed.add((s, filing))
                titles.setdefault(s, title)
                for okey, sched in built.items():
                    schedules[(s, prefix + okey)] = replace(sched, game=s, option=prefix + okey)
            for mk, note in _mapping(gm.get("missing", {}), f"{gw}.missing").items():
                if str(mk) in built:
                    raise FeeScheduleError(f"{gw}.missing.{mk}", "is also filed under options")
                for s in slugs:
                    missing.append(Missing(s, prefix + str(mk), str(note)))
        procedures = _notes(m.get("procedures"), f"{where}.procedures")
        return cls(room, name, schedules, tuple(missing), procedures, titles)


# --- parsing helpers -------------------------------------------------------------------------------------


def _charge(data: object, where: str, max_rates: int, defaults: Mapping[str, Any]) -> Charge:
    raw = _mapping(data, where)
    m: dict[str, Any] = {**defaults, **raw}
    _only(
        m,
        {
            "payer",
            "lookup",
            "per",
            "rows",
            "fee",
            "wagers",
            "no_flop",
            "label",
            "period_minutes",
            "half_after_minutes",
            "taken",
            "note",
            "ocr",
            "choice",
        },
        where,
    )
    payer = _enum(Payer, _required(m, "payer", where), f"{where}.payer")
    if "fee" in m and "rows" in m and "rows" in raw and "fee" in raw:
        raise FeeScheduleError(where, "give either fee (flat) or rows, not both")
    if "fee" in raw or ("fee" in m and "rows" not in raw):
        lookup = Lookup.NONE
        rows: tuple[Row, ...] = (Row(0, None, _fee(m["fee"], f"{where}.fee")),)
        if "lookup" in raw and raw["lookup"] != "none":
            raise FeeScheduleError(f"{where}.lookup", "a flat fee has no lookup")
    else:
        lookup = _enum(Lookup, _required(m, "lookup", where), f"{where}.lookup")
        rows = _rows(_required(m, "rows", where), f"{where}.rows", lookup)
        if lookup is Lookup.NONE and len(rows) != 1:
            raise FeeScheduleError(f"{where}.rows", "a flat fee (lookup: none) has exactly one row")
    per = _enum(Per, _required(m, "per", where), f"{where}.per")
    if len(rows) > max_rates:
        raise FeeScheduleError(
            f"{where}.rows", f"{len(rows)} rates; the filing allows at most {max_rates} collection rates"
        )
    wagers = None
    if m.get("wagers") is not None:
        wagers = frozenset(_slug(w) for w in _strings(m["wagers"], f"{where}.wagers"))
    if lookup is Lookup.TABLE_ACTION and per is Per.PERIOD:
        raise FeeScheduleError(f"{where}.per", "a time collection is not looked up by table action")
    no_flop = None
    if "no_flop" in m:
        if payer is not Payer.POT:
            raise FeeScheduleError(f"{where}.no_flop", "only a pot charge has a no-flop rule")
        nf = m["no_flop"]
        no_flop = () if nf in (0, None, []) else _rows(nf, f"{where}.no_flop", Lookup.PLAYERS)
    period = half = None
    if per is Per.PERIOD:
        period = _int(_required(m, "period_minutes", where), f"{where}.period_minutes", minimum=1)
        if "half_after_minutes" in m:
            half = _int(m["half_after_minutes"], f"{where}.half_after_minutes", minimum=1)
            if half >= period:
                raise FeeScheduleError(f"{where}.half_after_minutes", "must fall inside the period")
    elif "period_minutes" in m or "half_after_minutes" in m:
        raise FeeScheduleError(where, "period_minutes belongs only to a time collection (per: period)")
    if payer is Payer.POT and per not in (Per.ROUND, Per.PERIOD):
        raise FeeScheduleError(f"{where}.per", "a pot charge is taken once per hand or per period")
    if payer is Payer.PLAYER and per is Per.ROUND:
        raise FeeScheduleError(f"{where}.per", "a player's fee is per wager, spot, player or period")
    if per is Per.PLAYER and payer is not Payer.PLAYER:
        raise FeeScheduleError(f"{where}.per", "a per-player fee is paid by players")
    if per is Per.SECTION and payer is not Payer.PLAYER_DEALER:
        raise FeeScheduleError(f"{where}.per", "a per-section fee is the player-dealer's")
    taken = _enum(Taken, raw["taken"], f"{where}.taken") if "taken" in raw else None
    if lookup is Lookup.BANK and payer is not Payer.PLAYER_DEALER:
        raise FeeScheduleError(f"{where}.lookup", "only the player-dealer's fee is looked up by its bank")
    return Charge(payer, lookup, per, rows, wagers, no_flop, str(m.get("label", "")), period, half, taken)


def _rows(data: object, where: str, lookup: Lookup) -> tuple[Row, ...]:
    if not isinstance(data, list) or not data:
        raise FeeScheduleError(where, "must be a non-empty list of [low, high, fee] rows")
    out: list[Row] = []
    for i, r in enumerate(data):
        rw = f"{where}[{i}]"
        if not isinstance(r, list) or len(r) != 3:
            raise FeeScheduleError(rw, f"{r!r} is not a [low, high, fee] row (high null for 'and up')")
        low_raw, high_raw, fee_raw = r
        if lookup is Lookup.PLAYERS:
            low = _int(low_raw, f"{rw} low", minimum=0)
            high = None if high_raw is None else _int(high_raw, f"{rw} high", minimum=0)
        else:
            low = _bound(low_raw, f"{rw} low")
            high = None if high_raw is None else _bound(high_raw, f"{rw} high")
        if high is not None and high < low:
            raise FeeScheduleError(rw, "high is below low")
        out.append(Row(low, high, _fee(fee_raw, f"{rw} fee")))
    for i in range(1, len(out)):
        prev, cur = out[i - 1], out[i]
        if prev.high is None:
            raise FeeScheduleError(f"{where}[{i - 1}]", "an open-ended row ('and up') must be the last")
        if cur.low <= prev.high:
            raise FeeScheduleError(f"{where}[{i}]", "overlaps the row before it")
    return tuple(out)


def _bound(value: object, where: str) -> int:
    try:
        cents = dollars(value, where)
    except MoneyError as exc:
        raise FeeScheduleError(where, exc.reason) from None
    if cents < 0:
        raise FeeScheduleError(where, "is negative")
    return cents


def _fee(value: object, where: str) -> int:
    try:
        cents = dollars(value, where)
    except MoneyError as exc:
        raise FeeScheduleError(where, exc.reason) from None
    if cents < 0:
        raise FeeScheduleError(where, "a fee cannot be negative")
    return cents


def _mapping(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise FeeScheduleError(where, f"expected a mapping, got {type(data).__name__}")
    return data


def _only(m: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(str(k) for k in m if k not in allowed)
    if unknown:
        raise FeeScheduleError(f"{where}.{unknown[0]}", "unknown key")


def _required(m: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in m or m[key] is None:
        raise FeeScheduleError(f"{where}.{key}", "is required")
    return m[key]


def _text(m: Mapping[str, Any], key: str, where: str) -> str:
    v = _required(m, key, where)
    if not isinstance(v, str) or not v.strip():
        raise FeeScheduleError(f"{where}.{key}", "must be non-empty text")
    return v


def _int(value: object, where: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FeeScheduleError(where, f"{value!r} is not a whole number")
    if value < minimum:
        raise FeeScheduleError(where, f"must be at least {minimum}")
    return value


def _strings(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise FeeScheduleError(where, "must be a list of strings")
    return list(value)


def _notes(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(_strings(value, where))


def _option_notes(m: Mapping[str, Any], where: str) -> tuple[str, ...]:
    out = []
    for key in ("note", "ocr", "choice"):
        if key in m:
            if not isinstance(m[key], str):
                raise FeeScheduleError(f"{where}.{key}", "must be text")
            out.append(f"{key}: {m[key]}")
    return tuple(out)


def _enum(kind: type[_E], value: object, where: str) -> _E:
    try:
        return kind(str(value))
    except ValueError:
        allowed = ", ".join(e.value for e in kind)
        raise FeeScheduleError(where, f"{value!r} is not one of: {allowed}") from None


def _slug(text: str) -> str:
    return "-".join(text.lower().replace("_", " ").split())


def slug(text: str) -> str:
    """A wager name as charges match it: lower case, words joined by ``-`` (``Pair Plus`` -> ``pair-plus``)."""
    return _slug(text)
