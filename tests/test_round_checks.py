"""Generic checks: each raises its alert with the variant's ruling, or the filed-silence default."""

from rules.cards import JOKER, STANDARD_CARDS, card
from rules.round import AlertCode, Role, Ruling, Severity, apply, fold
from rules.round.events import (
    AlertCleared,
    CardRead,
    CutCard,
    DeckCheck,
    Declare,
    DeclareKind,
    RoundStart,
    Shuffle,
    Target,
    TargetKind,
)
from rules.round.state import Status
from tests.round_helpers import filed, game, reads, started

CAPITOL = filed("paigow/capitol")
THREE = filed("threecard/betwiser-3card-holdem")


def codes(s):
    return [a.code for a in s.alerts]


def test_duplicate_card_since_the_last_shuffle_across_rounds():
    g = game("x", [{"deal": "players", "cards": 1}])
    s = fold(g, reads("As Kd"), started(g, seats=(1, 2)))
    s = apply(s, RoundStart((1, 2)))
    s = fold(g, reads("As"), s)
    assert codes(s) == [AlertCode.DUPLICATE_CARD]
    assert s.alerts[0].ruling is Ruling.CALL_FLOOR and s.alerts[0].cite.seed == "none filed"
    # A shuffle starts a new shoe: the same card is fine again.
    s = fold(g, [*reads("Qh"), Shuffle(), RoundStart((1, 2)), *reads("As")], s)
    assert codes(s) == []


def test_duplicates_allowed_up_to_the_shoe_size():
    g = game("x", [{"deal": "players", "cards": 9}], deck={"decks": 8})
    s = fold(g, reads(" ".join(["As"] * 8)), started(g, seats=(1,)))
    assert codes(s) == []
    s = fold(g, reads("As"), s)
    assert codes(s) == [AlertCode.DUPLICATE_CARD]


def test_foreign_card_joker_in_a_no_joker_game_and_stripped_ranks():
    s = fold(THREE, [CardRead(JOKER)], started(THREE, seats=(1, 2, 5), pd=5))
    assert codes(s) == [AlertCode.FOREIGN_CARD]
    g = game("x", [{"deal": "players", "cards": 2}], deck={"decks": 1, "ranks_removed": [8, 9, 10]})
    s = fold(g, reads("9h Ks"), started(g, seats=(1,)))
    assert codes(s) == [AlertCode.FOREIGN_CARD] and s.alerts[0].card == card("9h")


def test_unreadable_card_is_a_warning_to_enter_by_hand():
    s = fold(THREE, reads("??"), started(THREE, seats=(1, 5), pd=5))
    a = s.alerts[0]
    assert a.code is AlertCode.UNREADABLE_CARD and a.severity is Severity.WARNING
    assert s.hand(Target(TargetKind.SEAT, 1)) == (None,)


def test_deck_count_mismatch_is_a_blocking_stop_that_outlives_the_round():
    s = fold(THREE, [Shuffle(), DeckCheck(51, missing=(card("As"),))])
    a = s.alerts[0]
    assert a.code is AlertCode.DECK_COUNT_MISMATCH and a.severity is Severity.STOP and s.blocked
    assert "off the table" in a.remedy
    s = apply(s, RoundStart((1, 5), 5))
    assert s.blocked and s.active_alerts[0].code is AlertCode.DECK_COUNT_MISMATCH
    s = apply(s, AlertCleared(AlertCode.DECK_COUNT_MISMATCH, Role.DEALER))
    assert s.blocked, "the dealer may not clear a stop"
    s = apply(s, AlertCleared(AlertCode.DECK_COUNT_MISMATCH, Role.FLOOR))
    assert not s.blocked
    assert fold(THREE, [Shuffle(), DeckCheck(52)]).alerts == ()


def test_exposed_and_boxed_cards():
    s = fold(THREE, [*reads("As"), *reads("Kd", face_up=True)], started(THREE, seats=(1, 2, 5), pd=5))
    assert codes(s) == [AlertCode.BOXED_CARD]
    s = fold(
        THREE,
        [*reads("As"), Declare(DeclareKind.EXPOSED_CARD, seat=1)],
        started(THREE, seats=(1, 2, 5), pd=5),
    )
    assert codes(s) == [AlertCode.EXPOSED_CARD] and s.alerts[0].card == card("As")


def test_wrong_card_count_and_extra_card():
    g = game("x", [{"deal": "players", "cards": 2}])
    s = fold(g, [*reads("As Kd 7h"), Declare(DeclareKind.DEAL_DONE)], started(g, seats=(1, 2)))
    assert codes(s) == [AlertCode.WRONG_CARD_COUNT] and s.alerts[0].seat == 2
    s = fold(g, reads("As Kd 7h 2c 3c"), started(g, seats=(1, 2)))
    assert codes(s) == [AlertCode.EXTRA_CARD]


