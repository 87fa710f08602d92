"""The variant's ruling table: which ruling each irregularity gets, with its remedy and its cite.

A game file's ``irregularities:`` is an ordered list; the first entry whose ``when`` matches a finding
gives the ruling::

    irregularities:
      - id: capitol-34a
        when: {code: [EXPOSED_CARD, BOXED_CARD], card: [A, Jk]}
        ruling: MISDEAL
        remedy: "Misdeal: an ace or the joker was exposed. Collect, reshuffle, deal again."
        cite: {seed: 003_aca162d24f17d773.txt, section: "Pai Gow Poker rule 34a", lines: L73-74}

``when`` keys (all optional but ``code``; all must match): ``code`` (one or a list), ``card`` (ranks
``A K … 2``, ``ace``, ``joker``/``Jk``, or exact cards ``As``), ``to`` (recipient kinds: ``seat``,
``player_dealer``, ``pile``, ``box``, ``board``, ``burn``, ``stub``), ``by`` (``dealer``, ``player``,
``device``), ``phase`` (a phase name from ``deal:``), ``where`` (``hand`` or ``deck``: a boxed card
dealt into a hand, or one found face up in the deck or shuffler; ``backline``: a wager behind a seat refused
at round start), ``min_count`` with optional
``count_codes`` (how many such findings this round, this one included). Where no entry matches, the
ruling is CALL_FLOOR (the filing is silent: the floor decides), except the terminal's own defaults for
device faults, deck checks and unreadable cards (:data:`BUILT_IN`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, Rank, parse_card
from rules.decks import parse_rank
from rules.errors import RulesError
from rules.round.alerts import (
    DEFAULT_SEVERITY,
    DEVICE_CODES,
    NO_FILED_RULE,
    Alert,
    AlertCode,
    Cite,
    Role,
    Ruling,
    Severity,
    default_clear_role,
)
from rules.round.events import By, Target, TargetKind
from rules.round.procedure import FieldPath, ProcedureError


@dataclass(frozen=True, slots=True)
class Finding:
    """What a check found, before the variant's table gives it a ruling.

    ``where`` is ``hand`` (a card dealt into a hand) or ``deck`` (found in the deck or shuffler); ``backline``
    for a wager behind a seat that the variant refuses.
    """

    code: AlertCode
    message: str
    seat: int | None = None
    card: Card | None = None
    target: Target | None = None
    by: By = By.DEALER
    phase: str = ""
    where: str = "hand"


@dataclass(frozen=True, slots=True)
class When:
    """The condition of one ruling entry."""

    codes: frozenset[AlertCode]
    ranks: frozenset[Rank] = frozenset()
    cards: frozenset[Card] = frozenset()
    joker: bool = False
    to: frozenset[TargetKind] = frozenset()
    by: frozenset[By] = frozenset()
    phase: frozenset[str] = frozenset()
    where: str = ""
    min_count: int = 0
    count_codes: frozenset[AlertCode] = frozenset()

    def matches(self, f: Finding, counts: Mapping[AlertCode, int]) -> bool:
        """Whether finding ``f`` fits, given how many findings of each code this round has had (``f`` included)."""
        if f.code not in self.codes:
            return False
        if self.ranks or self.cards or self.joker:
            c = f.card
            if c is None:
                return False
            ok = (
                (c.is_joker and self.joker)
                or c in self.cards
                or (c.rank is not None and c.rank in self.ranks)
            )
            if not ok:
                return False
        if self.to and (f.target is None or f.target.kind not in self.to):
            return False
        if self.by and f.by not in self.by:
            return False
        if self.phase and f.phase not in self.phase:
            return False
        if self.where and f.where != self.where:
            return False
        if self.min_count:
            n = sum(counts.get(c, 0) for c in (self.count_codes or self.codes))
            if n < self.min_count:
                return False
        return True


@dataclass(frozen=True, slots=True)
class RulingEntry:
    """One entry of a variant's ``irregularities:`` table."""

    id: str
    when: When
    ruling: Ruling
    remedy: str
    cite: Cite
    severity: Severity
    clear_role: Role


