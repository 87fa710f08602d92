"""The player-dealer rotation state machine through each filed case (000a §3, §7; 003 §2 rule 27; 001)."""

from __future__ import annotations

import pytest

from rules.banking import (
    BANK_ROTATION_DUE,
    DataError,
    Phase,
    Rotation,
    RotationError,
    RotationRules,
    offer_order,
)

SEATS = (1, 2, 3, 4, 5, 6, 7)
SEATED = {1: "ann", 2: "bob", 3: "cy", 4: "dee", 5: "eve", 6: "fay", 7: "gus"}


def banking(player: str, seat: int) -> Rotation:
    r = Rotation().offer(offer_order(SEATS, seat - 1 if seat > 1 else 7, SEATED, {}))
    while r.asked is not None and r.asked.player != player:
        r = r.decline()
    return r.accept()


def test_offered_clockwise_seated_player_first_then_that_squares_bettors() -> None:
    """000a §3: the seated player has first option; if he refuses, anyone who bet on that seated position the
    previous hand may bank, in order of the square in which they bet."""
    prior = {3: ["zed", "cy", "yul"], 4: ["dee"]}
    order = offer_order(SEATS, 2, SEATED, prior)
    assert [(c.seat, c.player) for c in order[:4]] == [(3, "cy"), (3, "zed"), (3, "yul"), (4, "dee")]
    r = Rotation().offer(order)
    assert r.phase is Phase.OFFERING and r.asked is not None and r.asked.player == "cy"
    r = r.decline()
    assert r.asked is not None and r.asked.player == "zed"
    r = r.accept()
    assert r.banker is not None and (r.banker.player, r.banker.seat) == ("zed", 3)
    assert r.deal_tile == 1 and r.game_open and r.can_play


def test_two_consecutive_rounds_then_rotation_is_due() -> None:
    r = banking("cy", 3)
    assert r.deal_tile == 1
    r = r.round_played()
    assert r.deal_tile == 2 and r.due is None
    r = r.round_played()
    due = r.due
    assert due is not None and due.code == BANK_ROTATION_DUE == "BANK_ROTATION_DUE"
    assert "2 consecutive rounds" in due.describe()
    assert not r.can_play
    with pytest.raises(RotationError, match=BANK_ROTATION_DUE):
        r.round_played()


def test_an_intervening_player_takes_the_bank() -> None:
    r = banking("cy", 3).round_played().round_played()
    r = r.offer(offer_order(SEATS, 3, SEATED, {}))
    assert r.asked is not None and r.asked.player == "dee"
    assert all(c.player != "cy" for c in r.pending), (
        "the player-dealer who just banked is not offered it again"
    )
    r = r.decline().accept()
    assert r.banker is not None and r.banker.player == "eve" and r.deal_tile == 1


def test_nobody_intervenes_the_game_closes_pauses_and_reopens() -> None:
    """000a §3 and §7: if no intervening player accepts, the open/close disk goes to closed, a short pause, then
    open again and a new game begins, in which the last player-dealer may bank again."""
    r = banking("cy", 3).round_played().round_played()
    r = r.offer(offer_order(SEATS, 3, SEATED, {}))
    for _ in range(len(SEATS) - 1):
        r = r.decline()
    assert r.phase is Phase.CLOSED and not r.game_open and r.closures == 1
    with pytest.raises(RotationError):
        r.round_played()
    with pytest.raises(RotationError):
        r.offer(())
    r = r.reopen()
    assert r.game_open and r.phase is Phase.NO_BANK
    r = r.offer(offer_order(SEATS, 2, SEATED, {}))
    assert r.asked is not None and r.asked.player == "cy"
    assert r.accept().deal_tile == 1


def test_offering_to_nobody_closes_the_game() -> None:
    r = banking("ann", 1).round_played().round_played()
    r = r.offer([c for c in offer_order(SEATS, 1, SEATED, {}) if c.player == "ann"])
    assert r.phase is Phase.CLOSED


