"""Super Pan 9 and Fast Nine through the round engine: the dice's action seat, three cards each from it,
the players' hit or stand, the player-dealer's hand by its chart, draws against it, and settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, parse_card
from rules.round import Target, TargetKind, apply, fold
from rules.round.events import (
    Action,
    Button,
    ButtonPress,
    CardRead,
    Decision,
    DiceResult,
    RoundStart,
    Shuffle,
    Wager,
)
from rules.round.procedure import Slot
from rules.round.state import Status
from terminal.games import load_games
from terminal.scenario import game_rules

PAN9 = ("baccarat/super-pan9", "baccarat/fast-nine")
PD = Target(TargetKind.PLAYER_DEALER, 0)


def card(value: int, i: int = 0) -> Card:
    """A Pan 9 card of a point value (0 = a picture card; no 7, 8, 9 or 10 in the shoe)."""
    rank = "KQJ"[i % 3] if value == 0 else ("A" if value == 1 else str(value))
    return parse_card(rank + "cdhs"[i % 4])


def counted_seat(seats: list[int], pd: int, total: int) -> int:
    """The filing-independent count: clockwise from the player-dealer as 1 over the seats in play."""
    ring = sorted(seats)
    i = ring.index(pd)
    ring = ring[i:] + ring[:i]
    return ring[(total - 1) % len(ring)]


def started(gid: str, seats=(1, 2, 4, 5), pd=4, dice=(1, 1, 1)):
    g = game_rules(load_games()[gid])
    wagers = tuple(Wager(s, 1000, "main") for s in seats if s != pd)
    return fold(g, [Shuffle(), RoundStart(tuple(seats), pd, None, wagers, 100000), DiceResult(tuple(dice))])


@pytest.mark.parametrize("gid", PAN9)
@settings(max_examples=40, deadline=None)
@given(
    seats=st.sets(st.integers(1, 7), min_size=2, max_size=7).map(sorted),
    data=st.data(),
    dice=st.tuples(*[st.integers(1, 6)] * 3),
)
def test_the_deal_starts_at_the_seat_the_dice_count_to(gid, seats, data, dice):
    pd = data.draw(st.sampled_from(seats))
    s = started(gid, seats, pd, dice)
    first = counted_seat(seats, pd, sum(dice))
    ring = sorted(seats)
    ring = ring[ring.index(first) :] + ring[: ring.index(first)]
    want = [PD if x == pd else Target(TargetKind.SEAT, x) for x in ring] * 3
    assert [sl.target for sl in s.slots] == want  # one card at a time around, the player-dealer in its place


def deal_hands(s, hands: dict[int | str, list[int]]):
    """Deal three cards to each hand in the order the terminal asks for them."""
    used = {k: 0 for k in hands}
    i = 0
    while isinstance(s.expected, Slot) and s.current_phase.name == "three cards each":
        t = s.expected.target
        key = "pd" if t == PD else t.index
        s = apply(s, CardRead(card(hands[key][used[key]], i), False))
        used[key] += 1
        i += 1
    return s


def play_players(s, hits: dict[int, int]):
    """Each player in turn: hit (with the given card value) or stand."""
    i = 20
    while s.expected.__class__.__name__ == "Wait" and s.expected.kind == "decision":
        seat = s.expected.seat
        if seat in hits:
            s = apply(s, Decision(seat, Action.HIT))
            s = apply(s, CardRead(card(hits[seat], i), False))
            i += 1
        else:
            s = apply(s, Decision(seat, Action.STAND))
    return s


@pytest.mark.parametrize("pd_total", range(7))
def test_super_pan9_player_dealer_by_its_chart(pd_total):
    """L497-501: a card on 0-3, the player-dealer's option on 4-6, stand on 7-9 (values 7-9 need a sum)."""
    s = started("baccarat/super-pan9")
    s = deal_hands(s, {1: [1, 1, 1], 2: [2, 2, 2], 5: [3, 0, 0], "pd": [pd_total, 0, 0]})
    s = play_players(s, {1: 4})
    if pd_total <= 3:
        assert s.prompt == f"player-dealer draws (fourth card): {pd_total}"
        missed = apply(s, ButtonPress(Button.CONFIRM))
        assert [a.code.value for a in missed.alerts] == ["DRAW_AGAINST_RULE"]
        # A new round while the card is owed is refused; the round waits for its card (ROUND_UNFINISHED).
        nxt = apply(s, RoundStart((1, 2, 4, 5), 4, None, (), 100000))
        assert [a.code.value for a in nxt.alerts] == ["ROUND_UNFINISHED"]
        assert nxt.prompt == s.prompt
        s = apply(s, CardRead(card(2, 30), False))
        assert s.status is Status.DEALT
    else:
        assert s.prompt == f"player-dealer's option on {pd_total}: hit or stand?"
        stood = apply(s, Decision(4, Action.STAND))
        assert stood.status is Status.DEALT and not stood.alerts
        late = apply(stood, CardRead(card(2, 30), False))
        assert [a.code.value for a in late.alerts] == ["DRAW_AGAINST_RULE"]
        hit = apply(apply(s, Decision(4, Action.HIT)), CardRead(card(2, 30), False))
        assert hit.status is Status.DEALT and len(hit.hand(PD)) == 4


