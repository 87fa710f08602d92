"""One Party Craps flip, decided: what the layout holds at "no more bets" against what earlier flips left
standing, which bets work, how the two cards decide each, and what stays up for the next flip.

Pure: the caller gives the variant, the filed settlement data (the order file's mapping), the point and the
bets carried from the last flip, the player-dealer's seat, the wagers and the two cards. The bank is not
touched here (:mod:`rules.partycraps.round` orders the results for :func:`rules.banking.settle_results`).

Filed rules (seed 000): the line and Come bets L4082-4085, odds L4086, Place L4087, Buy L4093, Lay L4094, the
Buy/Lay fee L4095, Field L4096, Big 6/8 L4097-4098, the propositions M L4099-4111 (only with a line, number,
Field or Big wager), on/off on the come-out L4112-4117 and the glossary L4704-4705, the new player-dealer's
own Pass/Come bets L4136-4138, the fee only when a wager is first placed L4164-4207.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.banking.money import pay
from rules.partycraps.cycle import POINTS, deal
from rules.partycraps.deck import PartyCrapsError
from rules.partycraps.model import Variant, group
from rules.partycraps.order import SettlementOrder
from rules.partycraps.spots import PROPS, QUALIFYING_KINDS, Spot, parse_spot

#: What one flip carries to the next: the point (None: a come-out) and the bets still up.
POINT_KEY = "point"


@dataclass(frozen=True, slots=True)
class Carried:
    """The point and the standing bets ``(seat, spot, cents)`` a flip starts from (the last flip's)."""

    point: int | None = None
    bets: tuple[tuple[int, str, int], ...] = ()

    def to_pairs(self) -> tuple[tuple[int, str], ...]:
        """As the round engine carries it (``RoundState.carried``): ``(0, "point 6")`` and one
        ``(seat, "bet <spot> <cents>")`` per standing bet."""
        head = (0, f"{POINT_KEY} {self.point if self.point is not None else 'off'}")
        return (head, *((seat, f"bet {spot} {cents}") for seat, spot, cents in self.bets))

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[int, str]]) -> Carried:
        """Read what :meth:`to_pairs` wrote (anything else carried is ignored)."""
        point: int | None = None
        bets: list[tuple[int, str, int]] = []
        for seat, text in pairs:
            parts = text.split()
            if len(parts) == 2 and parts[0] == POINT_KEY and parts[1].isdigit():
                point = int(parts[1])
            elif len(parts) == 3 and parts[0] == "bet" and parts[2].isdigit():
                bets.append((seat, parts[1], int(parts[2])))
        return cls(point, tuple(bets))


@dataclass(frozen=True, slots=True)
class Placed:
    """A bet on the layout this flip: the part carried from earlier flips (``established``), the part first
    placed now (``new``), why it gets no action (``refused``), and whether it is the player-dealer's own."""

    seat: int
    spot: Spot
    established: int
    new: int
    refused: str = ""
    own: bool = False
    #: The spot as written, where it is not a Party Craps spot (refused).
    raw: str = ""

    @property
    def text(self) -> str:
        """The spot as the wager named it."""
        return self.raw or self.spot.text

    @property
    def cents(self) -> int:
        """The whole wager in cents."""
        return self.established + self.new


@dataclass(frozen=True, slots=True)
class Decided:
    """A bet the flip decided: ``win`` (at ``pays`` to one, any Buy/Lay fee already taken off), ``lose``,
    ``push``, or ``no_action`` (returned: refused, or the player-dealer's own); the filed area it settles
    in, the fee taken from its win, and the rule with its lines."""

    seat: int
    spot: str
    cents: int
    result: str
    pays: Fraction
    section: str
    rule: str
    cite: str
    vig: int = 0
    new: bool = False


@dataclass(frozen=True, slots=True)
class Standing:
    """A bet still up after the flip (a Come bet moved to its number shows there), and whether it works on the
    next flip unless the dealer calls it (the filed default with the point after this flip; a call lasts one
    flip)."""

    seat: int
    spot: str
    cents: int
    working: bool
    fee_paid: bool = True


