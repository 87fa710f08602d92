"""Every fee example the catalogs give, and the filings' own rules on schedules, as tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml

from rules.banking import Wager, WagerKind
from rules.fees import FeePosting, FeeScheduleError, Payer, RoomFees, Schedule, Taken, assess, time_collection

FEES = Path(__file__).resolve().parent.parent / "config" / "fees"
# The C build of the safe loader when present: the same safe subset of YAML, parsed faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def room(slug: str) -> RoomFees:
    return RoomFees.from_data(
        yaml.load((FEES / f"{slug}.yaml").read_text(encoding="utf-8"), Loader=_LOADER), slug
    )


def ante(
    seat: int, dollars: int, name: str = "Ante", kind: WagerKind = WagerKind.BASE, circle: int = 0
) -> Wager:
    return Wager.single(seat, name, f"p{seat}", dollars * 100, kind, circle)


# --- catalog 000a §23 sample oracles ------------------------------------------------------------------


def test_three_card_texas_holdem_schedule_1_total_action_11() -> None:
    """000a §23: "3CH sched 1, action $11 -> player $1.00, PD $0.50" (seed 000 L201-208)."""
    s = room("the101").schedule("three-card-texas-holdem", 1)
    coll = assess(s, [ante(1, 6), ante(2, 5)])
    assert coll.player_dealer == 50
    assert coll.by_player() == {"p1": 100, "p2": 100}
    assert all(line.taken is Taken.BEFORE_DEAL for line in coll.lines)
    # $10 of action is still the first row: $0.50 each.
    coll = assess(s, [ante(1, 5), ante(2, 5)])
    assert coll.player_dealer == 50 and coll.by_player() == {"p1": 50, "p2": 50}


def test_ultimate_war_schedule_1_action_600_and_601() -> None:
    """000a §23: "Ultimate War sched 1, action $600 -> $3, $601 -> $6"."""
    s = room("the101").schedule("ultimate-war", 1)
    assert assess(s, [ante(1, 600)]).player_dealer == 300
    assert assess(s, [ante(1, 600), ante(2, 1)]).player_dealer == 600
    assert s.taken is Taken.BEFORE_PLAYER_DEALER_HAND_OPENED


def test_big_o_six_players_and_no_flop() -> None:
    """000a §23: "Big O $4-$8 with 6 players -> $4, but $0 if the hand ends before the flop"."""
    s = room("the101").schedule("big-o", 1)
    assert assess(s, [], players=6).pot == 400
    assert assess(s, [], players=6, flop_seen=False).pot == 0
    assert assess(s, [], players=7).pot == 500 and assess(s, [], players=4).pot == 300


def test_chinese_poker_joining_after_the_20_minute_mark_pays_half() -> None:
    """000a §23: "Chinese Poker $10 table, player joins at minute 25 of the down -> $6"."""
    s = room("the101").schedule("chinese-poker", 3)
    coll = time_collection(s, ["early", "late", "on-the-mark"], joined_minute={"late": 25, "on-the-mark": 20})
    assert coll.by_player() == {"early": 1200, "late": 600, "on-the-mark": 600}


# --- catalog 001 (Oaks) -----------------------------------------------------------------------------------


def test_zoobac_wagers_in_conjunction_pay_once() -> None:
    """001 G19: two $100 Banker wagers and a $20 Zoo -> $1 for each Banker, nothing for the Zoo; a $25 Tie with
    a $5 Tiger -> $1 only."""
    s = room("oaks").schedule("zoobac", 1)
    a = [
        ante(1, 100, "Banker"),
        ante(1, 100, "Banker", circle=1),
        ante(1, 20, "Zoo", WagerKind.BONUS, circle=1),
    ]
    assert assess(s, a).by_player() == {"p1": 200}
    b = [ante(2, 25, "Tie"), ante(2, 5, "Tiger", WagerKind.BONUS)]
    assert assess(s, b).by_player() == {"p2": 100}
    assert assess(s, a + b).player_dealer == 300


def test_oaks_holdem_no_flop_rules() -> None:
    """001 §3.1: no flop with 5+ players -> the reduced fee; with 4 or fewer -> none; options 45-88: none."""
    oaks = room("oaks")
    s1 = oaks.schedule("texas-holdem", 1)
    assert [assess(s1, [], players=n).pot for n in (4, 5, 6, 7, 9)] == [100, 100, 200, 400, 400]
    assert [assess(s1, [], players=n, flop_seen=False).pot for n in (4, 5, 7)] == [0, 100, 100]
    s45 = oaks.schedule("texas-holdem", 45)
    assert assess(s45, [], players=7).pot == 400 and assess(s45, [], players=7, flop_seen=False).pot == 0
    nl = oaks.schedule("texas-holdem", 141)  # $10-$20 NL: 7, 6, 4 / 3 / 0
    assert [assess(nl, [], players=n).pot for n in (3, 5, 6, 8)] == [300, 400, 600, 700]
    assert [assess(nl, [], players=n, flop_seen=False).pot for n in (3, 5)] == [0, 300]


def test_oaks_lowball_time_collection_per_player() -> None:
    s = room("oaks").schedule("lowball", 2)  # $30: 5+ $5.50, 4 or fewer $3.50
    assert time_collection(s, ["a", "b", "c", "d"]).total == 4 * 350
    assert time_collection(s, ["a", "b", "c", "d", "e"]).total == 5 * 550


def test_oaks_three_card_poker_bonus_fees() -> None:
    s = room("oaks").schedule("three-card-poker", 8)  # player $1, PD $2, Pair Plus $1, 6 Card Bonus $1
    coll = assess(s, [ante(1, 10), ante(1, 5, "Pair Plus", WagerKind.BONUS), ante(2, 10)])
    assert coll.player_dealer == 200
    assert coll.by_player() == {"p1": 200, "p2": 100}


def test_oaks_pai_gow_tiles_player_fee_by_own_wager() -> None:
    s = room("oaks").schedule("pai-gow-tiles", 3)
    coll = assess(s, [ante(1, 1000), ante(2, 1001), ante(3, 2001)])
    assert coll.by_player() == {"p1": 100, "p2": 200, "p3": 300}
    assert coll.player_dealer == 400  # TTA $4,002 -> $201+ row


# --- catalog 002, 003, 004 -------------------------------------------------------------------------------------


def test_tres_lounge_three_card_poker_counts_ante_and_pair_plus_only() -> None:
    s = room("tres-lounge").schedule("three-card-poker", 1)
    wagers = [ante(1, 30), ante(1, 5, "Pair Plus", WagerKind.BONUS), ante(1, 30, "Play")]
    assert assess(s, wagers).player_dealer == 100  # $35: the Play wager is not table action
    assert assess(s, [*wagers, ante(2, 1)]).player_dealer == 200


def test_tres_lounge_opening_fee_when_no_flop() -> None:
    s = room("tres-lounge").schedule("holdem", 4)  # opening $1.00, regular $1.50
    assert assess(s, [], players=6).pot == 150
    assert assess(s, [], players=6, flop_seen=False).pot == 100


def test_tres_lounge_21st_century_baccarat_flat_player_fee() -> None:
    s = room("tres-lounge").schedule("21st-century-baccarat", 3)
    wagers = [ante(1, 50, "Player"), ante(1, 10, "Tie"), ante(2, 150, "Banker")]
    coll = assess(s, wagers)
    assert coll.by_player() == {"p1": 50, "p2": 50}, "$0.50 per player regardless of what the player wagers"
    assert coll.player_dealer == 200  # TTA $210


def test_capitol_poker_jackpot_fee() -> None:
    """003 §13: 6+ players $4 + $1, 5 players $3 + $1, 4 or fewer $2 + $0; the $1 is the jackpot fee."""
    s = room("capitol").schedule("limit-texas-holdem", 7)
    for n, (fee, jackpot) in {6: (400, 100), 9: (400, 100), 5: (300, 100), 4: (200, 0), 2: (200, 0)}.items():
        lines = assess(s, [], players=n).lines
        assert [line.amount for line in lines] == [fee, jackpot]
        assert lines[1].label == "jackpot"


def test_capitol_low_ball_five_dollars_per_player_per_half_hour() -> None:
    s = room("capitol").schedule("lowball", 1)
    coll = time_collection(s, ["a", "b", "c"])
    assert coll.total == 1500 and all(line.payer is Payer.PLAYER for line in coll.lines)


def test_capitol_no_bust_option_a_by_wager_and_bank() -> None:
    s = room("capitol").schedule("no-bust-21st-century-blackjack", "A")
    coll = assess(s, [ante(1, 100), ante(2, 105), ante(3, 305)], bank=30000)
    assert coll.by_player() == {"p1": 50, "p2": 100, "p3": 200}
    assert coll.player_dealer == 300
    assert assess(s, [ante(1, 5)], bank=5000).player_dealer == 50
    with pytest.raises(FeeScheduleError, match="bank"):
        assess(s, [ante(1, 5)])


def test_supreme_baccarat_player_dealer_pays_by_total_table_action() -> None:
    """Seed 003 L1218-1225: option 1 charges the player-dealer only, by every circle's total action."""
    s = room("capitol").schedule("supreme-baccarat", 1)
    coll = assess(s, [ante(1, 200, "Banker"), ante(2, 100, "Tie", WagerKind.BONUS), ante(3, 1, "Player")])
    assert coll.player_dealer == 300 and coll.by_player() == {}
    assert assess(s, [ante(1, 300, "Player")]).player_dealer == 100
    assert assess(s, [ante(1, 2501, "Player")]).player_dealer == 2500
    assert all(line.taken is Taken.BEFORE_DEAL for line in coll.lines)


