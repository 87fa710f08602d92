"""Party Craps' bets decided on a deal, from the filed pays (``one_deal:`` and ``standing:`` of
``config/partycraps/the101-settlement-order.yaml``; seed 000 L4096-4111) and the line cycle
(:mod:`rules.partycraps.cycle`). Each result is ``win`` at a ratio to one, ``lose``, ``push`` or ``stays``
(still up). Pure: the caller reads the data file.

Not yet: the Come and Don't Come bets, the odds, Place, Buy and Lay (their fees and the "2:3" Buy), the
on/off working status and the rotation rules; each is named in docs/the101-banked-games.md."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Literal

from rules.partycraps.cycle import deal
from rules.partycraps.deck import PartyCrapsError

Result = Literal["win", "lose", "push", "stays"]


def _pays(data: Mapping[str, Any], block: str, name: str) -> Mapping[str, Any]:
    table = data.get(block)
    row = table.get(name) if isinstance(table, Mapping) else None
    if not isinstance(row, Mapping):
        raise PartyCrapsError(f"{block}.{name}: not in the data")
    return row


def resolve(
    data: Mapping[str, Any], bet: str, a: int, b: int, point: int | None = None
) -> tuple[Result, Fraction, str]:
    """How ``bet`` fares on the cards ``a`` and ``b`` with ``point`` on (None: a come-out): the result, its
    ratio to one on a win, and the section of the filed order it settles in (``hop-this`` for a Hop on the
    cards dealt, ``horn-this`` for a Horn whose number was dealt). Bets: ``pass``, ``dont-pass``, the
    one-deal bets (``field``, ``any-seven``, ``any-craps``, ``c``, ``e``, ``horn``, ``hop-X-Y``) and the
    standing ones (``big-6``, ``big-8``, ``hard-4`` ... ``hard-10``)."""
    total = a + b
    if bet in ("pass", "dont-pass"):
        d = deal(point, total)
        r = d.pass_line if bet == "pass" else d.dont_pass
        return r, Fraction(1), bet
    if bet.startswith("hop-"):
        try:
            x, y = (int(v) for v in bet.removeprefix("hop-").split("-"))
        except ValueError:
            raise PartyCrapsError(f"a Hop names two cards, hop-X-Y, not {bet!r}") from None
        if {x, y} == {a, b} and sorted((x, y)) == sorted((a, b)):
            kind = "hop-hard" if x == y else "hop-easy"
            return "win", Fraction(_pays(data, "one_deal", kind)["pays"]), "hop-this"
        return "lose", Fraction(0), "hop"
    one = data.get("one_deal", {})
    if bet in one:
        row = _pays(data, "one_deal", bet)
        wins = {int(k): Fraction(v) for k, v in row["wins"].items()}
        if bet == "horn":
            split = int(row.get("split", 4))
            if total in wins:  # one part paid at its number's odds, the other parts lost
                return "win", (wins[total] - (split - 1)) / split, "horn-this"
            return "lose", Fraction(0), "horn"
        if total in wins:
            return "win", wins[total], bet
        return "lose", Fraction(0), bet
    standing = data.get("standing", {})
    if bet in standing:
        row = _pays(data, "standing", bet)
        section = "hard-ways" if bet.startswith("hard-") else bet
        if "pair" in row:
            n = int(row["pair"])
            if a == b == n:
                return "win", Fraction(row["pays"]), bet
            if total == 7 or total == 2 * n:
                return "lose", Fraction(0), section
            return "stays", Fraction(0), section
        if total == int(row["wins"]):
            return "win", Fraction(row["pays"]), bet
        if total == int(row["loses"]):
            return "lose", Fraction(0), bet
        return "stays", Fraction(0), bet
    raise PartyCrapsError(f"{bet!r} is not a Party Craps bet this module settles yet")


def action_seat(total: int, seats: tuple[int, ...], player_dealer: int, positions: int = 12) -> int:
    """The Action tile's seat: count ``total`` positions clockwise from the player-dealer's left (empty
    positions counted), and where that position is unoccupied, the next occupied one on (L4142).
    choice: the filing says "to the right"; the terminal keeps counting the way it counted."""
    occupied = [s for s in seats if s != player_dealer]
    if not occupied:
        raise PartyCrapsError("no player to settle with")
    ring = [((player_dealer - 1 + k) % positions) + 1 for k in range(1, positions + 1)]
    ring = [s for s in ring if s != player_dealer]
    start = (total - 1) % len(ring)
    for k in range(len(ring)):
        s = ring[(start + k) % len(ring)]
        if s in occupied:
            return s
    raise PartyCrapsError("no occupied seat")  # pragma: no cover - occupied is not empty