@dataclass(frozen=True)
class Flip:
    """A flip decided: the point before and after, the cards, what each bet did, what stays up, the wagers
    first placed this flip (the fee hook), and the problems found in the layout (for the floor)."""

    cards: tuple[int, int]
    point_before: int | None
    point_after: int | None
    words: str
    decided: tuple[Decided, ...]
    standing: tuple[Standing, ...]
    new_wagers: tuple[tuple[int, str, int], ...]
    problems: tuple[tuple[int, str], ...] = field(default=())

    @property
    def total(self) -> int:
        """The two cards' total."""
        return self.cards[0] + self.cards[1]


# --- the layout at "no more bets" --------------------------------------------------------------------


def lay_out(
    v: Variant, wagers: Iterable[tuple[int, str, int]], player_dealer: int | None, carried: Carried
) -> tuple[list[Placed], list[tuple[int, str]]]:
    """Every bet on the layout against what was carried: each one's established and new cents and why a
    part gets no action; and the problems for the floor (a contract bet taken down, a bet placed where the
    filing does not allow it)."""
    point = carried.point
    problems: list[tuple[int, str]] = []
    by_key: dict[tuple[int, str], tuple[Spot, int]] = {}
    refused: list[Placed] = []
    for seat, text, cents in wagers:
        if cents <= 0:
            continue
        try:
            spot = parse_spot(text)
        except PartyCrapsError as exc:
            refused.append(Placed(seat, Spot("field"), 0, cents, str(exc), raw=text))
            problems.append((seat, f"seat {seat}: {exc}"))
            continue
        key = (seat, spot.name)
        before = by_key.get(key)
        if before is not None:
            call = spot.working if spot.working is not None else before[0].working
            spot = Spot(spot.kind, spot.number, spot.odds, spot.hop, call)
            cents += before[1]
        by_key[key] = (spot, cents)
    was = {(seat, name): cents for seat, name, cents in carried.bets}
    placed: list[Placed] = []
    for (seat, name), (spot, cents) in by_key.items():
        prev = was.get((seat, name), 0)
        est, new = min(cents, prev), max(0, cents - prev)
        placed.append(Placed(seat, spot, est, new, own=seat == player_dealer))
    # contract bets taken down: a Pass with a point on, an established Come (L4082, L4084)
    for (seat, name), prev in was.items():
        got = by_key.get((seat, name))
        spot = parse_spot(name)
        contract = seat != player_dealer and (
            (spot.kind == "pass" and not spot.odds and point is not None)
            or (spot.kind == "come" and spot.number is not None and not spot.odds)
        )
        if contract and (got is None or got[1] < prev):
            problems.append(
                (
                    seat,
                    f"seat {seat}: the {name} bet ({prev} cents) stays up until it wins or loses (L4082, L4084)",
                )
            )
    out: list[Placed] = []
    # the propositions last: they need a line, number, Field or Big wager that is itself taken (L4099)
    for p in sorted(placed, key=_is_proposition):
        why = _refusal(v, p, point, out if _is_proposition(p) else placed)
        if why and p.new and p.established:
            out.append(Placed(p.seat, p.spot, p.established, 0, "", p.own))
            out.append(Placed(p.seat, p.spot, 0, p.new, why, p.own))
        elif why:
            out.append(Placed(p.seat, p.spot, p.established, p.new, why, p.own))
        else:
            out.append(p)
        if why:
            problems.append((p.seat, f"seat {p.seat} {p.spot.name}: {why}"))
    return [*refused, *out], problems


def _is_proposition(p: Placed) -> bool:
    """A bet of area M (L4099-4111): Hard Ways, the one-deal propositions, Horn, Hop."""
    return p.spot.kind in (*PROPS, "hop", "hard")


