"""Settlement of every wager and bonus of every punto banco variant on coups worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.baccarat import BaccaratDataError, Variant, from_data, wager_problems
from rules.baccarat.banking import button_seat
from rules.baccarat.coup import Coup
from rules.baccarat.settle import settle
from rules.cards import parse_cards
from terminal.games import load_games

# Coups in dealing order (Player, Banker, Player, Banker, then third cards), with what they make:
DRAGON7 = "3c 4c Kc Kd 3d 3h"  # P 3+3 = 6 (3 cards); B 4 draws on a 3: 7 (3 cards) -> Banker three-card 7
DRAGON_TIE = "3c 4c Kc Kd 4d 3h"  # P 7 (3 cards); B 4 draws on a 4: 7 (3 cards) -> tie, not a Dragon 7
PANDA8 = "2c 4c Kc 3c 6c"  # P 2+6 = 8 (3 cards); B 7 stands -> Player three-card 8
PANDA_TIE = "2c 3c Kc Kd 6c 5c"  # P 8 (3 cards); B 3 draws on a 6: 8 (3 cards) -> tie
NAT9 = "9c Kc Kd 5c"  # P natural 9, B 5
TIE7 = "Kc Kd 7c 7d"  # 7-7, both stand
BANKER6 = "Kc 6c 5c Kd Kh"  # P 5 draws a K: 5 (3 cards); B 6 stands on a 0 -> Banker wins with 6
MONKEY = "Kc Kd Qc Qd Jc Jd"  # 0-0 tie, three cards each
TRIPLE_RABBIT = "Kc Kd 2c Kh 5c Ks"  # P 2+5 = 7 (3 cards); B 0 draws a K: 0
RABBIT = "Kc Kd 2c Kh 5c 5d"  # P 7 (3 cards); B 0+5 = 5
TRIPLE_TIGER = "Kc 3c Kd Kh Ks 5c"  # P 0 (3 cards); B 3+5 = 8 (3 cards)
TIGER = "Kc 3c 2c Kh 3d 5c"  # P 2+3 = 5; B 3 draws on a 3: 8 (3 cards)
NAT_TIE = "9c 9d Kc Kd"  # natural 9s tie; combined 18
TOTAL17 = "9c 8c Kc Kd"  # P natural 9 over B natural 8; combined 17
MARGIN4 = "7c 3c Kc Kd Kh"  # P 7 stands; B 3 draws a K: 3 -> Player by 4, not a natural
MARGIN9 = "Kc Kd 4c Kh 5c Ks"  # P 4+5 = 9 (3 cards); B 0 -> Player by 9, not a natural
BANKER_BY5 = "Kc 7c Kd Kh 2c"  # P 0+2 = 2; B 7 stands -> Banker by 5
BANKER_NAT8 = "5c 8c Kc Kd"  # B natural 8 over P 5
BANKER9 = "Kc 9c 5c Kd"  # B natural 9 over P 5
BANKER4 = "Kc 4c Kd Kh Ks"  # P 0 (3 cards); B 4 stands on a 0 -> Banker wins 4-0

W, P, L, N = "win", "push", "lose", "no-action"
H = Fraction(1, 2)

EZ = [
    (DRAGON7, {"player": (L,), "banker": (P,), "tie": (L,), "panda-8": (L,), "dragon-7": (W, 40)}),
    (DRAGON_TIE, {"player": (P,), "banker": (P,), "tie": (W, 8), "panda-8": (L,), "dragon-7": (L,)}),
    (PANDA8, {"player": (W, 1), "banker": (L,), "tie": (L,), "panda-8": (W, 25), "dragon-7": (L,)}),
    (PANDA_TIE, {"player": (P,), "banker": (P,), "tie": (W, 8), "panda-8": (L,), "dragon-7": (L,)}),
    (BANKER6, {"player": (L,), "banker": (W, 1), "tie": (L,), "panda-8": (L,), "dragon-7": (L,)}),
    (NAT9, {"player": (W, 1), "banker": (L,), "tie": (L,), "panda-8": (L,), "dragon-7": (L,)}),
]

CASES = {
    "baccarat/21st-century": [
        (DRAGON7, {"player": (L,), "banker": (W, 1), "tie": (L,)}),
        (BANKER6, {"player": (L,), "banker": (W, 1), "tie": (L,)}),
        (TIE7, {"player": (P,), "banker": (P,), "tie": (W, 8)}),
        (NAT9, {"player": (W, 1), "banker": (L,), "tie": (L,)}),
    ],
    "baccarat/ez-panda8": EZ,
    "baccarat/ez-panda8-oaks": EZ,
    "baccarat/commission-free": [
        (BANKER6, {"player": (L,), "banker": (W, H), "tie": (L,)}),
        (DRAGON7, {"player": (L,), "banker": (W, 1), "tie": (L,)}),
        (TIE7, {"player": (P,), "banker": (P,), "tie": (W, 8)}),
        (NAT9, {"player": (W, 1), "banker": (L,), "tie": (L,)}),
    ],
    "baccarat/cash-in": [
        (DRAGON7, {"player": (L,), "banker": (P,), "tie": (L,), "tiger-8": (L,), "phoenix-7": (W, 40)}),
        (PANDA8, {"player": (W, 1), "banker": (L,), "tie": (L,), "tiger-8": (W, 25), "phoenix-7": (L,)}),
        (PANDA_TIE, {"player": (P,), "banker": (P,), "tie": (W, 8), "tiger-8": (L,), "phoenix-7": (L,)}),
        (BANKER6, {"player": (L,), "banker": (W, 1), "tie": (L,), "tiger-8": (L,), "phoenix-7": (L,)}),
    ],
    "baccarat/supreme": [
        (
            BANKER6,
            {
                "player": (L,),
                "banker": (W, H),
                "tie": (L,),
                "total-shot": (L,),
                "flex-6": (W, 1),
                "flex-0": (N,),
            },
        ),
        (
            NAT_TIE,
            {
                "player": (P,),
                "banker": (P,),
                "tie": (W, 9),
                "total-shot": (W, 40),
                "flex-7": (L,),
                "flex-0": (L,),
            },
        ),
        (TOTAL17, {"player": (W, 1), "banker": (L,), "tie": (L,), "total-shot": (W, 20), "flex-5": (N,)}),
        (DRAGON7, {"banker": (W, 1), "total-shot": (L,), "flex-7": (W, 1), "flex-3": (N,)}),
        (MONKEY, {"tie": (W, 9), "flex-0": (W, 1), "flex-1": (N,)}),
        (
            TIGER,
            {"flex-1": (N,), "flex-2": (N,), "flex-3": (N,), "flex-5": (N,), "flex-6": (N,), "flex-7": (N,)},
        ),
        (BANKER4, {"banker": (W, 1), **{f"flex-{n}": (N,) for n in (0, 1, 2, 3, 5, 6, 7)}}),
        (BANKER9, {"banker": (W, 1), **{f"flex-{n}": (L,) for n in (0, 1, 2, 3, 5, 6, 7)}}),
        ("Kc Ac 5c Kd Kh Ks", {"flex-1": (W, 1)}),  # P 5 (3 cards); B 1 draws a K: 1
        ("Kc 2c 5c Kd Kh Ks", {"flex-2": (W, 1)}),
        ("Kc 3c 5c Kd Kh Ks", {"flex-3": (W, 1)}),
        ("7c 5c Kc Kd Kh", {"flex-5": (W, 1), "player": (W, 1)}),  # P 7 stands; B 5 draws a K: 5
    ],
    "baccarat/commission-free-dragon": [
        (NAT9, {"player": (W, 1), "player-dragon": (W, 1), "banker-dragon": (L,)}),
        (
            NAT_TIE,
            {"player": (P,), "banker": (P,), "tie": (W, 9), "player-dragon": (P,), "banker-dragon": (P,)},
        ),
        (TIE7, {"tie": (W, 9), "player-dragon": (L,), "banker-dragon": (L,)}),
        (MARGIN4, {"player": (W, 1), "player-dragon": (W, 1), "banker-dragon": (L,)}),
        (MARGIN9, {"player-dragon": (W, 30), "banker-dragon": (L,)}),
        (RABBIT, {"player-dragon": (L,)}),  # Player 7 over 5: by 2
        ("Kc Kd 3c Kh 5c Ks", {"player-dragon": (W, 10)}),  # P 8 (3 cards) over B 0: by 8
        ("Kc Kd 2c Kh 5c Ks", {"player-dragon": (W, 6)}),  # P 7 over 0: by 7
        ("Kc Kd Ac Kh 5c Ks", {"player-dragon": (W, 4)}),  # P 6 over 0: by 6
        ("Kc Kd Kh Kh 5c Ks", {"player-dragon": (W, 2)}),  # P 5 over 0: by 5
        (BANKER_BY5, {"banker": (W, 1), "banker-dragon": (W, 2), "player-dragon": (L,)}),
        (BANKER_NAT8, {"banker": (W, 1), "banker-dragon": (W, 1), "player-dragon": (L,)}),
        (BANKER6, {"banker": (W, H), "banker-dragon": (L,)}),
        (TRIPLE_TIGER, {"banker-dragon": (W, 10)}),  # B 8 (3 cards) over P 0: by 8
        ("Kc 9c Kd Kh", {"banker-dragon": (W, 1)}),  # B natural 9 over P 0: a natural, 1 to 1 (see choices)
        ("Kc 3c Kd Kh Ks 6c", {"banker-dragon": (W, 30)}),  # B 3+6 = 9 (3 cards) over P 0: by 9
        ("Kc 3c Kd Kh Ks 4c", {"banker-dragon": (W, 6)}),  # B 7 over 0: by 7
        ("Kc 3c Kd Kh Ks 3h", {"banker-dragon": (W, 4)}),  # B 6 over 0: by 6
        ("Kc 3c Kd Kh Ks Ac", {"banker-dragon": (W, 1)}),  # B 4 over 0: by 4
    ],
    "baccarat/zoobac": [
        (TRIPLE_RABBIT, {"player": (W, 1), "rabbit": (W, 75), "zoo": (W, 30), "tiger": (L,), "monkey": (L,)}),
        (RABBIT, {"player": (W, 1), "rabbit": (W, 25), "zoo": (W, 10), "tiger": (L,)}),
        (TRIPLE_TIGER, {"banker": (P,), "tiger": (W, 75), "zoo": (W, 30), "rabbit": (L,)}),
        (TIGER, {"banker": (P,), "player": (L,), "tiger": (W, 25), "zoo": (W, 10)}),
        (MONKEY, {"player": (P,), "banker": (P,), "tie": (W, 9), "monkey": (W, 150), "zoo": (W, 30)}),
        (TIE7, {"tie": (W, 9), "monkey": (L,), "zoo": (L,)}),
        (DRAGON7, {"banker": (W, 1), "tiger": (L,), "zoo": (L,), "rabbit": (L,)}),
        (PANDA8, {"player": (W, 1), "rabbit": (L,), "zoo": (L,)}),
    ],
}


def _variant(gid: str) -> Variant:
    v = from_data(load_games()[gid].data)
    assert isinstance(v, Variant)
    return v


CASE_LIST = [
    (gid, cards, wager, exp)
    for gid, cases in CASES.items()
    for cards, exp_map in cases
    for wager, exp in exp_map.items()
]


@pytest.mark.parametrize(("gid", "cards", "wager", "expected"), CASE_LIST)
def test_settlement(gid, cards, wager, expected):
    v = _variant(gid)
    coup = Coup.from_cards(v, parse_cards(cards))
    s = settle(v, wager, coup)
    assert s.result == expected[0], (s.rule, coup.result)
    if expected[0] == "win":
        assert s.pays == expected[1]
    else:
        assert s.pays == (-1 if expected[0] == "lose" else 0)
    assert s.cite.seed and s.rule


@pytest.mark.parametrize("gid", sorted(CASES))
def test_every_wager_has_a_winning_case(gid):
    v = _variant(gid)
    won = {w for _cards, exp in CASES[gid] for w, e in exp.items() if e[0] == "win"}
    assert won == {w.key for w in v.wagers}


def test_ez_dragon_push_is_a_setting():
    v = _variant("baccarat/ez-panda8")
    assert v.settings == {"ez-dragon-push": True}
    literal = v.with_settings(**{"ez-dragon-push": False})
    coup = Coup.from_cards(literal, parse_cards(DRAGON7))
    assert settle(literal, "banker", coup).result == "win"
    assert settle(v, "banker", coup).rule == "Dragon 7: Banker line pushes"
    with pytest.raises(BaccaratDataError, match="unknown setting"):
        v.with_settings(nonsense=True)
    again = from_data(load_games()["baccarat/ez-panda8"].data, {"ez-dragon-push": False})
    assert isinstance(again, Variant) and settle(again, "banker", coup).result == "win"


def test_special_outcomes_of_a_coup():
    v = _variant("baccarat/zoobac")
    assert Coup.from_cards(v, parse_cards(TRIPLE_RABBIT)).specials == ("triple-rabbit", "rabbit")
    assert Coup.from_cards(v, parse_cards(MONKEY)).specials == ("monkey",)
    ez = _variant("baccarat/ez-panda8")
    assert Coup.from_cards(ez, parse_cards(DRAGON7)).specials == ("dragon-7",)
    assert Coup.from_cards(ez, parse_cards(PANDA8)).specials == ("panda-8",)


def test_net_cents():
    v = _variant("baccarat/commission-free")
    half = settle(v, "banker", Coup.from_cards(v, parse_cards(BANKER6)))
    assert half.net_cents(2500) == 1250 and half.net_cents(5) == 2  # an odd cent rounds down
    lose = settle(v, "player", Coup.from_cards(v, parse_cards(BANKER6)))
    assert lose.net_cents(2500) == -2500
    push = settle(v, "player", Coup.from_cards(v, parse_cards(TIE7)))
    assert push.net_cents(2500) == 0 and push.commission == 0
    with pytest.raises(BaccaratDataError):
        half.net_cents(-1)


def test_wager_requirements():
    ez = _variant("baccarat/ez-panda8")
    assert wager_problems(ez, {"dragon-7": 500}) and wager_problems(ez, {"panda-8": 500, "player": 0})
    assert wager_problems(ez, {"dragon-7": 500, "banker": 500}) == []
    assert wager_problems(ez, {"tie": 500}) == []  # Tres Lounge's EZ Tie needs no line bet
    cash = _variant("baccarat/cash-in")
    assert wager_problems(cash, {"phoenix-7": 500, "tie": 500}) == []  # "does not have to place a line wager"
    with pytest.raises(BaccaratDataError, match="no wager"):
        wager_problems(ez, {"zoo": 500})


def test_incomplete_or_overlong_coups_are_errors():
    v = _variant("baccarat/ez-panda8")
    with pytest.raises(BaccaratDataError, match="due to the player"):
        Coup.from_cards(v, parse_cards("Kc Kd 2c 3c"))
    with pytest.raises(BaccaratDataError, match="complete after 4 cards"):
        Coup.from_cards(v, parse_cards("9c Kd Kc 3c 5h"))


def test_settlement_order_as_filed():
    orders = {gid: (_variant(gid).settlement.start, _variant(gid).settlement.direction) for gid in CASES}
    assert orders["baccarat/21st-century"] == ("action-button", "counterclockwise")
    assert orders["baccarat/ez-panda8"] == ("left-of-player-dealer", "clockwise")
    assert _variant("baccarat/ez-panda8").settlement.order == (
        "player",
        "banker",
        "tie",
        "panda-8",
        "dragon-7",
    )
    assert _variant("baccarat/cash-in").settlement.order == (
        "player",
        "banker",
        "tie",
        "tiger-8",
        "phoenix-7",
    )
    zoo = _variant("baccarat/zoobac").settlement
    assert zoo.when_bank_covers is not None
    assert (zoo.when_bank_covers.start, zoo.when_bank_covers.direction) == (
        "right-of-house-dealer",
        "counterclockwise",
    )
    assert zoo.when_bank_covers.collect_first


def test_action_button_seats():
    v = _variant("baccarat/21st-century")  # first Banker card, player-dealer seat 0
    assert button_seat(v, parse_cards("2c Kh 3c 4d"), seats=8) == 13 % 8
    assert button_seat(v, parse_cards("2c Ah 3c 4d"), seats=8) == 1
    assert button_seat(v, parse_cards("2c Th 3c 4d"), seats=14) == 10
    d = _variant("baccarat/commission-free-dragon")  # second Banker card, player-dealer not counted
    assert button_seat(d, parse_cards("2c Kh 3c Qd"), seats=7) == (12 - 1) % 7 + 1
    assert button_seat(d, parse_cards("2c Kh 3c 7d"), seats=7) == 7
    z = _variant("baccarat/zoobac")  # first Player card
    assert button_seat(z, parse_cards("Jc 2h"), seats=12) == 11
    assert button_seat(_variant("baccarat/ez-panda8"), parse_cards("2c Kh 3c 4d"), seats=7) is None
    with pytest.raises(BaccaratDataError, match="not dealt yet"):
        button_seat(d, parse_cards("2c Kh 3c"), seats=7)


def test_cash_in_burn():
    burn = _variant("baccarat/cash-in").shoe.burn
    assert [burn.cards_to_burn(c) for c in parse_cards("As Ks Qh Jd Tc 5h 2c")] == [1, 10, 10, 10, 10, 5, 2]
    assert _variant("baccarat/ez-panda8").shoe.burn.cards_to_burn() == 0
