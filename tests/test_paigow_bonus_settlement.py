"""The bonus bets a Pai Gow round settles beyond the hand bonuses: the Envy Bonus (Tres Lounge, Casino
Marysville Fortune and Face Up), Double Luck (The 101 Triple Bonus) and the Ultimate Tie Bet (The 101
Ultimate), each through a real round (rules/paigow/round.py), and Double Luck hand by hand against the
exact analysis's classes (rules/paigow/analyze.py) so the round and ``analyze`` cannot disagree."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, JOKER_INDEX, format_cards, parse_cards
from rules.paigow import analyze
from rules.paigow.bonus import BonusError, double_luck_hand, double_luck_row
from rules.paigow.house_way import set_house_way
from rules.paigow.report import EnvyLine
from rules.paigow.round import FAMILY
from rules.paigow.variant import PaiGowVariant
from rules.round import fold
from rules.round.events import Target, TargetKind, event_from_json
from terminal.games import get_game, load_games
from terminal.scenario import game_rules, load_scenario, run

TRIPLE = PaiGowVariant.from_data(get_game("paigow/triple-bonus-the101").data)
RULES = TRIPLE.hand_rules
LUCK = TRIPLE.bonus("double_luck")


def idx(text: str) -> tuple[int, ...]:
    return tuple(c.index for c in parse_cards(text))


def _class_luck(hand: tuple[int, ...]) -> str:
    """The Double Luck outcome ``analyze`` counts for the hand's class (its rank counts, joker, flush ranks)."""
    (vec, joker) = analyze.class_key(hand)
    counts = {r: n for r, n in zip(range(2, 15), vec, strict=True) if n}
    naturals = [i for i in hand if i != JOKER_INDEX]
    fs = None
    for suit in range(4):
        ranks = frozenset((i >> 2) + 2 for i in naturals if i & 3 == suit)
        if len(ranks) >= (4 if joker else 5):
            fs = ranks
    cat = analyze._plain(vec, joker)[0] if fs is None else analyze._flush_class(fs, counts, joker)[0]
    return analyze._luck(cat, counts, joker, fs, RULES)


