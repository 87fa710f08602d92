"""Every fault in the emulator profiles: the right event, and no valid read lost before or after it.

Emulator and driver run over the in-memory null modem on a manual clock: time moves only when the
test advances it, and nothing here asserts on time.
"""

from __future__ import annotations

from typing import Any

import pytest

from devices.errors import RestartNotAcknowledged
from devices.events import (
    CardDispensed,
    CardRead,
    CommandRejected,
    CommsLost,
    CommsRestored,
    CutCardReached,
    DeckVerified,
    DeviceRestarted,
    DoorClosed,
    DoorOpen,
    FaceUpCardInShuffler,
    PacketDispensed,
    SequenceGap,
    ShoeEmpty,
    ShortDispense,
    ShuffleComplete,
    ShufflerJam,
    UnreadableCard,
)
from devices.shuffler import ShufflerConfig
from firmware_bridge.messages import CardOut, Read
from rules.cards import card
from tests.devices.conftest import Rig, profile_from


def sent_reads(rig: Rig) -> list[tuple[Any, int]]:
    return [(m.card, m.face_up) for m in rig.sent if isinstance(m, Read)]


def got_reads(rig: Rig) -> list[tuple[Any, int]]:
    return [(e.card, int(e.face_up)) for e in rig.of(CardRead)]


def empty(rig: Rig) -> bool:
    return bool(rig.of(ShoeEmpty))


