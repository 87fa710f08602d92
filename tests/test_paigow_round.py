"""Pai Gow rounds through the round engine: piles to seats from the dice, setting checks, bets after the
cup, and settlement through the banking engine (rules/paigow/deal.py, rules/paigow/round.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.banking import Direction
from rules.cards import ALL_CARDS, format_cards, parse_cards
from rules.paigow.deal import Assign, DealError, distribute
from rules.paigow.house_way import set_house_way
from rules.paigow.round import FAMILY
from rules.round import fold
from rules.round.alerts import AlertCode
from rules.round.events import Target, TargetKind, event_from_json
from rules.round.rulings import Finding
from terminal.games import get_game, load_games
from terminal.scenario import game_rules

PAIGOW = sorted(g for g in load_games() if g.startswith("paigow/"))


def _position(total: int, n: int) -> int:
    """The count written out: the player-dealer is 1, the next seat 2, … wrapping every n."""
    p = total
    while p > n:
        p -= n
    return p


@given(st.integers(3, 18), st.integers(1, 7), st.integers(1, 7), st.sampled_from(list(Direction)))
def test_the_dice_count_from_the_player_dealer_as_one(total, pd, called, direction):
    a = Assign(positions=7, direction=direction)
    d = distribute(a, 7, total, pd, called)
    step = 1 if direction is Direction.CLOCKWISE else -1
    expected_first = (pd - 1 + step * (_position(total, 7) - 1)) % 7 + 1
    assert d.first_seat == expected_first
    assert d.hands[called] == ("player_dealer" if expected_first == pd else f"seat {expected_first}")
    # every pile goes to exactly one position, the Action pile first, the next piles around the table
    assert sorted(d.hands) == list(range(1, 8))
    assert len(set(d.hands.values())) == 7
    assert d.order[0] == called and d.order[1] == called % 7 + 1


def test_player_dealer_is_always_1_8_15_and_9_17_in_mini():
    for total in range(3, 19):
        d = distribute(Assign(positions=7), 7, total, 4)
        assert (d.hands[1] == "player_dealer") == (total in (8, 15))
        m = distribute(Assign(positions=8, action_left=True), 8, total, 4)
        assert (m.hands[1] == "player_dealer") == (total in (9, 17))
        if total in (9, 17):  # the player-dealer takes the first set, the Action button goes to its left
            assert m.first_seat == 4 and m.action_seat == 5


def test_ultimate_counts_piles_from_the_chosen_one():
    a = Assign(community=("player", "banker"))
    d = distribute(a, 7, 9, 1, action_pile=3)
    # count the chosen pile 3 as one: 9 lands on pile 3 + 8 = 11 -> pile 4; the banker takes the next
    assert d.hands == {4: "player", 5: "banker"}
    assert distribute(a, 7, 7, None, action_pile=1).hands == {7: "player", 1: "banker"}


def test_bad_counts_and_assign_data_name_the_problem():
    with pytest.raises(DealError, match="pile 9"):
        distribute(Assign(), 7, 9, 1, action_pile=9)
    with pytest.raises(DealError, match="player-dealer"):
        distribute(Assign(), 7, 9, None)
    with pytest.raises(DealError, match="positions"):
        Assign.from_data({"positions": 1}, 7)
    with pytest.raises(DealError, match="unknown"):
        Assign.from_data({"seats": 7}, 7)


def _round(gid: str, seed: int, wagers: dict, bank: int, dice=(2, 3, 4), extra=(), set_hands=True):
    r = game_rules(get_game(gid))
    phases = r.procedure.phases
    piles, cards = phases[0].count, phases[0].cards
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    ev = [
        {"type": "shuffle"},
        {
            "type": "round_start",
            "seats": list(range(1, 9 if piles == 8 else 8)),
            "player_dealer": 1,
            "wagers": wagers,
            "bank": bank,
        },
    ]
    ev += [
        {"type": "card", "card": str(c), "packet": i // cards + 1}
        for i, c in enumerate(deck[: piles * cards])
    ]
    ev += [{"type": "card", "card": str(c)} for c in deck[piles * cards : 53]]
    ev += [*extra, {"type": "dice", "dice": list(dice)}, {"type": "button", "button": "confirm"}]
    s = fold(r, [event_from_json(e) for e in ev])
    if set_hands:
        way = FAMILY.setup(s).way
        dist = FAMILY.distribution(s)
        for seat in sorted({*map(int, wagers)}):
            hand = s.hand(Target(TargetKind.PILE, dist.pile_of(f"seat {seat}")))
            hw = set_house_way(hand, way)
            ev.append(
                {
                    "type": "hand_set",
                    "seat": seat,
                    "front": format_cards(hw.front),
                    "back": format_cards(hw.back),
                }
            )
        hand = s.hand(Target(TargetKind.PILE, dist.pile_of("player_dealer")))
        hw = set_house_way(hand, way)
        ev.append(
            {
                "type": "hand_set",
                "seat": 1,
                "player_dealer": True,
                "front": format_cards(hw.front),
                "back": format_cards(hw.back),
            }
        )
        s = fold(r, [event_from_json(e) for e in ev])
    return r, s


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 6000), st.lists(st.integers(100, 5000), min_size=6, max_size=6))
def test_chips_are_conserved_and_the_bank_never_loses_more_than_it_holds(seed, bank, amounts):
    wagers = {seat: cents for seat, cents in zip(range(2, 8), amounts, strict=True)}
    _, s = _round("paigow/capitol", seed, wagers, bank)
    st_ = s.outcome.settlement
    assert st_ is not None and st_.wagers is not None
    stakes = sum(wagers.values())
    receipts = sum(w.paid + w.returned for w in st_.wagers)
    assert bank + stakes == st_.bank_after + receipts
    assert -bank <= st_.player_dealer_result <= bank
    # settlement starts at the seat the dice named (9 -> the second position, seat 2)
    assert st_.wagers[0].seat == 2


def test_settlement_waits_for_every_hand_then_follows_the_dice():
    _, s = _round("paigow/capitol", 5, {2: 1000, 4: 1000}, 10000, set_hands=False)
    waiting = s.outcome.settlement
    assert waiting.wagers is None
    assert waiting.hands_to_set == ("seat 2", "seat 4", "the player-dealer (seat 1)")
    assert waiting.distribution.first_seat == 2  # dice 9: the second position from the player-dealer


def test_a_wager_changed_after_the_dice_is_bets_after_close_and_plays_as_placed():
    bet = {"type": "decision", "seat": 2, "action": "bet", "amount": 9000}
    _, before = _round("paigow/capitol", 6, {2: 1000}, 10000, extra=[bet])
    assert not [a for a in before.alerts if a.code is AlertCode.BETS_AFTER_CLOSE]
    r = game_rules(get_game("paigow/capitol"))
    _, s = _round("paigow/capitol", 6, {2: 1000}, 10000, set_hands=False)
    s2 = fold(r, [event_from_json(bet)], s)
    alert = [a for a in s2.alerts if a.code is AlertCode.BETS_AFTER_CLOSE]
    assert alert and alert[0].rule == "capitol-no-bet-changes" and alert[0].seat == 2


def test_prompt_names_each_pile_and_seat_while_distributing():
    r = game_rules(get_game("paigow/capitol"))
    _, s = _round("paigow/capitol", 7, {2: 1000}, 10000, set_hands=False)
    # undo the confirm: fold without it
    events = [e for _, e in s.segment][:-1]
    s = fold(r, events, fold(r, []))
    assert s.prompt.startswith("distribute the piles: pile 1 (Action) to seat 2, pile 2 to seat 3")
    assert "pile 7 to the player-dealer (seat 1)" in s.prompt


@pytest.mark.parametrize("gid", PAIGOW)
def test_setting_rulings_in_irregularities_agree_with_the_setting_data(gid):
    r = game_rules(get_game(gid))
    setting = r.data["setting"]
    foul = setting.get("foul") or {}
    for who, kind in (("player", TargetKind.SEAT), ("banker", TargetKind.PLAYER_DEALER)):
        want = (foul.get(who) or {}).get("ruling")
        if want:
            got = r.rulings.rule(Finding(AlertCode.FOUL_HAND, "", target=Target(kind, 1)), {})
            assert got.ruling.value == want, (gid, who)
    misset = setting.get("house_way_misset")
    if misset:
        got = r.rulings.rule(Finding(AlertCode.HOUSE_WAY_MISSET, "", target=Target(TargetKind.SEAT, 2)), {})
        assert got.ruling.value == misset["ruling"]


@pytest.mark.parametrize("gid", PAIGOW)
def test_every_variant_deals_53_cards_with_the_filed_leftover(gid):
    r = game_rules(get_game(gid))
    deal, leftover = r.procedure.phases[0], r.procedure.phases[1]
    assert deal.count * deal.cards + leftover.count == 53
    assert (deal.count, deal.cards, leftover.count) == ((8, 6, 5) if "mini" in gid else (7, 7, 4))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_triple_bonus_push_bet_follows_the_house_way_comparison(seed):
    from rules.paigow.settlement import SetHand, compare

    wagers = {2: {"main": 1000, "ultimate_push": 500, "happy_pai_gow": 500}}
    r, s = _round("paigow/triple-bonus-the101", seed, wagers, 100000)
    st_ = s.outcome.settlement
    rows = {w.spot: w for w in st_.wagers}
    su = FAMILY.setup(s)
    dist = FAMILY.distribution(s)

    def hw(recipient):
        cards = s.hand(Target(TargetKind.PILE, dist.pile_of(recipient)))
        h = set_house_way(cards, su.way)
        return SetHand.of([c.index for c in h.front], [c.index for c in h.back])

    pushed = compare(hw("seat 2"), hw("player_dealer"), su.variant).result.value == "push"
    assert (rows["ultimate_push"].result == "win") == pushed
    assert rows["ultimate_push"].result in ("win", "lose")
    assert rows["happy_pai_gow"].result in ("win", "lose")
    assert st_.unsettled is None


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_mini_double_down_follows_the_base_wager_when_the_player_dealer_qualifies(seed):
    from rules.paigow.hands import value5

    r, s = _round("paigow/mini-the101", seed, {2: 1000}, 100000)
    s = fold(r, [event_from_json({"type": "decision", "seat": 2, "action": "double_down"})], s)
    rows = {w.spot: w for w in s.outcome.settlement.wagers}
    assert rows["double_down"].cents == 1000  # equal to the Mini Pai Gow wager (seed 000 L1088)
    pd = s.outcome.settlement.player_dealer
    back = [c.index for c in parse_cards(pd.back)]
    v = value5(back, FAMILY.setup(s).variant.hand_rules)
    pair_of_fives_or_better = v >> 20 >= 2 or (v >> 20 == 1 and (v >> 16) & 15 >= 5)
    want = rows["main"].result if pair_of_fives_or_better else "push"
    assert rows["double_down"].result == want


def test_a_wager_changed_before_the_dice_plays_at_its_new_amount_after_it_as_placed():
    before = {"type": "decision", "seat": 2, "action": "bet", "amount": 3000}
    _, s = _round("paigow/capitol", 8, {2: 1000}, 100000, extra=[before])
    assert [w.cents for w in s.outcome.settlement.wagers] == [3000]
    r = game_rules(get_game("paigow/capitol"))
    _, s = _round("paigow/capitol", 8, {2: 1000}, 100000)
    after = fold(r, [event_from_json({**before, "amount": 9000})], s)
    assert [w.cents for w in after.outcome.settlement.wagers] == [1000]
    assert after.alerts[-1].code is AlertCode.BETS_AFTER_CLOSE
