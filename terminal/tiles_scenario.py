"""Pai Gow Tiles scenarios: a round of tiles replayed headlessly (``dealer-terminal replay FILE [--check]``).

A scenario names a ``paigowtiles/<room>`` game and lists events in the order the table sees them::

    scenario: "Capitol: dice on the player-dealer; the Action goes to the next player"
    game: paigowtiles/capitol
    cite: "seed 003 L527"
    fee_option: 1                                  # the room's posted pai-gow-tiles option (config/fees);
                                                   # absent: its first option; none: no collection
    events:
    - {type: round_start, player_dealer: 4, bank: 100000, wagers: {3: 2000, 1: 5000}}
    - {type: dice, dice: [3, 3, 3], source: cup}   # or source: sensor (a dice-cup sensor)
    - {type: tiles, seat: 4, tiles: "6-6 6-6 1-1 1-1", source: picker}   # or source: reader (the tile tray)
    - {type: set, seat: 3, high: "6-6 5-4", low: "1-1 4-4"}              # as the player set them
    - {type: house_way, seat: 4}                                          # the House Way
    - {type: settle}
    expect:
      alerts: [{code: CALL_FLOOR …}]               # every alert, in order, each a subset of its keys
      outcome: {first_set: 4, action: 3, wagers: [{seat: 3, result: lose, …}], fees: 400}

Tiles from the picker and from the reader are taken by the same call (``TilesRound.place``); the source is
kept on the line. The format is in docs/paigow-tiles.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.banking import Wager
from rules.errors import RulesError
from rules.fees import assess
from rules.paigowtiles.table_round import RoundError, TilesRound
from rules.paigowtiles.tiles import ALL_TILES, Tile, face_of, tiles_text
from rules.paigowtiles.variant import TilesVariant
from rules.round.alerts import DEFAULT_SEVERITY
from terminal.commands.house_way_tiles import tiles_chart
from terminal.errors import UserError
from terminal.fees import load_room_fees
from terminal.games import GameFile, get_game
from terminal.scenario import Line, _subset
from terminal.yamlfile import LocatedYaml, load_yaml

EVENT_KEYS: dict[str, set[str]] = {
    "round_start": {"player_dealer", "bank", "wagers"},
    "dice": {"dice", "source"},
    "tiles": {"seat", "tiles", "source", "exposed"},
    "set": {"seat", "high", "low"},
    "house_way": {"seat"},
    "settle": set(),
}
#: ``fee_option: none``: no collection is taken (a table that posts no schedule).
NO_COLLECTION = "none"
SOURCES = {"dice": ("cup", "sensor", "dealer"), "tiles": ("picker", "reader")}


def is_tiles_scenario(path: str | Path) -> bool:
    """Whether a scenario file is for a ``paigowtiles`` game (read before the card engine loads it)."""
    doc = load_yaml(Path(path))
    return isinstance(doc.data, dict) and str(doc.data.get("game", "")).startswith("paigowtiles/")


@dataclass
class TilesScenario:
    """A loaded scenario: the game, the events with their place in the file, the expectations."""

    path: Path
    title: str
    game: GameFile
    events: list[dict[str, Any]]
    doc: LocatedYaml
    fee_option: str | None = None
    expect: dict[str, Any] = field(default_factory=dict)


class TilesLine(Line):
    """One line of replay output (a prompt, an alert, a read, a setting or the outcome), in tiles' words."""

    def text(self) -> str:
        """One line for a person."""
        d = self.data
        if self.kind == "alert":
            where = f" seat {d['seat']}" if d.get("seat") is not None else ""
            return f"[{self.seq:>4}] ALERT {d['code']}{where} ({d['severity']}): {d['ruling']} — {d['remedy']}  [{d['cite']}]"
        if self.kind == "outcome":
            lines = ", ".join(f"seat {w['seat']} {w['spot']} {w['result']}" for w in d["wagers"])
            return f"[{self.seq:>4}] OUTCOME bank {d['bank_before']} -> {d['bank_after']}, fees {d['fees']}: {lines}"
        return f"[{self.seq:>4}] {self.kind}: {d.get('text', d)}"