@dataclass(frozen=True, slots=True)
class RulingTable:
    """A variant's ordered ruling entries."""

    entries: tuple[RulingEntry, ...] = ()

    def rule(self, f: Finding, counts: Mapping[AlertCode, int], seq: int = 0) -> Alert:
        """The alert for a finding: the first matching entry's ruling, else the built-in default."""
        for e in self.entries:
            if e.when.matches(f, counts):
                return Alert(
                    f.code,
                    e.severity,
                    e.ruling,
                    e.remedy,
                    e.cite,
                    e.clear_role,
                    f.message,
                    f.seat,
                    f.card,
                    e.id,
                    seq,
                )
        ruling, severity, remedy, cite = BUILT_IN.get(f.code, _SILENT)
        role = default_clear_role(severity, ruling)
        return Alert(f.code, severity, ruling, remedy, cite, role, f.message, f.seat, f.card, "", seq)


_SILENT = (
    Ruling.CALL_FLOOR,
    Severity.STOP,
    "No rule for this in the game's filing: stop and call the floor.",
    NO_FILED_RULE,
)
_TERMINAL = Cite("dealer-terminal", "docs/architecture.md §5 device faults; issue 3 deck checks")

#: The terminal's own rulings for conditions that are about the equipment rather than the game.
BUILT_IN: dict[AlertCode, tuple[Ruling, Severity, str, Cite]] = {
    AlertCode.DECK_COUNT_MISMATCH: (
        Ruling.CALL_FLOOR,
        Severity.STOP,
        "The deck failed its count: take it off the table; the floor checks it before play resumes.",
        _TERMINAL,
    ),
    AlertCode.MISDEAL_DECLARED: (
        Ruling.MISDEAL,
        Severity.STOP,
        "Misdeal declared: collect every card, return the wagers, reshuffle and deal again.",
        Cite("dealer-terminal", "the dealer's or floor's own declaration"),
    ),
    AlertCode.ROUND_UNFINISHED: (
        Ruling.CONTINUE,
        Severity.WARNING,
        "A new round was started while this one is still being dealt: the start is refused. Finish the deal,"
        " or declare a misdeal.",
        Cite(
            "dealer-terminal", "docs/dealer-guide.md, the table's states (a round is never silently replaced)"
        ),
    ),
    AlertCode.BUTTON_OUT_OF_TURN: (
        Ruling.CALL_FLOOR,
        Severity.STOP,
        "The dealer button moves clockwise to the next seat in play after each hand: correct the round start's "
        "button (the blinds and the first to act follow it); the floor rules on a hand dealt off its turn.",
        Cite("dealer-terminal", "docs/poker.md, the dealer button (the game's filing: poker.button.rotates)"),
    ),
    AlertCode.DECKS_NOT_FILED: (
        Ruling.CALL_FLOOR,
        Severity.STOP,
        "The game's filing does not allow this number of decks: deal from a shoe of the filed number (set the "
        "table's decks within the range); the floor rules on any round dealt from it.",
        Cite("dealer-terminal", "the game file's shoe: range (its filing's lines are in the message)"),
    ),
    AlertCode.UNREADABLE_CARD: (
        Ruling.CONTINUE,
        Severity.WARNING,
        "The device could not read the card: read it by eye and enter it as a correction.",
        _TERMINAL,
    ),
    **{
        c: (
            Ruling.DISABLE_DEVICE,
            Severity.STOP,
            "Take the device out of use; a technician checks it and clears the fault.",
            _TERMINAL,
        )
        for c in DEVICE_CODES
    },
}


# --- parsing -------------------------------------------------------------------------------------


class RulingsError(ProcedureError):
    """An ``irregularities:`` table that is not well formed."""


