"""Settling a blackjack-family round: the game wager by each filing's comparison, and every side bet.

Results are per unit wagered (``pays``: 6/5 for a 6 to 5 win, 0 a push, -1 a loss, -1/2 a surrender) so the
banking engine (:func:`rules.banking.settle`) can pay and collect in the filed order until the bank is
exhausted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.blackjack.model import PayRow, SideBet, Variant, matches_any
from rules.cards import Card, Rank, Suit
from rules.evaluators.points import STANDARD_21, Total, blackjack_total, cal_side_bet_total


@dataclass(frozen=True, slots=True)
class Result:
    """One wager's result: ``win``/``lose``/``push``/``void`` (no action: returned), net per unit, why."""

    result: str
    pays: Fraction
    rule: str
    cite: str = ""
    units: Fraction = Fraction(1)  # the stake in units of the original wager (2 after a double)

    def net_cents(self, cents: int) -> int:
        """The wager's net in cents (rounded toward the bank on a fraction of a cent)."""
        net = self.pays * cents
        return int(net.numerator // net.denominator)


WIN = "win"
LOSE = "lose"
PUSH = "push"
VOID = "void"


def _over(t: Total) -> bool:
    return t.busted_or_over


def compare(
    v: Variant, player: Total, pd: Total, player_cards: Sequence[Card], pd_cards: Sequence[Card]
) -> tuple[str, str]:
    """(``win``/``lose``/``push``, the rule) for a player's final hand against the player-dealer's."""
    mode = v.compare
    if mode == "closest-22":
        # California Aces: "closer to 22 than the PD wins; equal totals neither wins" (001 G10).
        dp, dd = abs(22 - player.best), abs(22 - pd.best)
        if dp == dd:
            return PUSH, "equally close to 22: the wager is returned"
        return (WIN, "closer to 22") if dp < dd else (LOSE, "the player-dealer is closer to 22")
    ps, ds = player.special is not None, pd.special is not None
    if ps or ds:
        if player.value == pd.value:
            return PUSH, f"{player.category} against {pd.category}: a push"
        if player.value > pd.value:
            return WIN, f"{player.category} beats {pd.category}"
        return LOSE, f"{pd.category} beats {player.category}"
    if mode == "play-to-31":
        if _over(player):
            return LOSE, f"{player.category}: loses regardless of the player-dealer's hand"
        if _over(pd):
            return WIN, f"the player-dealer is {pd.category}"
    else:
        po, do = _over(player), _over(pd)
        if po and do:
            if mode == "pure-21.5":
                if len(pd_cards) == 3 and all(c.rank is Rank.EIGHT for c in pd_cards):
                    return PUSH, "both over 21.5 and the player-dealer holds 8-8-8: every player over pushes"
                return LOSE, "both over 21.5: every player over loses"
            if player.best == pd.best:
                return LOSE, "both over: the player-dealer wins all ties over a Natural"
            if pd.best < player.best:
                return LOSE, "both over: the player-dealer is closer"
            if mode == "no-bust-21.5":
                if len(player_cards) == 3 and player.best in (23, 24, 25):
                    return PUSH, "both over, the player closer with a three-card 23, 24 or 25: a push"
                return LOSE, "both over, the player closer: the player loses (except a three-card 23-25)"
            return PUSH, "both over, the player closer: a push"
        if do:
            return WIN, f"the player is under and the player-dealer is {pd.category}"
        if po:
            return LOSE, f"{player.category}: the player-dealer is under"
    if player.value == pd.value:
        return PUSH, f"{player.category} against {pd.category}: a push"
    if player.value > pd.value:
        return WIN, f"{player.category} beats {pd.category}"
    return LOSE, f"{pd.category} beats {player.category}"


# --------------------------------------------------------------------------------------------------
# Side bets
# --------------------------------------------------------------------------------------------------

_PICTURES = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})
_TENS = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def _is_red(c: Card) -> bool:
    return c.suit is not None and c.suit in _RED


def _points(c: Card) -> int:
    if c.rank is None:
        return 0
    if c.rank is Rank.ACE:
        return 1
    return 10 if c.rank in _TENS else c.rank.value


def _best_21(cards: Sequence[Card]) -> int:
    """The ordinary blackjack count (one ace 11 while it stays at 21 or under), jokers count nothing."""
    hard = sum(_points(c) for c in cards)
    if any(c.rank is Rank.ACE for c in cards) and hard + 10 <= 21:
        return hard + 10
    return hard


def _suited(cards: Sequence[Card]) -> bool:
    return all(c.suit is not None for c in cards) and len({c.suit for c in cards}) == 1


def _ranks(cards: Sequence[Card]) -> list[int]:
    return sorted(c.rank.value for c in cards if c.rank is not None)