@pytest.mark.parametrize("pd_cards", [[3, 4, 0], [4, 4, 0], [6, 6, 5]])
def test_super_pan9_player_dealer_stands_on_7_to_9(pd_cards):
    s = started("baccarat/super-pan9")
    s = deal_hands(s, {1: [1, 1, 1], 2: [2, 2, 2], 5: [3, 0, 0], "pd": pd_cards})
    s = play_players(s, {})
    assert s.status is Status.DEALT
    late = apply(s, CardRead(card(2, 30), False))
    assert [a.code.value for a in late.alerts] == ["DRAW_AGAINST_RULE"]


def test_a_player_takes_one_card_at_most():
    s = started("baccarat/super-pan9")
    s = deal_hands(s, {1: [1, 1, 1], 2: [2, 2, 2], 5: [3, 0, 0], "pd": [4, 4, 0]})
    s = apply(s, Decision(1, Action.HIT))
    s = apply(s, CardRead(card(1, 40), False))
    assert len(s.hand(Target(TargetKind.SEAT, 1))) == 4
    assert s.expected.seat == 2  # the action moved on: a fourth card ends seat 1's turn


@pytest.mark.parametrize("gid", PAN9)
def test_settlement_from_the_action_seat_closer_to_nine(gid):
    # dice 3: counted from the player-dealer (seat 4) as 1 -> 4, 5, 1: the action is at seat 1.
    s = started(gid)
    s = deal_hands(s, {1: [3, 3, 0], 2: [1, 1, 0], 5: [2, 2, 0], "pd": [2, 2, 3]})
    s = play_players(s, {2: 2})
    assert s.status is Status.DEALT, s.prompt  # the player-dealer's 7 stands in both games
    out = s.outcome.to_json()["settlement"]
    assert out["player_dealer_total"] == 7
    got = [(w["seat"], w["total"], w["result"], w["net_cents"]) for w in out["wagers"]]
    want = []
    for seat, total in ((1, 6), (2, 4), (5, 4)):
        result = "win" if total > 7 else ("lose" if total < 7 else "push")
        want.append((seat, total, result, {"win": 1000, "lose": -1000, "push": 0}[result]))
    assert got == want


@pytest.mark.parametrize(("player", "net"), [(8, 1000), (6, 500), (5, 0), (0, 0)])
def test_fast_nine_zero_rule(player, net):
    """L195-199: the player-dealer's first three total 0 - it does not hit; 7-9 win, 6 wins half, else push."""
    s = started("baccarat/fast-nine")
    vals = {8: [4, 4, 0], 6: [3, 3, 0], 5: [5, 0, 0], 0: [0, 0, 0]}[player]
    s = deal_hands(s, {1: vals, 2: [1, 0, 0], 5: [1, 0, 0], "pd": [0, 0, 0]})
    s = play_players(s, {})
    assert s.status is Status.DEALT  # no hit on zero
    out = s.outcome.to_json()["settlement"]
    assert out["wagers"][0]["seat"] == 1 and out["wagers"][0]["net_cents"] == net


@pytest.mark.parametrize("pd_total", range(1, 7))
def test_fast_nine_player_dealer_by_the_house_way(pd_total):
    """The House Way (L186-189): a card on 1-5, stand on 6 (zero is the zero rule)."""
    s = started("baccarat/fast-nine")
    s = deal_hands(s, {1: [1, 0, 0], 2: [1, 0, 0], 5: [1, 0, 0], "pd": [pd_total, 0, 0]})
    s = play_players(s, {})
    if pd_total <= 5:
        assert s.prompt == f"player-dealer draws (fourth card): {pd_total}"
    else:
        assert s.status is Status.DEALT


def test_fast_nine_draw_starts_left_of_the_player_dealer():
    """L191: the draw starts at the first active position left of the player-dealer, not at the action seat."""
    s = started("baccarat/fast-nine", dice=(1, 1, 1))  # action seat 1; player-dealer seat 4
    s = deal_hands(s, {1: [1, 0, 0], 2: [1, 0, 0], 5: [1, 0, 0], "pd": [6, 0, 0]})
    assert s.expected.seat == 5
    s = started("baccarat/super-pan9", dice=(1, 1, 1))
    s = deal_hands(s, {1: [1, 0, 0], 2: [1, 0, 0], 5: [1, 0, 0], "pd": [6, 0, 0]})
    assert s.expected.seat == 1  # Super Pan 9: from the action seat (recorded choice)