def load_tiles_scenario(path: str | Path) -> TilesScenario:
    """Read and check a tiles scenario; a bad file is a UserError naming the file, line and field."""
    doc = load_yaml(Path(path))
    d = doc.data
    if not isinstance(d, dict):
        raise doc.error((), "a scenario is a mapping with scenario, game, events")
    unknown = set(d) - {"scenario", "game", "cite", "fee_option", "events", "expect"}
    if unknown:
        raise doc.error((sorted(unknown)[0],), "unknown key")
    for k in ("scenario", "game", "events"):
        if k not in d:
            raise doc.error((), f"missing {k!r}")
    game = get_game(str(d["game"]))
    events = d["events"]
    if not isinstance(events, list) or not events:
        raise doc.error(("events",), "a non-empty list of events")
    for i, e in enumerate(events):
        if not isinstance(e, dict) or e.get("type") not in EVENT_KEYS:
            raise doc.error(("events", i), f"an event has a type: {', '.join(EVENT_KEYS)}")
        extra = set(e) - EVENT_KEYS[e["type"]] - {"type"}
        if extra:
            raise doc.error(("events", i, sorted(extra)[0]), f"not a key of a {e['type']} event")
        if "source" in e and e["source"] not in SOURCES[e["type"]]:
            raise doc.error(("events", i, "source"), f"one of {', '.join(SOURCES[e['type']])}")
    if events[0]["type"] != "round_start":
        raise doc.error(("events", 0), "the first event is round_start")
    expect = d.get("expect") or {}
    return TilesScenario(
        path=doc.path,
        title=str(d["scenario"]),
        game=game,
        events=events,
        doc=doc,
        fee_option=None if d.get("fee_option") is None else str(d["fee_option"]),
        expect=dict(expect),
    )


class TilesEventError(RulesError, ValueError):
    """An event the round cannot take; ``index`` is its place in the list (0-based)."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        self.message = message
        super().__init__(f"event {index + 1}: {message}")


def wagers_of(raw: object) -> tuple[Wager, ...]:
    """A round start's wagers: ``{seat: cents}`` or a list of ``{seat, cents, spot?, player?}``."""
    if isinstance(raw, Mapping):
        return tuple(Wager.single(int(s), "main", f"seat {s}", int(c)) for s, c in raw.items())
    if isinstance(raw, list):
        out = []
        for j, w in enumerate(raw):
            if not isinstance(w, Mapping) or not {"seat", "cents"} <= set(w):
                raise RoundError(f"wagers.{j}: a wager is {{seat, cents, spot?, player?}}")
            seat = int(w["seat"])
            out.append(
                Wager.single(
                    seat, str(w.get("spot", "main")), str(w.get("player", f"seat {seat}")), int(w["cents"])
                )
            )
        return tuple(out)
    raise RoundError("wagers: a mapping seat: cents, or a list of {seat, cents, spot?}")


def run_tiles(sc: TilesScenario) -> tuple[TilesRound | None, list[TilesLine]]:
    """Replay the events: the round's final state and every alert, read and outcome on the way."""
    try:
        return fold_tiles(sc.game, sc.events, sc.fee_option)
    except TilesEventError as exc:
        raise sc.doc.error(("events", exc.index), exc.message) from None