def _refusal(v: Variant, p: Placed, point: int | None, placed: Sequence[Placed]) -> str:
    """Why the new part of a bet gets no action ('' when it is taken)."""
    if not p.new:
        return ""
    s = p.spot
    if p.own:
        return "the player-dealer does not bet against its own bank (L4134)"
    if s.kind in ("come", "dont-come") and s.number is None and point is None:
        return "a Come or Don't Come bet is made only after the point is set (L4084-4085)"
    if s.kind in ("come", "dont-come") and s.number is not None and not s.odds:
        return f"a bet reaches {s.name} from the {s.kind.replace('-', ' ').title()} box, not placed there"
    if s.kind in v.come_out_only.bets and not s.odds and point is not None:
        return f"a new {s.name} bet is made on the come-out only ({v.come_out_only.cite})"
    if s.odds:
        base = s.base().name
        if s.kind in ("pass", "dont-pass") and point is None:
            return "odds are taken only with a point on (L4086)"
        has = any(q.seat == p.seat and q.spot.name == base and q.established > 0 for q in placed)
        if not has:
            return f"odds go behind an established {base} bet (L4086)"
    if _is_proposition(p):
        ok = any(
            q.seat == p.seat
            and q.spot.kind in QUALIFYING_KINDS
            and not q.spot.odds
            and not q.own
            and not q.refused
            for q in placed
        )
        if not ok:
            return f"a proposition is made only with a line, number, Field or Big wager ({v.propositions_need.cite})"
    return ""


def default_working(v: Variant, spot: Spot, point: int | None) -> bool:
    """Whether a bet works on a flip with ``point`` on when the dealer makes no call for it (the filed
    default: L4112-4117 on the come-out, the glossary L4704-4705 with a point on)."""
    g = group(spot)
    if g is None or g in v.working.fixed or point is not None:
        return True
    return v.working.come_out.get(g, True)


def callable_spot(v: Variant, spot: Spot) -> bool:
    """Whether the dealer may call the bet on or off (``/on``, ``/off``): a standing bet outside the fixed
    groups (the flat line and Come bets always work)."""
    g = group(spot)
    return g is not None and g not in v.working.fixed


def working(v: Variant, p: Placed, point: int | None, placed: Sequence[Placed]) -> bool:
    """Whether the bet works this flip: the one-deal bets and the flat line and Come bets always; the
    dealer's call where made; with a point on every bet; on the come-out the filed default, where one bet of
    a seat called on turns on the seat's others of its group (L4112-4117, L4704-4705)."""
    g = group(p.spot)
    if g is None or g in v.working.fixed:
        return True
    if p.spot.working is not None:
        return p.spot.working
    if default_working(v, p.spot, point):
        return True
    for grp in v.working.one_on_all_on:
        if g in grp:
            return any(q.seat == p.seat and group(q.spot) in grp and q.spot.working is True for q in placed)
    return False


# --- one bet on the two cards -------------------------------------------------------------------------


def _row(data: Mapping[str, Any], block: str, name: str) -> Mapping[str, Any]:
    """A bet's row of the settlement data's ``one_deal`` or ``standing`` block."""
    table = data.get(block)
    row = table.get(name) if isinstance(table, Mapping) else None
    if not isinstance(row, Mapping):
        raise PartyCrapsError(f"the settlement data has no {block}.{name}")
    return row


