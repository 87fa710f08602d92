"""Party Craps' hook for the round engine (``rules.round.family``), and its typed results for the bank.

One round is one **flip**: the ``round_start`` lists every bet on the layout at "no more bets" (the bets
still up from earlier flips and the new ones, each a wager on a spot of :mod:`rules.partycraps.spots`), the
game file's ``deal:`` takes two cards face up (the board), and the flip is decided
(:func:`rules.partycraps.flip.flip`). The point and the bets left standing are carried to the next flip by
the round engine (``carry``, ``RoundState.carried``), so a journal replays from its first flip with nothing
outside it. This hook:

- checks each round start against what was carried: a contract bet taken down, a Come bet on a number it never
  reached, odds without their bet, a proposition without a line/number wager, a new Pass once a point is on,
  a bet by the player-dealer: BET_AGAINST_RULE for the floor (the wager's part in question gets no action);
- words the dealer's steps (the two cards, then where payoffs start: the Action tile);
- settles the flip: every decided bet in the filed order for the two cards dealt
  (``config/partycraps/<room>-settlement-order.yaml``), area by area, within an area seat by seat from the
  Action tile's seat (L4142, L4278); the player-dealer pays and collects to the extent of its wager and
  uncovered wagers go back (L4134); the new player-dealer's own standing bets get no action (L4136-4138).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.banking import RoundResults, SettleMode, Table, Wager, WagerKind, WagerResult
from rules.banking.money import pay
from rules.banking.report_json import bank_part
from rules.banking.wagers import SpotLimit
from rules.decks import DeckRange, shoe_cite
from rules.partycraps.deck import PartyCrapsError
from rules.partycraps.flip import Carried, Decided, Flip, callable_spot, carry_after, flip, place_in_order
from rules.partycraps.model import Variant, from_data
from rules.partycraps.order import SettlementOrder, parse_order
from rules.partycraps.report import PartyCrapsReport
from rules.partycraps.spots import every_spot, parse_spot
from rules.round.alerts import AlertCode
from rules.round.events import Event, RoundStart, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, Progress, register_family
from rules.round.rulings import Finding
from rules.round.state import Status

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.fees import Collection, Schedule
    from rules.round.state import RoundState

#: The key the settlement order file's mapping is put under in the game's data (``data_files``).
ORDER_KEY = "_settlement_order"


class _Setup:
    """What the hooks need of a game, built once: the variant, the order file's mapping and its order."""

    def __init__(self, state: RoundState) -> None:
        data = state.game.data
        if not data:
            raise PartyCrapsError(f"{state.game.id}: the round engine was given no game data")
        self.variant: Variant = from_data(data)
        raw = data.get(ORDER_KEY)
        if not isinstance(raw, Mapping):
            raise PartyCrapsError(
                f"{state.game.id}: the settlement order ({self.variant.settlement_order.file}) was not loaded"
            )
        self.data: Mapping[str, Any] = raw
        self.order: SettlementOrder = parse_order(raw)


def card_value(card: Any) -> int:
    """A card's value in Party Craps: ace 1, deuce to six their pips (L4148, L4692)."""
    rank = getattr(card, "rank", None)
    value = int(rank) if rank is not None else 0
    value = 1 if value == 14 else value
    if not 1 <= value <= 6:
        raise PartyCrapsError(f"{card} is not in the Party Craps deck (aces to sixes, L4148)")
    return value


def action_seat(total: int, seats: Sequence[int], player_dealer: int, positions: int, counted: bool) -> int:
    """The Action tile's seat: count ``total`` from the player-dealer's left, clockwise (ascending seat
    numbers, wrapping), over every position (``counted``) or the occupied ones only; on an unoccupied
    position, on to the next occupied one (L4142)."""
    occupied = {s for s in seats if s != player_dealer}
    if not occupied:
        raise PartyCrapsError("no player to settle with")
    ring = [((player_dealer - 1 + k) % positions) + 1 for k in range(1, positions)]
    if not counted:
        ring = [s for s in ring if s in occupied]
    start = (total - 1) % len(ring)
    for k in range(len(ring)):
        s = ring[(start + k) % len(ring)]
        if s in occupied:
            return s
    raise PartyCrapsError("no occupied seat")  # pragma: no cover - occupied is not empty


def ring_from(action: int, seats: Sequence[int], player_dealer: int | None) -> list[int]:
    """The occupied seats clockwise (ascending, wrapping) from the Action tile's seat, the player-dealer's
    own seat last."""
    others = sorted((s for s in seats if s != player_dealer), key=lambda s: (s < action, s))
    return [*others, *([player_dealer] if player_dealer is not None else [])]


