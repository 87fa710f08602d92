"""Pai Gow piles dealt by hand one card at a time: the serpentine (or left-to-right) order read from a shoe.

The filings that describe the hand deal lay the piles out "one card at a time ... starting from left to
right", then "from right to left", until each pile is full (seed 000 L1051, L1423, L5907; seed 002
L577-579; seed 004 L3036-3043). With a shuffler the piles still come as packets.
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, Card, card, format_cards
from rules.paigow.house_way import set_house_way
from rules.paigow.round import FAMILY
from rules.round import AlertCode, RoundState, Ruling, apply, fold
from rules.round.events import (
    CardRead,
    Declare,
    DeclareKind,
    Target,
    TargetKind,
    event_from_json,
)
from rules.round.procedure import PassOrder, card_by_card
from rules.round.state import Status
from terminal.games import load_games
from tests.round_helpers import filed

PAIGOW = sorted(gid for gid in load_games() if gid.startswith("paigow/"))


def pile(p: int) -> Target:
    return Target(TargetKind.PILE, p)


# --- the order itself ------------------------------------------------------------------------------


def test_serpentine_seven_piles_of_seven():
    where = card_by_card(7, 7, PassOrder.SERPENTINE)
    pile_of = {i: r for i, (r, _) in enumerate(where, start=1)}
    assert len(where) == 49
    assert [pile_of[i] for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert pile_of[8] == 7  # the second pass starts back at the right-hand pile
    assert pile_of[14] == 1 and pile_of[15] == 1  # ... and the third starts where the second ended
    assert pile_of[49] == 7  # seven passes: the last goes left to right
    assert [c for _, c in where[7:14]] == [2] * 7


def test_serpentine_mini_eight_piles_of_six():
    where = card_by_card(8, 6, PassOrder.SERPENTINE)
    pile_of = {i: r for i, (r, _) in enumerate(where, start=1)}
    assert len(where) == 48
    assert pile_of[8] == 8 and pile_of[9] == 8
    assert pile_of[16] == 1 and pile_of[17] == 1
    assert pile_of[48] == 1  # six passes: the last goes right to left


def test_left_to_right_every_pass_starts_at_pile_one():
    pile_of = [r for r, _ in card_by_card(7, 7, PassOrder.LEFT_TO_RIGHT)]
    assert pile_of[7] == 1 and pile_of[13] == 7 and pile_of[14] == 1


@given(st.integers(1, 10), st.integers(1, 13))
def test_every_order_gives_each_pile_its_cards_one_per_pass(piles, cards):
    for order in PassOrder:
        where = card_by_card(piles, cards, order)
        assert sorted(where) == sorted((r, c) for r in range(1, piles + 1) for c in range(1, cards + 1))
        assert [c for _, c in where] == sorted(c for _, c in where)  # a pass is finished before the next
        # Serpentine: consecutive cards never jump across the row; the turn repeats the end pile.
        if order is PassOrder.SERPENTINE:
            assert all(abs(a[0] - b[0]) <= 1 for a, b in zip(where, where[1:], strict=False))


# --- a round read card by card ---------------------------------------------------------------------


def _expected_pile(deck: list[Card], p: int, piles: int, cards: int, serpentine: bool) -> tuple[Card, ...]:
    """Pile p's cards, worked out from the filed words: pass k goes left to right (pile p is its p-th
    card) or, on even passes of a serpentine, right to left (its (piles - p + 1)-th card)."""
    out = []
    for k in range(1, cards + 1):
        at = piles - p if serpentine and k % 2 == 0 else p - 1
        out.append(deck[(k - 1) * piles + at])
    return tuple(out)


def _hand_round(gid: str, seats: list[int] | None = None, wagers: dict | None = None) -> RoundState:
    """A round of ``gid`` started after a hand shuffle (a ``shuffle`` from the dealer)."""
    start = {"type": "round_start", "seats": seats or list(range(1, 8)), "player_dealer": 1}
    start["wagers"] = wagers or {}
    return fold(filed(gid), [event_from_json({"type": "shuffle"}), event_from_json(start)])


def _deal(
    gid: str, seed: int, source: str = "dealer", packets: bool = False
) -> tuple[RoundState, list[Card]]:
    g = filed(gid)
    ph = g.procedure.phases[0]
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    n = ph.count * ph.cards
    seats = list(range(1, ph.count + 1))
    ev: list[dict] = [
        {"type": "shuffle", "source": source},
        {"type": "round_start", "seats": seats, "player_dealer": 1, "wagers": {2: 2500}, "bank": 100000},
    ]
    for i, c in enumerate(deck[:n]):
        e = {"type": "card", "card": str(c)}
        if packets:
            e.update(source="shuffler", packet=i // ph.cards + 1)
        ev.append(e)
    return fold(g, [event_from_json(e) for e in ev]), deck


@pytest.mark.parametrize("gid", PAIGOW)
def test_a_hand_shuffled_deal_read_card_by_card_fills_each_pile_in_the_filed_order(gid):
    ph = filed(gid).procedure.phases[0]
    s, deck = _deal(gid, seed=len(gid))
    serpentine = ph.order is PassOrder.SERPENTINE
    for p in range(1, ph.count + 1):
        assert s.hand(pile(p)) == _expected_pile(deck, p, ph.count, ph.cards, serpentine), (gid, p)
    assert s.alerts == ()
    assert s.prompt.startswith("leftover card 1 of")


def test_every_variant_says_how_its_piles_are_dealt_by_hand():
    orders = {gid: filed(gid).procedure.phases[0].order for gid in PAIGOW}
    assert orders.pop("paigow/oaks") is PassOrder.LEFT_TO_RIGHT  # "in turn, in rotation" (L440)
    assert set(orders.values()) == {PassOrder.SERPENTINE}
    for gid in PAIGOW:
        ph = filed(gid).procedure.phases[0]
        assert ph.hand_by_card or not ph.by_packet, gid


@pytest.mark.parametrize("gid", ["paigow/triple-bonus-the101", "paigow/mini-the101"])
def test_a_shuffler_still_deals_the_piles_as_packets(gid):
    ph = filed(gid).procedure.phases[0]
    for source, packets in (("shuffler", False), ("shuffler", True), ("dealer", True)):
        # A shuffler's shuffle, or packet numbers on the reads (a shuffler dispensing piles, whatever
        # the shuffle event said): pile 1 is the first packet.
        s, deck = _deal(gid, seed=3, source=source, packets=packets)
        for p in range(1, ph.count + 1):
            assert s.hand(pile(p)) == tuple(deck[(p - 1) * ph.cards : p * ph.cards]), (source, packets, p)
        assert s.alerts == ()


def test_the_prompt_names_the_next_pile_and_the_direction():
    s = _hand_round("paigow/mini-the101", seats=[1, 2])
    words = []
    for c in list(ALL_CARDS)[:17]:
        words.append(s.prompt)
        s = apply(s, CardRead(c))
    assert words[0] == "pile 1 of 8 (card 1 of 6, left to right)"
    assert words[8] == "pile 8 of 8 (card 2 of 6, right to left)"  # card 9: back from the right
    assert words[16] == "pile 1 of 8 (card 3 of 6, left to right)"  # card 17: pile 1 again


def test_the_dice_hand_out_the_serpentine_piles_and_the_hands_are_checked_against_them():
    gid = "paigow/triple-bonus-the101"
    s, deck = _deal(gid, seed=11)
    g = s.game
    s = fold(g, [CardRead(c, to=Target(TargetKind.STUB)) for c in deck[49:53]], s)
    s = fold(
        g,
        [
            event_from_json({"type": "decision", "seat": 1, "action": "bank", "count": 3}),
            event_from_json({"type": "dice", "dice": [2, 3, 4]}),  # 9: seat 2 gets the Action pile
            event_from_json({"type": "button", "button": "confirm"}),
        ],
        s,
    )
    d = FAMILY.distribution(s)
    assert d is not None and d.hands[3] == "seat 2"
    seat2 = _expected_pile(deck, 3, 7, 7, serpentine=True)
    assert s.hand(pile(3)) == seat2
    way = FAMILY.setup(s).way
    assert way is not None
    front, back = set_house_way(seat2, way).front, set_house_way(seat2, way).back
    ok = apply(
        s,
        event_from_json(
            {"type": "hand_set", "seat": 2, "front": format_cards(front), "back": format_cards(back)}
        ),
    )
    assert [a.code for a in ok.alerts] == []
    # The packet reading of pile 3 (cards 15-21 of the deal) is not what seat 2 was dealt.
    wrong = deck[14:21]
    assert tuple(wrong) != seat2
    bad = apply(
        s,
        event_from_json(
            {"type": "hand_set", "seat": 2, "front": format_cards(wrong[:2]), "back": format_cards(wrong[2:])}
        ),
    )
    assert AlertCode.FOUL_HAND in [a.code for a in bad.alerts]


def test_a_card_exposed_while_the_piles_go_card_by_card_is_replaced_in_its_own_pile():
    # The 101 Double Hand rule 13: one card exposed making the piles is replaced by the top leftover.
    g = filed("paigow/the101-double-hand")
    deck = list(ALL_CARDS)
    random.Random(5).shuffle(deck)
    seven = card("7h")  # not an ace or the joker (those are a misdeal)
    deck.remove(seven)
    deck.insert(9, seven)
    s = _hand_round("paigow/the101-double-hand", wagers={3: 1000})
    # Card 10 is the third of the second pass, which runs right to left from pile 7: pile 5.
    s = fold(g, [CardRead(c) for c in deck[:10]], s)
    s = apply(s, Declare(DeclareKind.EXPOSED_CARD, card=deck[9]))
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.EXPOSED_CARD, Ruling.REPLACE_FROM_STUB)]
    s = fold(g, [CardRead(c) for c in deck[10:49]], s)
    assert s.prompt == "replacement card for pile 5 (from the stub)"
    s = apply(s, CardRead(deck[49]))
    want = list(_expected_pile(deck, 5, 7, 7, serpentine=True))
    want.remove(deck[9])
    assert s.hand(pile(5)) == (*want, deck[49])
    assert s.hand(pile(4)) == _expected_pile(deck, 4, 7, 7, serpentine=True)


def test_a_short_deal_names_the_piles_the_last_pass_missed():
    s = _hand_round("paigow/capitol")
    s = fold(s.game, [CardRead(c) for c in list(ALL_CARDS)[:45]], s)  # six passes, three of the seventh
    assert s.prompt == "pile 4 of 7 (card 7 of 7, left to right)"
    s = apply(s, Declare(DeclareKind.DEAL_DONE))
    short = [a.message for a in s.alerts if a.code is AlertCode.WRONG_CARD_COUNT]
    assert sorted(short) == [f"pile {p} is 1 card short" for p in (4, 5, 6, 7)]
    assert s.status is Status.DEALT
