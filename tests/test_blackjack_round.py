"""Every row of every filed player-dealer chart (and players' chart) through the round engine.

For each variant and each chart row a hand in that row is found, the round is dealt to it, and the
engine must prompt a hit (must-hit rows), end the deal (must-stand rows: one more card is
DRAW_AGAINST_RULE) or ask (option rows). A player-dealer standing where it must hit is DRAW_AGAINST_RULE.
"""

from itertools import product

import pytest

from rules.blackjack import from_data
from rules.cards import Card, Rank, Suit
from rules.evaluators.points import blackjack_total
from rules.round import Slot, Status, Wait, apply, fold
from rules.round.events import Action, CardRead, Decision, RoundStart, Shuffle, Target, TargetKind
from terminal.games import load_games
from terminal.scenario import game_rules

GAMES = {gid: g for gid, g in load_games().items() if g.family == "blackjack"}
PD_SEAT = 1
PLAYER = 2
PD = Target(TargetKind.PLAYER_DEALER)
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RANKS = (Rank.TEN, *[Rank(v) for v in range(9, 1, -1)], Rank.ACE)


def _hand_in(v, chart, row, cards_max=4):
    """Cards (no joker, not a natural) whose total falls in ``row`` of ``chart``."""
    for n in range(2, cards_max + 1):
        for ranks in product(RANKS, repeat=n):
            cards = [Card(r, SUITS[i % 4]) for i, r in enumerate(ranks)]
            try:
                t = blackjack_total(cards, v.totals)
            except Exception:
                continue
            if t.special is None and not t.frozen and chart.row(t) is row:
                # every prefix of two or more cards must be one the chart hits on (so the hand is reachable)
                ok = all(chart.action(blackjack_total(cards[:k], v.totals)) == "hit" for k in range(2, n))
                if ok:
                    return cards
    return None


def _cases(which):
    out = []
    for gid, g in sorted(GAMES.items()):
        v = from_data(g.data)
        chart = v.player_dealer_chart if which == "pd" else v.player_chart
        if chart is None:
            continue
        for i, row in enumerate(chart.rows):
            out.append(pytest.param(gid, i, id=f"{gid}-{which}-row{i}-{row.action}-{row.label}"))
    return out


def _deal(gid, player_cards, pd_cards):
    """Deal a round on ``gid``: seat 2 gets ``player_cards`` (standing), the player-dealer ``pd_cards``."""
    g = GAMES[gid]
    rules = game_rules(g)
    s = fold(
        rules,
        [
            Shuffle(),
            RoundStart((1, 2), PD_SEAT, None, ()),
        ],
    )
    p, d = list(player_cards), list(pd_cards)
    for _ in range(40):
        exp = s.expected
        if isinstance(exp, Slot):
            if exp.target == PD:
                if not d:
                    return s
                s = apply(s, CardRead(d.pop(0), exp.face.value != "down"))
            elif exp.target.kind is TargetKind.BURN:
                s = apply(s, CardRead(Card(Rank.TWO, Suit.CLUBS), False))
            else:
                if not p:
                    return s
                s = apply(s, CardRead(p.pop(0), exp.face.value != "down"))
        elif isinstance(exp, Wait) and exp.kind == "decision" and exp.seat == PLAYER:
            if p:
                return s
            s = apply(s, Decision(PLAYER, Action.STAND))
        else:
            return s
    return s


STANDING = (Card(Rank.TEN, Suit.CLUBS), Card(Rank.EIGHT, Suit.CLUBS))


@pytest.mark.parametrize(("gid", "i"), _cases("pd"))
def test_player_dealer_chart_row(gid, i):
    v = from_data(GAMES[gid].data)
    row = v.player_dealer_chart.rows[i]
    hand = _hand_in(v, v.player_dealer_chart, row)
    assert hand is not None, f"no hand found for {row.label}"
    s = _deal(gid, STANDING, hand)
    assert s.hand(PD) == tuple(hand)
    if row.action == "hit":
        assert isinstance(s.expected, Slot) and s.expected.target == PD
        assert s.prompt.startswith("player-dealer must hit"), s.prompt
        # the missing hit: the player-dealer stands anyway
        s2 = apply(s, Decision(PD_SEAT, Action.STAND))
        alerts = [a for a in s2.alerts if a.code.value == "DRAW_AGAINST_RULE"]
        assert alerts and alerts[-1].rule == f"{gid.split('/')[1]}-pd-chart"
        assert alerts[-1].ruling.value == "CALL_FLOOR"
    elif row.action == "stand":
        assert s.status is Status.DEALT, s.prompt
        assert s.outcome is not None and s.outcome.settlement is not None
        # a card dealt against the chart
        s2 = apply(s, CardRead(Card(Rank.TWO, Suit.HEARTS), True))
        alerts = [a for a in s2.alerts if a.code.value == "DRAW_AGAINST_RULE"]
        assert alerts and alerts[-1].rule == f"{gid.split('/')[1]}-pd-chart"
    else:
        assert isinstance(s.expected, Slot) and "option" in s.prompt
        s2 = apply(s, Decision(PD_SEAT, Action.STAND))
        assert s2.status is Status.DEALT and not s2.alerts