def bonus_hand(hand: str, player: Sequence[Card], pd: Sequence[Card]) -> bool:
    """Whether the named Blackjack Bonus / Lucky Lucky hand is made (see docs/blackjack.md)."""
    a, b = player[0], player[1]
    if hand == "first_card_picture":
        return a.rank in _PICTURES
    if hand in ("two_card_20", "suited_20"):
        made = not a.is_joker and not b.is_joker and _best_21((a, b)) == 20
        return made and (hand == "two_card_20" or _suited((a, b)))
    if hand == "same_rank_and_suit":
        return not a.is_joker and a == b
    if hand in ("pair_of_ks", "pair_of_ks_beaten_by_blackjack"):
        ks = Card(Rank.KING, Suit.SPADES)
        if not (a == ks and b == ks):
            return False
        return hand == "pair_of_ks" or (len(pd) >= 2 and STANDARD_21.specials[0].matches(pd[0], pd[1]))
    three = (a, b, pd[0])
    if any(c.is_joker for c in three):
        return False
    ranks = _ranks(three)
    if hand in ("suited_777", "777"):
        return ranks == [7, 7, 7] and (hand == "777" or _suited(three))
    if hand in ("suited_678", "678"):
        return ranks == [6, 7, 8] and (hand == "678" or _suited(three))
    if hand in ("suited_21", "21"):
        return _best_21(three) == 21 and (hand == "21" or _suited(three))
    if hand in ("20", "19"):
        return _best_21(three) == int(hand)
    return False


def side_bet_row(
    bet: SideBet,
    v: Variant,
    player: Sequence[Card],
    pd: Sequence[Card],
    pd_total: Total | None,
    player_total: Total | None = None,
) -> PayRow | None:
    """The pay-table row a side bet wins on, or None (it loses). ``player``: the seat's cards as dealt;
    ``pd``: the player-dealer's cards as dealt (up card first); the totals for the bets that need them."""
    k = bet.kind
    if k == "player_dealer_bust_cards":
        if pd_total is None or not pd_total.busted_or_over:
            return None
        n = len(pd)
        return next((r for r in bet.rows if n == r.cards or (r.or_more and n >= r.cards)), None)
    if k == "first_two_pair":
        a, b = player[0], player[1]
        if a.is_joker or b.is_joker or a.rank is not b.rank:
            return None
        natural = pd_total is not None and pd_total.is_natural
        return next((r for r in bet.rows if not r.with_natural or natural), None)
    if k == "three_card_rank":
        three = (player[0], player[1], pd[0])
        hits = [c for c in three if not c.is_joker and c.rank is bet.rank]
        special = sum(1 for c in hits if matches_any(bet.special_cards, c))
        return next((r for r in bet.rows if len(hits) == r.cards and special >= r.special), None)
    if k == "red_run":
        run = 0
        for c in pd:
            if not _is_red(c):
                break
            run += 1
        return next((r for r in bet.rows if run == r.cards or (r.or_more and run >= r.cards)), None)
    if k in ("blackjack_bonus", "lucky_lucky"):
        return next((r for r in bet.rows if bonus_hand(r.hand, player, pd)), None)
    if k == "frozen_plus_hole":
        if player_total is None or not 22 <= player_total.best <= 30 or len(pd) < 2:
            return None
        made = cal_side_bet_total(int(player_total.best), pd[1])
        return bet.rows[0] if made == 31 else None
    return None


def settle_side_bet(
    bet: SideBet,
    v: Variant,
    player: Sequence[Card],
    pd: Sequence[Card],
    pd_total: Total | None,
    player_total: Total | None = None,
) -> Result:
    """A side bet's result on the cards (it never pushes: it wins a row or loses)."""
    if bet.kind == "frozen_plus_hole" and (player_total is None or not 22 <= player_total.best <= 30):
        return Result(
            VOID, Fraction(0), f"{bet.name} is offered only on a frozen 22-30 hand: returned", bet.cite
        )
    row = side_bet_row(bet, v, player, pd, pd_total, player_total)
    if row is None:
        return Result(LOSE, Fraction(-1), f"{bet.name}: no paying hand", bet.cite)
    return Result(WIN, row.pays, f"{bet.name}: {row.name}", bet.cite)


def settle_game_wager(
    v: Variant,
    player_cards: Sequence[Card],
    pd_cards: Sequence[Card],
    *,
    doubled: bool = False,
    surrendered: bool = False,
    split: bool = False,
) -> Result:
    """The game wager's result per unit of the original wager (a double counts two units); ``split``: a
    hand from a split (no natural: a split ace with a ten is 21)."""
    if surrendered:
        sur = v.decisions.get("surrender")
        forfeit = sur.forfeit if sur is not None else Fraction(1, 2)
        return Result(LOSE, -forfeit, "surrendered: half the wager is forfeited", sur.cite if sur else "")
    p = blackjack_total(player_cards, v.totals, split=split)
    d = blackjack_total(pd_cards, v.totals)
    result, rule = compare(v, p, d, player_cards, pd_cards)
    units = Fraction(1)
    if doubled:
        dd = v.decisions.get("double")
        if dd is not None and dd.no_action_on_natural and d.is_natural:
            rule += " (the double gets no action against a natural)"
        else:
            units = Fraction(2)
    if result == WIN:
        return Result(WIN, v.payouts.for_total(p) * units, rule, v.compare_cite, units)
    if result == LOSE:
        return Result(LOSE, -units, rule, v.compare_cite, units)
    return Result(PUSH, Fraction(0), rule, v.compare_cite, units)


def insurance_result(v: Variant, pd_cards: Sequence[Card]) -> Result:
    """Insurance: pays its odds when the player-dealer has a natural, else loses."""
    rule = v.decisions.get("insurance")
    pays = rule.pays if rule is not None else Fraction(2)
    cite = rule.cite if rule is not None else ""
    if len(pd_cards) >= 2 and blackjack_total(pd_cards[:2], v.totals).is_natural:
        return Result(WIN, pays, "insurance: the player-dealer has a natural", cite)
    return Result(LOSE, Fraction(-1), "insurance: the player-dealer has no natural", cite)
