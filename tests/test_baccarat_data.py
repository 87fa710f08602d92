"""Variant data: every filed file loads, cites its source, and bad data is a typed error naming the field."""

from __future__ import annotations

import copy

import pytest

from rules.baccarat import BaccaratDataError, Pan9Variant, Variant, from_data
from rules.errors import RulesError
from rules.gamefile import GameFileError
from terminal.games import load_games

FILED = {
    "baccarat/21st-century",
    "baccarat/ez-panda8",
    "baccarat/ez-panda8-oaks",
    "baccarat/commission-free",
    "baccarat/cash-in",
    "baccarat/supreme",
    "baccarat/commission-free-dragon",
    "baccarat/zoobac",
    "baccarat/super-pan9",
    "baccarat/fast-nine",
}


def _data(gid: str):
    return copy.deepcopy(load_games()[gid].data)


def test_every_filed_variant_has_a_file():
    assert {g for g in load_games() if g.startswith("baccarat/")} == FILED


@pytest.mark.parametrize("gid", sorted(FILED))
def test_each_file_loads_and_cites(gid):
    g = load_games()[gid]
    v = from_data(g.data)
    assert v.id == gid
    assert v.source.seed.endswith(".txt") and v.source.lines.startswith("L")
    assert g.choices, "every baccarat filing has at least one ambiguity recorded"
    for c in g.choices:
        assert set(c) == {"what", "chose", "why"}, c
    if isinstance(v, Variant):
        assert v.tableau.cite.lines
        for w in v.wagers:
            assert w.cite.seed and w.cite.lines, w.key
        for o in v.outcomes:
            assert o.cite.lines, o.key
    else:
        assert isinstance(v, Pan9Variant)
        assert v.wager_cite.lines and v.player_dealer.cite.lines


def _raises(data, *fragments: str):
    """The family's schema (the one validator of its game files) refuses ``data``, naming the field."""
    with pytest.raises(GameFileError) as exc:
        from_data(data)
    msg = str(exc.value)
    for f in fragments:
        assert f in msg, msg
    assert isinstance(exc.value, RulesError)


def test_a_short_chart_row_names_the_row():
    d = _data("baccarat/ez-panda8")
    d["tableau"]["banker"][6] = "S S S S S S H H S"
    _raises(d, "tableau.banker[6]", "ten cells")


def test_a_missing_chart_row():
    d = _data("baccarat/ez-panda8")
    del d["tableau"]["banker"][3]
    _raises(d, "tableau.banker", "Banker total 3")


def test_a_cell_that_is_neither_hit_nor_stand():
    d = _data("baccarat/21st-century")
    d["tableau"]["banker"][4] = "S S H H X H H H S S"
    _raises(d, "tableau.banker[4]")


def test_a_total_that_both_draws_and_stands():
    d = _data("baccarat/ez-panda8")
    d["tableau"]["player"] = {"draw": [0, 1, 2, 3, 4, 5, 6], "stand": [6, 7]}
    _raises(d, "tableau.player", "both draw and stand")


def test_first_cards_must_give_two_to_each_hand():
    d = _data("baccarat/ez-panda8")
    d["tableau"]["first_cards"] = ["player", "player", "player", "banker"]
    _raises(d, "tableau.first_cards")


def test_unknown_field_in_a_wager():
    d = _data("baccarat/ez-panda8")
    d["wagers"][0]["colour"] = "red"
    _raises(d, "wagers[0].colour", "unknown key")


def test_bad_payout():
    d = _data("baccarat/ez-panda8")
    d["wagers"][2]["settle"][0]["pays"] = "eight"
    _raises(d, "wagers[2].settle[0].pays")
    d["wagers"][2]["settle"][0]["pays"] = 0
    _raises(d, "wagers[2].settle[0].pays", "more than zero")


