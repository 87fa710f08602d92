"""Exact house edge of every Party Craps wager (``dealer-terminal analyze partycraps/...``), per number of
decks.

The deal: two cards from a shoe of 1 to 18 augmented decks (aces to sixes, 24 cards a deck; seed 000 L4148),
without replacement, so a total's probability is not the dice's and moves with the number of decks (one deck:
P(7) = 4/23; :mod:`rules.partycraps.deck`). choice: every flip is dealt from a full shoe, independent of the
flips before it. The filing has the dealer collect the two cards after each flip (L4155, "collects the cards")
and a shuffling machine on the equipment list (L4684); it never says the collected cards wait out a shoe, so
each flip is read as two cards from a freshly shuffled full shoe. Under that reading the flips are independent
and the multi-flip bets (Pass, Come, Place, Buy, Lay, Big 6/8, Hard Ways) are exact geometric series.

Two measures, as craps references give them:

- **per resolution** (the house edge): the expected loss per unit wagered, from when the bet is made until it
  wins or loses; a push that ends the bet (Don't Pass's come-out 12) counts as a decision. Don't Pass and Don't
  Come also give the edge with the tie left out (per decision that is not a tie): that is the bet's edge where a
  tied Don't Pass stays up for the next come-out, as the game file's choice has it (the tie is no decision).
- **per flip**: the same expected loss divided by the expected number of flips the bet is in action (working)
  until it is decided. For a one-deal bet the two are equal; for a bet that stays up they differ.

Buy and Lay pay with the fee deducted from the payout (L4095), so their edge depends on the bet's size: each
is shown at the filed minimum (L4225-4230), at the largest bet whose win stays inside the printed fee table
($100), and at the maximum (the fee above a $100 win is the game file's choice). The player's collection fee on Place, Buy and Lay (taken when the bet is placed; its own module)
and the player-dealer's collections are not in these edges: they are fees for the game, not part of a bet's
payout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.partycraps.cycle import POINTS
from rules.partycraps.deck import MAX_DECKS, MIN_DECKS, VALUES, PartyCrapsError, combination_probability
from rules.partycraps.model import Variant, from_data
from rules.partycraps.spots import HOPS
from rules.round.family import Progress, Steps

#: The probability of each two-card combination (low card first), a shoe or the dice.
Deal = Mapping[tuple[int, int], Fraction]


def shoe(decks: int) -> dict[tuple[int, int], Fraction]:
    """Each two-card combination's exact probability from a full shoe of ``decks`` decks."""
    return {(a, b): combination_probability(a, b, decks) for a in VALUES for b in VALUES if a <= b}


#: The limit of a shoe as the number of decks grows: two dice (a pair 1/36, any other combination 2/36).
DICE: dict[tuple[int, int], Fraction] = {
    (a, b): Fraction(1 if a == b else 2, 36) for a in VALUES for b in VALUES if a <= b
}


def totals(deal: Deal) -> dict[int, Fraction]:
    """The probability of each total 2 to 12."""
    out = dict.fromkeys(range(2, 13), Fraction(0))
    for (a, b), p in deal.items():
        out[a + b] += p
    return out


@dataclass(frozen=True)
class Pays:
    """The pay tables the analysis reads (each ratio is what a unit wins, net), with their cites.

    ``lay_odds`` is the don't side's odds (Don't Pass and Don't Come); ``buy_sizes`` / ``lay_sizes`` the bet
    sizes in cents at which the fee-dependent edges are shown, per number."""

    line: Fraction
    odds: Mapping[int, Fraction]
    lay_odds: Mapping[int, Fraction]
    place: Mapping[int, Fraction]
    buy: Mapping[int, Fraction]
    lay: Mapping[int, Fraction]
    #: the Buy/Lay fee, in cents, deducted from a win of so many cents (L4095)
    vig: Callable[[int], int]
    buy_sizes: Mapping[int, tuple[int, ...]]
    lay_sizes: Mapping[int, tuple[int, ...]]
    #: one-deal bets on totals: name -> total -> pays (Field, Any Seven, Any Craps, C, E, Craps 2/3/12, Eleven)
    one_deal: Mapping[str, Mapping[int, Fraction]]
    horn: Mapping[int, Fraction]
    horn_split: int
    hop_hard: Fraction
    hop_easy: Fraction
    hops: tuple[tuple[int, int], ...]
    big: Mapping[int, Fraction]
    hard: Mapping[int, Fraction]
    cites: Mapping[str, str] = field(default_factory=dict)
    choices: tuple[str, ...] = ()


