"""Ultimate War's hook for the round engine (``rules.round.family``), and its typed results for the bank.

The deal is ``{deal: boxes, boxes: [Player, Banker], cards: 1}`` then ``{rule_draws: war}``: while the
last two cards have the same rank the hook asks for one more card to each hand (Player first), so a card
after the hands are decided is DRAW_AGAINST_RULE. A round started from a shoe that was not shuffled since
the last round is NOT_SHUFFLED where the game files a shuffle between rounds (000 L1155). Settlement: every
wager from the player left of the player-dealer, clockwise, wager by wager in the filed order (all Player
Bets, then all Banker Bets, War, Ultimate 5 Player, Ultimate 5 Banker; L1167), through the bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.banking import (
    Direction,
    Grouping,
    RoundResults,
    SettlementOrder,
    SettleMode,
    Table,
    Wager,
    WagerKind,
    WagerResult,
    order_wagers,
)
from rules.banking.backline import bettor, is_backline
from rules.banking.errors import BankingError
from rules.banking.report_json import bank_part
from rules.cards import Card, format_cards
from rules.errors import RulesError
from rules.round.alerts import AlertCode
from rules.round.events import Event, RoundStart, Target, TargetKind
from rules.round.family import BaseFamily, PerGame, register_family
from rules.round.procedure import Phase, PhaseKind, Recipients, Slot, ordinal
from rules.round.rulings import Finding
from rules.ultimatewar.model import UltimateWarDataError, Variant, from_data
from rules.ultimatewar.report import UltimateWarReport
from rules.ultimatewar.schema import UltimateWarFile
from rules.ultimatewar.settle import Showdown, WagerSettlement, settle_spot, showdown

if TYPE_CHECKING:
    from rules.analysis import Analysis
    from rules.round.family import Progress
    from rules.round.state import RoundState


def _build(state: RoundState) -> Variant:
    if not state.game.data:
        raise UltimateWarDataError("", f"{state.game.id}: the round engine was given no game data")
    return from_data(state.game.data)


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c is not None)


class UltimateWarFamily(BaseFamily):
    """The war cards, the shuffle between rounds, and each wager's result in the filed order."""

    settled_at_table = True
    #: The strict schema of the family's game files (``rules.gamefile``).
    schema = UltimateWarFile
    report_types = (UltimateWarReport,)

    def __init__(self) -> None:
        self._variants: PerGame[Variant] = PerGame(_build)

    def variant(self, state: RoundState) -> Variant:
        """The variant of the game being dealt, built once from the game file's mapping."""
        return self._variants(state)

    @staticmethod
    def boxes(state: RoundState) -> tuple[Target, Target]:
        """The Player and Banker boxes, by the names of the deal's boxes."""
        v = FAMILY.variant(state)
        for ph in state.game.procedure.phases:
            if ph.kind is PhaseKind.DEAL and ph.to is Recipients.BOXES:
                names = list(ph.boxes)
                if v.hands.player in names and v.hands.banker in names:
                    return (
                        Target(TargetKind.BOX, names.index(v.hands.player) + 1),
                        Target(TargetKind.BOX, names.index(v.hands.banker) + 1),
                    )
        return Target(TargetKind.BOX, 1), Target(TargetKind.BOX, 2)

    def hands(self, state: RoundState) -> tuple[tuple[Card | None, ...], tuple[Card | None, ...]]:
        """The Player and Banker hands as dealt so far (war cards after the first)."""
        p, b = self.boxes(state)
        return state.hand(p), state.hand(b)

    def showdown(self, state: RoundState) -> Showdown | None:
        """The hands compared, or None while a card is missing or unread."""
        player, banker = self.hands(state)
        if not player or len(player) != len(banker) or None in player or None in banker:
            return None
        return showdown(_known(player), _known(banker))

    def next_extra_card(self, state: RoundState, phase: Phase) -> Slot | None:
        """While the last cards tie: one more card to the Player hand, then to the Banker hand."""
        player, banker = self.hands(state)
        if None in player or None in banker or not player:
            return None  # an unread card: the engine's UNREADABLE_CARD ruling comes first
        p, b = self.boxes(state)
        v = self.variant(state)
        if len(player) > len(banker):
            n = len(banker) + 1
            return Slot(b, n, phase.face_at(0), f"war: {v.hands.banker} ({ordinal(n)} card)", state.phase)
        sd = showdown(_known(player), _known(banker))
        if sd.winner is not None:
            return None
        n = len(player) + 1
        war = ordinal(sd.wars)
        return Slot(p, n, phase.face_at(0), f"{war} war: {v.hands.player} ({ordinal(n)} card)", state.phase)

    def check(self, state: RoundState, event: Event) -> Sequence[Finding]:
        """NOT_SHUFFLED: a round started from a shoe already dealt from since its shuffle (000 L1155)."""
        if not isinstance(event, RoundStart):
            return ()
        v = self.variant(state)
        if v.shuffle_every_round is None or state.shoe.rounds <= 1:
            return ()
        return (
            Finding(
                AlertCode.NOT_SHUFFLED,
                f"{state.shoe.rounds - 1} round(s) already dealt from this shoe: the deck is shuffled in "
                f"between each round of play ({v.shuffle_every_round.cite})",
                where="deck",
            ),
        )

    def wait_words(self, state: RoundState, kind: str, words: str) -> str | None:
        """After the deal: who won and where settlement starts."""
        if kind != "done":
            return None
        sd = self.showdown(state)
        if sd is None or sd.winner is None:
            return None
        return f"{words}; {sd.words()}: settle from the player left of the player-dealer, bet by bet"

    def _rows(self, state: RoundState) -> list[tuple[int, int, WagerSettlement, bool]] | None:
        """Each wager (seat, cents, result, backline), the seat's own before the backline on each spot."""
        start = state.start
        sd = self.showdown(state)
        if start is None or sd is None or sd.winner is None:
            return None
        v = self.variant(state)
        out: list[tuple[int, int, WagerSettlement, bool]] = []
        for w in sorted(start.wagers, key=lambda w: w.backline):
            if w.seat in state.dead or w.seat == start.player_dealer:
                continue
            out.append((w.seat, w.cents, settle_spot(v, w.spot, sd), w.backline))
        return out

    def settle(self, state: RoundState) -> UltimateWarReport | None:
        """Each wager's result once the hands are decided; with a bank, the banking engine's settlement."""
        start = state.start
        rows = self._rows(state) if state.status.value == "dealt" else None
        sd = self.showdown(state)
        if start is None or rows is None or sd is None:
            return None
        player, banker = self.hands(state)
        out: dict[str, Any] = {
            "player": format_cards(player),
            "banker": format_cards(banker),
            "winner": sd.winner,
            "wars": sd.wars,
            "result": sd.words(),
        }
        seats = tuple(range(1, max(start.seats) + 1))
        table = Table(seats, start.player_dealer, frozenset(start.seats))
        try:
            rr = self._ordered(state, rows, table)
        except (BankingError, RulesError) as exc:
            out["wagers"] = []
            out["bank"] = {"problem": str(exc)}
            return UltimateWarReport.from_json(out)
        out["wagers"] = [
            {
                "seat": r.wager.seat,
                "spot": r.wager.name,
                "cents": r.wager.amount,
                "result": r.outcome.value,
                "pays": str(r.pays) if r.outcome.value == "win" else "0",
                "rule": r.note,
                **({"backline": True} if is_backline(r.wager.player) else {}),
            }
            for r in rr.results
        ]
        if start.bank and start.player_dealer is not None:
            out["bank"] = bank_part(start.bank, rr)
        return UltimateWarReport.from_json(out)

    def _ordered(
        self, state: RoundState, rows: Sequence[tuple[int, int, WagerSettlement, bool]], table: Table
    ) -> RoundResults:
        v = self.variant(state)
        kinds = {w.key: WagerKind.BASE if w.kind == "base" else WagerKind.BONUS for w in v.wagers}
        results: list[WagerResult] = []
        for seat, cents, r, backline in rows:
            # a backline bettor is not the seat's player: its own stake, paid and returned apart
            w = Wager.single(seat, r.spot, bettor(seat, backline), cents, kinds.get(r.spot, WagerKind.BONUS))
            results.append(WagerResult.decided(w, r.result, r.pays, f"{r.rule} ({r.cite})"))
        direction = Direction(v.order.direction)
        order = SettlementOrder(
            direction, v.keys, Grouping(v.order.grouping), SettleMode.IN_ORDER, v.order.cite
        )
        pd = table.player_dealer
        ring = table.ring(pd, direction) if pd is not None else list(table.seats)
        action = next((s for s in ring[1:] if table.is_occupied(s)), ring[0])
        by_id = {id(r.wager): r for r in results}
        ordered = order_wagers(order, table, action, [r.wager for r in results])
        return RoundResults(tuple(by_id[id(w)] for w in ordered), SettleMode.IN_ORDER, action)

    # -- the table's hooks (rules.round.family.Family) --------------------------------------------------

    def wager_spots(self, state: RoundState) -> list[str]:
        """The five betting areas of a seat, in the filed order (L1163)."""
        return list(self.variant(state).keys)

    def backline_spots(self, state: RoundState) -> list[str]:
        """Every spot: "Back-line betting is permitted on all wagers" (L1163), each settled apart."""
        return self.wager_spots(state)

    def base_spots(self, state: RoundState) -> frozenset[str]:
        """Every spot stands alone: the War and Ultimate 5 bets need no Player or Banker Bet (L1199, L1220)."""
        return frozenset(self.variant(state).keys)

    def analyze(
        self, data: Mapping[str, Any], decks: int | None, progress: Progress | None = None
    ) -> Analysis:
        """Exact probabilities and house edges (:mod:`rules.ultimatewar.analyze`)."""
        from rules.ultimatewar.analyze import analyze

        return analyze(data, decks, progress)

    def wager_results(self, state: RoundState, table: Table) -> RoundResults | None:
        """Every wager's result in the filed order, once the hands are decided."""
        rows = self._rows(state) if state.status.value == "dealt" else None
        if rows is None:
            return None
        return self._ordered(state, rows, table)


FAMILY = UltimateWarFamily()
register_family("ultimatewar", FAMILY)
