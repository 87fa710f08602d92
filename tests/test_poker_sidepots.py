"""Side pots: a hand with all-in players is divided pot by pot (the main pot among every live hand, each
side pot among the live hands that put in that much), high-low and odd chips as filed per pot; checked
by properties and against pokerkit's own ``State`` played to the showdown with random stacks and all-ins
(Hold'em no-limit, and Omaha Hi-Lo 8 or better fixed-limit with short stacks)."""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import STANDARD_CARDS, parse_cards
from rules.errors import HandError
from rules.poker import SeatHand, parse_poker
from rules.poker.showdown import award_pots, side_pots

HOLDEM = parse_poker({"game": "board", "hole_cards": 2})
OMAHA8 = parse_poker(
    {"game": "board", "hole_cards": 4, "use_hole": "exactly_two", "low": "eight_or_better", "chip_cents": 100}
)


def test_side_pots_by_contribution_level():
    pots = side_pots({1: 100, 2: 500, 3: 500, 4: 300}, live=[1, 2, 4])  # seat 3 folded after putting in 500
    assert [(p.cents, p.eligible) for p in pots] == [(400, (1, 2, 4)), (600, (2, 4)), (400, (2,))]


def test_a_short_all_in_wins_only_the_main_pot():
    board = parse_cards("Ah Kd 7c 2s 9h")
    hands = [
        SeatHand(1, parse_cards("As Ac")),  # trips, all in for 100
        SeatHand(2, parse_cards("Kh Ks")),  # second best, 500
        SeatHand(3, parse_cards("Qh Jh")),  # 500
    ]
    a = award_pots(HOLDEM, {1: 100, 2: 500, 3: 500}, hands, board, button=3)
    assert [p.pot for p in a.pots] == [300, 800]
    assert (a.share(1), a.share(2), a.share(3)) == (300, 800, 0)
    assert a.to_json()["pots"][1]["eligible"] == [2, 3]


def test_high_low_side_pot_with_its_own_odd_chip():
    board = parse_cards("2c 5d 8h Kc Ks")
    hands = [
        SeatHand(1, parse_cards("Ac 3d Qh Jd")),  # the low (8-5-3-2-A), all in for 300
        SeatHand(2, parse_cards("Kd Kh 9s 9c")),  # four kings
        SeatHand(3, parse_cards("4c 3c Th Td")),  # a low (8-5-4-3-2), no high
    ]
    a = award_pots(OMAHA8, {1: 300, 2: 800, 3: 800}, hands, board, button=3)
    main, side = a.pots
    assert main.pot == 900 and main.low_winners == (1,) and main.high_winners == (2,)
    # the main pot's 9 chips: 5 to the high half (the odd chip), 4 to the low
    assert (main.share(2), main.share(1)) == (500, 400)
    assert side.pot == 1000 and side.low_winners == (3,) and (side.share(2), side.share(3)) == (500, 500)


def test_the_collection_comes_from_the_main_pot():
    hands = [SeatHand(1, parse_cards("As Ac")), SeatHand(2, parse_cards("Kh Ks"))]
    a = award_pots(HOLDEM, {1: 100, 2: 500}, hands, parse_cards("Ah Kd 7c 2s 9h"), 2, collected=50)
    assert (a.share(1), a.share(2)) == (150, 400)
    with pytest.raises(HandError):
        award_pots(HOLDEM, {1: 100, 2: 500}, hands, parse_cards("Ah Kd 7c 2s 9h"), 2, collected=201)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 2000), min_size=2, max_size=9),
    st.integers(0, 2**32 - 1),
    st.integers(1, 10),
)
def test_every_chip_goes_to_a_live_hand_that_contested_it(contribs, seed, button):
    rng = random.Random(seed)
    seats = list(range(1, len(contribs) + 1))
    live = sorted(rng.sample(seats, rng.randint(1, len(seats))))
    cards = rng.sample(STANDARD_CARDS, 4 * len(seats) + 5)
    hands = [SeatHand(s, tuple(cards[4 * i : 4 * i + 4])) for i, s in enumerate(seats) if s in live]
    contributions = dict(zip(seats, contribs, strict=True))
    for v in (HOLDEM.__class__(**{**_fields(HOLDEM), "hole_cards": 4}), OMAHA8):
        a = award_pots(v, contributions, hands, tuple(cards[-5:]), button)
        assert a.total == sum(contribs)
        assert sum(a.share(s) for s in seats) == sum(contribs)
        assert all(a.share(s) == 0 for s in seats if s not in live)
        # no live hand wins more than it could: what each eligible pot holds
        for s in live:
            cap = (
                sum(min(c, contributions[s]) for c in contribs)
                if contributions[s] < max(contributions[x] for x in live)
                else sum(contribs)
            )
            assert a.share(s) <= cap


def _fields(v):
    return {f: getattr(v, f) for f in v.__dataclass_fields__}


# --- against pokerkit ------------------------------------------------------------------------------------