def test_capitol_unreadable_options_are_not_posted() -> None:
    capitol = room("capitol")
    with pytest.raises(FeeScheduleError, match="lost in the OCR"):
        capitol.schedule("no-bust-21st-century-blackjack", "B")
    with pytest.raises(FeeScheduleError, match="file ends"):
        capitol.schedule("commission-free-baccarat-dragon-bonus", 1)


def test_marysville_designated_fee_after_the_river() -> None:
    s = room("marysville").schedule("texas-holdem", "gega-002279/3")
    assert assess(s, [], players=6).pot == 300 + 100 + 100
    assert assess(s, [], players=6, river_seen=False).pot == 400
    assert assess(s, [], players=6, flop_seen=False).pot == 0
    dtf = assess(s, [], players=5).lines[2]
    assert dtf.taken is Taken.AFTER_RIVER and dtf.label == "designated table"


def test_marysville_versions_are_kept_apart() -> None:
    m = room("marysville")
    old = m.schedule("face-up-pai-gow-poker", "rates-undated/9")
    new = m.schedule("pure-21.5", "gega-002888-2024-part2/10")
    assert [r.fee for r in old.charges[0].rows] == [200, 400, 500, 600, 800]
    assert [r.fee for r in new.charges[0].rows] == [200, 400, 600, 800, 1000]


