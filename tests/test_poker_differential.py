"""Differential test: 10,000 random Hold'em showdowns (here) and 10,000 random Omaha Hi-Lo showdowns
(``test_poker_differential_omaha.py``, its own file to keep each under a minute) give the same winners
and the same division of the pot as pokerkit.

pokerkit is the reference for the hands (its lookup tables, through its own ``StandardLookup`` and
``EightOrBetterLookup`` over every five-card combination a player may use, as its ``from_game`` does)
and for the division: its ``State.push_chips`` halves a pot between the hand types that have a hand
(the remainder to the high half) and gives the remainder of each half to the first tied player in seat
order from the button's left. That transcription is itself checked against pokerkit's own ``State`` on
a smaller sample played to the showdown.
"""

from __future__ import annotations

import random
import warnings
from itertools import combinations

import pytest

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.lookups import EightOrBetterLookup, StandardLookup  # noqa: E402

from rules.cards import STANDARD_CARDS  # noqa: E402
from rules.poker import SeatHand, award_pot, parse_poker  # noqa: E402

PK = [next(iter(pokerkit.Card.parse(str(c)))) for c in STANDARD_CARDS]
HIGH = StandardLookup()
LOW = EightOrBetterLookup()
# pokerkit's own tables, read directly: a lookup's key is the product of its rank primes and whether the
# five cards are suited (Lookup._get_key); calling get_entry per combination costs ~7 us of argument
# cleaning, too slow for 20,000 showdowns in a test. test_direct_lookup_is_pokerkits_get_entry checks it.
_PRIME = {c: pokerkit.lookups.Lookup._Lookup__multipliers[c.rank] for c in PK}
_HIGH_TABLE = HIGH._Lookup__entries
_LOW_TABLE = LOW._Lookup__entries


def _entry(table, five):
    key = _PRIME[five[0]] * _PRIME[five[1]] * _PRIME[five[2]] * _PRIME[five[3]] * _PRIME[five[4]]
    suited = five[0].suit == five[1].suit == five[2].suit == five[3].suit == five[4].suit
    return table.get((key, suited))


HOLDEM = parse_poker({"game": "board", "hole_cards": 2, "odd_chip": {"between_tied": "left_of_button"}})
OMAHA8 = parse_poker(
    {"game": "board", "hole_cards": 4, "use_hole": "exactly_two", "low": "eight_or_better",
     "odd_chip": {"between_halves": "high", "between_tied": "left_of_button"}}
)  # fmt: skip


def _pk_high(hole, board, omaha):
    if omaha:
        return max(
            _entry(_HIGH_TABLE, t + b) for t in combinations(hole, 2) for b in combinations(board, 3)
        ).index
    return max(_entry(_HIGH_TABLE, f) for f in combinations(hole + board, 5)).index


def _pk_low(hole, board):
    lows = [
        e
        for t in combinations(hole, 2)
        for b in combinations(board, 3)
        if (e := _entry(_LOW_TABLE, t + b)) is not None
    ]
    # pokerkit's low hands compare inversely: the smaller entry is the better low (Hand.__lt__)
    return -min(lows).index if lows else None


def _pk_split(pot, types):
    """pokerkit's State.push_chips for one pot: ``types`` is a list, per hand type, of the players'
    strengths (larger is better; None: no hand of that type); players in seat order from the button's left."""
    present = [t for t in types if any(e is not None for e in t)]
    shares = [0] * len(types[0])
    q, r = divmod(pot, len(present))
    for k, t in enumerate(present):
        amount = q + (r if k == 0 else 0)
        best = max(e for e in t if e is not None)
        winners = [i for i, e in enumerate(t) if e == best]
        q2, r2 = divmod(amount, len(winners))
        for i in winners:
            shares[i] += q2 + (r2 if i == winners[0] else 0)
    return shares


def _deal(rng, n, hole):
    idx = rng.sample(range(52), n * hole + 5)
    hands = [idx[i * hole : (i + 1) * hole] for i in range(n)]
    return hands, idx[-5:]


def _compare(rng, variant, hole, omaha, hilo):
    n = rng.randint(2, 6 if omaha else 9)
    button = rng.randint(1, 10)
    # seats clockwise from the button's left: the order pokerkit numbers its players
    seats = [(button - 1 + k) % 10 + 1 for k in range(1, n + 1)]
    hands, board = _deal(rng, n, hole)
    pot = rng.randint(1, 5000)
    ours = award_pot(
        variant,
        pot,
        [SeatHand(s, tuple(STANDARD_CARDS[i] for i in h)) for s, h in zip(seats, hands, strict=True)],
        tuple(STANDARD_CARDS[i] for i in board),
        button,
    )
    pk_board = [PK[i] for i in board]
    types = [[_pk_high([PK[i] for i in h], pk_board, omaha) for h in hands]]
    if hilo:
        types.append([_pk_low([PK[i] for i in h], pk_board) for h in hands])
    want = _pk_split(pot, types)
    hi_best = max(types[0])
    assert list(ours.high_winners) == [s for s, e in zip(seats, types[0], strict=True) if e == hi_best]
    if hilo:
        lows = [e for e in types[1] if e is not None]
        want_lo = [s for s, e in zip(seats, types[1], strict=True) if lows and e == max(lows)]
        assert list(ours.low_winners) == want_lo
    assert [ours.share(s) for s in seats] == want, (seats, hands, board, pot)


def test_direct_lookup_is_pokerkits_get_entry():
    rng = random.Random(5)
    for _ in range(3000):
        five = tuple(PK[i] for i in rng.sample(range(52), 5))
        assert _entry(_HIGH_TABLE, five) == HIGH.get_entry(five)
        assert _entry(_LOW_TABLE, five) == LOW.get_entry_or_none(five)
    # and the 8-or-better table really holds the qualifying lows: a wheel, and nothing with a nine
    assert _entry(
        _LOW_TABLE, tuple(next(iter(pokerkit.Card.parse(t))) for t in ["As", "2d", "3h", "4c", "5s"])
    )
    assert (
        _entry(_LOW_TABLE, tuple(next(iter(pokerkit.Card.parse(t))) for t in ["As", "2d", "3h", "4c", "9s"]))
        is None
    )


def test_split_rule_is_pokerkits_state():
    """The transcribed division is what pokerkit's own State pays, on Omaha Hi-Lo hands checked down."""
    rng = random.Random(3)
    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(40):
            n = rng.randint(3, 6)
            antes = rng.randint(1, 7)
            st = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
                automations, True, antes, (0, 0), 2, 4, [1000] * n, n
            )
            hands, board = _deal(rng, n, 4)
            for h in hands:
                st.deal_hole([PK[i] for i in h])
            dealt = 0
            while st.status:
                if st.can_deal_board():
                    k = 3 if dealt == 0 else 1
                    st.deal_board([PK[i] for i in board[dealt : dealt + k]])
                    dealt += k
                else:
                    st.check_or_call()
            pk_board = [PK[i] for i in board]
            types = [
                [_pk_high([PK[i] for i in h], pk_board, True) for h in hands],
                [_pk_low([PK[i] for i in h], pk_board) for h in hands],
            ]
            paid = [p + antes for p in st.payoffs]
            assert _pk_split(antes * n, types) == paid


def test_holdem_10000_showdowns_match_pokerkit():
    rng = random.Random(20261125)
    for _ in range(10_000):
        _compare(rng, HOLDEM, 2, omaha=False, hilo=False)