# -- the bets --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Edge:
    """One wager's exact analysis: its outcomes (per unit of the first wager), the expected number of flips it
    is in action, and the expected amount wagered per unit (more than one where odds are added)."""

    name: str
    outcomes: tuple[WagerOutcome, ...]
    flips: Fraction = Fraction(1)
    wagered: Fraction = Fraction(1)
    tie: Fraction = Fraction(0)
    cite: str = ""

    @property
    def expected(self) -> Fraction:
        """The expected net result per unit of the first wager."""
        return sum((o.probability * o.pays for o in self.outcomes), Fraction(0))

    @property
    def per_resolution(self) -> Fraction:
        """The house edge: expected loss per unit wagered (all money wagered, odds included)."""
        return -self.expected / self.wagered

    @property
    def per_flip(self) -> Fraction:
        """The expected loss per unit wagered per flip the bet is in action."""
        return self.per_resolution / self.flips

    @property
    def bar_tie(self) -> Fraction:
        """The edge per decision that is not a tie (the edge itself where the bet has no tie)."""
        return -self.expected / (self.wagered * (1 - self.tie))


def _race(t: Mapping[int, Fraction], n: int) -> tuple[Fraction, Fraction]:
    """P(``n`` before 7) and the expected flips until one of them, dealing until either comes."""
    either = t[n] + t[7]
    return t[n] / either, 1 / either


def _line_outcomes(
    t: Mapping[int, Fraction], pays: Pays, with_odds: bool
) -> tuple[list[WagerOutcome], list[WagerOutcome]]:
    """The Pass (do) and Don't Pass (dont) outcomes, come-out and point (L4082-4085; Don't Pass ties on a
    come-out 12); ``with_odds``: an odds bet equal to the flat bet rides on the point (L4086)."""
    w = pays.line
    stake = Fraction(2 if with_odds else 1)
    do = [
        WagerOutcome("come-out 7 or 11", t[7] + t[11], w),
        WagerOutcome("come-out 2, 3 or 12", t[2] + t[3] + t[12], Fraction(-1)),
    ]
    dont = [
        WagerOutcome("come-out 2 or 3", t[2] + t[3], w),
        WagerOutcome("come-out 12 (tie)", t[12], Fraction(0)),
        WagerOutcome("come-out 7 or 11", t[7] + t[11], Fraction(-1)),
    ]
    for n in POINTS:
        made, _ = _race(t, n)
        take = w + pays.odds[n] if with_odds else w
        lay = w + pays.lay_odds[n] if with_odds else w
        do += [
            WagerOutcome(f"point {n} made", t[n] * made, take),
            WagerOutcome(f"point {n}, then 7", t[n] * (1 - made), -stake),
        ]
        dont += [
            WagerOutcome(f"point {n}, then 7", t[n] * (1 - made), lay),
            WagerOutcome(f"point {n} made", t[n] * made, -stake),
        ]
    return do, dont


def _flips_per_decision(t: Mapping[int, Fraction]) -> Fraction:
    """The flips a line bet lasts on average: the come-out, then the race to its point."""
    return 1 + sum((t[n] * _race(t, n)[1] for n in POINTS), Fraction(0))