def test_missed_seat_and_out_of_order():
    g = game("x", [{"deal": "players", "cards": 1}, {"board": 1}])
    s = fold(g, [CardRead(card("As"), to=Target(TargetKind.SEAT, 3))], started(g, seats=(1, 2, 3)))
    assert codes(s) == [AlertCode.MISSED_SEAT] and s.alerts[0].seat == 1
    s = fold(g, [CardRead(card("As"), to=Target(TargetKind.BOARD, 1))], started(g, seats=(1, 2, 3)))
    assert codes(s) == [AlertCode.OUT_OF_ORDER]
    s = fold(g, [Declare(DeclareKind.MISSED_SEAT, seat=2)], started(g, seats=(1, 2, 3)))
    assert codes(s) == [AlertCode.MISSED_SEAT] and s.alerts[0].seat == 2


def test_premature_card_before_the_round_and_after_a_misdeal():
    s = fold(THREE, [Shuffle(), *reads("As")])
    assert codes(s) == [AlertCode.PREMATURE_CARD]
    s = fold(THREE, [Declare(DeclareKind.MISDEAL), *reads("As")], started(THREE, seats=(1, 5), pd=5))
    assert s.status is Status.VOID
    assert codes(s) == [AlertCode.MISDEAL_DECLARED], "nothing more is ruled on once the round is void"


def test_leftover_mismatch_pai_gow_exactly_four():
    s = started(CAPITOL, seats=range(1, 8), pd=1)
    deck = [*STANDARD_CARDS, JOKER]
    s = fold(CAPITOL, [CardRead(c) for c in deck[:49]], s)
    s = apply(s, Declare(DeclareKind.STUB_COUNT, count=5))
    assert codes(s) == [AlertCode.LEFTOVER_MISMATCH]
    s2 = fold(CAPITOL, [CardRead(c) for c in deck[:49]], started(CAPITOL, seats=range(1, 8), pd=1))
    s2 = fold(CAPITOL, [CardRead(c) for c in deck[49:]], s2)
    assert codes(s2) == []
    s2 = apply(s2, CardRead(card("2c")))  # a fifth leftover (a second 2c: a duplicate too)
    assert codes(s2) == [AlertCode.DUPLICATE_CARD, AlertCode.LEFTOVER_MISMATCH]


def test_cut_card_asks_for_a_shuffle_after_the_round():
    g = game("x", [{"deal": "players", "cards": 1}])
    s = fold(g, [*reads("As"), CutCard(), *reads("Kd")], started(g, seats=(1, 2)))
    assert s.status is Status.DEALT and "cut card" in s.prompt
    s = apply(s, RoundStart((1, 2)))
    s = apply(s, Shuffle())
    assert s.shoe.total == 0 and not s.shoe.cut_card_out


def test_silent_filing_defaults_to_call_floor():
    s = fold(
        THREE,
        [
            *reads("As"),
            Declare(
                DeclareKind.CARD_OFF_TABLE,
                seat=1,
                by=__import__("rules.round.events", fromlist=["By"]).By.DEALER,
            ),
        ],
        started(THREE, seats=(1, 5), pd=5),
    )
    a = s.alerts[0]
    assert a.ruling is Ruling.CALL_FLOOR and a.rule == "" and a.clear_role is Role.FLOOR


def test_device_faults_default_to_disable_device_for_a_technician():
    from rules.round.events import DeviceFault

    s = apply(fold(CAPITOL, [Shuffle()]), DeviceFault("shoe", AlertCode.COMMS_LOST))
    a = s.alerts[0]
    assert a.ruling is Ruling.DISABLE_DEVICE and a.clear_role is Role.TECHNICIAN
    assert apply(s, AlertCleared(AlertCode.COMMS_LOST, Role.FLOOR)).blocked
    assert not apply(s, AlertCleared(AlertCode.COMMS_LOST, Role.TECHNICIAN)).blocked


def test_boxed_card_noticed_after_the_deal_is_replaced_from_the_stub():
    s = started(THREE, seats=(1, 2, 5), pd=5)
    from rules.round.events import Button, ButtonPress

    s = fold(
        THREE,
        [
            *reads("As Kd 7h 2c"),
            *reads("5d", face_up=True),
            *reads("Qs 3h"),
            ButtonPress(Button.CONFIRM),
            ButtonPress(Button.CONFIRM),
            *reads("8c"),
            *reads("Jh Jd", face_up=True),
        ],
        s,
    )
    assert s.status is Status.DEALT
    s = apply(s, Declare(DeclareKind.BOXED_CARD, seat=2, card=card("2c")))
    assert s.alerts[-1].ruling is Ruling.REPLACE_FROM_STUB
    assert s.prompt == "replacement card for seat 2 (from the stub)"
    s = apply(s, CardRead(card("4s")))
    assert s.hand(Target(TargetKind.SEAT, 2)) == (card("Kd"), card("4s"))
    assert s.prompt == "deal complete"


def test_a_shuffler_packet_number_names_the_pile():
    s = started(CAPITOL, seats=range(1, 8), pd=1)
    s = apply(s, CardRead(card("As"), packet=1))
    assert codes(s) == []
    s = apply(s, CardRead(card("Ks"), packet=2))  # pile 1 still had six cards to come
    assert codes(s) == [AlertCode.MISSED_SEAT] and "pile 1" in s.alerts[0].message
