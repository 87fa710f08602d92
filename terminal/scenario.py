"""Scenario files: a game, table overrides, events in the journal's own vocabulary, and expectations.

The format is documented in ``docs/scenarios.md``. An exported journal is a valid scenario: every event
is written exactly in its JSON form (``{type: card, card: As, face_up: false, …}``); a few shorthands
expand to that form (``- cards: "As Kd 7h"`` is three face-down card reads; a mapping without ``type``
whose one key is an event type, e.g. ``- shuffle: {}``). Any error names the file, the line and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.round import Alert, GameRules, RoundState, apply, initial
from rules.round.events import EVENT_TYPES, Event, EventError, event_from_json
from rules.round.procedure import ProcedureError
from terminal.errors import UserError
from terminal.games import GameFile, family_of, get_game
from terminal.paths import config_dir
from terminal.yamlfile import LocatedYaml, load_yaml

TOP_KEYS = {"scenario", "game", "table", "events", "expect", "note", "cite"}
# seats: the table size, informational (journal export); limits: the posted {min_cents, max_cents} the
# variant's wager limits are checked with; fee_schedule: the posted collection <room>/<game>/<option>.
TABLE_KEYS = {"decks", "seats", "note", "limits", "fee_schedule"}
EXPECT_KEYS = {"alerts", "outcome", "prompt", "notes"}


@dataclass
class Scenario:
    """A loaded scenario: the variant's rules, the events (with the line of each), the expectations."""

    path: Path
    title: str
    game: GameFile
    rules: GameRules
    events: list[Event]
    lines: list[int]
    expect: dict[str, Any] = field(default_factory=dict)