def line_bets(t: Mapping[int, Fraction], pays: Pays) -> list[Edge]:
    """Pass Line, Don't Pass, Come and Don't Come (L4082-4085; Don't Pass ties on a come-out 12). A Come bet
    is a Pass Line bet started on any flip, so with independent flips its figures are the Pass Line's."""
    do, dont = _line_outcomes(t, pays, with_odds=False)
    flips = _flips_per_decision(t)
    cite = pays.cites.get("line", "L4082-4085")
    return [
        Edge("Pass Line", tuple(do), flips, cite=cite),
        Edge("Don't Pass", tuple(dont), flips, tie=t[12], cite=cite),
        Edge("Come", tuple(do), flips, cite=cite),
        Edge("Don't Come", tuple(dont), flips, tie=t[12], cite=cite),
    ]


def odds_bets(t: Mapping[int, Fraction], pays: Pays) -> list[Edge]:
    """The odds behind an established line bet on each point (L4086): the take side on Pass/Come wins when the
    point comes before a 7, the lay side on Don't Pass/Don't Come when a 7 comes first."""
    out = []
    for n in POINTS:
        made, flips = _race(t, n)
        out.append(
            Edge(
                f"Odds on Pass/Come, point {n}",
                (
                    WagerOutcome(f"{n} before 7", made, pays.odds[n]),
                    WagerOutcome(f"7 before {n}", 1 - made, Fraction(-1)),
                ),
                flips,
                cite=pays.cites.get("odds", "L4086"),
            )
        )
    for n in POINTS:
        made, flips = _race(t, n)
        out.append(
            Edge(
                f"Odds on Don't Pass/Don't Come, point {n}",
                (
                    WagerOutcome(f"7 before {n}", 1 - made, pays.lay_odds[n]),
                    WagerOutcome(f"{n} before 7", made, Fraction(-1)),
                ),
                flips,
                cite=pays.cites.get("lay_odds", "L4086"),
            )
        )
    return out


def line_with_odds(t: Mapping[int, Fraction], pays: Pays) -> list[Edge]:
    """Pass Line and Don't Pass with single odds: an odds bet equal to the flat bet added once the point is set
    (the filing names no multiple). The edge is per unit of all money wagered."""
    point = sum((t[n] for n in POINTS), Fraction(0))
    do, dont = _line_outcomes(t, pays, with_odds=True)
    flips = _flips_per_decision(t)
    cite = pays.cites.get("odds", "L4086")
    return [
        Edge("Pass Line with single odds", tuple(do), flips, 1 + point, cite=cite),
        Edge("Don't Pass with single odds", tuple(dont), flips, 1 + point, tie=t[12], cite=cite),
    ]


def number_bets(t: Mapping[int, Fraction], pays: Pays) -> list[Edge]:
    """Place (L4087) on each number; Buy (L4093) and Lay (L4094) on each number at each size, with the fee of
    the Buy/Lay table deducted from the win (L4095)."""
    out = []
    for n in POINTS:
        made, flips = _race(t, n)
        out.append(
            Edge(
                f"Place {n}",
                (
                    WagerOutcome(f"{n} before 7", made, pays.place[n]),
                    WagerOutcome(f"7 before {n}", 1 - made, Fraction(-1)),
                ),
                flips,
                cite=pays.cites.get("place", "L4087"),
            )
        )
    for kind, ratios, sizes in (("Buy", pays.buy, pays.buy_sizes), ("Lay", pays.lay, pays.lay_sizes)):
        for n in POINTS:
            made, flips = _race(t, n)
            p_win = made if kind == "Buy" else 1 - made
            for size in sizes.get(n, ()):
                win = _whole_cents(size * ratios[n], f"{kind} {n} of {_dollars(size)}")
                fee = pays.vig(win)
                net = Fraction(win - fee, size)
                won, lost = (
                    (f"{n} before 7", f"7 before {n}")
                    if kind == "Buy"
                    else (f"7 before {n}", f"{n} before 7")
                )
                out.append(
                    Edge(
                        f"{kind} {n}, {_dollars(size)} (wins {_dollars(win)}, fee {_dollars(fee)})",
                        (WagerOutcome(won, p_win, net), WagerOutcome(lost, 1 - p_win, Fraction(-1))),
                        flips,
                        cite=pays.cites.get(kind.lower(), "L4093-4095"),
                    )
                )
    return out