def fold_tiles(
    game: GameFile, events: list[dict[str, Any]], fee_option: str | None = None
) -> tuple[TilesRound | None, list[TilesLine]]:
    """Fold a round's events (the scenario's and the journal's vocabulary, :data:`EVENT_KEYS`): the round
    and every alert, read, setting and outcome on the way. The scenario replay and the table both fold with
    it, so a journal exported as a scenario replays to what the table showed. An event the round cannot
    take is a :class:`TilesEventError` naming it."""
    variant = TilesVariant.from_data(game.data)
    if variant.round is None:
        raise UserError(f"{game.id}: the game file has no round: block")
    _, chart = tiles_chart(game)
    out: list[TilesLine] = []
    r: TilesRound | None = None
    seen = 0
    for i, e in enumerate(events):
        seq = i + 1
        try:
            if e["type"] == "round_start":
                r = TilesRound(
                    variant.round,
                    chart,
                    variant.tie_rules,
                    int(e["player_dealer"]),
                    int(e["bank"]),
                    wagers_of(e.get("wagers", {})),
                )
                seen = 0
                continue
            if r is None:
                raise RoundError("no round has started")
            if e["type"] == "dice":
                order = r.roll([int(x) for x in e["dice"]])
                text = (
                    f"dice {sum(r.dice)}: first set to {r.first_set}, Action at {r.action}; sets to {order}"
                )
                out.append(TilesLine("dice", seq, {"text": text, "source": e.get("source", "cup")}))
            elif e["type"] == "tiles":
                tiles = faces(str(e["tiles"]))
                exposed = faces(str(e["exposed"])) if e.get("exposed") else []
                r.place(int(e["seat"]), tiles, exposed)
                out.append(
                    TilesLine(
                        "read",
                        seq,
                        {
                            "text": f"seat {e['seat']}: {tiles_text(tiles)}",
                            "source": e.get("source", "picker"),
                        },
                    )
                )
            elif e["type"] == "set":
                r.set_hand(int(e["seat"]), faces(str(e["high"])), faces(str(e["low"])))
            elif e["type"] == "house_way":
                r.set_hand(int(e["seat"]))
                h = r.hands[int(e["seat"])]
                text = f"seat {e['seat']}: high {tiles_text(h.high)}, low {tiles_text(h.low)} ({h.how})"
                out.append(TilesLine("set", seq, {"text": text}))
            elif e["type"] == "settle":
                out.append(TilesLine("outcome", seq, _settle(game, fee_option, r)))
        except (RulesError, KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, TilesEventError):
                raise
            raise TilesEventError(
                i, str(exc) if not isinstance(exc, KeyError) else f"missing {exc}"
            ) from None
        if r is not None:
            for f in r.findings[seen:]:
                out.append(
                    TilesLine(
                        "alert",
                        seq,
                        {
                            "code": f.code.value,
                            "severity": DEFAULT_SEVERITY[f.ruling].value,
                            "ruling": f.ruling.value,
                            "remedy": f.remedy,
                            "cite": f.cite,
                            "seat": f.seat,
                            "detail": f.detail,
                        },
                    )
                )
            seen = len(r.findings)
    return r, out


def faces(text: str) -> list[Tile]:
    """Tiles by face as a reader or the picker gives them (which tile of a pair, the round decides)."""
    out = []
    for tok in text.replace(",", " ").split():
        face = face_of(tok)
        out.append(next(t for t in ALL_TILES if t.face == face))
    return out


def _settle(game: GameFile, fee_option: str | None, r: TilesRound) -> dict[str, Any]:
    variant = TilesVariant.from_data(game.data)
    room = game.id.split("/", 1)[1]
    assert variant.round is not None
    fees = load_room_fees(room)
    fee_game = variant.round.fee_game
    option = fee_option or (fees.options(fee_game) or [None])[0]
    if option == NO_COLLECTION:  # a table that posts no collection schedule takes none
        option = None
    collection = (
        assess(fees.schedule(fee_game, option), r.wagers, bank=r.bank) if option is not None else None
    )
    s = r.settle(collection)
    return {
        "first_set": r.first_set,
        "action": r.action,
        "collected": r.collected(),
        "bank_before": s.bank_before,
        "bank_after": s.bank_after,
        "fees": collection.total if collection is not None else 0,
        "hands": {
            str(seat): f"{tiles_text(h.high)} / {tiles_text(h.low)}" for seat, h in sorted(r.hands.items())
        },
        "wagers": [
            {
                "seat": ln.wager.seat,
                "spot": ln.wager.name,
                "result": ln.result.outcome.value,
                "paid": ln.paid,
                "collected": ln.collected,
                "returned": ln.returned,
                "note": ln.result.note,
            }
            for ln in s.lines
        ],
    }


def check_tiles(sc: TilesScenario, lines: list[TilesLine]) -> list[str]:
    """Where the run differs from ``expect:`` (alerts: every alert in order; outcome: a subset of the last)."""
    problems: list[str] = []
    if "alerts" in sc.expect:
        got = [ln.data for ln in lines if ln.kind == "alert"]
        want = sc.expect["alerts"] or []
        if len(got) != len(want):
            problems.append(f"expected {len(want)} alert(s), got {len(got)}: {[g['code'] for g in got]}")
        for i, (w, g) in enumerate(zip(want, got, strict=False)):
            if not _subset(w, g):
                problems.append(f"alert {i + 1}: expected {w}, got { {k: g.get(k) for k in w} }")
    if "outcome" in sc.expect:
        outs = [ln.data for ln in lines if ln.kind == "outcome"]
        want_o = sc.expect["outcome"]
        if want_o is None:
            if outs:
                problems.append("expected no settlement, the round settled")
        elif not outs:
            problems.append("expected a settlement, the round has none")
        elif not _subset(want_o, outs[-1]):
            problems.append(f"outcome: expected {want_o}, got { {k: outs[-1].get(k) for k in want_o} }")
    return problems
