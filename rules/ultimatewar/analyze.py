"""Exact analysis of Ultimate War (``dealer-terminal analyze ultimatewar/... [--decks N]``).

The shoe is shuffled before every round (000 L1155), so a round is the first cards of a full shoe of
``52·decks`` cards, drawn without replacement: the Player card, the Banker card, and while they tie one
more pair. From a shoe holding ``c_r`` cards of rank r (N in all) the next pair ties on r with probability
``c_r (c_r - 1) / (N (N - 1))``; the Player wins with a 5 with probability ``c_5 · L / (N (N - 1))``, L the
cards below a 5 (2, 3, 4); and the Player and Banker win equally often. A tie removes two cards of its
rank and the count goes on from the smaller shoe. Ranks below a 5 are interchangeable among themselves,
and so are ranks above, so the shoes met are grouped by (the counts of 2-4, the count of 5s, the counts of
6-A), each group's counts sorted.

Every round that is decided within ``MAX_WARS`` wars (all of them with one deck: 26 ties empty it) is
counted exactly; the rounds still tied after that many wars are one outcome, "not decided", whose
probability is exact, so each edge is exact up to that probability times the wager's largest result (the
analysis says so where it is not zero).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.round.family import Progress, Steps
from rules.ultimatewar.model import UltimateWarDataError, Variant, from_data

#: How many wars are followed before a round counts as "not decided" (a shoe of one deck is followed to
#: its end, 26 wars).
MAX_WARS = 12

# outcome keys: ("player" | "banker", with_five: bool, wars capped) or ("undecided", False, wars)
Key = tuple[str, bool, int]


def _canon(
    low: tuple[int, ...], five: int, high: tuple[int, ...]
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    return tuple(sorted(low)), five, tuple(sorted(high))


@cache
def _rounds(
    low: tuple[int, ...], five: int, high: tuple[int, ...], wars: int, cap: int, limit: int
) -> tuple[tuple[Key, Fraction], ...]:
    """The distribution of how a round ends from this shoe, ``wars`` wars in (capped at ``cap``)."""
    counts = [*low, five, *high]
    n = sum(counts)
    out: dict[Key, Fraction] = {}
    w = min(wars, cap)
    if n < 2:
        return ((("undecided", False, w), Fraction(1)),)
    pairs = n * (n - 1)
    ties = sum(c * (c - 1) for c in counts)
    decided = Fraction(pairs - ties, pairs)
    with_five = Fraction(five * sum(low), pairs)
    for side in ("player", "banker"):
        out[(side, True, w)] = with_five
        out[(side, False, w)] = decided / 2 - with_five
    for group, idx in (("low", range(len(low))), ("five", (0,)), ("high", range(len(high)))):
        for i in idx:
            c = low[i] if group == "low" else five if group == "five" else high[i]
            if c < 2:
                continue
            p = Fraction(c * (c - 1), pairs)
            if wars + 1 > limit:
                key: Key = ("undecided", False, min(wars + 1, cap))
                out[key] = out.get(key, Fraction(0)) + p
                continue
            lo, hi, fv = list(low), list(high), five
            if group == "low":
                lo[i] -= 2
            elif group == "five":
                fv -= 2
            else:
                hi[i] -= 2
            for k, q in _rounds(*_canon(tuple(lo), fv, tuple(hi)), wars + 1, cap, limit):
                out[k] = out.get(k, Fraction(0)) + p * q
    return tuple(sorted(out.items()))


def round_outcomes(decks: int, cap: int = 4, limit: int = MAX_WARS) -> dict[Key, Fraction]:
    """How a round from a fresh shoe of ``decks`` decks ends: (winner or "undecided", won with a 5, wars
    capped at ``cap``) -> exact probability; followed to ``limit`` wars (26 for one deck: its end)."""
    limit = 26 * decks if decks == 1 else limit
    full = 4 * decks
    return dict(_rounds((full,) * 3, full, (full,) * 9, 0, cap, limit))


def _wager(name: str, rows: Mapping[str, tuple[Fraction, Fraction]]) -> Wager:
    outcomes = tuple(WagerOutcome(k, p, pays) for k, (p, pays) in rows.items() if p)
    return Wager(name, outcomes)


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """Exact probabilities and house edges of Ultimate War's five wagers."""
    v: Variant = from_data(data)
    deck = data.get("deck")
    default = int(deck.get("decks", v.decks.min)) if isinstance(deck, Mapping) else v.decks.min
    d = default if decks is None else decks
    if not v.decks.min <= d <= v.decks.max:
        raise UltimateWarDataError(
            "decks", f"Ultimate War is dealt from {v.decks.min} to {v.decks.max} decks, not {d}"
        )
    cap = max(len(v.war_bet.pays), 1)
    step = Steps(progress, 1)
    dist = round_outcomes(d, cap)
    step()
    undecided = sum((p for (who, _, _), p in dist.items() if who == "undecided"), Fraction(0))

    def prob(
        who: str | None = None, five: bool | None = None, wars: int | None = None, at_least: bool = False
    ) -> Fraction:
        total = Fraction(0)
        for (w, f, n), p in dist.items():
            if who is not None and w != who:
                continue
            if five is not None and f != five:
                continue
            if wars is not None and (n < wars if at_least else n != wars):
                continue
            total += p
        return total

    outcomes = [
        Outcome("no war (the first cards differ)", prob(wars=0) - prob(who="undecided", wars=0)),
        *(
            Outcome(f"exactly {k} war{'s' if k > 1 else ''}", prob(wars=k) - prob(who="undecided", wars=k))
            for k in range(1, cap)
        ),
        Outcome(f"{cap} wars or more", prob(wars=cap, at_least=True)),
    ]
    if undecided:
        outcomes.append(Outcome("not decided (the shoe runs out, or past the wars followed)", undecided))
    em, u5, war = v.even_money, v.ultimate_5, v.war_bet
    wagers: list[Wager] = []
    for side, other in (("player", "banker"), ("banker", "player")):
        name = v.hands.player if side == "player" else v.hands.banker
        five = em.push_when_winning_with == 5 and u5.rank == 5
        if not five:
            raise UltimateWarDataError(
                "even_money", "the analysis counts the filed push and Ultimate 5 on a 5"
            )
        rows = {
            f"{name} wins, not with a 5": (prob(side, False), em.pays),
            f"{name} wins with a 5 (push)": (prob(side, True), Fraction(0)),
            f"{other.title()} wins": (prob(other), Fraction(-1)),
            "not decided": (undecided, Fraction(0)),
        }
        wagers.append(_wager(f"{name} Bet", rows))
    rows = {"no war": (prob(wars=0) - prob("undecided", wars=0), Fraction(-1))}
    for k, line in enumerate(war.pays, start=1):
        last = k == len(war.pays) and war.or_more
        p = prob(wars=k, at_least=last)
        rows[f"{k} war{'s' if k > 1 else ''}{' or more' if last else ''}"] = (p, line.pays)
    if not war.or_more:
        rows["more wars than the table"] = (prob(wars=len(war.pays) + 1, at_least=True), Fraction(-1))
    wagers.append(_wager("War Bet", rows))
    for side in ("player", "banker"):
        name = v.hands.player if side == "player" else v.hands.banker
        before = prob(side, True, 0)
        after = prob(side, True) - before
        rows = {
            f"{name} wins with a 5 before war": (before, u5.before_war),
            f"{name} wins with a 5 after war": (after, u5.after_war),
            "not a 5 winning": (1 - before - after - undecided, Fraction(-1)),
            "not decided": (undecided, Fraction(0)),
        }
        wagers.append(_wager(f"Ultimate 5 {name} Bet", rows))
    notes = [
        f"{d} deck{'s' if d > 1 else ''}, shuffled before every round; every round decided within "
        f"{26 * d if d == 1 else MAX_WARS} wars counted exactly (rules/ultimatewar/analyze.py)."
    ]
    if undecided:
        notes.append(
            f"Rounds not decided: {undecided} ({float(undecided):.3e}); each edge is exact up to that "
            "probability times the wager's largest result (the War Bet's is exact: it pays the same from the "
            f"{cap}th war on)."
        )
    return Analysis(str(data.get("id", "ultimatewar")), d, tuple(outcomes), tuple(wagers), tuple(notes))
