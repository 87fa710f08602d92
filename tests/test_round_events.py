"""Events: immutable, versioned, and their JSON form round-trips exactly."""

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import ALL_CARDS
from rules.round.alerts import DEVICE_CODES, AlertCode, Role
from rules.round.events import (
    EVENT_TYPES,
    Action,
    AlertCleared,
    Burn,
    Button,
    ButtonPress,
    By,
    CardRead,
    Correction,
    CutCard,
    Decision,
    DeckCheck,
    Declare,
    DeclareKind,
    DeviceFault,
    DiceResult,
    Discard,
    EventError,
    HandSet,
    Meld,
    RoundStart,
    Shuffle,
    Target,
    TargetKind,
    Wager,
    event_from_json,
)

cards = st.sampled_from(ALL_CARDS)
maybe_card = st.none() | cards
seat = st.integers(1, 10)
targets = st.builds(
    lambda k, i, h: Target(
        k,
        0 if k in (TargetKind.PLAYER_DEALER, TargetKind.BURN, TargetKind.STUB) else i,
        h if k is TargetKind.SEAT else 0,
    ),
    st.sampled_from(TargetKind),
    st.integers(1, 9),
    st.sampled_from([0, 0, 1, 2, 3]),
)
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


@st.composite
def round_starts(draw):
    seats = draw(st.lists(seat, min_size=1, max_size=8, unique=True))
    pd = draw(st.none() | st.sampled_from(seats))
    wagers = draw(
        st.lists(
            st.builds(
                Wager, st.sampled_from(seats), st.integers(0, 10**7), st.sampled_from(["main", "ante", "1"])
            )
        )
    )
    return RoundStart(tuple(seats), pd, draw(st.none() | seat), tuple(wagers), draw(st.integers(0, 10**8)))


events = st.one_of(
    st.builds(Shuffle, text, text),
    st.builds(
        DeckCheck,
        st.integers(0, 500),
        st.lists(cards, max_size=3).map(tuple),
        st.lists(cards, max_size=3).map(tuple),
        st.lists(cards, max_size=3).map(tuple),
        text,
    ),
    round_starts(),
    st.builds(CardRead, maybe_card, st.booleans(), text, st.none() | st.integers(1, 20), st.none() | targets),
    st.builds(Burn, maybe_card, text),
    st.builds(DiceResult, st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple), text),
    st.builds(CutCard, text),
    st.builds(
        Declare,
        st.sampled_from(DeclareKind),
        st.none() | seat,
        st.none() | cards,
        st.none() | targets,
        st.sampled_from(By),
        st.none() | st.integers(0, 60),
    ),
    st.builds(
        HandSet,
        seat,
        st.lists(cards, max_size=2).map(tuple),
        st.lists(cards, max_size=5).map(tuple),
        st.lists(cards, max_size=5).map(tuple),
        st.booleans(),
        st.booleans(),
    ),
    st.builds(
        Decision,
        seat,
        st.sampled_from(Action),
        st.none() | st.integers(0, 10**6),
        st.none() | st.integers(0, 5),
    ),
    st.builds(
        Meld, seat, st.lists(cards, max_size=4).map(tuple), st.none() | st.integers(1, 4), st.booleans()
    ),
    st.builds(Discard, seat, cards),
    st.builds(ButtonPress, st.sampled_from(Button), st.sampled_from(Role)),
    st.builds(Correction, st.integers(1, 10**6), text, st.sampled_from(Role)),
    st.builds(DeviceFault, text, st.sampled_from(sorted(DEVICE_CODES, key=lambda c: c.value)), text),
    st.builds(AlertCleared, st.sampled_from(AlertCode), st.sampled_from(Role), st.none() | seat),
)


@given(events)
def test_json_round_trip(e):
    data = json.loads(json.dumps(e.to_json()))
    assert data["type"] == e.type and data["v"] == 1
    assert event_from_json(data) == e


@given(events)
def test_events_are_immutable(e):
    name = dataclasses.fields(e)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(e, name, None)


def test_every_event_type_is_covered_by_the_strategy():
    assert set(EVENT_TYPES) == {
        "shuffle", "deck_check", "round_start", "card", "burn", "dice", "cut_card", "declare",
        "hand_set", "meld", "discard", "decision", "button", "correction", "device_fault", "alert_cleared",
    }  # fmt: skip


def test_unread_card_is_written_as_in_the_notation():
    assert CardRead(None).to_json()["card"] == "??"
    assert event_from_json({"type": "card", "card": "??"}) == CardRead(None)
    assert event_from_json({"type": "card", "card": "10h", "to": "seat 4"}).to == Target(TargetKind.SEAT, 4)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "nope"}, "type"),
        ({"type": "card", "card": "Xx"}, "card"),
        ({"type": "card", "card": "As", "colour": "red"}, "colour"),
        ({"type": "card"}, "card"),
        ({"type": "card", "card": "As", "face_up": "yes"}, "face_up"),
        ({"type": "card", "card": "As", "to": "table 3"}, "to"),
        ({"type": "round_start", "seats": [1, 2], "player_dealer": 5}, "player_dealer"),
        ({"type": "round_start", "seats": [1], "wagers": {1: 2.5}}, "wagers"),
        ({"type": "dice", "dice": [0, 7]}, "dice"),
        ({"type": "device_fault", "device": "shoe", "code": "EXPOSED_CARD"}, "code"),
        ({"type": "declare", "what": "fainted"}, "what"),
        ({"type": "card", "card": "As", "v": 2}, "v"),
    ],
)
def test_bad_events_name_the_field(data, field):
    with pytest.raises(EventError) as info:
        event_from_json(data)
    assert info.value.field == field


def test_wager_shorthand_expands_to_seat_spot_cents():
    e = event_from_json(
        {"type": "round_start", "seats": [1, 2], "wagers": {1: 500, 2: {"ante": 100, "bonus": 25}}}
    )
    assert e.wagers == (Wager(1, 500), Wager(2, 100, "ante"), Wager(2, 25, "bonus"))


def test_a_backline_wager_survives_the_journal_and_a_seated_one_is_written_as_before():
    start = RoundStart((1, 2), 2, None, (Wager(1, 1000, "ante"), Wager(1, 500, "ante", backline=True)), 10000)
    data = json.loads(json.dumps(start.to_json()))
    assert data["wagers"] == [
        {"seat": 1, "spot": "ante", "cents": 1000},
        {"seat": 1, "spot": "ante", "cents": 500, "backline": True},
    ]
    assert event_from_json(data) == start
    with pytest.raises(EventError, match="backline"):
        event_from_json({**data, "wagers": [{"seat": 1, "cents": 500, "backline": "yes"}]})
