"""Every row of every filed side bet's pay table wins on cards made for it (and pays what the table says);
the main game's comparison rules per filing; settlement per wager."""

from fractions import Fraction

import pytest

from rules.blackjack import from_data, settle_game_wager, settle_side_bet, side_bet_row
from rules.cards import JOKER, parse_card
from rules.evaluators.points import blackjack_total
from terminal.games import load_games

GAMES = {gid: g for gid, g in load_games().items() if g.family == "blackjack"}


def cards(text):
    return [JOKER if t == "Jk" else parse_card(t) for t in text.split()]


# Player-dealer hands that go over on their last card, by number of cards (no joker; over 22 for the 22 games
# and in the 22-30 band for the 31 games).
BUST = {
    3: "6c 7d Ts",
    4: "2c 5d 6h Ts",
    5: "2c 2d 4h 5s Tc",
    6: "2c 2d 2h 3s 4c Td",
    7: "2c 2d 2h 2s 2c 3d Th",
    8: "2c 2d 2h 2s 2c 2d Ah Tc",
}
PAIR = "8c 8d"
SEVENS = {  # (count, red) -> player two cards + player-dealer up card
    (3, 3): "7h 7d 7h",
    (3, 0): "7c 7s 7h",
    (2, 2): "7h 7d 2c",
    (2, 0): "7c 7s 2c",
    (1, 1): "7h 2c 3c",
    (1, 0): "7c 2c 3c",
}
JACKS = {
    (3, 3): "Js Jh Js",
    (3, 0): "Jd Jc Js",
    (2, 2): "Js Jh 2c",
    (2, 0): "Jd Jc 2c",
    (1, 1): "Jh 2c 3c",
    (1, 0): "Jd 2c 3c",
}
BONUS = {
    "pair_of_ks_beaten_by_blackjack": ("Ks Ks", "Ad Qh"),
    "pair_of_ks": ("Ks Ks", "9d Qh"),
    "same_rank_and_suit": ("Qh Qh", "9d 5h"),
    "suited_20": ("Qh Jh", "9d 5h"),
    "two_card_20": ("Qh Jc", "9d 5h"),
    "first_card_picture": ("Qh 5c", "9d 5h"),
}
LUCKY = {
    "suited_777": "7h 7h 7h",
    "suited_678": "6d 7d 8d",
    "777": "7h 7c 7h",
    "678": "6d 7c 8d",
    "suited_21": "Ac Tc Kc",
    "21": "Ac Td Kc",
    "20": "Tc 5d 5h",
    "19": "Tc 4d 5h",
}


def _rows():
    out = []
    for gid, g in sorted(GAMES.items()):
        v = from_data(g.data)
        for bet in v.side_bets:
            for i, row in enumerate(bet.rows):
                out.append(pytest.param(gid, bet.key, i, id=f"{gid}-{bet.key}-{row.name}"))
    return out


def _hand_for(v, bet, row):
    """(player cards, player-dealer cards) that should win ``row``."""
    k = bet.kind
    if k == "player_dealer_bust_cards":
        return cards("Tc 9c"), cards(BUST[row.cards])
    if k == "first_two_pair":
        return cards(PAIR), cards("Ah Kd" if row.with_natural else "9h 8s")
    if k == "three_card_rank":
        table = SEVENS if bet.rank.char == "7" else JACKS
        three = cards(table[(row.cards, row.special)])
        return three[:2], three[2:] + cards("2d")
    if k == "red_run":
        reds = cards("2h 2d 3h 2h 3d 2d 3h 2d")[: row.cards]
        return cards("Tc 9c"), reds + cards("Ts")
    if k == "blackjack_bonus":
        p, d = BONUS[row.hand]
        return cards(p), cards(d)
    if k == "lucky_lucky":
        three = cards(LUCKY[row.hand])
        return three[:2], three[2:] + cards("2d")
    if k == "frozen_plus_hole":
        return cards("5c Tc Td"), cards("9h 6d")  # 25 + the player-dealer's second card 6 = 31
    raise AssertionError(k)


