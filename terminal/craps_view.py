"""The Party Craps layout at a glance, as plain data: what the dealer screen draws beside the usual header, next
step, alerts, devices and settlement (``terminal/console/craps_render.py`` paints it).

One flip is one round (``docs/dealer-guide.md``, "Party Craps"): the layout's bets are the table's wagers
(``TableState.wagers``: the bets still standing from earlier flips and those keyed since), the two cards of the
flip and the settlement are the round's. :class:`CrapsLayout` gathers what the filing puts on the felt: the
ON/OFF puck on the point (seed 000 L4682-4683 "On/Off pucks: used to mark the point"), the no-more-bets light
(L4130-4132), the player-dealer's tile and its side 1 or 2 (L4133-4135, L4155), the action tile's seat
(L4142-4143), the two cards dealt face up and their total, "the number" (L4144-4145), and each seat's bets with
whether each is working (L4112-4118, L4689-4690).

:func:`craps_layout` is pure: it reads the round state, the layout's wagers and the player-dealer's seat and bank,
nothing of the controller, so a journal folded again draws the same layout. What the round engine rules (the
point carried between flips, each bet's working status, the result of each bet) it takes from the engine's data
(``rules/partycraps``: the carried point, the working status of each bet on the layout, the flip's report); the
terminal rules on none of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from terminal.settlement import outcome_of

#: The family whose rounds are Party Craps flips.
FAMILY = "partycraps"
#: The point numbers (seed 000 L4702).
POINTS = (4, 5, 6, 8, 9, 10)
#: The working-status calls of a spot (``place-6/on``), the dealer's ON/OFF control (L4112-4118).
ON, OFF = "/on", "/off"

#: A bet's words on the felt, by the spot's first part (the rest, a number or two cards, follows).
_WORDS = {
    "pass": "Pass",
    "dont-pass": "Don't Pass",
    "come": "Come",
    "dont-come": "Don't Come",
    "place": "Place",
    "buy": "Buy",
    "lay": "Lay",
    "field": "Field",
    "big": "Big",
    "hard": "Hard",
    "any-seven": "Any 7",
    "any-craps": "Any Craps",
    "c": "C",
    "e": "E",
    "craps": "Craps",
    "eleven": "Eleven",
    "horn": "Horn",
    "hop": "Hop",
}


@dataclass(frozen=True)
class CrapsBet:
    """One bet on the felt: its spot (``place-6``, without the ON/OFF suffix), chips, whether it works on the
    next flip (or worked on this one), and once the flip is settled its result (``won $14``, ``lost``,
    ``push``, ``returned``; empty while it stands)."""

    spot: str
    cents: int
    working: bool = True
    result: str = ""
    #: The dealer's call for this flip (``/on`` True, ``/off`` False), None without one.
    call: bool | None = None

    @property
    def words(self) -> str:
        """``Place 6``, ``Come 6 odds``, ``Hop 3-4``, ``Don't Pass``."""
        return spot_words(self.spot)


@dataclass(frozen=True)
class CrapsSeat:
    """A seat at the craps table: its bets (in the layout's order), whether it holds the player-dealer's
    tile or the action tile, and its net once the flip is settled."""

    seat: int
    bets: tuple[CrapsBet, ...] = ()
    player_dealer: bool = False
    action: bool = False
    net: str = ""


@dataclass(frozen=True)
class CrapsLayout:
    """What the Party Craps felt shows (see the module's docstring)."""

    point: int | None = None
    cards: tuple[str, ...] = ()
    total: int | None = None
    action_seat: int | None = None
    player_dealer: int | None = None
    pd_side: int | None = None
    bank_cents: int = 0
    no_more_bets: bool = False
    seats: tuple[CrapsSeat, ...] = ()
    words: str = ""
    decks: int = 0

    @property
    def puck(self) -> str:
        """``ON 6`` with a point, ``OFF`` on a come-out."""
        return f"ON {self.point}" if self.point else "OFF"


def split_spot(spot: str) -> tuple[str, bool | None]:
    """A layout spot and its working suffix: ``place-6/on`` -> (``place-6``, True), ``hard-8`` -> (…, None)."""
    for suffix, on in ((ON, True), (OFF, False)):
        if spot.endswith(suffix):
            return spot.removesuffix(suffix), on
    return spot, None


def spot_words(spot: str) -> str:
    """A spot in the felt's words: ``come-6-odds`` -> ``Come 6 odds``, ``hop-3-4`` -> ``Hop 3-4``, ``big-6`` ->
    ``Big 6``; a spot it does not know is shown as keyed."""
    base, _ = split_spot(spot)
    odds = base.endswith("-odds")
    base = base.removesuffix("-odds")
    for key in sorted(_WORDS, key=len, reverse=True):
        if base == key or base.startswith(key + "-"):
            rest = base[len(key) + 1 :]
            words = _WORDS[key] + (" " + rest if rest else "")
            return words + (" odds" if odds else "")
    return spot