async def test_shoe_deck_face_up_and_cut_card(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-basic")
    await rig.run_until(empty)
    reads = rig.of(CardRead)
    assert len(reads) == 8 * 52
    assert [r.face_up for r in reads].index(True) == 4 and sum(r.face_up for r in reads) == 1
    # The cut card comes right after read 350.
    cut_at = next(i for i, e in enumerate(rig.events) if isinstance(e, CutCardReached))
    assert sum(isinstance(e, CardRead) for e in rig.events[:cut_at]) == 350
    assert got_reads(rig) == sent_reads(rig)


async def test_shoe_script_with_an_unreadable_card(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-script")
    await rig.run_until(empty)
    assert [e.card for e in rig.of(CardRead)] == [
        card("As"),
        card("Kd"),
        card("Th"),
        None,
        card("Jk"),
        card("2c"),
    ]
    (bad,) = rig.of(UnreadableCard)
    assert bad.alert_code == "UNREADABLE_CARD"


async def test_garbled_dropped_duplicated_frames_and_misreads_lose_nothing(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-noisy-line")
    await rig.run_until(empty)
    emu = rig.emulator
    assert emu.frames_garbled > 0 and emu.frames_dropped > 0 and emu.frames_duplicated > 0
    assert got_reads(rig) == sent_reads(rig)  # every read, once, in order
    assert len(rig.of(CardRead)) == 2000
    assert len(rig.of(UnreadableCard)) == emu.misreads > 0
    assert rig.of(SequenceGap)  # the drops were seen and resynchronised
    assert rig.device.counters.bad_frames > 0 and rig.device.counters.duplicates > 0


async def test_disconnect_and_reconnect(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-disconnect")
    await rig.run_until(empty)
    lost = rig.of(CommsLost)
    assert len(lost) == 1 and lost[0].alert_code == "COMMS_LOST"
    assert len(rig.of(CommsRestored)) == 1
    i_lost = rig.events.index(lost[0])
    assert rig.events.index(rig.of(CommsRestored)[0]) > i_lost
    assert sum(isinstance(e, CardRead) for e in rig.events[:i_lost]) >= 1
    assert got_reads(rig) == sent_reads(rig)
    assert len(rig.of(CardRead)) == 120


async def test_reboot_mid_round(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-reboot")
    await rig.run_until(empty)
    (restart,) = rig.of(DeviceRestarted)
    assert restart.alert_code == "DEVICE_RESTARTED"
    assert rig.emulator.boots == 2
    i = rig.events.index(restart)
    assert sum(isinstance(e, CardRead) for e in rig.events[:i]) == 30
    assert got_reads(rig) == sent_reads(rig)
    assert len(rig.of(CardRead)) == 80
    assert rig.device.restart_pending
    rig.device.acknowledge_restart()
    assert not rig.device.restart_pending


async def test_restart_must_be_acknowledged_before_commands(rig_factory: Any) -> None:
    prof = profile_from("shuffler-basic", faults={"reboot_after_events": 2})
    rig = await rig_factory(prof)
    rig.device.shuffle()  # DeckReport + ShuffleComplete = 2 events, then the reboot
    await rig.run_until(lambda r: bool(r.of(DeviceRestarted)))
    with pytest.raises(RestartNotAcknowledged):
        rig.device.dispense()
    rig.device.acknowledge_restart()
    rig.device.dispense()  # the reboot lost the shuffle: the shuffler refuses, it does not deal
    await rig.run_until(lambda r: bool(r.of(CommandRejected)))
    assert rig.of(CommandRejected)[-1].reason == "not_shuffled"


async def run_round(rig: Rig, packets: int) -> None:
    """Dispense ``packets`` packets, clearing jams and the door as a dealer would."""

    def faults(r: Rig) -> int:
        return len(r.of(ShufflerJam)) + len(r.of(DoorOpen))

    seen = 0
    for target in range(1, packets + 1):
        rig.device.dispense()
        while True:
            await rig.run_until(lambda r, t=target, s=seen: len(r.of(PacketDispensed)) >= t or faults(r) > s)
            if faults(rig) > seen:
                seen = faults(rig)
                rig.device.clear_fault()
                continue
            break


async def test_shuffler_round_without_faults(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-basic")
    rig.device.configure(ShufflerConfig(decks=1, jokers=1, mode="piles", packet_size=7, packets=7))
    rig.device.shuffle()
    await rig.run_until(lambda r: bool(r.of(ShuffleComplete)))
    (report,) = rig.of(DeckVerified)
    assert report.ok and report.count == report.expected == 53 and report.alert_code is None
    await run_round(rig, 7)
    dealt = rig.of(CardDispensed)
    assert len(dealt) == 49 and len({d.card for d in dealt}) == 49
    assert [(d.pile, d.position) for d in dealt] == [(p, i) for p in range(7) for i in range(7)]
    assert [d.card for d in dealt] == [m.card for m in rig.sent if isinstance(m, CardOut)]
    rig.device.dispense()  # all seven piles are out: the shuffler wants a new shuffle
    await rig.run_until(lambda r: bool(r.of(CommandRejected)))


async def test_shuffler_jam_short_dispense_door_and_face_up_card(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-faults")
    rig.device.configure(ShufflerConfig(decks=1, jokers=1, mode="hands", packet_size=7, packets=7))
    rig.device.shuffle()
    await rig.run_until(lambda r: bool(r.of(ShuffleComplete)))
    (face_up,) = rig.of(FaceUpCardInShuffler)
    assert face_up.card == card("7h")
    await run_round(rig, 7)
    (jam,) = rig.of(ShufflerJam)
    assert jam.alert_code == "SHUFFLER_JAM" and jam.dispensed == 10
    (short,) = rig.of(ShortDispense)
    assert short.alert_code == "SHORT_DISPENSE" and (short.pile, short.expected, short.delivered) == (2, 7, 6)
    assert len(rig.of(DoorOpen)) == 1 and len(rig.of(DoorClosed)) == 1
    dealt = [d.card for d in rig.of(CardDispensed)]
    assert dealt == [m.card for m in rig.sent if isinstance(m, CardOut)]
    assert len(dealt) == 48 == len(set(dealt))  # 7 x 7 less the card stuck in packet 3
    # The jammed packet was completed after the clear: packet 2 (pile 1) has all seven cards.
    assert [d.position for d in rig.of(CardDispensed) if d.pile == 1] == list(range(7))


async def test_dispense_refused_while_jammed(rig_factory: Any) -> None:
    rig = await rig_factory(profile_from("shuffler-basic", faults={"jam_after_cards": 3}))
    rig.device.configure(ShufflerConfig(decks=1, jokers=1, mode="hands", packet_size=5, packets=2))
    rig.device.shuffle()
    rig.device.dispense()
    await rig.run_until(lambda r: bool(r.of(ShufflerJam)))
    rig.device.dispense()
    await rig.run_until(lambda r: bool(r.of(CommandRejected)))
    assert rig.of(CommandRejected)[0].reason == "fault_active"
    rig.device.clear_fault()
    await rig.run_until(lambda r: bool(r.of(PacketDispensed)))
    assert [d.position for d in rig.of(CardDispensed)] == [0, 1, 2, 3, 4]


async def test_wrong_deck_count(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-wrong-deck")
    rig.device.configure(ShufflerConfig(decks=1, jokers=1, mode="single", packet_size=1, packets=1))
    rig.device.shuffle()
    await rig.run_until(lambda r: bool(r.of(DeckVerified)))
    (report,) = rig.of(DeckVerified)
    assert not report.ok
    assert report.missing == (card("As"),) and report.duplicates == (card("Qd"),) and report.extra == ()
    assert report.count == 53 and report.expected == 53
    assert report.alert_code == "DUPLICATE_CARD"


async def test_wrong_deck_short_count(rig_factory: Any) -> None:
    rig = await rig_factory(profile_from("shuffler-basic", faults={"deck_missing": ["2c", "3d"]}))
    rig.device.shuffle()
    await rig.run_until(lambda r: bool(r.of(DeckVerified)))
    (report,) = rig.of(DeckVerified)
    assert report.count == 51 and report.expected == 53 and report.alert_code == "DECK_COUNT_MISMATCH"


async def test_more_decks_configured_than_loaded_is_a_count_mismatch_not_a_crash(rig_factory: Any) -> None:
    # Eight decks configured, one loaded: 364 cards missing cannot all be named in one frame; the report
    # names what fits and the counts tell the truth, so the host raises DECK_COUNT_MISMATCH.
    rig = await rig_factory("shuffler-basic")
    rig.device.configure(ShufflerConfig(decks=8, jokers=1, mode="hands", packet_size=7, packets=7))
    rig.device.shuffle()
    await rig.run_until(lambda r: bool(r.of(DeckVerified)))
    (report,) = rig.of(DeckVerified)
    assert report.count == 53 and report.expected == 8 * 52 + 1
    assert report.alert_code == "DECK_COUNT_MISMATCH"
    assert 0 < len(report.missing) < 8 * 52 - 52
    await rig.run_until(lambda r: bool(r.of(ShuffleComplete)))


async def test_on_demand_shoe_reads_only_what_the_dealer_draws(rig_factory: Any) -> None:
    rig = await rig_factory("shoe-dealt")
    await rig.clock.advance(2.0)
    rig.collect()
    assert rig.of(CardRead) == []  # nothing unprompted between coups
    rig.emulator.inject("draw", rig.clock.now(), count=3)
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 3)
    await rig.clock.advance(2.0)
    rig.collect()
    assert len(rig.of(CardRead)) == 3
    rig.emulator.inject("draw", rig.clock.now())
    await rig.run_until(lambda r: len(r.of(CardRead)) == 4)


def test_a_fresh_seed_deals_a_new_deck_each_time_an_emulator_is_built(monkeypatch) -> None:
    """``run`` on the built-in demo sets DEALER_TERMINAL_EMULATOR_SEED=fresh: each emulator built shuffles
    from a new seed (issue 16: the demo dealt the identical deck every time). Unset, the profile's seed
    (reproducible tests); a number replays one run."""
    from firmware_bridge.emulators.base import SEED_ENV, emulator_seed

    monkeypatch.delenv(SEED_ENV, raising=False)
    assert emulator_seed(11) == 11
    monkeypatch.setenv(SEED_ENV, "42")
    assert emulator_seed(11) == 42
    monkeypatch.setenv(SEED_ENV, "fresh")
    seeds = {emulator_seed(11) for _ in range(8)}
    assert len(seeds) > 1