@pytest.mark.parametrize(("gid", "key", "i"), _rows())
def test_side_bet_pay_table_row(gid, key, i):
    v = from_data(GAMES[gid].data)
    bet = v.side_bet(key)
    row = bet.rows[i]
    player, pd = _hand_for(v, bet, row)
    pd_total = None if bet.kind == "red_run" else blackjack_total(pd, v.totals) if len(pd) >= 2 else None
    player_total = blackjack_total(player, v.totals)
    got = side_bet_row(bet, v, player, pd, pd_total, player_total)
    assert got is row, (got, row)
    r = settle_side_bet(bet, v, player, pd, pd_total, player_total)
    assert r.result == "win" and r.pays == row.pays
    assert r.net_cents(500) == int(row.pays * 500)


@pytest.mark.parametrize(
    ("gid", "key"),
    [(gid, b.key) for gid, g in sorted(GAMES.items()) for b in from_data(g.data).side_bets],
)
def test_side_bet_loses_without_a_paying_hand(gid, key):
    v = from_data(GAMES[gid].data)
    bet = v.side_bet(key)
    player, pd = cards("9c 5d"), cards("Ts 8c")  # no pair, no 7 or jack, a black first card, a standing 18
    r = settle_side_bet(bet, v, player, pd, blackjack_total(pd, v.totals), blackjack_total(player, v.totals))
    assert r.result in ("lose", "void") and r.pays <= 0


def test_filed_pay_tables():
    """Spot checks of the data against the filings' tables (catalog 000a §14-19, 001 G21, 003 §10-11, 004 S10-11)."""
    pays = {
        (gid, b.key): [int(r.pays) for r in b.rows]
        for gid, g in GAMES.items()
        for b in from_data(g.data).side_bets
    }
    assert pays[("blackjack/blackjack-x-the101", "buster")] == [200, 50, 15, 4, 2, 2]
    assert pays[("blackjack/pure-21-5-oaks", "buster")] == [250, 100, 25, 6, 3, 1]
    assert pays[("blackjack/no-bust-marysville", "buster")] == [100, 40, 10, 4, 2, 1]
    assert pays[("blackjack/magic-7-the101", "magic_sevens")] == [100, 40, 25, 5, 1, 1]
    assert pays[("blackjack/blackjack-x-jack-magic-the101", "jack_magic")] == [300, 100, 40, 10, 3, 1]
    assert pays[("blackjack/pure-21-5-capitol", "red_flex")] == [250, 100, 50, 8, 3, 2]
    assert pays[("blackjack/pure-21-5-oaks", "lucky_lucky")] == [200, 100, 50, 30, 10, 3, 2, 2]
    assert pays[("blackjack/no-bust-marysville", "blackjack_bonus")] == [500, 50, 8, 6, 4, 1]
    assert pays[("blackjack/magic-7-the101", "lucky_pair")] == [40, 10]