@pytest.mark.parametrize("omaha", [False, True], ids=["holdem-no-limit", "omaha-hilo-fixed-limit"])
def test_all_in_hands_divide_as_pokerkit(omaha):
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(1125 + omaha)
    variant = parse_poker(
        {"game": "board", "hole_cards": 4, "use_hole": "exactly_two", "low": "eight_or_better"}
        if omaha
        else {"game": "board", "hole_cards": 2}
    )
    checked = side = merged = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(400 if omaha else 500):
            got = _hand(pokerkit, rng, omaha)
            if got is None:
                continue
            seats, hands, board, contributions, live, payoffs, button = got
            a = award_pots(
                variant,
                contributions,
                [SeatHand(seats[i], tuple(STANDARD_CARDS[c] for c in hands[i])) for i in live],
                tuple(STANDARD_CARDS[c] for c in board),
                button,
            )
            ours = [a.share(s) - contributions[s] for s in seats]
            odd = [o for p in a.pots for o in p.odd_chips]
            lows = [bool(p.low_winners) for p in a.pots]
            if any(lows) and not all(lows):
                # pokerkit halves every pot once any player shows a low, even a side pot none of whose
                # players has one; the filing gives such a pot to the high (seed 000 L26, 004 S13 rule 8)
                assert sum(ours) == sum(payoffs) == 0
                merged += 1
                continue
            if odd and len(a.pots) > 1:
                # pokerkit kills the losing hands before it pushes, merging the pots they contested: an odd
                # chip may then land elsewhere than the filed division of each pot as it stood
                assert sum(ours) == sum(payoffs) == 0
                assert sum(abs(x - y) for x, y in zip(ours, payoffs, strict=True)) <= 2 * len(odd)
                merged += 1
                continue
            assert ours == payoffs, (seats, hands, board, contributions, live, payoffs)
            checked += 1
            side += len(a.pots) > 1
    # most hands reach a showdown and are compared chip for chip, many with side pots
    assert checked > 200 and side > 50 and merged < checked


def _hand(pokerkit, rng, omaha):
    """One hand played in pokerkit to the showdown; None where everyone but one folded."""
    a = pokerkit.Automation
    autos = (
        a.ANTE_POSTING,
        a.BET_COLLECTION,
        a.BLIND_OR_STRADDLE_POSTING,
        a.CARD_BURNING,
        a.HAND_KILLING,
        a.CHIPS_PUSHING,
        a.CHIPS_PULLING,
    )
    n = rng.randint(3, 6 if omaha else 9)
    stacks = [rng.randint(3, 40 if omaha else 400) for _ in range(n)]
    if omaha:
        state = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            autos, True, 0, (1, 2), 2, 4, stacks, n
        )
    else:
        state = pokerkit.NoLimitTexasHoldem.create_state(autos, True, 0, (1, 2), 2, stacks, n)
    hole = 4 if omaha else 2
    idx = rng.sample(range(52), n * hole + 5)
    hands = [idx[i * hole : (i + 1) * hole] for i in range(n)]
    board = idx[-5:]
    pk = _PK(pokerkit)
    for h in hands:
        state.deal_hole([pk[i] for i in h])
    dealt = 0
    folded: set[int] = set()
    contributed = list(stacks)
    while state.status:
        if state.can_show_or_muck_hole_cards():
            # every hand is shown: pokerkit mucks a losing hand by default, which takes it out of the pots it
            # contested and merges them (moving odd chips); a card room divides each pot as it stood
            state.show_or_muck_hole_cards(True)
            continue
        if state.can_deal_board():
            k = 3 if dealt == 0 else 1
            state.deal_board([pk[i] for i in board[dealt : dealt + k]])
            dealt += k
            continue
        if state.actor_index is None:
            break
        i = state.actor_index
        # what each player has put in so far (bets in front of him and collected into pots), read before
        # the action: the last action ends the hand and pushes the pots
        contributed = [stacks[j] - state.stacks[j] for j in range(n)]
        r = rng.random()
        if r < 0.08 and state.can_fold():
            state.fold()
            folded.add(i)
        elif r < 0.45 and state.can_complete_bet_or_raise_to():
            to = state.max_completion_betting_or_raising_to_amount
            contributed[i] += to - state.bets[i]
            state.complete_bet_or_raise_to(to)
        else:
            contributed[i] += state.checking_or_calling_amount or 0
            state.check_or_call()
    live = [i for i in range(n) if i not in folded]
    if len(live) < 2 or dealt < 5:
        return None
    payoffs = list(state.payoffs)
    button = rng.randint(1, 10)
    seats = [(button - 1 + k) % 10 + 1 for k in range(1, n + 1)]
    return seats, hands, board, {seats[j]: contributed[j] for j in range(n)}, live, payoffs, button


_PK_CACHE: list = []


def _PK(pokerkit):  # noqa: N802
    if not _PK_CACHE:
        _PK_CACHE.extend(next(iter(pokerkit.Card.parse(str(c)))) for c in STANDARD_CARDS)
    return _PK_CACHE