def engine_working(
    data: Mapping[str, Any], wagers: Iterable[tuple[int, str, int]], point: int | None
) -> dict[tuple[int, str], bool]:
    """Each bet's working status as the round engine rules it (``rules.partycraps.flip.working``: the filed
    defaults of the game file's ``working:``, the dealer's ON/OFF, "one on, all on", seed 000 L4112-4118,
    L4704-4705), by (seat, spot without its ON/OFF); a spot the grammar does not know is left out."""
    from rules.partycraps.deck import PartyCrapsError
    from rules.partycraps.flip import Placed, working
    from rules.partycraps.model import from_data
    from rules.partycraps.spots import parse_spot

    variant = from_data(data)
    placed = []
    for seat, spot, cents in wagers:
        try:
            placed.append(Placed(seat, parse_spot(spot), 0, cents))
        except (PartyCrapsError, ValueError):
            continue
    return {(p.seat, split_spot(p.spot.text)[0]): working(variant, p, point, placed) for p in placed}


def _money(cents: int) -> str:
    whole, part = divmod(abs(cents), 100)
    return ("−" if cents < 0 else "") + f"${whole:,}" + (f".{part:02d}" if part else "")


def _result_words(line: Mapping[str, Any]) -> str:
    result = str(line.get("result", ""))
    net = int(line.get("net_cents") or 0)
    if result == "win":
        return f"won {_money(net)}"
    if result == "lose":
        return "lost"
    if result == "no_action":
        return "returned"
    return result


def craps_layout(
    *,
    wagers: Iterable[tuple[int, str, int]],
    seats: int,
    point: int | None,
    player_dealer: int | None,
    bank_cents: int,
    betting_open: bool,
    cards: tuple[str, ...] = (),
    report: Mapping[str, Any] | None = None,
    pd_side: int | None = None,
    working: Mapping[tuple[int, str], bool] | None = None,
    decks: int = 0,
) -> CrapsLayout:
    """The felt from the table's values (pure).

    ``wagers``: the bets on the layout (seat, spot, cents) — between flips the table's layout, during a flip the
    round start's; ``point``: the point the bets work with (None: a come-out); ``cards``: the flip's cards
    out so far; ``report``: the settled flip's report as JSON (``rules/partycraps`` ``PartyCrapsReport``: its
    ``total``, ``point_after``, ``action_seat``, ``player_dealer_flip``, ``words`` and each decided bet's
    ``result``), which once there rules the point shown (``point_after``) and each bet's result (a decided bet
    no longer on the layout is shown with its result beside the seat's bets);
    ``working``: the engine's working status by (seat, spot) (:func:`engine_working`); a bet it does not rule
    on is shown working."""
    by_seat: dict[int, list[CrapsBet]] = {}
    decided: dict[tuple[int, str], Mapping[str, Any]] = {}
    for line in (report or {}).get("wagers", ()) or ():
        decided[(int(line["seat"]), split_spot(str(line["spot"]))[0])] = line
    for line in (report or {}).get("no_action", ()) or ():
        decided[(int(line["seat"]), split_spot(str(line["spot"]))[0])] = {**line, "result": "no_action"}
    shown: set[tuple[int, str]] = set()
    for seat, spot, cents in wagers:
        base, call = split_spot(spot)
        work = (working or {}).get((seat, base))
        line = decided.get((seat, base))
        shown.add((seat, base))
        by_seat.setdefault(seat, []).append(
            CrapsBet(
                base,
                cents,
                True if work is None else work,
                _result_words(line) if line is not None else "",
                call,
            )
        )
    for (seat, base), line in decided.items():  # decided and off the layout: shown with its result
        if (seat, base) not in shown:
            by_seat.setdefault(seat, []).append(
                CrapsBet(base, int(line.get("cents") or 0), True, _result_words(line))
            )
    action = report.get("action_seat") if report else None
    nets: dict[int, int] = {}
    for line in (report or {}).get("wagers", ()) or ():
        nets[int(line["seat"])] = nets.get(int(line["seat"]), 0) + int(line.get("net_cents") or 0)
    out = []
    for n in range(1, seats + 1):
        net = nets.get(n)
        out.append(
            CrapsSeat(
                n,
                tuple(by_seat.get(n, ())),
                player_dealer=n == player_dealer,
                action=n == action,
                net="" if net is None else ("even" if net == 0 else ("+" if net > 0 else "") + _money(net)),
            )
        )
    total = report.get("total") if report else None
    if total is None and len(cards) == 2:
        total = sum(_value(c) for c in cards)
    shown_point = point
    if report is not None and "point_after" in report:
        shown_point = report.get("point_after")
    return CrapsLayout(
        point=shown_point,
        cards=cards,
        total=total,
        action_seat=action if isinstance(action, int) else None,
        player_dealer=player_dealer,
        pd_side=report.get("player_dealer_flip", pd_side) if report else pd_side,
        bank_cents=bank_cents,
        no_more_bets=not betting_open,
        seats=tuple(out),
        words=str((report or {}).get("words", "")),
        decks=decks,
    )