@dataclass
class Line:
    """One line of replay output: a prompt, an alert, an outcome or a note, after event ``seq``."""

    kind: str
    seq: int
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "seq", …}`` as ``replay --json`` prints it."""
        return {"kind": self.kind, "seq": self.seq, **self.data}

    def text(self) -> str:
        """One line for a person."""
        d = self.data
        if self.kind == "prompt":
            return f"[{self.seq:>4}] next: {d['text']}"
        if self.kind == "alert":
            where = f" seat {d['seat']}" if "seat" in d else ""
            card = f" {d['card']}" if "card" in d else ""
            return (
                f"[{self.seq:>4}] ALERT {d['code']}{where}{card} ({d['severity']}): {d['ruling']} — {d['remedy']}"
                f"  [{d['cite']}]"
            )
        if self.kind == "outcome":
            hands = "; ".join(f"{k}: {v}" for k, v in d["hands"].items())
            return f"[{self.seq:>4}] OUTCOME {d['status']}: {hands}" + (
                f" | board {d['board']}" if d["board"] else ""
            )
        return f"[{self.seq:>4}] note: {d['text']}"


def game_rules(
    game: GameFile,
    decks: int | None = None,
    *,
    posted: Any = None,
    limits: tuple[int, int] | None = None,
) -> GameRules:
    """The round engine's view of a game file; a bad ``deal:``/``irregularities:`` names file and line.

    ``posted``: the table's posted collection schedule (a ``rules.fees.Schedule``); the family takes what
    it reads of it into the game data (``Family.table_data``: a pot game's collection comes from the pot).
    ``limits``: the table's posted minimum and maximum wager in cents, which the round engine checks each
    round start's wagers against with the variant's own ``wager_limits:`` (``rules.round.table_rules``)."""
    fam = family_of(game)
    data = fam.table_data(game.data, posted)
    # A banked game's posted limits are wager limits; a pot game's are its betting structure (the fixed-limit
    # bet sizes, config/tables/poker.yaml), which its betting rules check, so they are not wager limits there.
    if limits is not None and fam.settled_at_table:
        from rules.banking.wagers import TABLE_LIMITS

        data = {**data, TABLE_LIMITS: {"min_cents": limits[0], "max_cents": limits[1]}}
    # A family may need other data files (Pai Gow: the House Way chart); it names them, the terminal reads them.
    wanted = fam.data_files(data)
    if wanted:
        data = {**data, **{k: load_yaml(config_dir() / p).data for k, p in wanted.items()}}
    try:
        return GameRules.from_data(game.id, game.family, data, decks=decks)
    except ProcedureError as exc:
        doc = load_yaml(game.path)
        raise doc.error(exc.path, exc.message) from None


def _expand(doc: LocatedYaml, raw: Any, i: int) -> list[dict[str, Any]]:
    path: tuple[str | int, ...] = ("events", i)
    if not isinstance(raw, dict):
        raise doc.error(path, "an event is a mapping, e.g. {type: card, card: As}")
    if "type" in raw:
        return [raw]
    if "cards" in raw:
        extra = set(raw) - {"cards", "face_up", "source", "to"}
        if extra:
            raise doc.error((*path, sorted(map(str, extra))[0]), "unknown key for the 'cards' shorthand")
        cards = raw["cards"]
        tokens = cards.replace(",", " ").split() if isinstance(cards, str) else cards
        if not isinstance(tokens, list) or not tokens:
            raise doc.error((*path, "cards"), "cards: a string such as 'As Kd ??' or a list")
        rest = {k: v for k, v in raw.items() if k != "cards"}
        return [{"type": "card", "card": str(t), **rest} for t in tokens]
    keys = [k for k in raw if k in EVENT_TYPES]
    if len(keys) == 1:
        body = raw[keys[0]]
        others = {k: v for k, v in raw.items() if k != keys[0]}
        if isinstance(body, dict):
            return [{"type": keys[0], **body, **others}]
        if keys[0] in ("card", "burn"):
            return [{"type": keys[0], "card": body, **others}]
        if keys[0] == "dice":
            return [{"type": "dice", "dice": body, **others}]
        if body is None:
            return [{"type": keys[0], **others}]
    raise doc.error(
        path, f"an event needs a 'type' (one of {', '.join(EVENT_TYPES)}) or the 'cards' shorthand"
    )


def load_scenario(path: str | Path) -> Scenario:
    """Load and validate a scenario file. Bad input is a UserError naming the file, line and field."""
    doc = load_yaml(path)
    d = doc.data
    if not isinstance(d, dict):
        raise doc.error((), "a scenario is a mapping with game and events")
    unknown = set(map(str, d)) - TOP_KEYS
    if unknown:
        raise doc.error((sorted(unknown)[0],), f"unknown key (a scenario has {', '.join(sorted(TOP_KEYS))})")
    if "game" not in d:
        raise doc.error((), "missing 'game' (a game id such as paigow/capitol)")
    try:
        game = get_game(str(d["game"]))
    except UserError as exc:
        raise doc.error(("game",), str(exc)) from None
    table = d.get("table") or {}
    if not isinstance(table, dict):
        raise doc.error(("table",), "table overrides are a mapping (decks)")
    bad = set(map(str, table)) - TABLE_KEYS
    if bad:
        raise doc.error(
            ("table", sorted(bad)[0]), f"unknown table override (one of {', '.join(sorted(TABLE_KEYS))})"
        )
    decks = table.get("decks")
    if decks is not None and (not isinstance(decks, int) or isinstance(decks, bool)):
        raise doc.error(("table", "decks"), "a whole number of decks")
    limits = table.get("limits")
    posted_limits: tuple[int, int] | None = None
    if limits is not None:
        lo = limits.get("min_cents") if isinstance(limits, dict) else None
        hi = limits.get("max_cents") if isinstance(limits, dict) else None
        if (
            not isinstance(limits, dict)
            or set(limits) - {"min_cents", "max_cents"}
            or not isinstance(lo, int)
            or not isinstance(hi, int)
            or isinstance(lo, bool)
            or isinstance(hi, bool)
            or lo <= 0
        ):
            raise doc.error(
                ("table", "limits"), "the posted limits: {min_cents: N, max_cents: N}, whole cents"
            )
        if hi < lo:
            raise doc.error(("table", "limits", "max_cents"), "the maximum is below the minimum")
        posted_limits = (lo, hi)
    posted = None
    if table.get("fee_schedule") is not None:
        from terminal.config import fee_schedule

        try:
            posted = fee_schedule(str(table["fee_schedule"]))
        except ValueError as exc:
            raise doc.error(("table", "fee_schedule"), str(exc)) from None
    rules = game_rules(game, decks, posted=posted, limits=posted_limits)
    raw_events = d.get("events")
    if not isinstance(raw_events, list) or not raw_events:
        raise doc.error(("events",), "a non-empty list of events")
    events: list[Event] = []
    lines: list[int] = []
    for i, raw in enumerate(raw_events):
        for item in _expand(doc, raw, i):
            try:
                events.append(event_from_json(item))
            except EventError as exc:
                key = exc.field.split(".")[0] if exc.field else ""
                p: tuple[str | int, ...] = ("events", i, key) if key and key in raw else ("events", i)
                raise doc.error(p, exc.message if len(p) == 3 else str(exc)) from None
            lines.append(doc.line_of(("events", i)) or 0)
    expect = d.get("expect") or {}
    if not isinstance(expect, dict):
        raise doc.error(("expect",), "expect is a mapping with alerts, outcome, prompt")
    bad = set(map(str, expect)) - EXPECT_KEYS
    if bad:
        raise doc.error(
            ("expect", sorted(bad)[0]), f"unknown expectation (one of {', '.join(sorted(EXPECT_KEYS))})"
        )
    if "alerts" in expect and not isinstance(expect["alerts"], list):
        raise doc.error(
            ("expect", "alerts"), "a list of alerts (mappings of code, ruling, rule, seat, card …)"
        )
    return Scenario(doc.path, str(d.get("scenario", doc.path.stem)), game, rules, events, lines, expect)


def run(sc: Scenario) -> tuple[RoundState, list[Line]]:
    """Replay a scenario headlessly: the final state and every prompt, alert, outcome and note on the way."""
    s = initial(sc.rules)
    out: list[Line] = [Line("prompt", 0, {"text": s.prompt})]
    seen_alerts: set[Alert] = set()
    last_prompt = s.prompt
    last_outcome: dict[str, Any] | None = None
    notes = 0
    for e in sc.events:
        s = apply(s, e)
        for a in s.alerts:
            if a not in seen_alerts:
                seen_alerts.add(a)
                out.append(Line("alert", s.seq, a.to_json()))
        for n in s.notes[notes:]:
            out.append(Line("note", s.seq, {"text": n}))
        notes = len(s.notes)
        oc = s.outcome
        oj = oc.to_json() if oc is not None else None
        if oj is not None and oj != last_outcome:
            out.append(Line("outcome", s.seq, oj))
        last_outcome = oj
        if s.prompt != last_prompt:
            out.append(Line("prompt", s.seq, {"text": s.prompt}))
            last_prompt = s.prompt
    return s, out


def _subset(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _subset(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list) and len(expected) == len(actual) and all(map(_subset, expected, actual))
        )
    return bool(expected == actual)


def check(sc: Scenario, state: RoundState, lines: list[Line]) -> list[str]:
    """Where the run differs from the scenario's ``expect:`` (an empty list: every expectation met).

    ``alerts`` must list every alert raised, in order (each a subset of the alert's keys); ``outcome`` is
    a subset of the last outcome; ``prompt`` is the final prompt; ``notes`` the number of notes.
    """
    problems: list[str] = []
    exp = sc.expect
    if "alerts" in exp:
        got = [ln.data for ln in lines if ln.kind == "alert"]
        want = exp["alerts"] or []
        if len(got) != len(want):
            problems.append(f"expected {len(want)} alert(s), got {len(got)}: {[g['code'] for g in got]}")
        for i, (w, g) in enumerate(zip(want, got, strict=False)):
            if not _subset(w, g):
                problems.append(f"alert {i + 1}: expected {w}, got { {k: g.get(k) for k in w} }")
    if "outcome" in exp:
        outs = [ln.data for ln in lines if ln.kind == "outcome"]
        want_o = exp["outcome"]
        if want_o is None:
            if outs:
                problems.append(f"expected no outcome, got {outs[-1]}")
        elif not outs:
            problems.append("expected an outcome, the round has none")
        elif not _subset(want_o, outs[-1]):
            problems.append(f"outcome: expected {want_o}, got { {k: outs[-1].get(k) for k in want_o} }")
    if "prompt" in exp and state.prompt != exp["prompt"]:
        problems.append(f"prompt: expected {exp['prompt']!r}, got {state.prompt!r}")
    if "notes" in exp and len(state.notes) != exp["notes"]:
        problems.append(f"notes: expected {exp['notes']}, got {len(state.notes)}: {list(state.notes)}")
    return problems
