"""Exact analysis of a Baccarat variant: ``analyze(data, decks) -> Analysis``.

Punto banco is enumerated over the shoe's composition by point value (ten values with their
multiplicities, cards removed as dealt), never by sampling. Every coup is weighted by its number of
ordered deals of six cards from the full shoe (a coup of four or five cards counts every way the
unused cards could follow), so the counts are integers over N(N-1)...(N-5) and the published
eight-deck counts come out exactly. Super Pan 9 and Fast Nine go to :mod:`rules.baccarat.pan9`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.analysis import Analysis, Outcome, Wager, WagerOutcome
from rules.baccarat.coup import CoupResult, value_counts
from rules.baccarat.model import Tableau, Variant, punto_banco_from_data
from rules.baccarat.settle import settle_rule
from rules.round.family import Progress, Steps

#: (player total, banker total, player cards, banker cards)
Signature = tuple[int, int, int, int]


def coup_counts(tableau: Tableau, counts: Sequence[int]) -> tuple[dict[Signature, int], int]:
    """Every coup's weight by signature, and the total (N(N-1)...(N-5) ordered six-card deals).

    ``counts[v]`` is the number of cards of point value ``v`` in the shoe.
    """
    c = list(counts)
    n = sum(c)
    if n < 6:
        raise ValueError("a coup needs at least six cards in the shoe")
    tail5 = (n - 4) * (n - 5)
    tail6 = n - 5
    nat = [tableau.is_natural(t) for t in range(10)]
    pdraw = [tableau.player.draws(t) for t in range(10)]
    bstood = [tableau.banker_if_player_stands.draws(t) for t in range(10)]
    chart = [
        list(tableau.banker_chart[t]) if t < len(tableau.banker_chart) else [False] * 10 for t in range(10)
    ]
    order = tableau.first_cards
    res: defaultdict[Signature, int] = defaultdict(int)
    vals = range(10)
    for a in vals:
        wa = c[a]
        if not wa:
            continue
        c[a] -= 1
        for b in vals:
            wb = wa * c[b]
            if not wb:
                continue
            c[b] -= 1
            for x in vals:
                wx = wb * c[x]
                if not wx:
                    continue
                c[x] -= 1
                for y in vals:
                    w4 = wx * c[y]
                    if not w4:
                        continue
                    four = (a, b, x, y)
                    pt = sum(v for v, h in zip(four, order, strict=True) if h == "player") % 10
                    bt = sum(v for v, h in zip(four, order, strict=True) if h == "banker") % 10
                    if nat[pt] or nat[bt]:
                        res[(pt, bt, 2, 2)] += w4 * tail5
                        continue
                    c[y] -= 1
                    if pdraw[pt]:
                        row = chart[bt]
                        for p3 in vals:
                            w5 = w4 * c[p3]
                            if not w5:
                                continue
                            pt3 = (pt + p3) % 10
                            if row[p3]:
                                c[p3] -= 1
                                for b3 in vals:
                                    if c[b3]:
                                        res[(pt3, (bt + b3) % 10, 3, 3)] += w5 * c[b3]
                                c[p3] += 1
                            else:
                                res[(pt3, bt, 3, 2)] += w5 * tail6
                    elif bstood[bt]:
                        for b3 in vals:
                            if c[b3]:
                                res[(pt, (bt + b3) % 10, 2, 3)] += w4 * c[b3] * tail6
                    else:
                        res[(pt, bt, 2, 2)] += w4 * tail5
                    c[y] += 1
                c[x] += 1
            c[b] += 1
        c[a] += 1
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    return dict(res), total


def _result(tableau: Tableau, s: Signature) -> CoupResult:
    pt, bt, pc, bc = s
    return CoupResult(pt, bt, pc, bc, pc == 2 and tableau.is_natural(pt), bc == 2 and tableau.is_natural(bt))


def analyze_variant(variant: Variant, decks: int | None = None, progress: Progress | None = None) -> Analysis:
    """Exact probabilities and house edges of a punto banco variant in ``decks`` decks (``progress``: the
    enumeration of the coups, then each wager)."""
    deck = variant.shoe.deck_spec(decks)
    step = Steps(progress, 1 + len(variant.wagers))
    counts, total = coup_counts(variant.tableau, value_counts(deck))
    step()
    results = {s: _result(variant.tableau, s) for s in counts}
    specials = variant.specials

    def prob(pred: Any) -> Fraction:
        return Fraction(sum(w for s, w in counts.items() if pred(results[s])), total)

    outcomes = [
        Outcome("Banker wins", prob(lambda r: r.winner == "banker")),
        Outcome("Player wins", prob(lambda r: r.winner == "player")),
        Outcome("Tie", prob(lambda r: r.winner == "tie")),
    ]
    for o in variant.outcomes:
        outcomes.append(Outcome(o.name, prob(lambda r, o=o: o.when.holds(r, specials))))

    wagers: list[Wager] = []
    for w in variant.wagers:
        by_rule: dict[tuple[str, Fraction], int] = {}
        for s, weight in counts.items():
            st = settle_rule(w, results[s], specials, variant.settings)
            key = (st.rule, st.pays * (1 - st.commission) if st.result == "win" else st.pays)
            by_rule[key] = by_rule.get(key, 0) + weight
        wos = tuple(
            WagerOutcome(name, Fraction(weight, total), pays)
            for (name, pays), weight in sorted(by_rule.items(), key=lambda kv: (-kv[0][1], kv[0][0]))
        )
        note = ""
        idle = sum((o.probability for o in wos if o.pays == 0 and o.name == "no action"), Fraction(0))
        if idle:
            edge = -sum((o.probability * o.pays for o in wos), Fraction(0))
            note = f"per coup; per decided wager (no action left out) {float(edge / (1 - idle)) * 100:.4f}%"
        wagers.append(Wager(w.name, wos, note=note))
        step()

    notes = [f"{variant.id}: {deck.describe()}, exact enumeration over {total:,} ordered six-card deals"]
    for k, on in sorted(variant.settings.items()):
        notes.append(f"setting {k} = {'on' if on else 'off'}: {variant.setting_notes.get(k, '')}")
    return Analysis(variant.id, deck.decks, tuple(outcomes), tuple(wagers), tuple(notes))


def analyze(data: Mapping[str, Any], decks: int | None, progress: Progress | None = None) -> Analysis:
    """The ``analyze`` command's entry point: a variant file's mapping and an optional deck count."""
    if data.get("game") == "pan9":
        from rules.baccarat.pan9 import analyze as analyze_pan9

        step = Steps(progress, 1)
        out = analyze_pan9(data, decks)
        step()
        return out
    return analyze_variant(punto_banco_from_data(data), decks, progress)
