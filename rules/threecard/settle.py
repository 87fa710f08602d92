"""Per-wager settlement of one player's hand against the player-dealer's.

Nothing here moves money: each wager gets a result (win with what it pays to 1, push, lose, or no action:
the wager goes back) and the banking engine pays and collects in the variant's filed order
(:attr:`Variant.order`) until the player-dealer's bank is exhausted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.cards import Card
from rules.errors import HandError
from rules.threecard.hands import best_line, bonus_line, hand_value, qualifies, three_card_lines
from rules.threecard.model import Cite, Comparison, Result, ThreeCardDataError, Variant


@dataclass(frozen=True, slots=True)
class WagerSettlement:
    """How one wager settles.

    ``pays`` is the net result per unit: the ratio to 1 for a win, ``0`` for a push or no action, ``-1``
    for a loss. ``action_cents`` is the part of the stake that gets action where a rule cuts it (3 Card
    Texas Hold'em's unequal bets); ``refund_cents`` goes back to the player before settling. ``rule`` says
    what decided it and ``cite`` where that comes from.
    """

    wager: str
    name: str
    result: Result
    pays: Fraction
    rule: str
    cite: Cite
    action_cents: int | None = None
    refund_cents: int = 0

    def net_cents(self, stake_cents: int) -> int:
        """The bettor's net result in cents for a stake (floor on a fractional win)."""
        if not isinstance(stake_cents, int) or isinstance(stake_cents, bool) or stake_cents < 0:
            raise ThreeCardDataError("stake", f"a stake is a whole number of cents, not {stake_cents!r}")
        action = stake_cents if self.action_cents is None else self.action_cents
        if self.result == "lose":
            return -action
        if self.result == "win":
            return int(action * self.pays)
        return 0


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One seat's hand and wagers (in cents) as they stand at the showdown.

    ``wagers`` holds what was placed before the deal (``ante`` and bonus keys) and the raises made (``play``,
    ``bet-or-fold``, ``bet-or-check``). A player with an Ante who did not make the first raise folded.
    """

    cards: tuple[Card, ...]
    wagers: Mapping[str, int]
    #: The player could not match the Ante and chose to forfeit the Ante and side bets (3 Card Texas
    #: Hold'em irregularity (e)(4)); only where the variant files it.
    forfeits: bool = False

    def folded(self, variant: Variant) -> bool:
        """Ante placed and the first raise (Play, or Bet or Fold) not made."""
        return "ante" in self.wagers and variant.raises[0].key not in self.wagers


def _win(pays: Fraction | int) -> tuple[Result, Fraction]:
    return "win", Fraction(pays)


_NET: dict[str, Fraction] = {"push": Fraction(0), "no-action": Fraction(0), "lose": Fraction(-1)}


def _result(result: Result) -> Fraction:
    return Fraction(1) if result == "win" else _NET[result]


def wager_problems(variant: Variant, wagers: Mapping[str, int]) -> list[str]:
    """What is wrong with a seat's wagers under the variant's rules, in words (empty: nothing)."""
    problems: list[str] = []
    known = set(variant.wager_keys())
    for k, v in wagers.items():
        if k not in known:
            problems.append(
                f"{variant.name} has no wager {k!r} (its wagers: {', '.join(variant.wager_keys())})"
            )
        elif not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            problems.append(f"{k}: a wager is a positive whole number of cents, not {v!r}")
    ante = wagers.get("ante")
    if ante is None:
        if variant.ante_required and wagers:
            problems.append("an Ante is required")
        if any(r.key in wagers for r in variant.raises):
            problems.append("a raise without an Ante")
        needs = [b.name for b in variant.bonuses if b.key in wagers and b.needs_ante]
        if needs:
            problems.append(f"{', '.join(needs)} may be placed only with an Ante")
    else:
        made = [r for r in variant.raises if r.key in wagers]
        if made and made[0] is not variant.raises[0]:
            problems.append(f"{made[0].name} without {variant.raises[0].name}")
        for r in made:
            if not variant.unequal_bets and wagers[r.key] != ante:
                problems.append(f"{r.name} must equal the Ante ({wagers[r.key]} ≠ {ante} cents)")
        for b in variant.bonuses:
            if b.key in wagers and b.equal_to_ante and wagers[b.key] != ante:
                problems.append(f"{b.name} must equal the Ante to be paid ({wagers[b.key]} ≠ {ante} cents)")
    return problems


def _check_cards(variant: Variant, hand: PlayerHand, dealer: Sequence[Card], board: Sequence[Card]) -> None:
    if len(hand.cards) != variant.hole_cards:
        raise HandError(
            f"{variant.name}: a player's hand is {variant.hole_cards} cards, not {len(hand.cards)}"
        )
    want_pd = variant.hole_cards
    if len(dealer) != want_pd:
        raise HandError(f"{variant.name}: the player-dealer's hand is {want_pd} cards, not {len(dealer)}")
    if len(board) != variant.board_cards:
        raise HandError(f"{variant.name}: {variant.board_cards} communal cards, not {len(board)}")
    seen = Counter(c for c in (*hand.cards, *dealer, *board))
    over = sorted(str(c) for c, n in seen.items() if n > variant.decks_max)
    if over:
        raise HandError(f"{variant.name}: card(s) seen more often than the decks hold: {' '.join(over)}")


def compare(player_value: int, dealer_value: int) -> Comparison:
    """Which hand ranks higher (equal rank and value is a tie)."""
    if player_value > dealer_value:
        return "player_higher"
    if player_value < dealer_value:
        return "player_dealer_higher"
    return "tie"


def settle_hand(
    variant: Variant, hand: PlayerHand, player_dealer: Sequence[Card], board: Sequence[Card] = ()
) -> tuple[WagerSettlement, ...]:
    """Every wager of one seat, in the variant's settlement order.

    Raises :class:`ThreeCardDataError` for wagers the variant does not allow and
    :class:`~rules.errors.HandError` for the wrong cards.
    """
    problems = [
        p
        for p in wager_problems(variant, hand.wagers)
        if "must equal the Ante to be paid" not in p  # settled below: the bonus is not paid
    ]
    if problems:
        raise ThreeCardDataError("wagers", "; ".join(problems))
    _check_cards(variant, hand, player_dealer, board)
    if hand.forfeits:
        return _forfeit(variant, hand)
    out: dict[str, WagerSettlement] = {}
    folded = hand.folded(variant)
    ante = hand.wagers.get("ante")
    if ante is not None:
        if folded:
            out["ante"] = WagerSettlement(
                "ante", "Ante", "lose", Fraction(-1), "folded: the Ante is forfeited", variant.fold_cite
            )
        else:
            pv = hand_value(variant, hand.cards, board)
            dv = hand_value(variant, player_dealer, board)
            q = qualifies(variant, dv)
            table = variant.qualified if q else variant.not_qualified
            comp = compare(pv, dv)
            row = table.row(comp)
            words = {
                "player_higher": "the player's hand ranks higher",
                "player_dealer_higher": "the player-dealer's hand ranks higher",
                "tie": "equal rank and value",
            }[comp]
            qword = "qualifies" if q else f"does not qualify ({variant.qualifier_text})"
            rule = f"the player-dealer {qword}; {words}"
            out["ante"] = WagerSettlement("ante", "Ante", row.ante, _result(row.ante), rule, table.cite)
            made = [r for r in variant.raises if r.key in hand.wagers]
            for r in made:
                out[r.key] = WagerSettlement(r.key, r.name, row.raises, _result(row.raises), rule, table.cite)
            if variant.unequal_bets and made:
                _unequal(variant, hand, out, won=row.ante == "win" or row.raises == "win")
            if variant.ante_bonus and variant.ante_bonus_cite is not None:
                line = best_line(variant.ante_bonus, three_card_lines(pv))
                if line is not None:
                    out["ante-bonus"] = WagerSettlement(
                        "ante-bonus", "Ante bonus", "win", line.pays, line.hand, variant.ante_bonus_cite
                    )
    for b in variant.bonuses:
        if b.key not in hand.wagers:
            continue
        if folded and not b.survives_fold:
            out[b.key] = WagerSettlement(
                b.key, b.name, "lose", Fraction(-1), f"folded: the {b.name} is forfeited", b.fold_cite
            )
            continue
        line = bonus_line(b, hand.cards, player_dealer, board)
        if line is None:
            out[b.key] = WagerSettlement(b.key, b.name, "lose", Fraction(-1), "no paying hand", b.cite)
        elif b.equal_to_ante and hand.wagers[b.key] != ante:
            out[b.key] = WagerSettlement(
                b.key,
                b.name,
                "no-action",
                Fraction(0),
                f"{line.hand}, but the {b.name} does not equal the Ante: not paid, returned",
                b.cite,
            )
        else:
            out[b.key] = WagerSettlement(b.key, b.name, "win", line.pays, line.hand, b.cite)
    order = [k for k in variant.order if k in out]
    if "ante-bonus" in out:
        order.insert(order.index("ante") + 1, "ante-bonus")
    return tuple(out[k] for k in order)


def _forfeit(variant: Variant, hand: PlayerHand) -> tuple[WagerSettlement, ...]:
    """Insufficient funds to match the Ante: the Ante and the side bets are forfeited (000a L438)."""
    cite = variant.insufficient_funds_cite
    if cite is None:
        raise ThreeCardDataError("forfeits", f"{variant.name} files no forfeit for insufficient funds")
    names = {
        "ante": "Ante",
        **{r.key: r.name for r in variant.raises},
        **{b.key: b.name for b in variant.bonuses},
    }
    rule = "insufficient funds to match the Ante: the Ante and side bets are forfeited"
    return tuple(
        WagerSettlement(k, names[k], "lose", Fraction(-1), rule, cite)
        for k in variant.order
        if k in hand.wagers
    )


def _unequal(variant: Variant, hand: PlayerHand, out: dict[str, WagerSettlement], won: bool) -> None:
    """3 Card Texas Hold'em (e)(5): bets smaller than the Ante: a winning hand is paid on the smallest bet
    and the rest of the Ante refunded; a losing hand loses everything. Bets larger than the Ante are paid
    on the Ante and the overage refunded, win or lose (seed 000a L440-442)."""
    ante = hand.wagers["ante"]
    raises = [r.key for r in variant.raises if r.key in hand.wagers]
    smallest = min(hand.wagers[k] for k in raises)
    cite = variant.unequal_bets_cite or variant.fold_cite
    for k in ("ante", *raises):
        stake = hand.wagers[k]
        cap = min(ante, smallest) if (won and smallest < ante) else ante
        action = min(stake, cap) if (k != "ante" or (won and smallest < ante)) else stake
        if action != stake:
            s = out[k]
            out[k] = WagerSettlement(
                s.wager,
                s.name,
                s.result,
                s.pays,
                s.rule + f"; bets do not equal the Ante: action on {action} cents, {stake - action} refunded",
                cite,
                action_cents=action,
                refund_cents=stake - action,
            )