@pytest.mark.parametrize(
    ("gid", "player", "pd", "result", "pays"),
    [
        # Pure 21.5: the player-dealer's 8-8-8 pushes every player over (003 §9 rule 8a); otherwise over loses
        ("blackjack/pure-21-5-capitol", "Tc 5d 9h", "8c 8d 8h", "push", 0),
        ("blackjack/pure-21-5-capitol", "Tc 5d 9h", "Tc 6d 8h", "lose", -1),
        ("blackjack/pure-21-5-capitol", "Ac Kd", "Tc 9d", "win", Fraction(6, 5)),
        ("blackjack/pure-21-5-capitol", "Ac Kd", "Ah Qd", "push", 0),  # both Pure 21.5 push (003 §9 rule 1, L746)
        ("blackjack/pure-21-5-marysville", "Ac Kd", "Tc 9d", "win", Fraction(3, 2)),
        # Marysville files the same 888 rule (004 S7 game rule 8a-b, L1069-1073) and the Pure 21.5 push (L1034-1037)
        ("blackjack/pure-21-5-marysville", "Tc 5d 9h", "8c 8d 8h", "push", 0),
        ("blackjack/pure-21-5-marysville", "Tc 5d 9h", "Tc 6d 8h", "lose", -1),
        ("blackjack/pure-21-5-marysville", "Ac Kd", "Ah Qd", "push", 0),
        ("blackjack/pure-21-5-capitol", "Tc 5d", "Tc 6d 9h", "win", 1),
        # No Bust 4.01: both over, the player closer loses except a three-card 23-25 (003 §7 rule 5b)
        ("blackjack/no-bust-capitol", "Tc 5d 8h", "Tc 6d 9h", "push", 0),
        ("blackjack/no-bust-capitol", "Tc 2d 4h 7s", "Tc 6d 9h", "lose", -1),
        ("blackjack/no-bust-capitol", "Tc 6d 9h", "Tc 6d 9h", "lose", -1),
        ("blackjack/no-bust-capitol", "Ac Kd", "Ah Qd", "push", 0),
        # No Bust 22: both over, the player closer pushes; the player-dealer wins ties over (004 S4)
        ("blackjack/no-bust-marysville", "Tc 5d 9h", "Tc 6d 9h", "push", 0),
        ("blackjack/no-bust-marysville", "Tc 6d 9h", "Tc 6d 9h", "lose", -1),
        ("blackjack/no-bust-marysville", "Jk Jk", "Tc 9d", "win", 2),
        ("blackjack/no-bust-marysville", "Tc 2d", "Tc 6d 9h", "win", 1),
        # Play to 31: 22-30 loses regardless; Hard 31 pays 3:1; naturals tie (000a §14-19)
        ("blackjack/blackjack-x-the101", "Tc 5d 9h", "Tc 6d 9h", "lose", -1),
        ("blackjack/blackjack-x-the101", "Tc 5d 6h Ks", "Tc 7d", "win", 3),
        ("blackjack/blackjack-x-the101", "Ac Qd", "Tc 7d", "win", Fraction(6, 5)),
        ("blackjack/blackjack-x-buster-v1-2", "Ac Qd", "Tc 7d", "win", Fraction(3, 2)),
        ("blackjack/blackjack-x-the101", "Ac Kc", "Tc 7d", "win", 2),
        (
            "blackjack/magic-7-the101",
            "Ac Kc",
            "Tc 7d",
            "win",
            Fraction(3, 2),
        ),  # only A-K of spades is Blackjack X
        ("blackjack/blackjack-x-the101", "Ac Qd", "Ah Kd", "push", 0),
        ("blackjack/cal-the101", "Ac 2d 8h Ks", "Tc 7d", "win", 3),
        ("blackjack/california-aces", "Tc 5d 8h", "Tc 9d", "win", 1),  # 23 is closer to 22 than 19
        ("blackjack/california-aces", "Tc 5d 8h", "Tc 5d 6h", "push", 0),  # 23 and 21: both one away
    ],
)
def test_game_wager_by_filing(gid, player, pd, result, pays):
    v = from_data(GAMES[gid].data)
    r = settle_game_wager(v, cards(player), cards(pd))
    assert (r.result, r.pays) == (result, Fraction(pays))


def test_double_and_surrender():
    v = from_data(GAMES["blackjack/pure-21-5-capitol"].data)
    r = settle_game_wager(v, cards("5c 6d Th"), cards("Tc 7d"), doubled=True)
    assert (r.result, r.pays, r.units) == ("win", 2, 2)
    r = settle_game_wager(v, cards("Tc 6d"), cards("Tc 7d"), surrendered=True)
    assert (r.result, r.pays) == ("lose", Fraction(-1, 2))
