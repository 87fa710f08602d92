"""The screen model is a pure function of the table's state (issue 16 item 1): the journal folded again
renders exactly the live screen, after every event of a round; and the work per view does not grow with
the alerts already shown (issue 17 item 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from devices.events import CommsLost, DeviceIdentity
from rules.cards import ALL_CARDS
from rules.round.events import CardRead
from terminal.config import check_config
from terminal.console.view import AlertView, ConsoleInput
from terminal.controller import TableController
from terminal.journal import Journal
from terminal.scenario import load_scenario
from terminal.screen import Station, screen_of
from terminal.table.restore import fold_journal

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _controller(tmp_path: Path, game: str) -> TableController:
    f = tmp_path / "table.yaml"
    f.write_text(
        f"table: {{game: {game}, seats: 7, limits: {{min_cents: 500, max_cents: 100000}}}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\n"
        "devices: {shoe: {kind: shoe, url: /dev/null-shoe}}\n"
    )
    cfg, problems = check_config([f], env={})
    assert cfg is not None, problems
    return TableController(cfg, Journal(cfg.journal.path))


def _replayed(c: TableController) -> Any:
    """The screen drawn from the journal alone (folded from its first entry), with the live station."""
    t = c.config.table
    table = fold_journal(c.journal.journal.entries(), t.game, t.seats, t.fee_schedule, c.rules_for)
    return screen_of(table, c.station, c.setup)


@pytest.mark.parametrize(
    "scenario",
    [
        "capitol-paigow-rule-33-boxed-card-replaced-from-leftovers.yaml",  # piles, a boxed card's alert
        "capitol-three-card-poker-full-round-bank-exhausted-from-the-action-button.yaml",  # the bank's settlement
        "zoobac-monkey-bet-monkey-pays-150-to-1.yaml",  # a banked baccarat round to settlement
    ],
)
async def test_the_screen_of_the_replayed_journal_is_the_live_screen(tmp_path: Path, scenario: str) -> None:
    """After every step of a round (its events, the dealer's clears, a device that comes and goes), the
    screen rendered from the journal folded again equals the live console's screen, and so does a
    restarted controller's."""
    sc = load_scenario(SCENARIOS / scenario)
    c = _controller(tmp_path, sc.game.id)
    await c.start()
    shown: list[Any] = []
    c.attach(shown.append)
    try:
        await c.on_device_event(DeviceIdentity("shoe", "S", "S-1", "fw 1.0", "ab" * 32, 2, device="shoe"))
        assert _replayed(c) == c.view() == shown[-1]
        for i, event in enumerate(sc.events):
            await c.apply_event(event)
            assert _replayed(c) == c.view() == shown[-1], f"after event {i + 1}: {event}"
        for alert in c.view().alerts:
            await c.submit(
                ConsoleInput("clear-alert", "floor", data={"code": alert.code, "seat": alert.seat})
            )
            assert _replayed(c) == c.view()
        await c.on_device_event(CommsLost(2.0, device="shoe"))
        live = c.view()
        assert [d.state for d in live.devices] == ["offline"] and _replayed(c) == live
        again = TableController(c.config, Journal(c.config.journal.path))
        try:
            assert screen_of(again.table, c.station, again.setup) == live
        finally:
            again.release()
    finally:
        c.close()


def test_the_station_is_a_fold_of_the_devices_events(tmp_path: Path) -> None:
    """A device's health follows its events alone: identity (ok, with its firmware), link lost, back."""
    c = _controller(tmp_path, "paigow/capitol")
    c.release()
    s0 = Station.configured(c.config)
    assert [(d.name, d.state, d.detail) for d in s0.devices] == [("shoe", "offline", "not connected")]
    s1 = s0.heard("shoe", DeviceIdentity("shoe", "S", "S-1", "fw 1.0", "ab" * 32, 2, device="shoe"))
    assert (s1.devices[0].state, s1.devices[0].firmware) == ("ok", "fw 1.0")
    s2 = s1.heard("shoe", CommsLost(2.0, device="shoe"))
    assert (s2.devices[0].state, s2.devices[0].detail) == ("offline", "CommsLost")
    assert s0.devices[0].state == "offline" and s1.devices[0].state == "ok"  # values, never changed in place
    s3 = s2.heard("cup", CommsLost(2.0, device="cup"))  # a device not configured shows from its first event
    assert [d.name for d in s3.devices] == ["shoe", "cup"]


async def test_each_alert_is_converted_for_the_screen_once(tmp_path: Path, monkeypatch: Any) -> None:
    """Reads before any round each raise a PREMATURE_CARD stop; every view shows them all, but each alert
    is turned into its screen form once, not once per view (the work per read stays flat)."""
    made: list[str] = []
    original = AlertView.from_json.__func__  # type: ignore[attr-defined]

    def counted(cls: type[AlertView], data: Any) -> AlertView:
        made.append(str(data["code"]))
        return original(cls, data)  # type: ignore[no-any-return]

    monkeypatch.setattr(AlertView, "from_json", classmethod(counted))
    c = _controller(tmp_path, "paigow/capitol")
    await c.start()
    try:
        for i in range(30):
            await c.apply_event(CardRead(ALL_CARDS[i]))
        v = c.view()
        assert sum(a.code == "PREMATURE_CARD" for a in v.alerts) == 30
        assert made.count("PREMATURE_CARD") == 30  # one each, over 31 views
    finally:
        c.close()
