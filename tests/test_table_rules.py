"""Wager limits per variant and per spot, checked when a wager is placed and when a round starts; the
player-dealer rotation (rules.banking.wagers, rules.round.table_rules)."""

from pathlib import Path

import pytest

from rules.banking.errors import DataError
from rules.banking.wagers import VariantLimits, Wager, WagerKind, placement_problem
from rules.round.events import RoundStart
from rules.round.events import Wager as RoundWager
from rules.round.table_rules import banked_after, check_round_start, rotation_finding
from terminal.games import get_game


def _limits(game: str, lo: int | None = 500, hi: int | None = 100000):
    return VariantLimits.from_data(get_game(game).data.get("wager_limits")).with_table(lo, hi)


def test_capitol_limits_refuse_at_placement_and_say_why():
    lim = _limits("paigow/capitol")
    over = [Wager.single(3, "main", "seat 3", 150000)]
    assert placement_problem(lim, over, 3, "main") == "seat 3 main: over the $1,000.00 maximum: no action"
    under = [Wager.single(5, "main", "seat 5", 300)]
    assert placement_problem(lim, under, 5, "main") == "seat 5 main: below the $5.00 minimum"
    assert placement_problem(lim, [Wager.single(5, "main", "seat 5", 500)], 5, "main") is None
    assert placement_problem(lim, [Wager.single(5, "main", "seat 5", 100000)], 5, "main") is None


def test_buster_may_not_exceed_the_game_wager_at_placement():
    lim = _limits("blackjack/blackjack-x-the101")
    layout = [
        Wager.single(2, "main", "seat 2", 1000),
        Wager.single(2, "buster", "seat 2", 2500, WagerKind.BONUS),
    ]
    assert (
        placement_problem(lim, layout, 2, "buster") == "seat 2 buster: may not exceed the base wager $10.00"
    )
    layout[1] = Wager.single(2, "buster", "seat 2", 1000, WagerKind.BONUS)
    assert placement_problem(lim, layout, 2, "buster") is None
    # Lucky Pair needs a game wager but may exceed it (seed 000 L1822).
    alone = [Wager.single(4, "lucky_pair", "seat 4", 500, WagerKind.BONUS)]
    assert (
        placement_problem(lim, alone, 4, "lucky_pair")
        == "seat 4 lucky_pair: a bonus bet needs a base wager beside it"
    )
    big = [
        Wager.single(4, "main", "seat 4", 500),
        Wager.single(4, "lucky_pair", "seat 4", 2500, WagerKind.BONUS),
    ]
    assert placement_problem(lim, big, 4, "lucky_pair") is None


def test_round_start_keeps_what_gets_action_and_returns_the_rest():
    data = {**get_game("paigow/capitol").data, "_table_limits": {"min_cents": 500, "max_cents": 100000}}
    start = RoundStart(
        seats=(1, 2, 3, 4),
        player_dealer=1,
        wagers=(RoundWager(2, 2500), RoundWager(3, 150000), RoundWager(4, 300), RoundWager(2, 500, "bonus")),
        bank=500000,
    )
    kept, back, found = check_round_start(data, start)
    assert [(w.seat, w.cents, w.spot) for w in kept.wagers] == [(2, 2500, "main"), (4, 300, "main")]
    assert [(w.seat, w.cents, w.spot) for w in back] == [(2, 500, "bonus"), (3, 150000, "main")]
    assert [f.code.value for f in found] == [
        "WAGER_NOT_ACCEPTED",
        "WAGER_OVER_MAXIMUM",
        "WAGER_UNDER_MINIMUM",
    ]
    assert kept.bank == 500000  # rule 8: the player-dealer's wager has no maximum


def test_over_maximum_excess_returns_only_the_excess():
    data = {
        "wager_limits": {"over_maximum": "excess"},
        "_table_limits": {"min_cents": 500, "max_cents": 10000},
    }
    start = RoundStart(seats=(1, 2), player_dealer=1, wagers=(RoundWager(2, 12500),))
    kept, back, found = check_round_start(data, start)
    assert [w.cents for w in kept.wagers] == [10000] and [w.cents for w in back] == [2500]
    assert "$25.00 goes back" in found[0].message


def test_a_game_without_limits_checks_nothing():
    start = RoundStart(seats=(1, 2), wagers=(RoundWager(2, 1),))
    assert check_round_start({}, start) == (start, (), [])


@pytest.mark.parametrize(
    "block, field",
    [
        ({"over_maximum": "half"}, "wager_limits.over_maximum"),
        ({"spots": {"buster": {"at_most": "main"}}}, "wager_limits.spots.buster.at_most"),
        ({"spots": {"buster": {"side_bet": "yes"}}}, "wager_limits.spots.buster.side_bet"),
        ({"bets": "main"}, "wager_limits.bets"),
        ({"minimum_cents": -1}, "wager_limits.minimum_cents"),
        ({"backline": "no"}, "wager_limits.backline"),
        ({"backline": [1]}, "wager_limits.backline"),
    ],
)
def test_bad_wager_limits_name_the_field(block, field):
    with pytest.raises(DataError) as exc:
        VariantLimits.from_data(block)
    assert exc.value.field == field