def test_party_craps_fee_per_section() -> None:
    s = room("the101").schedule("party-craps", 1)
    wagers = [
        ante(1, 150, "Pass Line"),
        ante(2, 100, "Pass Line"),
        ante(3, 10, "Come"),
        ante(3, 20, "Field", WagerKind.BONUS),
        ante(4, 50, "Place", WagerKind.BONUS),
    ]
    coll = assess(s, wagers)
    pd = {line.wager: line.amount for line in coll.lines if line.payer is Payer.PLAYER_DEALER}
    assert pd == {"Pass Line": 300, "Come": 100, "Field": 100}  # $250 in Pass Line: $201+ row
    assert coll.by_player() == {"p4": 100}


# --- the filings' own rules ------------------------------------------------------------------------------------

_BASE = {
    "room": "r",
    "game": "g",
    "option": "1",
    "title": "t",
    "source": {"seed": "s.txt", "section": "§1", "lines": "L1-2"},
    "taken": "before_deal",
}


def _schedule(**charge: object) -> Schedule:
    return Schedule.from_data({**_BASE, "charges": [{"payer": "player_dealer", "per": "round", **charge}]})


def test_a_percentage_is_never_a_fee() -> None:
    with pytest.raises(FeeScheduleError, match="percentage"):
        _schedule(fee="5%")
    with pytest.raises(FeeScheduleError, match="string"):
        _schedule(fee=0.5)


def test_rows_must_ascend_without_overlap_and_stay_within_the_rates() -> None:
    with pytest.raises(FeeScheduleError, match="overlaps"):
        _schedule(lookup="table_action", rows=[[5, 100, 1], [100, None, 2]])
    with pytest.raises(FeeScheduleError, match="must be the last"):
        _schedule(lookup="table_action", rows=[[5, None, 1], [101, None, 2]])
    six = [[i * 100 + 1, i * 100 + 100, i + 1] for i in range(6)]
    with pytest.raises(FeeScheduleError, match="at most 5 collection rates"):
        _schedule(lookup="table_action", rows=six)
    three_max = {
        **_BASE,
        "max_rates": 3,
        "charges": [{"payer": "player_dealer", "per": "round", "lookup": "table_action", "rows": six[:4]}],
    }
    with pytest.raises(FeeScheduleError, match="at most 3"):
        Schedule.from_data(three_max)


def test_errors_name_the_field() -> None:
    with pytest.raises(FeeScheduleError) as err:
        Schedule.from_data({**_BASE, "charges": [{"payer": "banker", "per": "round", "fee": 1}]})
    assert err.value.field == "schedule.charges[0].payer"
    with pytest.raises(FeeScheduleError) as err:
        Schedule.from_data({**_BASE, "charges": [{"payer": "player", "per": "round", "fee": 1, "colour": 2}]})
    assert err.value.field.endswith("colour")


def test_one_schedule_at_a_time_posted_before_play() -> None:
    the101 = room("the101")
    s1 = the101.schedule("two-card-peek", 1)
    s2 = the101.schedule("two-card-peek", 2)
    posting = FeePosting()
    with pytest.raises(FeeScheduleError, match="post one before play"):
        posting.begin_round()
    posting = posting.post(s1).begin_round()
    assert posting.active is s1
    with pytest.raises(FeeScheduleError, match="cannot change while a round is in progress"):
        posting.post(s2)
    posting = posting.end_round().post(s2)
    assert posting.active is s2 and not posting.round_in_progress


def test_a_missing_game_or_option_is_named() -> None:
    the101 = room("the101")
    with pytest.raises(FeeScheduleError, match="files no collection"):
        the101.schedule("roulette", 1)
    with pytest.raises(FeeScheduleError, match="no such option"):
        the101.schedule("two-card-peek", 99)
    with pytest.raises(FeeScheduleError, match="only 1-3 are printed"):
        the101.schedule("ultimate-texas-holdem", "gega-002034/4")


def test_an_amount_past_a_closed_last_row_takes_it_and_says_so() -> None:
    s = room("marysville").schedule("no-bust-21st-century-blackjack", "gega-002888-2010/1")
    line = assess(s, [ante(1, 900), ante(2, 900)]).lines[0]
    assert line.amount == 500 and "above the last row printed" in line.reason