def one_deal_bets(deal: Deal, t: Mapping[int, Fraction], pays: Pays) -> list[Edge]:
    """The one-deal bets on totals (Field, Any Seven, Any Craps, C, E, Craps 2/3/12, Eleven; L4096-4109), the
    Horn (L4110) and every Hop (L4111): decided on the next flip."""
    out = []
    for name, wins in pays.one_deal.items():
        rows = [WagerOutcome(f"{n}", t[n], wins[n]) for n in sorted(wins)]
        lose = 1 - sum((t[n] for n in wins), Fraction(0))
        rows.append(WagerOutcome("any other total", lose, Fraction(-1)))
        out.append(Edge(name, tuple(rows), cite=pays.cites.get(name, "L4096-4109")))
    split = pays.horn_split
    rows = [WagerOutcome(f"{n}", t[n], (pays.horn[n] - (split - 1)) / split) for n in sorted(pays.horn)]
    rows.append(
        WagerOutcome("any other total", 1 - sum((t[n] for n in pays.horn), Fraction(0)), Fraction(-1))
    )
    out.append(Edge("Horn", tuple(rows), cite=pays.cites.get("horn", "L4110")))
    for a, b in pays.hops:
        key = (min(a, b), max(a, b))
        ratio = pays.hop_hard if a == b else pays.hop_easy
        out.append(
            Edge(
                f"Hop {a}-{b}",
                (
                    WagerOutcome(f"{a}-{b}", deal[key], ratio),
                    WagerOutcome("any other cards", 1 - deal[key], Fraction(-1)),
                ),
                cite=pays.cites.get("hop", "L4111"),
            )
        )
    return out


