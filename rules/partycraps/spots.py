"""Party Craps' betting spots as the round records them: every bet on the layout is a wager on a named spot
(``pass``, ``come-6``, ``place-8/on``, ``hop-3-4`` …), read here into a typed :class:`Spot` (seed 000
L4082-4111: the betting areas A-M). The grammar is in ``docs/the101-banked-games.md`` (Party Craps) and the
helpers' note; a spot that does not fit it is a :class:`~rules.partycraps.deck.PartyCrapsError` naming it.

A spot is ``<bet>[/on|/off]``: the bet, and the dealer's on/off call for it this flip (absent: the filed
default for the bet on a come-out or with a point on, ``rules.partycraps.layout``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.partycraps.cycle import POINTS
from rules.partycraps.deck import PartyCrapsError

#: The bets a spot may name, by their kind.
Kind = Literal[
    "pass", "dont-pass", "come", "dont-come", "place", "buy", "lay", "field", "big", "hard",
    "any-seven", "any-craps", "c", "e", "craps-2", "craps-3", "craps-12", "eleven", "horn", "hop",
]  # fmt: skip
#: The one-deal proposition bets with no number (L4101-4110).
PROPS = ("any-seven", "any-craps", "c", "e", "craps-2", "craps-3", "craps-12", "eleven", "horn")
#: The hops the filing lists (L4111): four hard hops and thirteen easy ones, lower card first.
HOPS = (
    (2, 2), (3, 3), (4, 4), (5, 5),
    (1, 3), (1, 4), (2, 3), (2, 4), (1, 5), (1, 6), (2, 5), (3, 4), (3, 5), (2, 6), (4, 5), (3, 6), (4, 6),
)  # fmt: skip
#: The hard ways (L4100).
HARD = (4, 6, 8, 10)
#: The bets that stay up across flips until decided (the rest are decided on the flip they are placed).
STANDING_KINDS = frozenset({"pass", "dont-pass", "come", "dont-come", "place", "buy", "lay", "big", "hard"})
#: The areas whose wager lets a player make the propositions of M (L4099).
QUALIFYING_KINDS = frozenset(
    {"pass", "dont-pass", "come", "dont-come", "place", "buy", "lay", "field", "big"}
)


@dataclass(frozen=True, slots=True)
class Spot:
    """One betting spot: its bet ``kind``, the ``number`` it is on (a Come/Don't Come's number once
    established, Place/Buy/Lay's number, Big 6/8, the hard way), whether it is the ``odds`` behind a line or
    Come bet, a hop's two cards, and the dealer's on/off call (None: the filed default)."""

    kind: Kind
    number: int | None = None
    odds: bool = False
    hop: tuple[int, int] | None = None
    working: bool | None = None

    @property
    def name(self) -> str:
        """The spot's name without the on/off call (``come-6-odds``, ``hop-3-4``)."""
        if self.kind == "hop" and self.hop is not None:
            return f"hop-{self.hop[0]}-{self.hop[1]}"
        base: str = self.kind
        if self.number is not None:
            base = f"{base}-{self.number}"
        return f"{base}-odds" if self.odds else base

    @property
    def text(self) -> str:
        """The spot as written, with its on/off call."""
        call = "" if self.working is None else ("/on" if self.working else "/off")
        return self.name + call

    @property
    def standing(self) -> bool:
        """Whether the bet stays up until it is decided (line, Come, Place/Buy/Lay, Big 6/8, Hard Ways)."""
        return self.kind in STANDING_KINDS

    @property
    def established(self) -> bool:
        """A Come/Don't Come on its number (or its odds): it got there on an earlier flip."""
        return self.kind in ("come", "dont-come") and self.number is not None

    def moved_to(self, number: int) -> Spot:
        """A Come/Don't Come in the box moved to ``number`` (its point)."""
        return Spot(self.kind, number, self.odds, None, None)

    def base(self) -> Spot:
        """The line or Come bet an odds wager is behind (the spot itself otherwise), without the call."""
        return Spot(self.kind, self.number, False, self.hop, None)

    def plain(self) -> Spot:
        """The spot without the on/off call."""
        return Spot(self.kind, self.number, self.odds, self.hop, None)


def _number(text: str, spot: str, allowed: tuple[int, ...]) -> int:
    if not text.isdigit() or int(text) not in allowed:
        raise PartyCrapsError(f"{spot!r}: the number is one of {', '.join(map(str, allowed))}, not {text!r}")
    return int(text)


def parse_spot(text: str) -> Spot:
    """The spot a wager names; :class:`PartyCrapsError` says what does not fit the grammar."""
    if not isinstance(text, str) or not text:
        raise PartyCrapsError(f"a Party Craps spot is text such as 'pass' or 'place-6/on', not {text!r}")
    working: bool | None = None
    name = text.strip().lower()
    if "/" in name:
        name, _, call = name.partition("/")
        if call not in ("on", "off"):
            raise PartyCrapsError(f"{text!r}: a spot's call is /on or /off, not /{call}")
        working = call == "on"
    odds = name.endswith("-odds")
    if odds:
        name = name.removesuffix("-odds")
    for line in ("dont-pass", "pass"):
        if name == line:
            return Spot(line, None, odds, None, working)
    for come in ("dont-come", "come"):
        if name == come:
            if odds:
                raise PartyCrapsError(
                    f"{text!r}: odds go on a Come bet's number ({come}-N-odds), not the box"
                )
            return Spot(come, None, False, None, working)
        if name.startswith(come + "-"):
            return Spot(come, _number(name[len(come) + 1 :], text, POINTS), odds, None, working)
    if odds:
        raise PartyCrapsError(
            f"{text!r}: odds are taken on a Pass, Don't Pass, Come or Don't Come bet (L4086)"
        )
    for kind in ("place", "buy", "lay"):
        if name.startswith(kind + "-"):
            return Spot(kind, _number(name[len(kind) + 1 :], text, POINTS), False, None, working)
    if name in ("big-6", "big-8"):
        return Spot("big", int(name[-1]), False, None, working)
    if name.startswith("hard-"):
        return Spot("hard", _number(name[5:], text, HARD), False, None, working)
    if name == "field" or name in PROPS:
        return Spot(name, None, False, None, working)  # type: ignore[arg-type]
    if name.startswith("hop-"):
        parts = name[4:].split("-")
        if len(parts) == 2 and all(p.isdigit() for p in parts):
            a, b = sorted(int(p) for p in parts)
            if (a, b) in HOPS:
                return Spot("hop", None, False, (a, b), working)
        listed = ", ".join(f"hop-{a}-{b}" for a, b in HOPS)
        raise PartyCrapsError(f"{text!r}: the filed hops are {listed} (L4111)")
    raise PartyCrapsError(
        f"{text!r} is not a Party Craps bet (pass, dont-pass, come, dont-come, come-N, place-N, buy-N, lay-N,"
        " field, big-6, big-8, hard-N, any-seven, any-craps, c, e, craps-2, craps-3, craps-12, eleven, horn,"
        " hop-X-Y, each with -odds where it takes odds and /on or /off)"
    )


def every_spot() -> tuple[str, ...]:
    """Every spot name a wager may carry (without the on/off call), for the layout and its limits."""
    out = ["pass", "dont-pass", "pass-odds", "dont-pass-odds", "come", "dont-come"]
    for n in POINTS:
        out += [f"come-{n}", f"come-{n}-odds", f"dont-come-{n}", f"dont-come-{n}-odds"]
    for kind in ("place", "buy", "lay"):
        out += [f"{kind}-{n}" for n in POINTS]
    out += ["field", "big-6", "big-8", *(f"hard-{n}" for n in HARD), *PROPS]
    out += [f"hop-{a}-{b}" for a, b in HOPS]
    return tuple(out)