def _check_classes(stride: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for n, (rep, _weight, _flush) in enumerate(analyze.hand_classes(7)):
        if n % stride:
            continue
        got = double_luck_hand(rep, RULES)
        assert got == _class_luck(rep), rep
        out[got] = out.get(got, 0) + 1
    return out


def test_double_luck_agrees_with_analyze_on_a_stride_of_the_class_representatives():
    seen = _check_classes(61)
    assert sum(seen.values()) > 4000
    assert {"straight_flush", "four_of_a_kind+pair", "full_house", "flush+pair"} <= set(seen)


@pytest.mark.slow
def test_double_luck_agrees_with_analyze_on_every_class_representative():
    assert sum(_check_classes(1).values()) == sum(1 for _ in analyze.hand_classes(7))


def test_double_luck_agrees_with_analyze_on_seeded_random_hands():
    rng = random.Random(20261126)
    deck = list(range(53))
    outcomes: dict[str, int] = {}
    for _ in range(3000):
        hand = tuple(rng.sample(deck, 7))
        got = double_luck_hand(hand, RULES)
        assert got == _class_luck(hand), hand
        outcomes[got] = outcomes.get(got, 0) + 1
    # the sample reaches the common rows and their +pair forms
    assert {"straight", "flush", "full_house", "straight+pair", "none"} <= set(outcomes)


@pytest.mark.parametrize(
    ("cards", "hand", "pays"),
    [
        ("2s 3s 4s 5s 6s 7s 8s", "seven_card_straight_flush_natural", 2000),
        ("2s 3s 4s Jk 6s 7s 8s", "seven_card_straight_flush_joker", 30),
        ("As Ad Ah Ac Jk Kd Ks", "five_aces+pair", 1000),
        ("As Ks Qs Js Ts 9d 2c", "royal_flush", 100),
        ("9s 9d 9h 9c 4d 4s 2c", "four_of_a_kind+pair", 40),
        ("9s 9d 9h 4c 4d Ks Kc", "full_house+pair", 20),
        ("9s 9d 9h 4c 4d Ks Qc", "full_house", 10),
        ("As 9s 7s 4s 2s Kd Kc", "flush+pair", 10),
        ("6d 7s 8h 9c Td 2s 3c", "straight", 2),
        ("6d 7s 8h 9c Td 2s 2c", "straight+pair", 4),
        ("Ad Ks 8h 9c Td 2s 2c", "none", -1),
    ],
)
def test_double_luck_hands_and_their_pay_rows(cards, hand, pays):
    got = double_luck_hand(idx(cards), RULES)
    assert got == hand
    assert got == _class_luck(idx(cards))
    assert double_luck_row(LUCK, got)[1] == pays


def test_double_luck_needs_seven_cards():
    with pytest.raises(BonusError, match="seven cards"):
        double_luck_hand(idx("As Ks Qs Js Ts 9d"), RULES)


# ---------------------------------------------------------------------------------------------- rounds


def _events(gid: str, hands: dict[str, str], wagers: dict, bank: int, dice=(2, 3, 4), seed: int = 7):
    """A whole round's events: the piles dealt so that each named recipient (``seat 3``,
    ``player_dealer``, ``player``, ``banker``) receives the given seven cards, the rest shuffled, every
    hand with a wager set the House Way (the player-dealer's last)."""
    r = game_rules(get_game(gid))
    piles, cards = r.procedure.phases[0].count, r.procedure.phases[0].cards
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    start = [
        {"type": "shuffle"},
        {
            "type": "round_start",
            "seats": list(range(1, max(piles, 7) + 1)),
            "player_dealer": 1,
            "wagers": wagers,
            "bank": bank,
        },
    ]
    tail = [{"type": "dice", "dice": list(dice)}, {"type": "button", "button": "confirm"}]

    def deal(order):
        n = piles * cards
        return [
            {"type": "card", "card": str(c), "packet": i // cards + 1} for i, c in enumerate(order[:n])
        ] + [{"type": "card", "card": str(c)} for c in order[n:]]

    # Where each recipient's pile is depends on the dice and the player-dealer only: find it on any deck.
    dry = fold(r, [event_from_json(e) for e in start + deal(deck) + tail])
    dist = FAMILY.distribution(dry)
    wanted = {dist.pile_of(who): parse_cards(cards) for who, cards in hands.items()}
    used = {c for cs in wanted.values() for c in cs}
    assert len(used) == cards * len(wanted), "a card is in two hands"
    rest = [c for c in deck if c not in used]
    order = []
    for pile in range(1, piles + 1):
        order += list(wanted[pile]) if pile in wanted else [rest.pop() for _ in range(cards)]
    ev = start + deal(order + rest) + tail
    s = fold(r, [event_from_json(e) for e in ev])
    if FAMILY.setup(s).assign.community:
        return r, s, ev
    # a room with no chart (Oaks): the hands are set by another room's chart, only to be set without a foul
    way = FAMILY.setup(s).way or FAMILY.setup(fold(game_rules(get_game("paigow/capitol")), [])).way
    for seat in sorted(map(int, wagers)):
        hw = set_house_way(s.hand(Target(TargetKind.PILE, dist.pile_of(f"seat {seat}"))), way)
        ev.append(
            {"type": "hand_set", "seat": seat, "front": format_cards(hw.front), "back": format_cards(hw.back)}
        )
    hw = set_house_way(s.hand(Target(TargetKind.PILE, dist.pile_of("player_dealer"))), way)
    ev.append(
        {
            "type": "hand_set",
            "seat": 1,
            "player_dealer": True,
            "front": format_cards(hw.front),
            "back": format_cards(hw.back),
        }
    )
    return r, fold(r, [event_from_json(e) for e in ev]), ev


def _settle(gid, hands, wagers, bank, **kw):
    _, s, _ = _events(gid, hands, wagers, bank, **kw)
    out = s.outcome.settlement
    assert out is not None and out.wagers is not None, out
    return out


def _conserved(out, wagers, bank):
    """Every chip is accounted for: the bank and the stakes before, the bank and the pushes back after."""
    stakes = sum(c for w in wagers.values() for c in (w.values() if isinstance(w, dict) else [w]))
    back = sum(w.paid + w.returned for w in out.wagers) + sum(e.paid for e in (out.envy or ()))
    assert bank + stakes == out.bank_after + back
    assert out.player_dealer_result == out.bank_after - bank


#: Seven-card hands for the Envy rounds (no card twice).
QUADS_9 = "9s 9d 9h 9c 4d 5s 2c"
STRAIGHT_FLUSH = "3h 4h 5h 6h 7h Td Jc"
QUADS_K = "Ks Kh Kd Kc 8c 6d 2s"
NOTHING = "Ah 8d 6s 3d Js 2h 5d"
QUADS_Q = "Qs Qh Qd Qc 7c 3c 4s"
ACE_HIGH = "Ac Th 8s 7d 4c 3s Jd"  # the player-dealer: a seven-card ace-high (Face Up pushes every hand)

ENVY_HANDS = {
    "seat 2": QUADS_9,
    "seat 3": STRAIGHT_FLUSH,
    "seat 4": QUADS_K,
    "seat 5": NOTHING,
    "seat 6": QUADS_Q,
    "player_dealer": ACE_HIGH,
}
#: Seats 2, 3 and 5 hold Envy buttons ($5 Fortune bets); seat 4's $1 Fortune bet earns none but its hand
#: counts; seat 6 placed no Fortune bet, so its four queens count for nobody.
ENVY_WAGERS = {
    2: {"main": 1000, "fortune": 500},
    3: {"main": 1000, "fortune": 500},
    4: {"main": 1000, "fortune": 100},
    5: {"main": 1000, "fortune": 500},
    6: {"main": 1000},
}


def _envy(out):
    return {e.seat: e for e in out.envy}


@pytest.mark.parametrize(
    ("gid", "quads", "sf"),
    [
        ("paigow/fortune-marysville", 500, 1000),  # FPG-04 Envy column (seed 004 L1592-1593)
        ("paigow/fortune-tres-lounge", 500, 2000),  # seed 002 L502-503
    ],
)
def test_envy_each_holder_wins_once_for_every_other_qualifying_fortune_hand(gid, quads, sf):
    out = _settle(gid, ENVY_HANDS, ENVY_WAGERS, 10**6)
    envy = _envy(out)
    assert sorted(envy) == [2, 3, 5]  # the holders: a Fortune bet of $5 or more
    # seat 2: seat 3's straight flush and seat 4's quads; seat 3: seats 2 and 4; seat 5: all three
    assert envy[2].paid == sf + quads
    assert envy[3].paid == quads + quads
    assert envy[5].paid == quads + sf + quads
    assert all(e.coverage == "full" for e in envy.values())
    assert out.unsettled is None
    _conserved(out, ENVY_WAGERS, 10**6)
    # the Fortune bets themselves are paid on their own hands
    fortune = {w.seat: w for w in out.wagers if w.spot == "fortune"}
    variant = PaiGowVariant.from_data(get_game(gid).data).bonus("fortune")
    assert fortune[2].paid == 500 * variant.row("four_of_a_kind").pays
    assert fortune[3].paid == 500 * variant.row("straight_flush").pays
    assert fortune[5].collected == 500
    assert any("Envy Bonus: paid" in ln for ln in out.lines)


def test_face_up_envy_pays_only_the_highest_hand_never_to_its_owner():
    out = _settle("paigow/face-up-marysville", ENVY_HANDS, ENVY_WAGERS, 10**6)
    envy = _envy(out)
    sf = (
        PaiGowVariant.from_data(get_game("paigow/face-up-marysville").data)
        .bonus("envy")
        .row("straight_flush")
    )
    # seat 3's straight flush is the highest hand: seats 2 and 5 are paid its $10 once; seat 3 nothing
    assert (envy[2].paid, envy[3].paid, envy[5].paid) == (sf.cents, 0, sf.cents)
    assert envy[2].for_ == ("seat 3: straight_flush",)
    # the player-dealer's seven-card ace-high pushes every base wager (seed 004 L3105)
    assert {w.result for w in out.wagers if w.spot == "main"} == {"push"}
    _conserved(out, ENVY_WAGERS, 10**6)


def test_envy_the_player_dealers_hand_never_counts():
    hands = {"seat 2": NOTHING, "seat 3": "8h 8s 7s 3c Qc 2d 5c", "player_dealer": QUADS_K}
    wagers = {2: {"main": 1000, "fortune": 500}, 3: {"main": 1000, "fortune": 500}}
    out = _settle("paigow/fortune-marysville", hands, wagers, 10**6)
    assert {e.seat: e.paid for e in out.envy} == {2: 0, 3: 0}
    assert all(e.result == "lose" for e in out.envy)


def test_envy_is_paid_after_every_wager_from_what_the_bank_still_holds():
    # seat 2's $1 Fortune bet (no button) on four nines wins 20 to 1 = $20; seat 5's $5 (a button) loses.
    # Each also bets $1 on the base game: a Fortune bet needs one (seed 004 L1507-1508); seat 2's wins $1.
    hands = {"seat 2": QUADS_9, "seat 5": NOTHING, "player_dealer": ACE_HIGH}
    wagers = {2: {"main": 100, "fortune": 100}, 5: {"main": 100, "fortune": 500}}
    # a $21 bank: exhausted by seat 2's wins, seat 5's bets go back and the Envy is not paid
    out = _settle("paigow/fortune-marysville", hands, wagers, 2100)
    assert [(w.seat, w.spot, w.paid, w.collected, w.returned) for w in out.wagers] == [
        (2, "main", 100, 0, 100),
        (2, "fortune", 2000, 0, 100),
        (5, "main", 0, 0, 100),
        (5, "fortune", 0, 0, 500),
    ]
    assert out.envy == (
        EnvyLine(
            seat=5,
            spot="envy",
            result="win",
            due_cents=500,
            paid=0,
            coverage="none",
            for_=("seat 2: four_of_a_kind",),
        ),
    )
    assert out.bank_after == 0 and out.exhausted
    _conserved(out, wagers, 2100)
    # a $24 bank: $3 left after seat 2, seat 5's $1 and $5 collected, the $5 Envy paid from the $9
    out = _settle("paigow/fortune-marysville", hands, wagers, 2400)
    assert _envy(out)[5].paid == 500 and out.bank_after == 400
    _conserved(out, wagers, 2400)


def test_money_on_an_envy_spot_is_returned():
    hands = {"seat 2": QUADS_9, "player_dealer": ACE_HIGH}
    out = _settle("paigow/fortune-tres-lounge", hands, {2: {"main": 1000, "envy": 100}}, 10**5)
    row = next(w for w in out.wagers if w.spot == "envy")
    assert (row.result, row.returned, row.paid, row.collected) == ("void", 100, 0, 0)


def test_double_luck_in_a_round_pays_the_row_or_the_plus_pair_column():
    hands = {
        "seat 2": "As 9s 7s 4s 2s Kd Kc",  # a flush, and a pair of kings beside it: 10 to 1 (L3988)
        "seat 3": "6d 7h 8h 9c Td 2h 3c",  # a straight: 2 to 1 (L3989)
        "seat 4": "Ad Ks 8c 9d Th 2d 2c",  # a pair of twos: not a Double Luck hand, lost
    }
    wagers = {2: {"double_luck": 500}, 3: {"double_luck": 500}, 4: {"main": 1000, "double_luck": 500}}
    out = _settle("paigow/triple-bonus-the101", hands, wagers, 10**6)
    rows = {w.seat: w for w in out.wagers if w.spot == "double_luck"}
    assert (rows[2].result, rows[2].paid, rows[2].rule) == ("win", 5000, "Double Luck: flush+pair")
    assert (rows[3].result, rows[3].paid, rows[3].rule) == ("win", 1000, "Double Luck: straight")
    assert (rows[4].result, rows[4].collected) == ("lose", 500)
    assert out.unsettled is None
    _conserved(out, wagers, 10**6)
    # the round's reading is the one analyze counts
    assert rows[2].rule.endswith(_class_luck(idx(hands["seat 2"])))
    assert rows[3].rule.endswith(_class_luck(idx(hands["seat 3"])))
    assert _class_luck(idx(hands["seat 4"])) == "none"


@pytest.mark.parametrize(
    ("player", "banker", "row", "pays"),
    [
        # same ranks, other suits: both hands set alike, both segments copy (the variant's choice for L1511)
        ("As Kd 9c 7h 5s 3d 2h", "Ac Kh 9d 7s 5c 3h 2s", "seven_card_tie", 1000),
        # the same pair and small cards behind, different fronts: the five-card hands copy (L1510)
        ("Qs Qd 9c 7h 5s 3d 2h", "Qh Qc 8d 6s 5c 3h 2s", "five_card_tie", 250),
        # the same front (K-9), different backs: the two-card hands copy (L1509)
        ("As Kd 9c 7h 5s 3d 2h", "Ac Kh 9d 8s 5c 3h 2s", "two_card_tie", 30),
        ("As Kd 9c 7h 5s 3d 2h", "Qh Jc 8d 6s 4c 3h 2s", None, -1),
    ],
)
def test_ultimate_tie_bet_pays_the_highest_copy_row(player, banker, row, pays):
    wagers = {2: {"ultimate_player": 1000, "ultimate_tie": 100}, 3: {"ultimate_banker": 1000}}
    out = _settle("paigow/ultimate-the101", {"player": player, "banker": banker}, wagers, 10**6)
    front, back = (part.split()[1].rstrip(",") for part in out.comparison.split(", "))
    tie = next(w for w in out.wagers if w.spot == "ultimate_tie")
    copies = {
        "seven_card_tie": ("copy", "copy"),
        "five_card_tie": (front, "copy"),
        "two_card_tie": ("copy", back),
    }
    if row is None:
        assert "copy" not in (front, back)
        assert (tie.result, tie.collected) == ("lose", 100)
    else:
        assert (front, back) == copies[row]
        assert (tie.result, tie.paid, tie.rule) == ("win", 100 * pays, f"Ultimate Tie Bet: {row}")
    assert out.unsettled is None
    _conserved(out, wagers, 10**6)


PAIGOW = sorted(g for g in load_games() if g.startswith("paigow/"))


@pytest.mark.parametrize("gid", PAIGOW)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_bonus_of_every_variant_is_settled_in_a_round(gid, seed):
    variant = PaiGowVariant.from_data(get_game(gid).data)
    bets = {b.id: 100 for b in variant.bonuses if b.kind != "envy"}
    envy = [b for b in variant.bonuses if b.kind == "envy"]
    if variant.community_hands:
        wagers = {2: bets, 3: dict(bets)}
    else:
        base = {"main": 1000}
        if envy:
            base[envy[0].of] = envy[0].min_fortune_wager_cents  # an Envy button on both seats
        wagers = {2: {**bets, **base}, 3: {**bets, **base}}
    out = _settle(gid, {}, wagers, 10**7, seed=seed)
    assert out.unsettled is None and out.held is None
    settled = {(w.seat, w.spot) for w in out.wagers}
    assert {(seat, spot) for seat, ws in wagers.items() for spot in ws} == settled
    assert all(w.result in ("win", "lose", "push") for w in out.wagers)
    if envy:
        assert [e.seat for e in out.envy] == [2, 3]
    _conserved(out, wagers, 10**7)


def test_no_paigow_scenario_leaves_a_wager_unsettled():
    ran = 0
    for path in sorted((Path(__file__).parent / "scenarios").glob("*.yaml")):
        sc = load_scenario(path)
        if not sc.game.id.startswith("paigow/"):
            continue
        state, _ = run(sc)
        out = state.outcome.settlement if state.outcome is not None else None
        assert not (out is not None and out.unsettled), path.name
        ran += 1
    assert ran >= 30


def test_face_up_pays_the_envy_in_the_seats_turn_the_fortune_rooms_at_the_end_of_the_round():
    # Seat 2 (the Action seat) holds a button and loses its $5 Fortune bet; seat 3's $1 Fortune bet on four
    # nines wins $20 and pays seat 2's Envy ($5). The bank: $10. Each seat also bets $1 on the base game (a
    # Fortune bet needs one, seed 004 L1507-1508, L3341).
    hands = {"seat 2": NOTHING, "seat 3": QUADS_9, "player_dealer": ACE_HIGH}
    wagers = {2: {"main": 100, "fortune": 500}, 3: {"main": 100, "fortune": 100}}
    # Face Up, seat by seat (L3136): seat 2's base wager pushes (the player-dealer's seven-card ace-high,
    # L3105), its $5 Fortune collected (bank $15), its Envy $5 paid ($10), then seat 3's $20 Fortune win
    # paid $10 of it.
    out = _settle("paigow/face-up-marysville", hands, wagers, 1000)
    assert _envy(out)[2].paid == 500
    fortune = [(w.seat, w.paid, w.collected) for w in out.wagers if w.spot == "fortune"]
    assert fortune == [(2, 0, 500), (3, 1000, 0)]
    assert out.lines.index(next(ln for ln in out.lines if "Envy" in ln)) == 2
    _conserved(out, wagers, 1000)
    # Marysville Fortune, at the end of the round (L1555): seat 2's $1 base wager lost, seat 3's won ($1);
    # seat 3's Fortune takes the whole $15 left, the Envy goes unpaid.
    out = _settle("paigow/fortune-marysville", hands, wagers, 1000)
    assert (_envy(out)[2].paid, _envy(out)[2].coverage) == (0, "none")
    fortune = [(w.seat, w.paid, w.collected) for w in out.wagers if w.spot == "fortune"]
    assert fortune == [(2, 0, 500), (3, 1500, 0)]
    _conserved(out, wagers, 1000)


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(["paigow/fortune-marysville", "paigow/fortune-tres-lounge", "paigow/face-up-marysville"]),
    st.integers(0, 10**6),
    st.integers(0, 40000),
    st.lists(st.integers(1, 20), min_size=5, max_size=5),
)
def test_envy_never_pays_more_than_due_nor_more_than_the_bank_holds(gid, seed, bank, dollars):
    hands = {"seat 2": QUADS_9, "seat 3": STRAIGHT_FLUSH}
    wagers = {seat: {"main": 1000, "fortune": d * 100} for seat, d in zip(range(2, 7), dollars, strict=True)}
    out = _settle(gid, hands, wagers, bank, seed=seed)
    holders = sorted(seat for seat, w in wagers.items() if w["fortune"] >= 500)
    assert [e.seat for e in (out.envy or ())] == holders  # the action seat is seat 2 (dice 9)
    due = sum(e.due_cents for e in (out.envy or ()))
    paid = sum(e.paid for e in (out.envy or ()))
    assert all(0 <= e.paid <= e.due_cents for e in (out.envy or ()))
    # every Envy payout is paid in full unless the bank ran dry
    assert paid == due or out.bank_after == 0
    assert out.bank_after >= 0
    _conserved(out, wagers, bank)


@pytest.mark.parametrize("on_push", ["lose", "return"])
def test_ultimate_side_bet_on_a_push_loses_or_comes_back_as_the_setting_says(monkeypatch, on_push):
    """The player side wins the front (9-7 over 8-6) and copies the back: a push for the Player Bet. The 101
    files 'otherwise the wager loses' (L1464, on_push: lose); the other reading returns it (a setting)."""
    import copy
    import dataclasses

    import tests.test_paigow_bonus_settlement as me

    game = get_game("paigow/ultimate-the101")
    if on_push == "return":
        data = copy.deepcopy(game.data)
        for b in data["bonuses"]:
            if b["id"] in ("ultimate_player", "ultimate_banker"):
                b["on_push"] = "return"
        game = dataclasses.replace(game, data=data)
    else:
        assert {b["id"]: b.get("on_push") for b in game.data["bonuses"]}["ultimate_player"] == "lose"
    monkeypatch.setattr(me, "get_game", lambda gid: game)
    wagers = {2: {"ultimate_player": 1000}, 3: {"ultimate_banker": 400}}
    hands = {"player": "Qs Qd 9c 7h 5s 3d 2h", "banker": "Qh Qc 8d 6s 5c 3h 2s"}
    out = _settle("paigow/ultimate-the101", hands, wagers, 10**6)
    assert out.comparison == "front win, back copy"
    player = next(w for w in out.wagers if w.spot == "ultimate_player")
    banker = next(w for w in out.wagers if w.spot == "ultimate_banker")
    assert (banker.result, banker.collected) == ("lose", 400)  # the banker side won nothing
    if on_push == "lose":
        assert (player.result, player.collected, player.returned) == ("lose", 1000, 0)
    else:
        assert (player.result, player.collected, player.returned) == ("push", 0, 1000)
    _conserved(out, wagers, 10**6)


def test_a_bad_on_push_setting_is_refused_naming_the_bonus():
    import copy

    from rules.gamefile import GameFileError

    data = copy.deepcopy(get_game("paigow/ultimate-the101").data)
    assert data["bonuses"][0]["id"] == "ultimate_player"
    data["bonuses"][0]["on_push"] = "sometimes"
    with pytest.raises(GameFileError, match="'return' or 'lose'") as exc:
        PaiGowVariant.from_data(data)
    assert exc.value.where == "bonuses[0].on_push"


@pytest.mark.parametrize("shuffler", [True, False])
def test_happy_pai_gow_one_colour_row_pays_only_from_a_shuffle_machine(shuffler):
    """Happy Pai Gow's 9-high one-colour row (1000 to 1) is 'offered only with a shuffle machine' (seed 000
    L3960): from the machine's packets it pays; the same hand dealt by hand (a dealer's shuffle, the piles
    read card by card in the serpentine) is paid by the next row, the 9-high Pai Gow (100 to 1, L3961)."""
    hands = {"seat 2": "9h 8d 7h 5d 4h 3d 2h"}
    wagers = {2: {"main": 1000, "happy_pai_gow": 100}}
    r, s, ev = _events("paigow/triple-bonus-the101", hands, wagers, 10**6)
    if not shuffler:
        cards = [e for e in ev if e["type"] == "card"]
        piles = [[c["card"] for c in cards[k * 7 : (k + 1) * 7]] for k in range(7)]
        serpentine = [piles[p][j] for j in range(7) for p in (range(7) if j % 2 == 0 else range(6, -1, -1))]
        by_hand = [{"type": "card", "card": c} for c in serpentine] + [
            {"type": "card", "card": c["card"]} for c in cards[49:]
        ]
        first = ev.index(cards[0])
        ev = ev[:first] + by_hand + ev[first + len(cards) :]
        assert ev[0] == {"type": "shuffle"}  # a dealer's shuffle (the event's default source)
        s = fold(r, [event_from_json(e) for e in ev])
        assert not s.alerts, s.alerts
    happy = next(w for w in s.outcome.settlement.wagers if w.spot == "happy_pai_gow")
    assert happy.result == "win"
    assert happy.paid == (100 * 1000 if shuffler else 100 * 100), happy


def test_face_up_envy_when_two_players_achieve_the_top_row_only_the_others_are_paid():
    """Face Up L3429-3430: 'If multiple players achieve the exact same qualifying Envy Bonus hand, none of the
    players who achieved the qualifying hand will receive a payout': seats 2 and 3 both hold four of a kind
    (the top row this round) and are paid nothing; seat 4, a holder who did not achieve it, is paid once."""
    hands = {
        "seat 2": "9s 9d 9c 9h 5s 3d 2h",
        "seat 3": "Ks Kd Kc Kh 6s 4d 2c",
        "seat 4": "As Qd 8c 7h 5c 3h 2s",
    }
    wagers = {s: {"main": 1000, "fortune": 500} for s in (2, 3, 4)}
    out = _settle("paigow/face-up-marysville", hands, wagers, 10**6)
    envy = _envy(out)
    quads = (
        PaiGowVariant.from_data(get_game("paigow/face-up-marysville").data)
        .bonus("envy")
        .row("four_of_a_kind")
    )
    assert (envy[2].paid, envy[3].paid, envy[4].paid) == (0, 0, quads.cents)
    _conserved(out, wagers, 10**6)


def test_a_bad_envy_paid_setting_is_refused_naming_the_bonus():
    import copy

    from rules.gamefile import GameFileError

    data = copy.deepcopy(get_game("paigow/face-up-marysville").data)
    envy = next(i for i, b in enumerate(data["bonuses"]) if b["id"] == "envy")
    data["bonuses"][envy]["paid"] = "whenever"
    with pytest.raises(GameFileError, match="'end_of_round' or 'in_turn'") as exc:
        PaiGowVariant.from_data(data)
    assert exc.value.where == f"bonuses[{envy}].paid"