@pytest.mark.parametrize(("gid", "i"), _cases("players"))
def test_players_chart_row(gid, i):
    v = from_data(GAMES[gid].data)
    row = v.player_chart.rows[i]
    hand = _hand_in(v, v.player_chart, row, cards_max=2)
    if hand is None:
        hand = _hand_in(v, v.player_chart, row, cards_max=3)
    assert hand is not None
    pd = [Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.TEN, Suit.HEARTS)]
    g = GAMES[gid]
    s = fold(game_rules(g), [Shuffle(), RoundStart((1, 2), PD_SEAT, None, ())])
    two, rest = list(hand[:2]), list(hand[2:])
    for _ in range(10):
        exp = s.expected
        if not isinstance(exp, Slot) or (exp.target.kind is TargetKind.SEAT and not two):
            break
        if exp.target == PD and len(s.hand(PD)) >= 2:
            break
        card = two.pop(0) if exp.target.kind is TargetKind.SEAT else pd[len(s.hand(PD))]
        s = apply(s, CardRead(card, exp.face.value != "down"))
    for c in rest:  # the hits that reach the row
        s = apply(s, Decision(PLAYER, Action.HIT))
        s = apply(s, CardRead(c, True))
    if row.action == "stand":
        assert not (isinstance(s.expected, Wait) and s.expected.seat == PLAYER), s.prompt
    else:
        assert isinstance(s.expected, Wait) and s.expected.seat == PLAYER, s.prompt
        s2 = apply(s, Decision(PLAYER, Action.STAND))
        bad = [a for a in s2.alerts if a.code.value == "DRAW_AGAINST_RULE"]
        if row.action == "hit":
            assert bad and bad[-1].seat == PLAYER
        else:
            assert not bad


def test_every_filed_chart_is_exercised():
    assert len(_cases("pd")) >= 4 * len([g for g in GAMES.values() if g.data.get("player_dealer_chart")])


def test_no_bust_player_dealer_gets_its_second_card_after_the_players():
    s = _deal("blackjack/no-bust-marysville", STANDING, [Card(Rank.NINE, Suit.HEARTS)])
    assert len(s.hand(PD)) == 1
    assert s.prompt.startswith("player-dealer: second card")


def test_joker_up_card_freezes_every_player_at_marysville():
    g = GAMES["blackjack/no-bust-marysville"]
    from rules.cards import JOKER

    s = fold(game_rules(g), [Shuffle(), RoundStart((1, 2), PD_SEAT, None, ())])
    for c in (Card(Rank.FIVE, Suit.CLUBS), JOKER, Card(Rank.SIX, Suit.CLUBS)):
        s = apply(s, CardRead(c, True))
    # seat 2 holds 11 (must hit by the chart) but the joker freezes it: the player-dealer's card is next
    assert isinstance(s.expected, Slot) and s.expected.target == PD


def test_peeked_natural_stops_the_players():
    g = GAMES["blackjack/pure-21-5-capitol"]
    s = fold(game_rules(g), [Shuffle(), RoundStart((1, 2), PD_SEAT, None, ())])
    for c, up in (
        (Card(Rank.FIVE, Suit.CLUBS), True),
        (Card(Rank.ACE, Suit.HEARTS), True),
        (Card(Rank.SIX, Suit.CLUBS), True),
        (Card(Rank.KING, Suit.HEARTS), False),
    ):
        s = apply(s, CardRead(c, up))
    assert s.status is Status.DEALT  # no hits: the player-dealer's Pure 21.5 ends the round


def test_decisions_the_filing_does_not_allow():
    g = GAMES["blackjack/blackjack-x-buster-v1-1"]
    s = fold(game_rules(g), [Shuffle(), RoundStart((1, 2), PD_SEAT, None, ())])
    for c, up in (
        (Card(Rank.FIVE, Suit.CLUBS), True),
        (Card(Rank.NINE, Suit.HEARTS), True),
        (Card(Rank.FOUR, Suit.CLUBS), True),
        (Card(Rank.SEVEN, Suit.HEARTS), False),
    ):
        s = apply(s, CardRead(c, up))
    s1 = apply(s, Decision(PLAYER, Action.SURRENDER))
    assert any("surrender is not allowed" in a.message for a in s1.alerts)
    s2 = apply(s, Decision(PLAYER, Action.DOUBLE))  # 5 + 4 = 9: v1.1 doubles only on 10 and 11
    assert any("double only on 10, 11" in a.message for a in s2.alerts)
    s3 = apply(s, Decision(PLAYER, Action.INSURANCE, amount=500))  # the player-dealer shows a 9
    assert any("insurance only when" in a.message for a in s3.alerts)