def _value(card: str) -> int:
    """A card's value in the augmented deck (ace 1); an unread or foreign card counts nothing."""
    return {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6}.get(card[:1], 0)


# -- the table's side: the layout after a flip, the felt from the table's state ------------------------------


def flip_report(state: Any) -> Mapping[str, Any] | None:
    """The settled flip's report as JSON (``rules/partycraps`` ``PartyCrapsReport.to_json()``), or None before
    the flip is settled or at another game's table."""
    outcome = outcome_of(state) if state.game.family == FAMILY else None
    if outcome is None:
        return None
    report = outcome.settlement
    to_json = getattr(report, "to_json", None)
    data = to_json() if callable(to_json) else None
    return data if isinstance(data, Mapping) and "standing" in data else None


def layout_after_flip(state: Any) -> tuple[tuple[int, str, int], ...] | None:
    """The table's layout once a flip is settled: the bets still standing (the report's ``standing``: a Come
    moved to its number as ``come-N``, the decided bets gone), each without an ON/OFF call (a call lasts one
    flip, ``rules/partycraps``); None at another game's table or before the report."""
    report = flip_report(state)
    if report is None:
        return None
    return tuple(
        sorted((int(b["seat"]), str(b["spot"]), int(b["cents"])) for b in report.get("standing", ()) or ())
    )


def stays_with_bank(
    state: Any, wagers: Iterable[tuple[int, str, int]], seat: int | None
) -> tuple[tuple[int, str, int], ...]:
    """The wagers of ``seat`` that stay on the layout while it banks: at a Party Craps table its bets standing
    from an earlier flip (the engine's carried bets after the last flip), at most the cents that stand, each
    with no action while it banks (seed 000 L4136-4141 for its Pass Line and Come bets; the game file's choice
    "the new player-dealer's other standing bets" for the rest). Anything keyed since is not established and
    goes back. Empty at another game's table, before any flip, or for no seat."""
    if seat is None or state.game.family != FAMILY:
        return ()
    from rules.families import family as family_rules
    from rules.partycraps.flip import Carried
    from rules.partycraps.spots import parse_spot

    pairs = getattr(state, "carried", ()) or ()
    if (
        state.start is not None and state.status.value == "dealt"
    ):  # before the next shuffle: what it carries on
        pairs = family_rules(FAMILY).carry(state)  # type: ignore[attr-defined]
    stand = {name: cents for s, name, cents in Carried.from_pairs(pairs).bets if s == seat}
    kept = []
    for s, spot, cents in wagers:
        if s != seat:
            continue
        try:
            name = parse_spot(spot).name
        except ValueError:
            continue
        if stand.get(name, 0) > 0 and cents > 0:
            kept.append((s, spot, min(cents, stand[name])))
    return tuple(kept)


def carried_point(state: Any) -> int | None:
    """The point the round engine carries into the next flip (None: a come-out): its carried pairs, read by
    ``rules.partycraps.flip.Carried``."""
    from rules.partycraps.flip import Carried

    return Carried.from_pairs(getattr(state, "carried", ()) or ()).point


def craps_of(table: Any, betting_open: bool) -> CrapsLayout | None:
    """The felt of a Party Craps table (``terminal.table.state.TableState``), or None at another game's table.
    Between flips the bets are the layout's (as keyed); from "no more bets" on, the flip's own (its round
    start's) with the cards out so far and, once settled, each bet's result and the point after it."""
    st = table.round
    if st.game.family != FAMILY:
        return None
    report = flip_report(st)
    settled = report is not None and betting_open
    if st.start is not None and st.status.value in ("dealing", "dealt") and not settled:
        # from no more bets until the flip is settled: the flip's own bets, dealt with its point
        wagers: Iterable[tuple[int, str, int]] = [(w.seat, w.spot, w.cents) for w in st.start.wagers]
        pd, bank = st.start.player_dealer, st.start.bank
        point = report.get("point_before") if report is not None else carried_point(st)
    else:
        # between flips, and once the flip is settled: the layout as it stands for the next flip (bets keyed
        # since included), with the point it will be dealt with; the settled flip's results beside it
        wagers, pd, bank = table.wagers, table.player_dealer, table.bank_cents
        point = report.get("point_after") if report is not None else carried_point(st)
    cards = tuple("??" if p.card is None else str(p.card) for p in st.placed if not p.void)
    point = point if isinstance(point, int) else None
    wagers = list(wagers)
    return craps_layout(
        wagers=wagers,
        seats=table.seats,
        point=point,
        player_dealer=pd,
        bank_cents=bank,
        betting_open=betting_open,
        cards=cards,
        report=report,
        pd_side=table.deal_no,
        working=engine_working(st.game.data, wagers, point),
        decks=st.game.deck.decks if hasattr(st.game, "deck") else 0,
    )
