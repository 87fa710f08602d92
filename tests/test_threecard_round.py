"""Three Card Poker rounds through the round engine: each filed deal, the two decks, wager checks, the action
seat and the bank (rules/threecard/round.py with config/games/threecard/*.yaml)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import STANDARD_CARDS, parse_card
from rules.gamefile import GameFileError
from rules.round import Ruling, apply, fold
from rules.round.alerts import AlertCode
from rules.round.events import (
    Action,
    Button,
    ButtonPress,
    CardRead,
    Correction,
    Decision,
    Declare,
    DeclareKind,
    RoundStart,
    Shuffle,
    Target,
    TargetKind,
    Wager,
)
from rules.round.procedure import PhaseKind, Recipients
from rules.round.state import Status, Wait
from rules.threecard import from_data
from terminal.games import load_games
from tests.round_helpers import filed

THREE_CARD = [
    "threecard/tres-lounge",
    "threecard/capitol",
    "threecard/marysville",
    "threecard/six-card-bonus-marysville",
    "threecard/six-card-bonus-oaks",
    "threecard/pair-and-up",
]
ALL = [*THREE_CARD, "threecard/betwiser-3card-holdem"]
RULES = {g: filed(g) for g in ALL}
#: The player-dealer's card the filing turns face up, by its place in the stack as dealt.
UP_CARD = {
    "threecard/tres-lounge": 1,  # bottom card
    "threecard/capitol": 3,  # third card
    "threecard/marysville": 1,
    "threecard/six-card-bonus-marysville": 1,
    "threecard/six-card-bonus-oaks": 3,
    "threecard/pair-and-up": 1,
}


def c(text: str):
    return parse_card(text)


def cards(text: str) -> list[CardRead]:
    return [CardRead(c(t), source="shuffler") for t in text.split()]


def ante_round(gid: str, seats=(1, 2, 5, 7), pd=5, bank=0, button=None, wagers=None, deck_id=""):
    g = RULES[gid]
    ws = wagers if wagers is not None else tuple(Wager(s, 1000, "ante") for s in seats if s != pd)
    return g, fold(g, [Shuffle(deck_id, "shuffler"), RoundStart(tuple(seats), pd, button, ws, bank)])


# --- the deal ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", THREE_CARD)
def test_stacks_of_three_from_the_player_left_of_the_player_dealer_then_its_own(gid):
    g, s = ante_round(gid, seats=(1, 2, 5, 7), pd=5)
    order = []
    deck = list(STANDARD_CARDS)
    for _ in range(12):
        slot = s.expected
        order.append((str(slot.target), slot.nth))
        s = apply(s, CardRead(deck.pop(), source="shuffler"))
    assert order == [(t, n) for t in ("seat 7", "seat 1", "seat 2", "player_dealer") for n in (1, 2, 3)]
    assert s.status.value == "dealt" and s.alerts == ()
    # The filed card of the player-dealer's stack is the one the words say ends face up.
    pd_phase = next(p for p in g.procedure.phases if p.to is Recipients.PLAYER_DEALER)
    ups = [i + 1 for i in range(3) if pd_phase.face_at(i).value == "up"]
    assert ups == [UP_CARD[gid]]
    assert from_data(g.data).shows in ("bottom", "third")
    assert {"bottom": 1, "third": 3}[from_data(g.data).shows] == UP_CARD[gid]


@pytest.mark.parametrize("gid", THREE_CARD)
def test_a_card_after_the_deal_is_flagged(gid):
    g, s = ante_round(gid)
    s = fold(g, cards("As Kd 7h 2c 9s Tc 5d 5h Jc 3c 3d 3h"), s)
    s = apply(s, CardRead(c("4s"), face_up=True, source="shuffler"))
    code = s.alerts[-1].code
    unloads = any(p.kind is PhaseKind.LEFTOVER for p in g.procedure.phases)
    # Leftovers are unloaded into the discard rack unexposed where filed; Capitol files no leftover.
    assert code is (AlertCode.LEFTOVER_MISMATCH if unloads else AlertCode.EXTRA_CARD)
    assert unloads == (gid != "threecard/capitol")
    assert s.alerts[-1].ruling is Ruling.CALL_FLOOR


def test_a_shuffler_packet_number_names_the_seat():
    g, s = ante_round("threecard/tres-lounge", seats=(1, 2, 5, 7), pd=5)
    s = apply(s, CardRead(c("As"), source="shuffler", packet=1))
    assert s.alerts == () and s.hand(Target(TargetKind.SEAT, 7)) == (c("As"),)
    s = apply(s, CardRead(c("Kd"), source="shuffler", packet=2))  # seat 7's stack is one card short
    assert [a.code for a in s.alerts] == [AlertCode.MISSED_SEAT]


@pytest.mark.parametrize(
    "source, order",
    [
        ("shuffler", ["seat 1", "seat 1", "seat 2", "seat 2"]),  # two-card hands from the shuffler (L297)
        ("dealer", ["seat 1", "seat 2", "seat 1", "seat 2"]),  # a hand shuffle: one at a time (L301)
    ],
)
def test_3ch_deals_two_card_hands_then_the_board_and_the_player_dealer_after_the_betting(source, order):
    g = RULES["threecard/betwiser-3card-holdem"]
    wagers = (Wager(1, 500, "ante"), Wager(2, 500, "ante"))
    s = fold(g, [Shuffle(source=source), RoundStart((1, 2, 6), 6, None, wagers)])
    seen = []
    for t in ["As", "Kd", "7h", "2c"]:
        seen.append(str(s.expected.target))
        s = apply(s, CardRead(c(t)))
    assert seen == order
    assert s.prompt.startswith("communal cards, card 1 of 3 face up")
    s = fold(g, [CardRead(c("5d"), face_up=True), *cards("Qs 3h")], s)
    assert "betting" in s.prompt
    s = apply(s, CardRead(c("Jh"), face_up=True))  # the player-dealer's card before the bets are in
    assert s.alerts[-1].code is AlertCode.PREMATURE_CARD


# --- two decks -----------------------------------------------------------------------------------------


def _round(gid, deck_id, misdeal=False, pd=4, last=False):
    """A round dealt from ``deck_id``: declared a misdeal, or (the last round of a fold aside) dealt to
    its end, as a round start never replaces a round still being dealt (ROUND_UNFINISHED)."""
    seats = (1, 2, 4)
    events = [Shuffle(deck_id, "shuffler"), RoundStart(seats, pd, 1, (Wager(1, 1000, "ante"),), 10000)]
    if misdeal:
        events.append(Declare(DeclareKind.MISDEAL))
    elif not last:
        s = fold(RULES[gid], events)
        cards = iter(STANDARD_CARDS)
        while s.status is Status.DEALING:
            x = s.expected
            e = ButtonPress(Button.CONFIRM) if isinstance(x, Wait) else CardRead(next(cards), back=deck_id)
            s = apply(s, e)
            events.append(e)
    return events


@pytest.mark.parametrize("gid", [g for g in ALL if g != "threecard/capitol"])
def test_the_decks_alternate_every_round(gid):
    g = RULES[gid]
    # (the third round has another player-dealer: no one banks more than two in a row, banking.rotation)
    ok = fold(g, [*_round(gid, "red"), *_round(gid, "blue"), *_round(gid, "red", pd=2, last=True)])
    assert ok.alerts == ()
    again = fold(g, [*_round(gid, "red"), *_round(gid, "red", last=True)])
    assert [a.code for a in again.alerts] == [AlertCode.WRONG_DECK]
    assert "alternate" in again.alerts[0].message and again.alerts[0].ruling is Ruling.CALL_FLOOR
    # A misdeal's reshuffle deals the same deck again; the deck before it still counts.
    void = fold(g, [*_round(gid, "red"), *_round(gid, "blue", misdeal=True), *_round(gid, "blue", last=True)])
    assert void.alerts == ()  # (the misdeal's alert belonged to the voided round)
    void2 = fold(g, [*_round(gid, "red"), *_round(gid, "blue", misdeal=True), *_round(gid, "red", last=True)])
    assert [a.code for a in void2.alerts] == [AlertCode.WRONG_DECK]


def test_capitol_has_one_deck_setup_and_no_alternation():
    g = RULES["threecard/capitol"]
    s = fold(g, [*_round("threecard/capitol", "red"), *_round("threecard/capitol", "red", last=True)])
    assert s.alerts == ()


def test_both_decks_in_one_rounds_cards_once_and_a_correction_takes_it_back():
    g, s = ante_round("threecard/marysville")
    s = fold(g, [CardRead(c("As"), back="red"), CardRead(c("Kd"), back="blue")], s)
    assert [a.code for a in s.alerts] == [AlertCode.WRONG_DECK] and "discard rack" in s.alerts[0].message
    s = apply(s, CardRead(c("7h"), back="blue"))
    assert len(s.alerts) == 1  # said once a round
    undo = apply(s, Correction(of=s.seq - 1))  # the blue Kd was a misread
    assert [a.code for a in undo.alerts] == [AlertCode.WRONG_DECK]  # the 7h is still blue
    undo = apply(undo, Correction(of=s.seq))
    assert undo.alerts == ()
    # With the deck in play named, a read of the other back is WRONG_DECK card by card instead.
    g, s = ante_round("threecard/marysville", deck_id="red")
    s = fold(
        g, [CardRead(c("As"), back="red"), CardRead(c("Kd"), back="blue"), CardRead(c("7h"), back="blue")], s
    )
    assert [a.card for a in s.alerts] == [c("Kd"), c("7h")]


# --- wagers --------------------------------------------------------------------------------------------


def _dealt(gid, wagers, seats=(1, 4), pd=4, bank=0, button=1):
    g, s = ante_round(gid, seats=seats, pd=pd, wagers=wagers, bank=bank, button=button)
    return g, fold(g, cards("Ks Kd 2c Qh 8c 3d"), s)


@pytest.mark.parametrize("gid", THREE_CARD)
def test_a_play_not_equal_to_the_ante_calls_the_floor(gid):
    g, s = _dealt(gid, (Wager(1, 1000, "ante"),))
    s = apply(s, Decision(1, Action.BET, amount=500))
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.DRAW_AGAINST_RULE, Ruling.CALL_FLOOR)]
    assert s.outcome.settlement.wagers[0].result == "problem"
    _, ok = _dealt(gid, (Wager(1, 1000, "ante"),))
    ok = apply(ok, Decision(1, Action.BET, amount=1000))
    assert ok.alerts == () and ok.outcome.settlement.wagers[0].result == "win"


@pytest.mark.parametrize("gid", THREE_CARD)
def test_a_forfeit_for_want_of_funds_is_filed_only_for_3ch(gid):
    g, s = _dealt(gid, (Wager(1, 1000, "ante"),))
    s = apply(s, Decision(1, Action.SURRENDER))
    assert [(a.code, a.ruling) for a in s.alerts] == [(AlertCode.DRAW_AGAINST_RULE, Ruling.CALL_FLOOR)]
    assert s.outcome.settlement.wagers[0].result == "problem"


def test_3ch_unequal_bet_is_noted_under_e5_and_settled_on_the_smaller():
    g = RULES["threecard/betwiser-3card-holdem"]
    s = fold(g, [Shuffle(), RoundStart((1, 5), 5, 1, (Wager(1, 1000, "ante"),), 50000), *cards("Kc Kd")])
    s = fold(g, [CardRead(c("2s"), face_up=True), *cards("7h Th")], s)
    s = apply(s, Decision(1, Action.BET, amount=1500))
    a = s.alerts[-1]
    assert (a.code, a.ruling, a.rule) == (AlertCode.DRAW_AGAINST_RULE, Ruling.CONTINUE, "3ch-e5")


# --- the action seat and the bank -----------------------------------------------------------------------

#: Each filing's count, written out from its text: (the player-dealer card used, card values, count from,
#: the table's positions).
COUNTS = {
    "threecard/capitol": (2, {"J": 0, "Q": 0, "K": 0}, "dealer_left", 8),
    "threecard/six-card-bonus-oaks": (3, {"J": 11, "Q": 12, "K": 13}, "dealer_left", 8),
    "threecard/six-card-bonus-marysville": (1, {"J": 11, "Q": 12, "K": 13}, "left_of_player_dealer", 7),
}


def expected_action_seat(gid, pd_cards, seats, pd):
    nth, values, origin, positions = COUNTS[gid]
    card = pd_cards[nth - 1]
    rank = card.rank.char
    value = values.get(rank, {"A": 1, "T": 10}.get(rank) or (int(rank) if rank.isdigit() else 0))
    ring = list(range(1, positions + 1))
    if origin == "left_of_player_dealer":
        i = ring.index(pd)
        ring = ring[i + 1 :] + ring[:i]
    else:
        ring.remove(pd)
    seat = ring[(value - 1) % len(ring)]
    while seat not in seats:  # an empty seat: on to the next one clockwise (the order starts there anyway)
        seat = seat % positions + 1
        if seat == pd:
            seat = seat % positions + 1
    return seat


@settings(max_examples=60, deadline=None)
@given(
    gid=st.sampled_from(sorted(COUNTS)),
    seed=st.integers(0, 10**9),
    n_players=st.integers(1, 5),
)
def test_the_action_seat_is_the_filed_count_of_the_filed_card(gid, seed, n_players):
    rnd = random.Random(seed)
    positions = COUNTS[gid][3]
    seats = sorted(rnd.sample(range(1, positions + 1), n_players + 1))
    pd = rnd.choice(seats)
    players = [s for s in seats if s != pd]
    g, s = ante_round(gid, seats=seats, pd=pd, bank=10**7)
    deck = rnd.sample(list(STANDARD_CARDS), 3 * len(seats))
    s = fold(g, [CardRead(x) for x in deck], s)
    s = fold(g, [Decision(p, Action.BET) for p in players], s)
    settlement = s.outcome.settlement
    pd_cards = [c(t) for t in settlement.player_dealer.split()]
    assert settlement.bank.action_seat == expected_action_seat(gid, pd_cards, players, pd)


def test_left_of_the_player_dealer_and_the_dealers_button():
    for gid, seat in (("threecard/marysville", 7), ("threecard/pair-and-up", 7)):
        g, s = ante_round(gid, seats=(1, 2, 5, 7), pd=5, bank=100000)
        s = fold(
            g,
            [*cards("As Kd 7h 2c 9s Tc 5d 5h Jc 3c 3d 3h"), *(Decision(p, Action.BET) for p in (1, 2, 7))],
            s,
        )
        assert s.outcome.settlement.bank.action_seat == seat
    g, s = ante_round("threecard/tres-lounge", seats=(1, 2, 5, 7), pd=5, bank=100000)
    s = fold(
        g, [*cards("As Kd 7h 2c 9s Tc 5d 5h Jc 3c 3d 3h"), *(Decision(p, Action.BET) for p in (1, 2, 7))], s
    )
    assert "the dealer places it" in s.outcome.settlement.bank.problem
    g, s = ante_round("threecard/tres-lounge", seats=(1, 2, 5, 7), pd=5, bank=100000, button=2)
    s = fold(
        g, [*cards("As Kd 7h 2c 9s Tc 5d 5h Jc 3c 3d 3h"), *(Decision(p, Action.BET) for p in (1, 2, 7))], s
    )
    assert s.outcome.settlement.bank.action_seat == 2


@settings(max_examples=80, deadline=None)
@given(gid=st.sampled_from(THREE_CARD), seed=st.integers(0, 10**9), bank=st.integers(0, 40000))
def test_chips_are_conserved_and_a_covering_bank_pays_what_the_rows_say(gid, seed, bank):
    rnd = random.Random(seed)
    v = from_data(RULES[gid].data)
    seats = sorted(rnd.sample(range(1, 8), rnd.randint(2, 6)))
    pd = rnd.choice(seats)
    players = [s for s in seats if s != pd]
    wagers = []
    for p in players:
        ante = rnd.choice((500, 1000, 2500))
        wagers.append(Wager(p, ante, "ante"))
        for b in v.bonuses:
            if rnd.random() < 0.5:
                wagers.append(Wager(p, ante if b.equal_to_ante else rnd.choice((500, 1000)), b.key))
    g, s = ante_round(gid, seats=seats, pd=pd, bank=bank, button=players[0], wagers=tuple(wagers))
    deck = rnd.sample(list(STANDARD_CARDS), 3 * len(seats))
    s = fold(g, [CardRead(x) for x in deck], s)
    s = fold(g, [Decision(p, rnd.choice((Action.BET, Action.FOLD))) for p in players], s)
    out = s.outcome.settlement
    if not bank:
        assert out.bank is None
        return
    b = out.bank
    staked = sum(w.cents for w in wagers)
    raised = sum(r.cents for r in out.wagers if r.spot == "play")
    back = sum(t.returned + t.paid for t in b.by_seat.values())
    assert back + b.bank_after == staked + raised + b.bank_before
    assert 0 <= b.bank_after <= 2 * b.bank_before
    owed = sum(r.net_cents for r in out.wagers if r.net_cents > 0)
    won = -sum(r.net_cents for r in out.wagers if r.net_cents < 0)
    if owed <= bank and won <= bank:  # the bank covers every wager: it pays exactly the rows
        assert b.bank_after - b.bank_before == -sum(r.net_cents for r in out.wagers)


# --- the data ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", ALL)
def test_every_ruling_cites_the_room_and_every_file_has_banking(gid):
    g = RULES[gid]
    data = load_games()[gid].data
    seed = data["source"]["seed"]
    for e in g.rulings.entries:
        assert e.cite.seed == seed and e.cite.lines, (gid, e.id)
    v = from_data(data)
    assert v.button is not None and v.banking is not None
    assert set(v.banking.order.wager_order) == set(v.wager_keys())
    assert v.banking.rotation.max_consecutive == 2


@pytest.mark.parametrize(
    "button, where",
    [
        ({"card": 0, "cite": "x"}, "action_button.card"),
        ({"from": "right", "cite": "x"}, "action_button.from"),
        ({"placed_by": "floor", "cite": "x"}, "action_button.placed_by"),
        ({"card": 1, "from": "left_of_player_dealer", "cite": "x"}, "action_button"),
        ({"card": 1}, "action_button.cite"),
    ],
)
def test_a_bad_action_button_names_its_field(button, where):
    """The family's schema (the one validator of its game files) refuses each, naming the field."""
    data = dict(load_games()["threecard/six-card-bonus-oaks"].data)
    data["action_button"] = button
    with pytest.raises(GameFileError) as exc:
        from_data(data)
    assert exc.value.where == where


