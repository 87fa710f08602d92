"""An emulator's loaded deck composition (``deck:`` in its profile): stripped decks, as a game file's ``deck:``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from firmware_bridge.emulators.profile import ProfileError, load_profile, parse_profile
from firmware_bridge.emulators.shoe import ShoeEmulator
from kernel.cards import Rank
from rules.decks import DeckSpec
from terminal.games import load_games


def test_the_pan_shoe_holds_eight_forty_card_decks_as_the_game_file_says():
    shoe = ShoeEmulator(load_profile("config/emulators/shoe-pan.yaml"))
    cards = Counter(shoe._cards)
    assert shoe.total == 320 and len(cards) == 40 and set(cards.values()) == {8}
    assert not {Rank.EIGHT, Rank.NINE, Rank.TEN} & {c.rank for c in cards}
    spec = DeckSpec.from_data(load_games()["panguingue/oaks"].data["deck"])
    assert spec.composition() == cards  # the same composition as the game's deck


def test_a_rank_outside_two_to_ace_is_refused():
    with pytest.raises(ProfileError, match="ranks are 2-14"):
        data = yaml.safe_load(Path("config/emulators/shoe-pan.yaml").read_text())
        parse_profile({**data, "deck": {"decks": 1, "ranks_removed": [1]}})