def decide(
    v: Variant, data: Mapping[str, Any], spot: Spot, a: int, b: int, point: int | None
) -> tuple[str, Fraction, str, str]:
    """How ``spot`` fares on the cards ``a`` and ``b`` with ``point`` on: ``win``/``lose``/``push``/``stays``,
    what a win pays to one (before a Buy/Lay fee), the rule in words and its lines."""
    total = a + b
    k, n = spot.kind, spot.number
    if k in ("pass", "dont-pass", "come", "dont-come"):
        on = point if k in ("pass", "dont-pass") else n
        d = deal(on, total)
        r = d.pass_line if k in ("pass", "come") else d.dont_pass
        if r == "push":
            r = "stays"  # Don't Pass / Don't Come tie on a come-out 12: the bet stays up (L4083-4084)
        cite = {"pass": "L4082", "dont-pass": "L4083", "come": "L4084", "dont-come": "L4085"}[k]
        if spot.odds:
            assert on is not None
            return (
                r,
                v.pays(spot, on),
                f"odds on {on}: {d.words}",
                f"{v.odds.cite if k in ('pass', 'come') else v.lay_odds.cite}",
            )
        return r, v.line.pays, d.words, cite
    if k in ("place", "buy"):
        assert n is not None
        table = v.place if k == "place" else v.buy
        if total == n:
            return "win", table.pays[n], f"{n} before 7", table.cite
        if total == 7:
            return "lose", Fraction(0), f"7 before {n}", table.cite
        return "stays", Fraction(0), "", table.cite
    if k == "lay":
        assert n is not None
        if total == 7:
            return "win", v.lay.pays[n], f"7 before {n}", v.lay.cite
        if total == n:
            return "lose", Fraction(0), f"{n} before 7", v.lay.cite
        return "stays", Fraction(0), "", v.lay.cite
    if k in ("big", "hard"):
        row = _row(data, "standing", spot.name)
        cite = str(row.get("cite", ""))
        if k == "hard":
            pair = int(row["pair"])
            if a == b == pair:
                return "win", Fraction(row["pays"]), f"hard {total}", cite
            if total in (7, 2 * pair):
                return "lose", Fraction(0), "7" if total == 7 else f"easy {total}", cite
            return "stays", Fraction(0), "", cite
        if total == int(row["wins"]):
            return "win", Fraction(row["pays"]), f"{total} before 7", cite
        if total == int(row["loses"]):
            return "lose", Fraction(0), f"7 before {row['wins']}", cite
        return "stays", Fraction(0), "", cite
    if k == "hop":
        assert spot.hop is not None
        hard = spot.hop[0] == spot.hop[1]
        row = _row(data, "one_deal", "hop-hard" if hard else "hop-easy")
        if spot.hop == (min(a, b), max(a, b)):
            return "win", Fraction(row["pays"]), f"{a}-{b} dealt", str(row.get("cite", ""))
        return "lose", Fraction(0), f"{a}-{b} dealt", str(row.get("cite", ""))
    row = _row(data, "one_deal", k)
    wins = {int(t): Fraction(p) for t, p in row["wins"].items()}
    cite = str(row.get("cite", ""))
    if k == "horn":
        split = int(row.get("split", 4))
        if total in wins:  # the part on the number dealt wins at its odds, the other parts lose (L4110)
            return "win", (wins[total] - (split - 1)) / split, f"{total}: one part wins", cite
        return "lose", Fraction(0), f"{total} dealt", cite
    if total in wins:
        return "win", wins[total], f"{total} dealt", cite
    return "lose", Fraction(0), f"{total} dealt", cite


def section(spot: Spot, result: str, established: bool, order: tuple[str, ...]) -> str:
    """The filed betting area a decided bet settles in, as the order file names it."""
    k = spot.kind
    if k in ("pass", "dont-pass"):
        return k
    if k in ("come", "dont-come"):
        if spot.number is None:  # in the box: the same rules as the line bets (L4084-4085)
            return "pass" if k == "come" else "dont-pass"
        return k
    if k in ("place", "buy", "lay", "field", "any-seven", "any-craps", "c", "e"):
        return k
    if k == "big":
        return f"big-{spot.number}-established" if established else f"big-{spot.number}"
    if k == "hard":
        own = f"hard-{spot.number}"
        return own if own in order else "hard-ways"
    if k == "hop":
        return "hop-this" if result == "win" else "hop"
    # the Horn, and the horn numbers bet alone (Craps Two, Three, Twelve, Eleven)
    if result == "win":
        return "horn-this"
    return "horn-others" if "horn-others" in order else "horn"


def place_in_order(order: tuple[str, ...], sec: str) -> Fraction:
    """Where an area settles in the filed list (0 first). The line bets on a point number, which the lists
    do not name, settle right after the established Come bets (choice in the order file's header); an area
    a list does not name settles after every named one."""
    if sec in order:
        return Fraction(order.index(sec))
    if sec in ("pass", "dont-pass") and "come" in order:
        return Fraction(order.index("come")) + Fraction(1 if sec == "pass" else 2, 3)
    return Fraction(len(order))


# --- the flip ------------------------------------------------------------------------------------------