@pytest.mark.parametrize("gid", sorted(g for g in GAMES if GAMES[g].data.get("player_dealer_chart")))
def test_every_filed_player_dealer_hits_soft_17_and_stands_on_hard_17(gid):
    v = from_data(GAMES[gid].data)
    soft17 = blackjack_total([Card(Rank.ACE, Suit.CLUBS), Card(Rank.SIX, Suit.HEARTS)], v.totals)
    hard17 = blackjack_total([Card(Rank.TEN, Suit.CLUBS), Card(Rank.SEVEN, Suit.HEARTS)], v.totals)
    hard16 = blackjack_total([Card(Rank.TEN, Suit.CLUBS), Card(Rank.SIX, Suit.HEARTS)], v.totals)
    assert v.pd_chart_action(soft17) == "hit"
    assert v.pd_chart_action(hard16) == "hit"
    assert v.pd_chart_action(hard17) == "stand"


def _play(gid, events, seats=(1, 2, 3)):
    g = GAMES[gid]
    s = fold(game_rules(g), [Shuffle(), RoundStart(seats, PD_SEAT, None, events[0])])
    for e in events[1:]:
        s = apply(s, e)
    return s


def _read(text, up=True):
    from rules.cards import parse_card

    return [CardRead(parse_card(t), up) for t in text.split()]


def test_split_hands_are_played_and_settled_one_by_one():
    from rules.round.events import Wager

    wagers = (Wager(2, 1000, "main"), Wager(3, 1000, "main"))
    # Pure 21.5 Capitol: seat 2 8-8, seat 3 T-9; player-dealer 7 up, T down (17, stands)
    ev = [wagers, *_read("8c Th 7h 8d 9s"), CardRead(parse("Td"), False)]
    ev += [Decision(2, Action.SPLIT)]
    ev += _read("3c")  # hand 1: 8-3
    ev += [Decision(2, Action.DOUBLE), *_read("Tc")]  # 21 on a double: the next hand plays
    ev += _read("9h")  # hand 2: 8-9 = 17
    ev += [Decision(2, Action.STAND), Decision(3, Action.STAND)]
    s = _play("blackjack/pure-21-5-capitol", ev)
    assert s.status is Status.DEALT, s.prompt
    rows = [r for r in s.outcome.settlement.wagers if r.seat == 2]
    assert [(r.hand, r.result, r.net_cents) for r in rows] == [(1, "win", 2000), (2, "push", 0)]
    assert not [a for a in s.alerts if a.code.value == "DRAW_AGAINST_RULE"]


def test_split_aces_take_one_card_and_a_ten_is_21_not_a_natural():
    from rules.round.events import Wager

    ev = [(Wager(2, 1000, "main"),), *_read("Ac 7h Ad"), CardRead(parse("Td"), False)]
    ev += [Decision(2, Action.SPLIT), *_read("Kc 5s")]
    s = _play("blackjack/pure-21-5-capitol", ev, seats=(1, 2))
    assert s.hand(Target(TargetKind.SEAT, 2, 1)) == (parse("Ac"), parse("Kc"))
    assert s.status is Status.DEALT  # each ace took one card; the player-dealer stands on 17
    rows = s.outcome.settlement.wagers
    assert [(r.hand, r.result, r.pays) for r in rows] == [(1, "win", "1"), (2, "lose", "-1")]


def test_resplitting_aces_is_refused_at_blackjack_x():
    from rules.round.events import Wager

    ev = [(Wager(2, 1000, "main"),), *_read("2c"), *_read("Ac 7h Ad"), CardRead(parse("9d"), False)]
    ev += [Decision(2, Action.SPLIT), *_read("As"), Decision(2, Action.SPLIT)]
    s = _play("blackjack/blackjack-x-the101", ev, seats=(1, 2))
    assert any("no re-splitting aces" in a.message for a in s.alerts)


def parse(text):
    from rules.cards import parse_card

    return parse_card(text)


def test_capitol_no_bust_surrender_only_while_not_over_20():
    g = GAMES["blackjack/no-bust-capitol"]
    s = fold(game_rules(g), [Shuffle(), RoundStart((1, 2), PD_SEAT, None, ())])
    for t in ("Tc", "9h", "5d"):
        s = apply(s, _read(t)[0])
    s = apply(s, CardRead(parse("7d"), False))
    s = apply(s, Decision(PLAYER, Action.HIT))
    s = apply(s, _read("8c")[0])  # 23: over 20
    s2 = apply(s, Decision(PLAYER, Action.SURRENDER))
    assert any("surrender only on 20 or less" in a.message for a in s2.alerts)