@pytest.mark.parametrize(
    ("block", "refused"),
    [
        ({"backline": False}, [("ante", True), ("pair-plus", True)]),  # 3 Card Texas Hold'em, 000 L193
        ({"backline": ["ante"]}, [("pair-plus", True)]),  # "on the base game wager only", 002 L378
        ({"backline": True}, []),
        ({}, []),
    ],
)
def test_backline_wagers_the_variant_does_not_take_go_back_at_round_start(block, refused):
    wagers = (
        RoundWager(1, 1000, "ante"),
        RoundWager(1, 1000, "ante", backline=True),
        RoundWager(1, 500, "pair-plus", backline=True),
    )
    kept, back, found = check_round_start({"wager_limits": block}, RoundStart((1, 2), 2, None, wagers, 10000))
    assert [(w.spot, w.backline) for w in back] == refused
    assert [f.where for f in found] == ["backline"] * len(refused)
    assert sum(w.cents for w in kept.wagers) + sum(w.cents for w in back) == 2500


def test_rotation_counts_consecutive_rounds_of_the_same_player_dealer():
    data = {"rotation": {"max_consecutive": 2}}
    banked = (0, 0)
    found = []
    for pd in (3, 3, 3, 4):
        banked = banked_after(banked, RoundStart(seats=(3, 4, 5), player_dealer=pd))
        found.append(rotation_finding(data, banked))
    assert [f is not None for f in found] == [False, False, True, False]
    assert found[2].seat == 3
    assert banked_after((4, 1), RoundStart(seats=(3, 4))) == (0, 0)
    assert rotation_finding({}, (3, 9)) is None


def test_buster_outside_its_six_to_eight_decks_is_noted_by_analyze():
    from rules.blackjack.analyze import analyze

    data = get_game("blackjack/pure-21-5-capitol").data
    one = [
        n
        for n in analyze(data, decks=1).notes
        if n.startswith("Buster Blackjack: its filing deals it from 6 to 8")
    ]
    assert len(one) == 1 and "this shoe of 1 is outside that" in one[0]
    assert not any("6 to 8 decks" in n for n in analyze(data, decks=6).notes)


def test_no_bust_capitol_offers_buster_which_may_exceed_the_game_wager():
    from rules.blackjack.model import from_data

    data = get_game("blackjack/no-bust-capitol").data
    assert [b.key for b in from_data(data).side_bets] == ["buster"]
    lim = _limits("blackjack/no-bust-capitol")
    big = [
        Wager.single(2, "main", "seat 2", 1000),
        Wager.single(2, "buster", "seat 2", 2500, WagerKind.BONUS),
    ]
    assert placement_problem(lim, big, 2, "buster") is None  # seed 003 L797-799: may exceed it
    over = [
        Wager.single(2, "main", "seat 2", 1000),
        Wager.single(2, "buster", "seat 2", 150000, WagerKind.BONUS),
    ]
    assert "maximum" in placement_problem(lim, over, 2, "buster")  # not over the table limit


def test_a_posted_fee_option_must_be_filed_for_the_tables_limits(tmp_path):
    from rules.round.table_rules import option_limits, posted_limits_problem
    from terminal.cli import main

    assert option_limits("$3-$6 (blinds $1-$3)") == ((300, 300), (600, 600))
    assert option_limits("minimum $5-$25, maximum $100-$2,000") == ((500, 2500), (10000, 200000))
    assert option_limits("$1,000+") is None
    assert posted_limits_problem("$3-$6", 300, 600) is None
    assert "the table's limits are $2.00-$4.00" in posted_limits_problem("$3-$6", 200, 400)
    assert posted_limits_problem("minimum $5-$25, maximum $100-$2,000", 1000, 200000) is None
    table = (Path(__file__).resolve().parent.parent / "config" / "tables" / "poker.yaml").read_text()
    bad = tmp_path / "poker.yaml"
    bad.write_text(table.replace("{min_cents: 300, max_cents: 600}", "{min_cents: 200, max_cents: 400}"))
    assert main(["config", "check", str(bad)]) == 2
    good = tmp_path / "good.yaml"
    good.write_text(table)
    assert main(["config", "check", str(good)]) == 0


def test_a_late_wager_takes_the_variants_filed_rule_or_none():
    from rules.round.table_rules import late_wager_ruling
    from terminal.scenario import game_rules

    capitol = late_wager_ruling(game_rules(get_game("paigow/capitol")).rulings, "seat 2 main changed", 2)
    assert (
        capitol is not None
        and capitol.rule == "capitol-no-bet-changes"
        and "rules 23, 25" in capitol.cite.text
    )
    supreme = late_wager_ruling(game_rules(get_game("baccarat/supreme")).rulings, "seat 1 tie", 1)
    assert supreme is not None and supreme.cite.lines == "L1097"
    assert late_wager_ruling(game_rules(get_game("baccarat/zoobac")).rulings, "seat 1 tie", 1) is None
