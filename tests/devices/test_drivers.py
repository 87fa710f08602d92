"""Dice cup, panel, integrity check and shuffler secrecy, against emulators over memory."""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import pytest

from devices.errors import DeviceConfigError, DeviceDisabled
from devices.events import (
    ButtonPressed,
    CardDispensed,
    CupClosed,
    CupOpened,
    CupOpenedEarly,
    DeviceIdentity,
    DiceRejected,
    DiceRolled,
    InsufficientShake,
    PacketDispensed,
    ProgramIntegrityFailed,
    ShakeReported,
)
from devices.panel import LAMP_BITS, PanelState, PanelView, panel_view
from devices.shuffler import ShufflerConfig
from tests.devices.conftest import profile_from

SHUFFLER_HASH = hashlib.sha256(b"shuffler-fw-2.3.1").hexdigest()


async def test_dice_round(rig_factory: Any) -> None:
    rig = await rig_factory("dice-cup-basic", options={"shake_threshold": 60})
    rig.device.arm(1)
    await rig.run_until(lambda r: bool(r.of(DiceRolled)))
    kinds = [type(e) for e in rig.events if not isinstance(e, DeviceIdentity)]
    assert kinds == [CupClosed, ShakeReported, CupOpened, DiceRolled]
    (roll,) = rig.of(DiceRolled)
    assert (roll.d1, roll.d2, roll.d3, roll.total, roll.round) == (1, 2, 5, 8, 1)
    assert rig.of(ShakeReported)[0].sufficient
    rig.device.arm(2)
    await rig.run_until(lambda r: len(r.of(DiceRolled)) == 2)
    assert rig.of(DiceRolled)[1].total == 14


async def test_cover_opened_early(rig_factory: Any) -> None:
    rig = await rig_factory("dice-cup-early")
    rig.device.arm(1)
    await rig.run_until(lambda r: bool(r.of(DiceRejected)))
    (early,) = rig.of(CupOpenedEarly)
    assert early.alert_code == "CUP_OPENED_EARLY"
    (rej,) = rig.of(DiceRejected)
    assert rej.alert_code == "CUP_OPENED_EARLY" and (rej.d1, rej.d2, rej.d3) == (3, 3, 3)
    assert not rig.of(DiceRolled)


async def test_insufficient_shake_blocks_the_result(rig_factory: Any) -> None:
    rig = await rig_factory("dice-cup-weak", options={"shake_threshold": 60})
    rig.device.arm(1)
    await rig.run_until(lambda r: len(r.of(DiceRejected)) == 2)
    (weak,) = rig.of(InsufficientShake)
    assert weak.alert_code == "INSUFFICIENT_SHAKE" and weak.quality == 20 and weak.threshold == 60
    assert rig.of(CupOpenedEarly)  # opened without a sufficient shake
    assert not rig.of(DiceRolled)


async def test_dice_accepted_once_per_round(rig_factory: Any) -> None:
    rig = await rig_factory(profile_from("dice-cup-basic", faults={"double_result": True}))
    rig.device.arm(7)
    await rig.run_until(lambda r: bool(r.of(DiceRejected)))
    assert len(rig.of(DiceRolled)) == 1
    assert "already" in rig.of(DiceRejected)[0].reason


async def test_panel_buttons_and_long_press(rig_factory: Any) -> None:
    rig = await rig_factory("panel-basic")
    await rig.run_until(lambda r: len(r.of(ButtonPressed)) == 4)
    got = [(b.button_id, b.long_press, b.acts) for b in rig.of(ButtonPressed)]
    assert got == [
        ("new_round", False, True),
        ("confirm", False, True),
        ("misdeal", True, True),
        ("call_floor", False, True),
    ]


async def test_short_press_of_a_destructive_button_does_not_act(rig_factory: Any) -> None:
    prof = profile_from("panel-basic", buttons=[{"at": 0.1, "button": 2, "held_ms": 1999}])
    rig = await rig_factory(prof)
    await rig.run_until(lambda r: bool(r.of(ButtonPressed)))
    (b,) = rig.of(ButtonPressed)
    assert b.button_id == "misdeal" and b.destructive and not b.long_press and not b.acts


async def test_panel_shows_the_view_derived_from_state(rig_factory: Any) -> None:
    rig = await rig_factory(profile_from("panel-basic", buttons=[]))
    state = PanelState(
        game="Pai Gow Poker", open=True, phase="dealing", action_seat=3, player_dealer_seat=5, dice_total=14
    )
    view = rig.device.show_state(state)
    await rig.clock.advance(0.2)
    emu = rig.emulator
    assert emu.display == ("PAI GOW POKER", "DICE 14")
    assert emu.lamps_on == (1 << LAMP_BITS["game_open"]) | (1 << LAMP_BITS["seat3"])
    assert emu.lamps_blink == 1 << LAMP_BITS["seat5"]
    assert view == panel_view(state)


def test_panel_view_is_a_function_of_state() -> None:
    closed = panel_view(PanelState())
    assert closed == PanelView(frozenset(), frozenset(), "TABLE CLOSED", "IDLE")
    fault = panel_view(PanelState(game="x", open=True, phase="fault", alert="SHUFFLER_JAM"))
    assert "fault" in fault.lamps_blink and "game_open" not in fault.lamps_on
    assert fault.line1 == "ALERT SHUFFLER_JAM"
    maint = panel_view(PanelState(open=True, phase="maintenance"))
    assert maint.lamps_on == frozenset({"maintenance"}) and maint.line2 == "TABLE NOT LIVE"
    bacc = panel_view(PanelState(game="Baccarat", open=True, totals=(("P", 7), ("B", 5))))
    assert bacc.line2 == "P 7  B 5"
    assert len(panel_view(PanelState(game="A very long game name here", open=True)).line1) == 20