def test_capitol_rule_27_no_prior_wager_no_player_dealer_at_that_seat() -> None:
    """003 §2 rule 27: "If no wager was placed on the prior hand, no one will be Player/Dealer at that seat.\""""
    rules = RotationRules.from_data({"require_prior_wager": True})
    prior = {2: ["bob"], 5: ["eve", "ann"]}
    order = offer_order(SEATS, 1, SEATED, prior, rules)
    assert [(c.seat, c.player) for c in order] == [(2, "bob"), (5, "eve"), (5, "ann")]
    assert [c.seat for c in offer_order(SEATS, 1, SEATED, prior)][:4] == [2, 3, 4, 5]


def test_third_party_proposition_player_rotates_the_same() -> None:
    """000a §7: the same rotation applies to third-party proposition players who bank."""
    seated = {**SEATED, 4: "tppp"}
    r = Rotation().offer(offer_order(SEATS, 3, seated, {}, proposition_players={"tppp"}))
    assert r.asked is not None and r.asked.proposition_player
    r = r.accept().round_played().round_played()
    assert r.due is not None and r.banker is not None and r.banker.proposition_player
    r = r.offer(offer_order(SEATS, 4, seated, {}, proposition_players={"tppp"}))
    assert all(c.player != "tppp" for c in r.pending)


def test_player_dealer_may_pass_after_one_hand() -> None:
    """001: a player may be player-dealer for two consecutive hands, or for one hand and then pass."""
    r = banking("bob", 2).round_played().pass_bank()
    assert r.phase is Phase.NO_BANK and r.banker is None and r.previous == "bob"
    r = r.offer(offer_order(SEATS, 2, SEATED, {}))
    assert r.asked is not None and r.asked.player == "cy"


def test_the_house_never_banks_and_steps_follow_the_state() -> None:
    with pytest.raises(RotationError, match="house never banks"):
        Rotation().round_played()
    with pytest.raises(RotationError):
        Rotation().accept()
    with pytest.raises(RotationError):
        Rotation().decline()
    with pytest.raises(RotationError):
        Rotation().reopen()
    with pytest.raises(RotationError, match="pass the bank first"):
        banking("ann", 1).offer(())
    with pytest.raises(RotationError):
        offer_order(SEATS, 9, SEATED, {})


def test_rules_from_data_name_the_field() -> None:
    assert RotationRules.from_data({"max_consecutive": 1}).max_consecutive == 1
    with pytest.raises(Exception, match="rotation.max_consecutive"):
        RotationRules.from_data({"max_consecutive": 0})
    with pytest.raises(Exception, match="rotation.colour"):
        RotationRules.from_data({"colour": 1})


def test_one_round_rule_variant() -> None:
    r = Rotation(RotationRules(max_consecutive=1)).offer(offer_order(SEATS, 1, SEATED, {})).accept()
    assert r.deal_tile == 1
    assert r.round_played().due is not None


def test_offer_next_goes_on_from_the_last_player_dealer() -> None:
    r = banking("eve", 5).round_played().round_played()
    r = r.offer_next(SEATS, SEATED, {6: ["fay"], 7: []})
    assert r.asked is not None and (r.asked.seat, r.asked.player) == (6, "fay")
    assert [c.player for c in r.pending][-1] == "dee", "the last seat asked is the one before the old bank"
    r = r.decline().decline().decline().decline().decline().decline()
    assert r.phase is Phase.CLOSED
    r = r.reopen().offer_next(SEATS, SEATED, {})
    assert r.asked is not None and r.asked.player == "fay"


EIGHT = (1, 2, 3, 4, 5, 6, 7, 8)
SEATED8 = {s: f"p{s}" for s in EIGHT}
CCW = RotationRules.from_data({"offer_direction": "counterclockwise"})