def test_a_settlement_order_that_forgets_a_wager_is_an_error():
    data = dict(load_games()["threecard/tres-lounge"].data)
    settlement = {**data["banking"]["settlement"], "wager_order": ["ante", "play"]}
    data["banking"] = {**data["banking"], "settlement": settlement}
    with pytest.raises(GameFileError) as exc:
        from_data(data)
    assert "pair-plus" in str(exc.value)
    assert exc.value.where == "banking.settlement.wager_order"


def test_each_variant_has_a_full_round_scenario():
    names = {p.stem for p in (Path(__file__).parent / "scenarios").glob("*.yaml")}
    for prefix in (
        "tres-lounge-three-card-poker-full-round",
        "capitol-three-card-poker-full-round",
        "marysville-three-card-poker-full-round",
        "marysville-6-card-bonus-full-round",
        "oaks-6-card-bonus-full-round",
        "pair-and-up-full-round",
        "3ch-full-round",
        "3ch-irregularity-e4",
        "3ch-irregularity-e5",
    ):
        assert any(n.startswith(prefix) for n in names), prefix


def test_after_the_deal_the_prompt_asks_each_play_in_turn_then_where_to_settle():
    g, s = ante_round("threecard/marysville", seats=(1, 2, 5, 7), pd=5, bank=100000)
    s = fold(g, cards("As Kd 7h 2c 9s Tc 5d 5h Jc 3c 3d 3h"), s)
    assert s.prompt == "deal complete; Play or fold: seat 7 (then seats 1, 2)"
    s = apply(s, Decision(7, Action.FOLD))
    assert s.prompt == "deal complete; Play or fold: seat 1 (then seat 2)"
    s = fold(g, [Decision(1, Action.BET), Decision(2, Action.BET)], s)
    assert s.prompt == "deal complete; reveal the player-dealer's hand and settle from seat 7"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), bank=st.integers(1, 40000))