def flip(
    v: Variant,
    data: Mapping[str, Any],
    order: SettlementOrder,
    carried: Carried,
    player_dealer: int | None,
    wagers: Iterable[tuple[int, str, int]],
    a: int,
    b: int,
) -> Flip:
    """The flip of ``a`` and ``b`` on the layout ``wagers`` (seat, spot, cents), from ``carried``."""
    point = carried.point
    if point is not None and point not in POINTS:
        raise PartyCrapsError(f"a point is one of {POINTS}, not {point}")
    placed, problems = lay_out(v, wagers, player_dealer, carried)
    live = [p for p in placed if not p.refused]
    filed = order.for_cards(a, b)
    line = deal(point, a + b)
    decided: list[Decided] = []
    standing: list[Standing] = []
    new_wagers: list[tuple[int, str, int]] = []
    bases: dict[tuple[int, str], str] = {}  # each line and Come bet's result, for the odds behind it
    for p in sorted(placed, key=lambda q: q.spot.odds):
        if p.refused:
            decided.append(
                Decided(p.seat, p.text, p.cents, "no_action", Fraction(0), "", p.refused, "", 0, False)
            )
            continue
        works = working(v, p, point, live)
        result, pays, rule, cite = decide(v, data, p.spot, a, b, point)
        if not works and p.spot.standing:
            result = "stays"
        if p.new and not p.own:
            new_wagers.append((p.seat, p.spot.name, p.new))
        if not p.spot.odds:
            bases[(p.seat, p.spot.name)] = result
        else:
            base = bases.get((p.seat, p.spot.base().name))
            why = ""
            if base is None:
                why = f"no {p.spot.base().name} bet behind it: the odds go back (L4086)"
            elif base != "stays" and not works:
                why = "off when its bet was decided: the odds go back (L4086, L4114)"
            if why:
                decided.append(
                    Decided(p.seat, p.spot.text, p.cents, "no_action", Fraction(0), "", why, "", 0, False)
                )
                continue
        if result == "stays":
            spot = p.spot.plain()
            if p.spot.kind in ("come", "dont-come") and p.spot.number is None:
                spot = p.spot.moved_to(a + b)  # the Come bet's point (L4084)
            if not p.spot.standing:
                raise PartyCrapsError(
                    f"{p.spot.name} is a one-deal bet and cannot stay up"
                )  # pragma: no cover
            standing.append(Standing(p.seat, spot.name, p.cents, default_working(v, spot, line.point)))
            continue
        if p.own:
            why = "the player-dealer's own bet: no action, returned (L4136-4138)"
            decided.append(
                Decided(p.seat, p.spot.text, p.cents, "no_action", Fraction(0), "", why, cite, 0, False)
            )
            continue
        vig = 0
        if result == "win" and p.spot.kind in ("buy", "lay"):
            win = pay(p.cents, pays)
            vig = min(v.vig.on(win), win)
            pays = Fraction(win - vig, p.cents)
            cite = f"{cite}; fee {v.vig.cite}"
        sec = section(p.spot, result, p.established > 0, filed)
        decided.append(Decided(p.seat, p.spot.text, p.cents, result, pays, sec, rule, cite, vig, p.new > 0))
    standing.extend(_held_aside(v, data, carried, player_dealer, placed, a, b))
    return Flip(
        (a, b),
        point,
        line.point,
        line.words,
        tuple(decided),
        tuple(standing),
        tuple(new_wagers),
        tuple(problems),
    )


def _held_aside(
    v: Variant,
    data: Mapping[str, Any],
    carried: Carried,
    player_dealer: int | None,
    placed: Sequence[Placed],
    a: int,
    b: int,
) -> list[Standing]:
    """The player-dealer's own standing bets the table held aside (carried, not on this round start): they get
    no action; those the flip does not decide stay up, those it decides are the table's to return (L4136-4138)."""
    if player_dealer is None:
        return []
    present = {(p.seat, p.spot.name) for p in placed}
    out: list[Standing] = []
    for seat, name, cents in carried.bets:
        if seat != player_dealer or (seat, name) in present:
            continue
        spot = parse_spot(name)
        result = decide(v, data, spot, a, b, carried.point)[0]
        if result == "stays" or not default_working(v, spot, carried.point):
            out.append(
                Standing(seat, name, cents, default_working(v, spot, deal(carried.point, a + b).point))
            )
    return out


def carry_after(f: Flip) -> Carried:
    """What the flip leaves for the next one: the point after it and every bet still up."""
    return Carried(f.point_after, tuple((s.seat, s.spot, s.cents) for s in f.standing))