class PartyCrapsFamily(BaseFamily):
    """One flip: the layout against the standing bets, the two cards, the filed order, the bank."""

    settled_at_table = True
    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = Variant
    report_types = (PartyCrapsReport,)

    def __init__(self) -> None:
        self._setups: PerGame[_Setup] = PerGame(_Setup)

    def parse_variant(self, data: Mapping[str, Any]) -> object:
        """The family's typed model of a game file."""
        return from_data(data)

    def data_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The filed settlement order and the one-deal and standing bets' pays (``settlement_order.file``)."""
        ref = data.get("settlement_order")
        path = ref.get("file") if isinstance(ref, Mapping) else None
        return {ORDER_KEY: path} if isinstance(path, str) and path else {}

    def analysis_files(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The analysis reads the same pays (``settlement_order.file``)."""
        return self.data_files(data)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """The exact house edge of every wager per number of decks (:mod:`rules.partycraps.analyze`)."""
        from rules.partycraps.analyze import analyze

        order = data.get(ORDER_KEY)
        if not isinstance(order, Mapping):
            raise PartyCrapsError(f"the settlement order ({data.get('settlement_order')}) was not loaded")
        return analyze(data, order, decks, progress)

    def collection(self, state: RoundState, schedule: Schedule, results: RoundResults) -> Collection:
        """The flip's fees on the wagers first placed before it only (the report's ``new_wagers``;
        :mod:`rules.partycraps.collection`): a standing or pushed bet is not charged again (L4164-4170)."""
        from rules.partycraps.collection import NewWager, collect

        report = state.outcome.settlement if state.outcome is not None else None
        new = report.new_wagers if isinstance(report, PartyCrapsReport) else ()
        return collect(schedule, [NewWager(w.seat, w.spot, w.cents) for w in new])

    def filed_decks(self, data: Mapping[str, Any]) -> DeckRange | None:
        """One to eighteen decks (``shoe: {min_decks, max_decks}``, L4148)."""
        shoe = data.get("shoe")
        if not isinstance(shoe, Mapping):
            return None
        return DeckRange(int(shoe.get("min_decks", 1)), int(shoe.get("max_decks", 18)), shoe_cite(data, shoe))

    def setup(self, state: RoundState) -> _Setup:
        """The game's variant and settlement data, built once."""
        return self._setups(state)

    # -- the flip -------------------------------------------------------------------------------------------

    def cards(self, state: RoundState) -> tuple[int, int] | None:
        """The two cards' values once both are dealt; None while one is missing, unread, or not in the deck
        (the round engine raised FOREIGN_CARD for it: the flip is not settled until the floor rules)."""
        got = [p.card for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void]
        if len(got) < 2 or any(c is None for c in got[:2]):
            return None
        try:
            return card_value(got[0]), card_value(got[1])
        except PartyCrapsError:
            return None

    def _wagers(self, start: RoundStart) -> list[tuple[int, str, int]]:
        return [(w.seat, w.spot, w.cents) for w in start.wagers]

    def flip(self, state: RoundState) -> Flip | None:
        """The flip decided, once the round is dealt."""
        start = state.start
        cards = self.cards(state)
        if start is None or cards is None or state.status is not Status.DEALT:
            return None
        su = self.setup(state)
        carried = Carried.from_pairs(state.carried)
        return flip(su.variant, su.data, su.order, carried, start.player_dealer, self._wagers(start), *cards)

    def carry(self, state: RoundState) -> tuple[tuple[int, str], ...]:
        """The point and the bets still standing after a dealt flip, for the next."""
        f = self.flip(state)
        if f is None:
            return tuple(state.carried)
        return carry_after(f).to_pairs()

    # -- checks ---------------------------------------------------------------------------------------------

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """BET_AGAINST_RULE for each problem of the layout at the round start (the floor rules; the part of
        a wager in question gets no action); NOT_SHUFFLED for a flip dealt from a shoe already dealt from,
        where the game file says each flip is dealt from the whole shoe (``shuffle_every_flip``)."""
        if not isinstance(event, RoundStart) or state.start is None:
            return ()
        from rules.partycraps.flip import lay_out

        su = self.setup(state)
        carried = Carried.from_pairs(state.carried)
        _, problems = lay_out(su.variant, self._wagers(state.start), state.start.player_dealer, carried)
        found = [
            Finding(AlertCode.BET_AGAINST_RULE, why, seat=seat, target=Target(TargetKind.SEAT, seat))
            for seat, why in problems
        ]
        every = su.variant.shuffle_every_flip
        if every is not None and state.shoe.rounds > 1:
            found.append(
                Finding(
                    AlertCode.NOT_SHUFFLED,
                    f"{state.shoe.rounds - 1} flip(s) already dealt from this shoe: each flip is dealt from the"
                    f" whole shoe ({every.cite})",
                    where="deck",
                )
            )
        return found

    # -- settlement -----------------------------------------------------------------------------------------

    def _action(self, state: RoundState, f: Flip) -> tuple[int | None, list[int]]:
        start = state.start
        assert start is not None
        if start.player_dealer is None or len(start.seats) < 2:
            return None, sorted(start.seats)
        v = self.setup(state).variant
        counted = v.action_tile.empty_seats == "counted"
        positions = max(v.positions, *start.seats)
        seat = action_seat(f.total, start.seats, start.player_dealer, positions, counted)
        return seat, ring_from(seat, start.seats, start.player_dealer)

    def _ordered(self, state: RoundState, f: Flip) -> tuple[int | None, list[Decided]]:
        """The flip's decided bets in the order the house dealer settles them: the returned ones first (no
        action), then area by area as filed for the cards, within an area from the Action tile's seat."""
        su = self.setup(state)
        seat, ring = self._action(state, f)
        filed = su.order.for_cards(*f.cards)
        place = {s: i for i, s in enumerate(ring)}
        back = [d for d in f.decided if d.result == "no_action"]
        rest = [d for d in f.decided if d.result != "no_action"]
        rest.sort(key=lambda d: (place_in_order(filed, d.section), place.get(d.seat, len(place))))
        return seat, [*back, *rest]

    def _results(self, seat: int | None, rows: Sequence[Decided]) -> RoundResults:
        results = []
        for d in rows:
            w = Wager.single(d.seat, d.spot, f"seat {d.seat}", d.cents, WagerKind.BASE)
            note = f"{d.rule} ({d.cite})" if d.cite else d.rule
            results.append(WagerResult.decided(w, d.result, d.pays, note))
        return RoundResults(tuple(results), SettleMode.IN_ORDER, seat)

    def settle(self, state: RoundState) -> PartyCrapsReport | None:
        """The flip's report once both cards are dealt; with a bank, the banking engine's settlement."""
        start = state.start
        f = self.flip(state)
        if start is None or f is None:
            return None
        seat, rows = self._ordered(state, f)
        pd = start.player_dealer
        out: dict[str, Any] = {
            "cards": " ".join(
                str(p.card) for p in state.placed if p.target.kind is TargetKind.BOARD and not p.void
            ),
            "total": f.total,
            "point_before": f.point_before,
            "point_after": f.point_after,
            "words": f.words,
            **({"player_dealer": pd} if pd is not None else {}),
            "player_dealer_flip": state.banked[1] if pd is not None and state.banked[0] == pd else 1,
            **({"action_seat": seat} if seat is not None else {}),
            "wagers": [_line(d) for d in rows],
            "standing": [
                {
                    "seat": s.seat,
                    "spot": s.spot,
                    "cents": s.cents,
                    "working": s.working,
                    "fee_paid": s.fee_paid,
                }
                for s in f.standing
            ],
            "new_wagers": [{"seat": s, "spot": n, "cents": c} for s, n, c in f.new_wagers],
        }
        if start.bank and pd is not None:
            out["bank"] = bank_part(start.bank, self._results(seat, rows))
        return PartyCrapsReport.from_json(out)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every decided bet's result in the filed order, once both cards are dealt."""
        f = self.flip(state)
        if f is None:
            return None
        seat, rows = self._ordered(state, f)
        return self._results(seat, rows)

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """Once both cards are out: the total, the point, and where the payoffs start."""
        if kind != "done":
            return None
        f = self.flip(state)
        if f is None:
            return None
        seat, _ = self._action(state, f)
        where = f"; the Action tile to seat {seat}: settle from there in the filed order" if seat else ""
        return f"{words}; {f.total}: {f.words}{where}"

    # -- the layout -----------------------------------------------------------------------------------------

    def wager_spots(self, state: RoundState) -> list[str]:
        """Every betting spot of the layout (the line bets first), then the same spots with the dealer's
        on/off call where the bet takes one (``place-6/on``, ``hard-8/off``)."""
        v = self.setup(state).variant
        plain = list(every_spot())
        calls = [name + c for name in plain if callable_spot(v, parse_spot(name)) for c in ("/on", "/off")]
        return [*plain, *calls]

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """The line bets."""
        return frozenset({"pass", "dont-pass"})

    def spot_limits(self, state: RoundState) -> dict[str, SpotLimit]:
        """Each spot's filed limits (with and without the dealer's on/off call)."""
        v = self.setup(state).variant
        out: dict[str, SpotLimit] = {}
        for name in every_spot():
            spot = parse_spot(name)
            lim = v.limit(spot)
            if lim is not None:
                for call in ("", "/on", "/off") if callable_spot(v, spot) else ("",):
                    out[name + call] = lim
        return out

    def demo_spots(self, spots: Sequence[str], index: int) -> list[str]:
        """The demo layout: the Pass Line on every seat, the Field beside it on every other seat."""
        return ["pass", *(["field"] if index % 2 == 0 else [])]


def _line(d: Decided) -> dict[str, Any]:
    net = pay(d.cents, d.pays) if d.result == "win" else (-d.cents if d.result == "lose" else 0)
    return {
        "seat": d.seat,
        "spot": d.spot,
        "cents": d.cents,
        "result": d.result,
        "pays": str(d.pays) if d.result == "win" else "0",
        "net_cents": net,
        "rule": d.rule,
        "section": d.section,
        "cite": d.cite,
        "vig_cents": d.vig,
        "new": d.new,
    }


FAMILY = PartyCrapsFamily()
register_family("partycraps", FAMILY)
