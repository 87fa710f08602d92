"""A shuffler set up for a stripped deck (config/emulators/shuffler-augmented.yaml: Party Craps' 24-card decks,
aces to sixes, seed 000 L4146-4148): its deck check counts what is loaded against the decks configured of that
composition, so six A-6 decks pass and deal only aces to sixes, and a deck short of a card, or a standard card
in the shoe, is still named."""

from __future__ import annotations

from collections import Counter
from typing import Any

from devices.events import CardDispensed, DeckVerified, ShuffleComplete
from devices.shuffler import ShufflerConfig
from rules.cards import card
from tests.devices.conftest import profile_from

SINGLE = {"mode": "single", "packet_size": 1, "packets": 1}


async def _report(rig: Any, decks: int) -> DeckVerified:
    rig.device.configure(ShufflerConfig(decks=decks, jokers=0, **SINGLE))
    rig.device.shuffle()
    await rig.run_until(lambda r: bool(r.of(ShuffleComplete)))
    (report,) = rig.of(DeckVerified)
    return report


async def test_six_augmented_decks_pass_the_deck_check_and_deal_only_aces_to_sixes(rig_factory: Any) -> None:
    rig = await rig_factory("shuffler-augmented")
    report = await _report(rig, 6)
    assert report.ok and report.count == report.expected == 6 * 24 and report.alert_code is None
    for n in range(1, 21):
        rig.device.dispense()
        await rig.run_until(lambda r, n=n: len(r.of(CardDispensed)) == n)
    ranks = Counter(str(d.card)[0] for d in rig.of(CardDispensed))
    assert set(ranks) <= set("A23456") and sum(ranks.values()) == 20


async def test_the_check_counts_the_decks_configured_and_names_a_card_that_is_not_in_the_deck(
    rig_factory: Any,
) -> None:
    rig = await rig_factory("shuffler-augmented")
    report = await _report(rig, 5)  # configured for five, six loaded: 24 cards over
    assert report.count == 144 and report.expected == 120 and report.alert_code == "DUPLICATE_CARD"
    stray = await rig_factory(profile_from("shuffler-augmented", faults={"deck_extra": ["7h"]}))
    report = await _report(stray, 6)
    assert report.extra == (card("7h"),) and report.alert_code == "FOREIGN_CARD"
    short = await rig_factory(profile_from("shuffler-augmented", faults={"deck_missing": ["As"]}))
    report = await _report(short, 6)
    assert report.missing == (card("As"),) and report.alert_code == "DECK_COUNT_MISMATCH"