def standing_props(deal: Deal, t: Mapping[int, Fraction], pays: Pays) -> list[Edge]:
    """Big 6 and Big 8 (L4097-4098: the number before a 7, others push) and the Hard Ways (L4100: the pair
    before a 7 or the number the easy way, others push). They stay up until decided."""
    out = []
    for n, ratio in sorted(pays.big.items()):
        made, flips = _race(t, n)
        out.append(
            Edge(
                f"Big {n}",
                (
                    WagerOutcome(f"{n} before 7", made, ratio),
                    WagerOutcome(f"7 before {n}", 1 - made, Fraction(-1)),
                ),
                flips,
                cite=pays.cites.get("big", "L4097-4098"),
            )
        )
    for n, ratio in sorted(pays.hard.items()):
        hard = deal[(n // 2, n // 2)]
        decide = t[7] + t[n]
        out.append(
            Edge(
                f"Hard {n}",
                (
                    WagerOutcome(f"{n // 2}-{n // 2} first", hard / decide, ratio),
                    WagerOutcome(f"7 or an easy {n} first", 1 - hard / decide, Fraction(-1)),
                ),
                1 / decide,
                cite=pays.cites.get("hard", "L4100"),
            )
        )
    return out


def edges(deal: Deal, pays: Pays) -> list[Edge]:
    """Every wager's exact analysis for one deal distribution (a shoe, or :data:`DICE`)."""
    t = totals(deal)
    return [
        *line_bets(t, pays),
        *line_with_odds(t, pays),
        *odds_bets(t, pays),
        *number_bets(t, pays),
        *standing_props(deal, t, pays),
        *one_deal_bets(deal, t, pays),
    ]


# -- the report -----------------------------------------------------------------------------------------


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.4f}%"


def _dollars(cents: int) -> str:
    return f"${cents // 100}" if cents % 100 == 0 else f"${cents / 100:.2f}"


def _whole_cents(x: Fraction, what: str) -> int:
    if x.denominator != 1:
        raise PartyCrapsError(f"{what} wins {float(x) / 100:.4f} dollars, not a whole number of cents")
    return int(x)


def _note(e: Edge) -> str:
    parts = [f"exact {_exact(e.per_resolution)} per resolution"]
    if e.flips != 1:
        parts.append(
            f"{_exact(e.per_flip)} ({_pct(e.per_flip)}) per flip, {float(e.flips):.4f} flips a decision"
        )
    if e.tie:
        parts.append(f"ties left out {_exact(e.bar_tie)} ({_pct(e.bar_tie)})")
    if e.wagered != 1:
        parts.append(f"per unit of all money wagered (on average {float(e.wagered):.4f} units)")
    parts.append(e.cite)
    return "; ".join(parts)


def to_wager(e: Edge) -> Wager:
    """The :class:`rules.analysis.Wager` of ``e`` (the edge per resolution, the rest in its note)."""
    return Wager(e.name, e.outcomes, edge_override=e.per_resolution, note=_note(e))


def by_decks(pays: Pays) -> dict[int, list[Edge]]:
    """Every wager's analysis for each filed number of decks (1 to 18)."""
    return {n: edges(shoe(n), pays) for n in range(MIN_DECKS, MAX_DECKS + 1)}


def decks_table(pays: Pays, progress: Callable[[], None] | None = None) -> list[str]:
    """The per-resolution edge of every wager at 1 to 18 decks (percent), as two text tables, with the dice
    (the limit as the number of decks grows) last."""
    table: dict[int, list[Edge]] = {}
    for n in range(MIN_DECKS, MAX_DECKS + 1):
        table[n] = edges(shoe(n), pays)
        if progress is not None:
            progress()
    dice = edges(DICE, pays)
    names = [e.name for e in dice]
    width = max(len(s) for s in names)
    lines = [
        "House edge per resolution (percent) by number of decks; the dice are the limit as the decks grow:"
    ]
    for cols in (range(1, 10), range(10, MAX_DECKS + 1)):
        head = "".join(f"{n:>9}" for n in cols) + ("     dice" if cols.start == 10 else "")
        lines += ["", f"  {'decks':<{width}}{head}"]
        for i, name in enumerate(names):
            row = "".join(f"{float(table[n][i].per_resolution) * 100:>9.4f}" for n in cols)
            if cols.start == 10:
                row += f"{float(dice[i].per_resolution) * 100:>9.4f}"
            lines.append(f"  {name:<{width}}{row}")
    return lines


def analysis(
    game: str, decks: int, pays: Pays, *, table: bool = False, progress: Progress | None = None
) -> Analysis:
    """The exact analysis at ``decks`` decks; with ``table``, the edges at every number of decks as notes."""
    if not MIN_DECKS <= decks <= MAX_DECKS:
        raise PartyCrapsError(f"Party Craps is dealt from {MIN_DECKS} to {MAX_DECKS} decks, not {decks}")
    step = Steps(progress, 1 + (MAX_DECKS if table else 0))
    deal = shoe(decks)
    t = totals(deal)
    outcomes = [Outcome(f"total {n}", t[n]) for n in range(2, 13)]
    outcomes += [Outcome(f"cards {a}-{b}", p) for (a, b), p in deal.items()]
    wagers = tuple(to_wager(e) for e in edges(deal, pays))
    step()
    notes = [
        "Two cards from a full shoe every flip, without replacement (seed 000 L4148, L4155, L4684; the module's"
        " choice: the cards are collected and shuffled back after each flip, so flips are independent).",
        "Each wager: the house edge per resolution (expected loss per unit wagered until the bet is decided);"
        " its note gives the exact fraction and, for a bet that stays up, the edge per flip it is in action.",
        "Buy/Lay: the fee of the filed table is deducted from the win (L4095), so the edge is per size.",
        "Not included: the collection fees (the player's on Place/Buy/Lay, the player-dealer's per section).",
        *pays.choices,
    ]
    if table:
        notes += ["", *decks_table(pays, step)]
    return Analysis(game, decks, tuple(outcomes), wagers, tuple(notes))


# -- reading the game file ------------------------------------------------------------------------------


def _sizes(v: Variant, kind: str, n: int, ratio: Fraction) -> tuple[int, ...]:
    """The sizes a Buy/Lay on ``n`` is shown at: the filed minimum, the largest bet (in the bet's multiples)
    whose win stays in the printed fee table ($100), and the maximum."""
    got = v.limits.bets.get(f"{kind}-{n}")
    if got is None:
        return ()
    step = got.increment_cents or 100
    top_win = v.vig.bands[-1].up_to_cents
    sizes = {got.min_cents, got.max_cents}
    size = min(got.max_cents, int(top_win / ratio)) // step * step
    while size > got.min_cents and (size * ratio).denominator != 1:
        size -= step
    if size >= got.min_cents:
        sizes.add(size)
    return tuple(sorted(s for s in sizes if (s * ratio).denominator == 1))


def pays_of(v: Variant, order: Mapping[str, Any]) -> Pays:
    """The analysis's pay tables from a game file's variant and its settlement-order data (the one-deal and
    standing bets' pays)."""
    one = order.get("one_deal")
    standing = order.get("standing")
    if not isinstance(one, Mapping) or not isinstance(standing, Mapping):
        raise PartyCrapsError("the settlement order data has no one_deal/standing pays")
    names = {
        "field": "Field",
        "any-seven": "Any Seven",
        "any-craps": "Any Craps",
        "c": "C",
        "e": "E",
        "craps-2": "Craps Two",
        "craps-3": "Craps Three",
        "craps-12": "Craps Twelve",
        "eleven": "Eleven",
    }
    one_deal = {
        label: {int(t): Fraction(p) for t, p in one[key]["wins"].items()}
        for key, label in names.items()
        if key in one
    }
    horn = one["horn"]
    cites = {label: str(one[key].get("cite", "")) for key, label in names.items() if key in one}
    cites.update(
        line=v.line.cite,
        odds=v.odds.cite,
        lay_odds=v.lay_odds.cite,
        place=v.place.cite,
        buy=f"{v.buy.cite}; the fee of the Buy/Lay table deducted from the win",
        lay=f"{v.lay.cite}; the fee of the Buy/Lay table deducted from the win",
        horn=str(horn.get("cite", "L4110")),
    )
    used = {t.choice for t in (v.odds, v.lay_odds, v.place, v.buy, v.lay)} | {v.vig.above.choice}
    choices = tuple(f"choice ({c.what}): {c.chose}" for c in v.choices or () if c.what in used)
    return Pays(
        line=v.line.pays,
        odds=v.odds.pays,
        lay_odds=v.lay_odds.pays,
        place=v.place.pays,
        buy=v.buy.pays,
        lay=v.lay.pays,
        vig=v.vig.on,
        buy_sizes={n: _sizes(v, "buy", n, v.buy.pays[n]) for n in POINTS},
        lay_sizes={n: _sizes(v, "lay", n, v.lay.pays[n]) for n in POINTS},
        one_deal=one_deal,
        horn={int(t): Fraction(p) for t, p in horn["wins"].items()},
        horn_split=int(horn.get("split", 4)),
        hop_hard=Fraction(one["hop-hard"]["pays"]),
        hop_easy=Fraction(one["hop-easy"]["pays"]),
        hops=HOPS,
        big={int(standing[k]["wins"]): Fraction(standing[k]["pays"]) for k in ("big-6", "big-8")},
        hard={
            2 * int(standing[k]["pair"]): Fraction(standing[k]["pays"])
            for k in ("hard-4", "hard-6", "hard-8", "hard-10")
        },
        cites=cites,
        choices=choices,
    )


def analyze(
    data: Mapping[str, Any], order: Mapping[str, Any], decks: int | None, progress: Progress | None = None
) -> Analysis:
    """The exact analysis of a Party Craps game file and its settlement-order data (the one-deal and standing
    pays): at ``decks`` decks, or at the file's deck count with the table of every number of decks (1-18)."""
    v = from_data(data)
    deck = data.get("deck")
    count = decks if decks is not None else int(deck.get("decks", 1)) if isinstance(deck, Mapping) else 1
    return analysis(v.id, count, pays_of(v, order), table=decks is None, progress=progress)