async def test_firmware_hash_match(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-basic", expected_hash=SHUFFLER_HASH)
    assert rig.device.identity.firmware_hash == SHUFFLER_HASH
    assert rig.device.disabled is None


async def test_firmware_hash_mismatch_is_program_integrity(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-basic", expected_hash="ab" * 32)
    rig.collect()
    (bad,) = rig.of(ProgramIntegrityFailed)
    assert bad.alert_code == "PROGRAM_INTEGRITY"
    assert bad.expected_hash == "ab" * 32 and bad.reported_hash == SHUFFLER_HASH
    with pytest.raises(DeviceDisabled):
        rig.device.shuffle()


async def test_shuffler_order_is_never_shown(rig_factory: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    rig = await rig_factory("shuffler-basic")
    rig.device.configure(ShufflerConfig(decks=1, jokers=1, mode="hands", packet_size=5, packets=4))
    rig.device.shuffle()
    for target in range(1, 5):
        rig.device.dispense()
        await rig.run_until(lambda r, t=target: len(r.of(PacketDispensed)) == t)
    dealt = [str(d.card) for d in rig.of(CardDispensed)]
    # Nothing logged, and no repr of the emulator or its state, shows three dealt cards in a row.
    text = caplog.text + repr(rig.emulator) + repr(vars(rig.emulator)) + repr(rig.device)
    for i in range(len(dealt) - 2):
        assert " ".join(dealt[i : i + 3]) not in text
        assert repr(dealt[i : i + 3])[1:-1] not in text
    assert "sealed stack of 33 cards" in repr(vars(rig.emulator))


def test_shuffler_config_is_validated() -> None:
    with pytest.raises(DeviceConfigError, match="mode"):
        ShufflerConfig(mode="fans").validate()
    with pytest.raises(DeviceConfigError, match="decks"):
        ShufflerConfig(decks=0).validate()
    with pytest.raises(DeviceConfigError, match="exceed"):
        ShufflerConfig(decks=1, packet_size=13, packets=5).validate()


def test_shuffler_config_from_table_options() -> None:
    from devices.shuffler import shuffler_config_from_options

    assert shuffler_config_from_options({"decks": 1, "jokers": 1, "packet": 7, "hands": 7}) == ShufflerConfig(
        1, 1, "hands", 7, 7
    )
    assert shuffler_config_from_options({"decks": 8, "jokers": 0, "packet": 0}).mode == "single"
    with pytest.raises(DeviceConfigError, match="unknown key 'pakcet'"):
        shuffler_config_from_options({"pakcet": 7})


async def test_transport_loss_is_comms_lost_then_reconnects(rig_factory: Any) -> None:
    from devices.events import CardRead, CommsLost, CommsRestored
    from firmware_bridge.messages import Read

    prof = profile_from("shoe-script", reads={"source": "random", "count": 60, "interval": 0.1})
    rig = await rig_factory(prof)
    await rig.run_until(lambda r: len(r.of(CardRead)) >= 10)
    await rig.device.transport.close()  # the port vanished under the driver
    await rig.run_until(lambda r: bool(r.of(CommsLost)))
    await rig.run_until(lambda r: bool(r.of(CommsRestored)))
    await rig.run_until(lambda r: len(r.of(CardRead)) == 60)
    assert rig.of(CommsLost)[0].alert_code == "COMMS_LOST"
    assert [e.card for e in rig.of(CardRead)] == [m.card for m in rig.sent if isinstance(m, Read)]


async def test_a_device_whose_counter_started_again_is_heard_not_dropped_as_copies(rig_factory: Any) -> None:
    """The journal holds the last table's cup up to roll 500; a cup whose counter started again (a replaced
    unit, an emulator without its non-volatile memory) numbers its first roll 1. A copy is only ever a
    message in flight when the link went down — at most a window back (no window exceeds 127) — so roll 1
    is a new roll, delivered, not dropped as a copy (before: a round waited for dice it had been sent)."""
    from firmware_bridge.messages import Dice

    rig = await rig_factory("dice-cup-basic", options={"shake_threshold": 60})
    rig.device.resume_numbers({Dice.TYPE: 500})
    rig.device.arm(1)
    await rig.run_until(lambda r: bool(r.of(DiceRolled)))
    assert rig.of(DiceRolled)[0].number == 1 and rig.device.copies_dropped == 0


async def test_a_roll_resent_within_the_window_is_still_a_copy(rig_factory: Any) -> None:
    """The journal already holds rolls up to 3 and the cup sends roll 1 again (a resend after a reconnect):
    within the window, it is a copy and dropped, so it is never counted twice."""
    from firmware_bridge.messages import Dice

    rig = await rig_factory("dice-cup-basic", options={"shake_threshold": 60})
    rig.device.resume_numbers({Dice.TYPE: 3})
    rig.device.arm(1)
    await rig.run_until(lambda r: bool(r.of(CupOpened)))
    await rig.run_until(lambda r: rig.device.copies_dropped == 1)
    assert not rig.of(DiceRolled)