def _codes(value: Any, path: FieldPath) -> frozenset[AlertCode]:
    items = value if isinstance(value, list) else [value]
    out = set()
    for i, v in enumerate(items):
        try:
            out.add(AlertCode(v))
        except ValueError:
            p = (*path, i) if isinstance(value, list) else path
            raise RulingsError(p, f"unknown alert code {v!r}") from None
    return frozenset(out)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _parse_when(data: Any, path: FieldPath) -> When:
    if not isinstance(data, Mapping) or "code" not in data:
        raise RulingsError(path, "when is a mapping with at least a code")
    allowed = {"code", "card", "to", "by", "phase", "where", "min_count", "count_codes"}
    unknown = set(map(str, data)) - allowed
    if unknown:
        raise RulingsError(
            (*path, sorted(unknown)[0]), f"unknown condition (one of {', '.join(sorted(allowed))})"
        )
    kw: dict[str, Any] = {"codes": _codes(data["code"], (*path, "code"))}
    if "card" in data:
        ranks, cards, joker = set(), set(), False
        for i, v in enumerate(_list(data["card"])):
            t = str(v).strip()
            if t.lower() in ("joker", "jk"):
                joker = True
            elif t.lower() == "ace":
                ranks.add(Rank.ACE)
            else:
                try:
                    if len(t) >= 2 and t[-1].lower() in "cdhs" and t.lower() not in ("10",):
                        cards.add(parse_card(t))
                    else:
                        ranks.add(parse_rank(v))
                except RulesError as exc:
                    raise RulingsError((*path, "card", i), str(exc)) from None
        kw.update(ranks=frozenset(ranks), cards=frozenset(cards), joker=joker)
    if "to" in data:
        try:
            kw["to"] = frozenset(TargetKind(v) for v in _list(data["to"]))
        except ValueError:
            raise RulingsError(
                (*path, "to"), f"recipients are {', '.join(k.value for k in TargetKind)}"
            ) from None
    if "by" in data:
        try:
            kw["by"] = frozenset(By(v) for v in _list(data["by"]))
        except ValueError:
            raise RulingsError((*path, "by"), "dealer, player or device") from None
    if "phase" in data:
        kw["phase"] = frozenset(str(v) for v in _list(data["phase"]))
    if "where" in data:
        if data["where"] not in ("hand", "deck", "backline"):
            raise RulingsError(
                (*path, "where"),
                "'hand' (dealt into a hand), 'deck' (found in the deck) or 'backline' (a wager behind a seat)",
            )
        kw["where"] = data["where"]
    if "min_count" in data:
        n = data["min_count"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise RulingsError((*path, "min_count"), "a whole number from 1")
        kw["min_count"] = n
    if "count_codes" in data:
        kw["count_codes"] = _codes(data["count_codes"], (*path, "count_codes"))
    return When(**kw)


def parse_cite(data: Any, path: FieldPath) -> Cite:
    """A ``cite: {seed, section, lines}`` mapping."""
    if not isinstance(data, Mapping) or not data.get("seed"):
        raise RulingsError(
            path, "cite is {seed, section, lines}: every ruling names the filing it comes from"
        )
    unknown = set(map(str, data)) - {"seed", "section", "lines"}
    if unknown:
        raise RulingsError((*path, sorted(unknown)[0]), "unknown key (cite has seed, section, lines)")
    return Cite(str(data["seed"]), str(data.get("section", "")), str(data.get("lines", "")))


def parse_rulings(data: Any, path: FieldPath = ("irregularities",)) -> RulingTable:
    """A variant's ``irregularities:`` list. Raises :class:`RulingsError` naming the field."""
    if data is None:
        return RulingTable()
    if not isinstance(data, list):
        raise RulingsError(path, "irregularities is a list of {id, when, ruling, remedy, cite}")
    entries: list[RulingEntry] = []
    seen: set[str] = set()
    for i, e in enumerate(data):
        p = (*path, i)
        if not isinstance(e, Mapping):
            raise RulingsError(p, "an entry is a mapping {id, when, ruling, remedy, cite}")
        allowed = {"id", "when", "ruling", "remedy", "cite", "severity", "clear_role", "note", "choice"}
        unknown = set(map(str, e)) - allowed
        if unknown:
            raise RulingsError((*p, sorted(unknown)[0]), f"unknown key (one of {', '.join(sorted(allowed))})")
        for k in ("id", "when", "ruling", "remedy", "cite"):
            if k not in e:
                raise RulingsError(p, f"missing {k!r}")
        eid = str(e["id"])
        if eid in seen:
            raise RulingsError((*p, "id"), f"duplicate id {eid!r}")
        seen.add(eid)
        try:
            ruling = Ruling(e["ruling"])
        except ValueError:
            raise RulingsError((*p, "ruling"), f"unknown ruling {e['ruling']!r}") from None
        try:
            severity = Severity(e["severity"]) if "severity" in e else DEFAULT_SEVERITY[ruling]
        except ValueError:
            raise RulingsError((*p, "severity"), "info, warning or stop") from None
        try:
            role = Role(e["clear_role"]) if "clear_role" in e else default_clear_role(severity, ruling)
        except ValueError:
            raise RulingsError((*p, "clear_role"), "dealer, floor or technician") from None
        entries.append(
            RulingEntry(
                eid,
                _parse_when(e["when"], (*p, "when")),
                ruling,
                str(e["remedy"]),
                parse_cite(e["cite"], (*p, "cite")),
                severity,
                role,
            )
        )
    return RulingTable(tuple(entries))