def test_the_offer_goes_the_way_the_room_files_it() -> None:
    """The direction is data (``offer_direction``): clockwise by default (The 101, seed 000 L54: 'offered to
    each seated player spot in a clockwise fashion'); counterclockwise from seat #1 at Capitol's Pai Gow
    Tiles (seed 003 L527). Seats are numbered clockwise, so counterclockwise after seat 3 is 2, 1, 8, ..."""
    assert RotationRules().offer_direction.value == "clockwise"
    assert [c.seat for c in offer_order(EIGHT, 3, SEATED8, {})] == [4, 5, 6, 7, 8, 1, 2, 3]
    assert [c.seat for c in offer_order(EIGHT, 3, SEATED8, {}, CCW)] == [2, 1, 8, 7, 6, 5, 4, 3]
    # with nobody banking yet, both start at seat #1 ("determined by starting at seat #1", L527)
    assert [c.seat for c in offer_order(EIGHT, None, SEATED8, {})][:3] == [1, 2, 3]
    assert [c.seat for c in offer_order(EIGHT, None, SEATED8, {}, CCW)][:3] == [1, 8, 7]


def test_the_bank_goes_on_counterclockwise_after_two_hands() -> None:
    """Capitol's tiles: seat 1 banks two hands, then seat 8 is asked; declined, seat 7; and the
    BANK_ROTATION_DUE the dealer sees names the direction."""
    r = Rotation(CCW).offer_next(EIGHT, SEATED8, {}).accept()
    assert r.banker is not None and r.banker.seat == 1
    r = r.round_played().round_played()
    assert r.due is not None and r.due.describe().endswith("offer the bank counterclockwise")
    assert "offer the bank counterclockwise" in r.due.remedy
    r = r.offer_next(EIGHT, SEATED8, {})
    assert r.asked is not None and r.asked.seat == 8
    r = r.decline()
    assert r.asked is not None and r.asked.seat == 7
    # clockwise, the same table goes to seat 2
    c = Rotation().offer_next(EIGHT, SEATED8, {}).accept().round_played().round_played()
    assert c.due is not None and c.due.describe().endswith("offer the bank clockwise")
    asked = c.offer_next(EIGHT, SEATED8, {}).asked
    assert asked is not None and asked.seat == 2


def test_a_direction_that_is_not_one_is_refused_by_name() -> None:
    with pytest.raises(DataError) as e:
        RotationRules.from_data({"offer_direction": "left"})
    assert e.value.field == "rotation.offer_direction"


def test_a_block_of_the_direction_alone_counts_nothing_in_the_round_engine() -> None:
    """A game file whose filing gives the bank's direction but no count (e.g. Triple Bonus Pai Gow, seed 000
    L3926) files ``rotation: {offer_direction, cite}``: the table offers the bank that way and takes the
    California two (000a §3), but the round engine raises no BANK_ROTATION_DUE of its own; a filed count does."""
    from rules.round.table_rules import rotation_finding, rotation_rules

    alone = {"rotation": {"offer_direction": "counterclockwise", "cite": "x"}}
    rules = rotation_rules(alone)
    assert rules is not None and rules.offer_direction.value == "counterclockwise"
    assert rotation_finding(alone, (3, 5)) is None
    counted = {"rotation": {"max_consecutive": 2, "offer_direction": "clockwise"}}
    assert rotation_finding(counted, (3, 2)) is None
    finding = rotation_finding(counted, (3, 3))
    assert finding is not None and finding.code.value == BANK_ROTATION_DUE
    banking = {"banking": {"rotation": {"max_consecutive": 2, "offer_direction": "counterclockwise"}}}
    found = rotation_rules(banking)
    assert found is not None and found.offer_direction.value == "counterclockwise"


def test_a_cite_block_reads_as_one_line_not_a_mapping():
    """A game file's ``rotation.cite`` written as a block (Ultimate War's) is shown in BANK_ROTATION_DUE as
    ``seed, section, lines``, never as a Python mapping."""
    block = {"seed": "000_76608ceeedc7f77e.txt", "section": "Type of Game", "lines": "L1147, L1265"}
    rules = RotationRules.from_data({"cite": block})
    assert rules.cite == "000_76608ceeedc7f77e.txt, Type of Game, L1147, L1265"
    assert RotationRules.from_data({"cite": "000a §3"}).cite == "000a §3"