def test_3ch_chips_are_conserved_with_unequal_bets_and_folds(seed, bank):
    rnd = random.Random(seed)
    g = RULES["threecard/betwiser-3card-holdem"]
    seats = sorted(rnd.sample(range(1, 8), rnd.randint(2, 6)))
    pd = seats[-1]
    players = seats[:-1]
    wagers = []
    for p in players:
        wagers.append(Wager(p, rnd.choice((500, 1000)), "ante"))
        if rnd.random() < 0.5:
            wagers.append(Wager(p, 500, rnd.choice(("flush-or-pair", "straight-or-up"))))
    antes = {w.seat: w.cents for w in wagers if w.spot == "ante"}
    deck = rnd.sample(list(STANDARD_CARDS), 2 * len(players) + 6)
    ev = [Shuffle(), RoundStart(tuple(seats), pd, players[0], tuple(wagers), bank)]
    ev += [CardRead(x) for x in deck[: 2 * len(players)]]
    board = deck[2 * len(players) : 2 * len(players) + 3]
    ev += [CardRead(board[0], face_up=True), CardRead(board[1]), CardRead(board[2])]
    bets: dict[int, int] = {}
    stayed = []
    for p in players:
        if rnd.random() < 0.2:
            ev.append(Decision(p, Action.FOLD))
        else:
            amt = rnd.choice((antes[p], antes[p], 500, 1500))
            bets[p] = amt
            stayed.append(p)
            ev.append(Decision(p, Action.BET, amount=amt))
    ev.append(ButtonPress(Button.CONFIRM))
    for p in stayed:
        if rnd.random() < 0.5:
            amt = rnd.choice((antes[p], 500))
            bets[p] += amt
            ev.append(Decision(p, Action.BET, amount=amt))
        else:
            ev.append(Decision(p, Action.CHECK))
    ev += [ButtonPress(Button.CONFIRM), CardRead(deck[-3]), CardRead(deck[-2], face_up=True)]
    ev.append(CardRead(deck[-1], face_up=True))
    s = fold(g, ev)
    b = s.outcome.settlement.bank
    staked = sum(w.cents for w in wagers) + sum(bets.values())
    back = sum(t.returned + t.paid + (t.refunded or 0) for t in b.by_seat.values())
    assert back + b.bank_after == staked + b.bank_before
