"""Pai Gow Tiles as data: the 32 tiles, their kinds, values and ranks, and the two-tile hand order with each room's ties."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rules.paigowtiles.hands import (
    CLASSES,
    Ties,
    class_name,
    describe,
    outcome,
    player_wins,
    points,
    strength,
)
from rules.paigowtiles.tiles import ALL_TILES, GEE_JOON, KINDS, TileError, kind_by_name, parse_tiles
from rules.paigowtiles.variant import TilesVariant, VariantError
from terminal.games import load_games


def kinds(text: str) -> tuple[int, int]:
    a, b = parse_tiles(text)
    return a.kind.index, b.kind.index


def s(text: str) -> int:
    return strength(*kinds(text))


def test_the_set_is_32_tiles_in_16_kinds_11_matched_5_mixed() -> None:
    assert len(ALL_TILES) == 32
    per_kind = Counter(t.kind.index for t in ALL_TILES)
    assert set(per_kind.values()) == {2} and len(per_kind) == 16
    assert [k.matched for k in KINDS] == [True] * 11 + [False] * 5  # seed 002 L670-671
    # every one of the 21 faces of a double-six set without blanks is in it (11 of them twice)
    faces = Counter(t.face for t in ALL_TILES)
    assert len(faces) == 21 and sum(1 for n in faces.values() if n == 2) == 11
    # the mixed kinds' two tiles share their spots (seed 002 L671) but for Gee Joon, 3 and 6
    for k in KINDS[11:15]:
        assert sum(k.faces[0]) == sum(k.faces[1]) == k.spots


def test_values_are_spots_mod_10_and_gee_joon_is_3_or_6() -> None:
    assert KINDS[kind_by_name("teen")].values == (2,)  # "A 12-dot tile has a value of 2" (seed 002 L657)
    assert KINDS[kind_by_name("foo")].values == (1,)
    assert KINDS[GEE_JOON].values == (3, 6)
    assert points(*kinds("2-1 5-1")) == 9  # Gee Joon as 3 with a 6
    assert points(*kinds("4-2 3-1")) == 7  # as 3 with a 4 (6 + 4 would be 0)
    # "An 8-spot tile and a 9-spot tile have a value of 17 which equals 7" (seed 003 L537)
    assert points(*kinds("4-4 5-4")) == 7


def test_parse_accepts_either_end_first_and_refuses_what_the_set_cannot_hold() -> None:
    assert [str(t) for t in parse_tiles("2-4 6-6 1-2")] == ["4-2", "6-6", "2-1"]
    with pytest.raises(TileError, match="holds 2"):
        parse_tiles("6-6 6-6 6-6")
    with pytest.raises(TileError, match="holds 1"):
        parse_tiles("5-4 4-5")
    for bad in ("6-0", "7-1", "66", "x", "6-6-6"):
        with pytest.raises(TileError, match="bad tile"):
            parse_tiles(bad)
    with pytest.raises(TileError, match="unknown tile kind"):
        kind_by_name("domino")


def test_hand_order_supreme_pair_pairs_wong_gong_points() -> None:
    # fmt: off
    order = [
        "2-1 4-2",  # Supreme Pair (seed 002 L681)
        "6-6 6-6", "1-1 1-1", "4-4 4-4", "3-1 3-1", "5-5 5-5", "3-3 3-3", "2-2 2-2",
        "6-5 6-5", "6-4 6-4", "6-1 6-1", "5-1 5-1",  # the matched pairs (seed 003 L558-600)
        "5-4 6-3", "5-3 6-2", "4-3 5-2", "4-1 3-2",  # mixed 9s, 8s, 7s, 5s (L602-618)
        "6-6 5-4", "1-1 6-3",  # Wongs, Teen's above Day's (L620)
        "6-6 4-4", "1-1 6-2",  # Gongs (L628)
        "6-6 6-1", "1-1 6-1", "5-4 5-5",  # nines: Teen high, Day high, 9-spot high
        "4-4 5-5", "6-1 5-5", "5-1 5-5", "4-1 5-5",  # 8, 7, 6, 5 points
    ]
    # fmt: on
    strengths = [s(h) for h in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    assert [class_name(*kinds(h)) for h in order[:2]] == ["Supreme Pair", "Pair of Teen"]
    assert describe(*kinds("6-6 5-4")) == "Teen Wong"
    assert describe(*kinds("1-1 6-1")) == "9 points, Day high"


def test_equal_points_go_by_the_highest_tile_and_gee_joon_alone_is_the_lowest() -> None:
    assert s("3-1 5-5") > s("2-2 5-5")  # 4 points each: Gor above Bon (seed 002 L661-662)
    assert s("3-1 6-5") > s("6-5 6-3")  # 5 points each: Gor high above Foo high (L668)
    assert s("4-1 2-1") < s("4-4 5-5")  # 8 points each (Gee Joon as 3): Chop Ng high below Yun high
    assert KINDS[GEE_JOON].rank == 16  # played alone, the lowest rank (seed 004 L823-824, seed 002 L666)
    assert s("2-1 4-2") == max(strength(a, b) for a in range(16) for b in range(16))  # paired, the highest


def test_copies_and_mixed_tiles_are_the_same_hand() -> None:
    assert s("5-4 6-6") == s("6-3 6-6")  # ranks 12-16 "share the same name, numerical value, and ranking"
    assert s("2-1 5-1") == s("4-2 5-1")
    assert s("6-6 4-4") == s("6-6 5-3")  # Teen Gong either 8: a copy


@pytest.mark.parametrize(
    ("room", "zero_zero"),
    [("capitol", "banker"), ("tres-lounge", "banker"), ("oaks", "banker"), ("marysville", "high_tile")],
)
def test_each_rooms_ties(room: str, zero_zero: str) -> None:
    ties = TilesVariant.from_data(load_games()[f"paigowtiles/{room}"].data).tie_rules
    assert ties.zero_zero == zero_zero
    # a copy goes to the player-dealer everywhere (seed 001 L365-366, seed 003 L539, seed 004 L819-820)
    assert not player_wins(s("6-6 6-1"), s("6-6 4-3"), ties)
    # 0 points, the player's Mooy high against the player-dealer's Foo high
    assert player_wins(s("6-4 5-5"), s("6-5 4-5"), ties) is (zero_zero == "high_tile")


def test_zero_against_zero() -> None:
    player_zero = s("6-4 5-5")  # Ping and Mooy: 20, 0 points, Mooy high
    banker_zero = s("6-5 4-5")  # Foo and a 9: 20, 0 points, Foo high
    assert player_zero > banker_zero  # the player's tile is higher
    assert not player_wins(player_zero, banker_zero, Ties(zero_zero="banker"))  # Capitol: banker wins (L539)
    assert player_wins(player_zero, banker_zero, Ties(zero_zero="high_tile"))  # Marysville: the tile decides


def test_outcome_both_higher_wins_one_pushes_both_lower_loses() -> None:
    t = Ties()
    hi, lo = s("6-6 6-6"), s("6-6 6-1")
    assert outcome((hi, lo), (hi - 1, lo - 1), t) == 1
    assert outcome((hi, lo - 1), (hi - 1, lo), t) == 0
    assert outcome((hi - 1, lo - 1), (hi, lo), t) == -1
    assert outcome((hi, lo), (hi, lo), t) == -1  # both copies: the player-dealer (seed 002 L750)


def test_every_hand_has_one_of_the_classes() -> None:
    seen = {class_name(a.kind.index, b.kind.index) for a, b in combinations(ALL_TILES, 2)}
    assert seen == set(CLASSES)


def test_a_bad_variant_key_is_a_typed_error() -> None:
    data = dict(load_games()["paigowtiles/capitol"].data)
    with pytest.raises(VariantError, match="colour"):
        TilesVariant.from_data({**data, "colour": "green"})
    with pytest.raises(VariantError, match="zero_zero"):
        TilesVariant.from_data({**data, "ties": {"copies": "banker", "zero_zero": "split", "cite": "x"}})