def test_pays_and_result_together():
    d = _data("baccarat/ez-panda8")
    d["wagers"][2]["settle"][0]["result"] = "push"
    _raises(d, "wagers[2].settle[0]", "either pays")


def test_unknown_outcome_reference():
    d = _data("baccarat/ez-panda8")
    d["wagers"][4]["settle"][0]["when"] = {"outcome": "dragon-8"}
    _raises(d, "wagers[4].settle[0].when.outcome", "unknown outcome 'dragon-8'")


def test_unknown_condition_field():
    d = _data("baccarat/ez-panda8")
    d["outcomes"][0]["when"]["suited"] = True
    _raises(d, "outcomes[0].when.suited", "unknown key")


def test_condition_values_are_checked():
    d = _data("baccarat/ez-panda8")
    d["outcomes"][0]["when"]["banker_cards"] = 4
    _raises(d, "outcomes[0].when.banker_cards", "less than or equal to 3")
    d = _data("baccarat/ez-panda8")
    d["outcomes"][0]["when"]["banker_total"] = 10
    _raises(d, "outcomes[0].when.banker_total")


def test_unknown_setting_reference():
    d = _data("baccarat/ez-panda8")
    d["wagers"][1]["settle"][0]["setting"] = "no-such-setting"
    _raises(d, "wagers[1].settle[0].setting")


def test_settlement_order_must_name_every_wager():
    d = _data("baccarat/ez-panda8")
    d["settlement"]["order"] = ["player", "banker", "tie", "panda-8"]
    _raises(d, "settlement.order", "dragon-7")
    d["settlement"]["order"].append("zoo")
    _raises(d, "settlement.order", "unknown wager(s) zoo")


def test_duplicate_wager_key():
    d = _data("baccarat/ez-panda8")
    d["wagers"][1]["key"] = "player"
    _raises(d, "wagers", "duplicate")


def test_requires_names_a_wager():
    d = _data("baccarat/ez-panda8")
    d["wagers"][3]["requires"] = ["ante"]
    _raises(d, "wagers[3].requires", "unknown wager 'ante'")


def test_shoe_fields():
    d = _data("baccarat/ez-panda8")
    d["shoe"]["decks"] = {"min": 6, "max": 3}
    _raises(d, "shoe.decks.max")
    d = _data("baccarat/cash-in")
    d["shoe"]["burn"]["kind"] = "half"
    _raises(d, "shoe.burn.kind")
    d = _data("baccarat/cash-in")
    d["shoe"]["burn"]["values"] = {"X": 3}
    _raises(d, "shoe.burn.values.X")


def test_action_fields():
    d = _data("baccarat/21st-century")
    d["action"]["card"]["hand"] = "dealer"
    _raises(d, "action.card.hand")
    d = _data("baccarat/21st-century")
    d["action"]["origin"] = "house-dealer"
    _raises(d, "action.origin")


def test_missing_required_sections():
    d = _data("baccarat/ez-panda8")
    del d["tableau"]
    _raises(d, "tableau", "missing")
    _raises({**_data("baccarat/ez-panda8"), "game": "chemin-de-fer"}, "game")


def test_setting_overrides_are_checked():
    with pytest.raises(BaccaratDataError, match="no setting"):
        from_data(_data("baccarat/21st-century"), {"ez-dragon-push": False})


def test_pan9_chart_must_list_every_total_once():
    d = _data("baccarat/super-pan9")
    d["pan9"]["player_dealer"] = {"draw": [0, 1, 2, 3], "option": [4, 5], "stand": [7, 8, 9]}
    _raises(d, "pan9.player_dealer", "every total")
    d = _data("baccarat/fast-nine")
    d["pan9"]["wager"]["ties"] = "player-dealer"
    _raises(d, "pan9.wager.ties")
    d = _data("baccarat/fast-nine")
    d["pan9"]["player_dealer_zero"]["settle"][0]["pays"] = "x"
    _raises(d, "pan9.player_dealer_zero.settle[0]")
