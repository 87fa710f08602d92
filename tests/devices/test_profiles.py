"""Emulator profiles: strict validation, and every fault used by a profile is exercised by a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_bridge.emulators import build_emulator
from firmware_bridge.emulators.profile import (
    FaultsProfile,
    ProfileError,
    load_profile,
    parse_profile,
    profile_names,
)
from tests.devices import test_drivers, test_emulator_faults
from tests.devices.conftest import PROFILE_DIR

MINIMAL = {"kind": "shoe", "identity": {"model": "m", "serial": "s", "firmware_version": "1"}}

# Each fault field -> the test that shows its event and that no read is lost around it.
FAULT_TESTS = {
    "garble_rate": test_emulator_faults.test_garbled_dropped_duplicated_frames_and_misreads_lose_nothing,
    "drop_rate": test_emulator_faults.test_garbled_dropped_duplicated_frames_and_misreads_lose_nothing,
    "duplicate_rate": test_emulator_faults.test_garbled_dropped_duplicated_frames_and_misreads_lose_nothing,
    "misread_rate": test_emulator_faults.test_garbled_dropped_duplicated_frames_and_misreads_lose_nothing,
    "disconnect": test_emulator_faults.test_disconnect_and_reconnect,
    "reboot_after_events": test_emulator_faults.test_reboot_mid_round,
    "jam_after_cards": test_emulator_faults.test_shuffler_jam_short_dispense_door_and_face_up_card,
    "short_dispense_packet": test_emulator_faults.test_shuffler_jam_short_dispense_door_and_face_up_card,
    "door_open_after_cards": test_emulator_faults.test_shuffler_jam_short_dispense_door_and_face_up_card,
    "face_up_in_shuffle": test_emulator_faults.test_shuffler_jam_short_dispense_door_and_face_up_card,
    "deck_missing": test_emulator_faults.test_wrong_deck_count,
    "deck_extra": test_emulator_faults.test_wrong_deck_count,
    "deck_duplicates": test_emulator_faults.test_wrong_deck_count,
    "cover_opened_early": test_drivers.test_cover_opened_early,
    "double_result": test_drivers.test_dice_accepted_once_per_round,
}


def test_every_fault_field_has_a_test() -> None:
    assert set(FaultsProfile.model_fields) == set(FAULT_TESTS)


@pytest.mark.parametrize("name", profile_names(PROFILE_DIR))
def test_every_shipped_profile_loads_and_builds(name: str) -> None:
    prof = load_profile(name, PROFILE_DIR)
    emu = build_emulator(prof)
    assert emu.link.template.serial == prof.identity.serial
    used = {k for k, v in prof.faults.model_dump().items() if v not in (None, False, 0, 0.0, [])}
    assert used <= set(FAULT_TESTS)


def test_unknown_keys_are_errors_naming_the_field() -> None:
    with pytest.raises(ProfileError, match=r"faults\.jam_after: unknown field"):
        parse_profile({**MINIMAL, "faults": {"jam_after": 3}})
    with pytest.raises(ProfileError, match=r"colour: unknown field"):
        parse_profile({**MINIMAL, "colour": "red"})


def test_bad_values_name_the_field() -> None:
    with pytest.raises(ProfileError, match=r"faults\.drop_rate"):
        parse_profile({**MINIMAL, "faults": {"drop_rate": 2}})
    with pytest.raises(ProfileError, match=r"faults\.deck_missing"):
        parse_profile({**MINIMAL, "faults": {"deck_missing": ["Zz"]}})
    with pytest.raises(ProfileError, match=r"identity\.firmware_hash"):
        parse_profile({**MINIMAL, "identity": {**MINIMAL["identity"], "firmware_hash": "abc"}})  # type: ignore[dict-item]
    with pytest.raises(ProfileError, match=r"kind"):
        parse_profile({**MINIMAL, "kind": "roulette"})
    with pytest.raises(ProfileError, match=r"dice\.results"):
        parse_profile({**MINIMAL, "dice": {"results": [[0, 1, 2]]}})


def test_missing_file_and_bad_yaml(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="no such emulator profile"):
        load_profile("nope", tmp_path)
    (tmp_path / "bad.yaml").write_text("kind: [shoe\n")
    with pytest.raises(ProfileError, match="not valid YAML"):
        load_profile("bad", tmp_path)
