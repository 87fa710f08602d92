"""Point totals: baccarat (and the Pan 9 games) and every blackjack-style game the rooms have filed.

**Baccarat points** (seed 002 §2–3, 000a §9, 000b, 001 G19/G23): A = 1, 2–9 face value, 10/J/Q/K = 0, the
total is the last digit of the sum. A natural is 8 or 9 on the first two cards; the filed ranking is
Natural 9 > Natural 8 > a three-card 9 or 8 > 7 … 0 (seed 002 §2 L115–214). Fast Nine and Super Pan 9
(seed 003 §4, seed 001 G09) count the same way ("face cards = 0 … only the right-hand digit counts").

**Blackjack-style totals.** Every variant is data, a :class:`BlackjackRules`:

* ``limit`` – the highest ordinary total; an ace counts high only while the total stays at or below it,
  and a hand above it is over (a bust, a no-bust "over" hand, or a frozen 22–30 hand). 21 in every game
  but 21st Century Blackjack, where it is 22 ("Two Aces count as 2 or 12, only", seed 001 L902).
* ``target`` – the number the game plays to (21, 21.5, 22, 31), for display and "closest to" comparisons.
* ``specials`` – two-card hands of the initial deal that beat every total, each with the cards that make
  it, its total, its rank among specials and its name: Blackjack; Pure 21.5 (Bonus card + ace, seed 003
  §9); the 21½ Natural (ace 11½ with a ten-value card, seed 003 §7); Natural 22 (two jokers, seed 004
  S4); Natural 31 and Blackjack X (seed 000a §8, §14–15, 000b §3). Matched in list order, so a more
  particular hand (suited A-K, "Blackjack X") is listed before the general one it would also match
  (ace + 10-point card, "Natural 31") even though it ranks below it. Never after a split: a split ace
  with a 10-point card is 21 in every filing that says (seed 000 L608 Cal Blackjack, L1929 Blackjack X
  "Split Aces after the Draw … value of 21"), and in the others the natural is defined on "the initial two-card deal".
* ``jumps`` – the play-to-31 games' second route to 31: a hand standing on 21 whose next card is a
  10-point card makes 31. Cal Blackjack: from a **soft** 21 ("Soft 31", seed 000 L482, L560–562); Blackjack X:
  from a **hard** 21 ("Hard 31 … the only way that hand could be achieved", seed 000 L1903).
* ``frozen`` – the band of totals (22–30 in the play-to-31 games) where a hand takes no more cards and
  loses; dealing into a frozen hand is a :class:`~rules.errors.HandError` (an irregularity for the round
  engine to catch before it evaluates).
* ``over_by_closeness`` – whether over hands rank among themselves by closeness to the limit (the no-bust
  games: "both over … closer wins", seed 003 §7, 004 S4) or all alike (a bust; Pure 21.5's over hands;
  the frozen band, one rank in Cal Blackjack and Blackjack X).
* ``joker`` – ``NONE`` (a joker is an error), ``HAND_TOTAL`` (21st Century: "A Joker with any card is a
  Hard 21. Players may not draw any further", seed 001 L901, 004 L624; the hand totals ``joker_total``,
  hard, and takes no more cards) or ``WILD`` (the joker counts as whichever card makes the best hand).

The comparison quirks that depend on both hands (the player-dealer wins ties over 22, a three-card 23–25
pushes, the player-dealer's 8-8-8) belong to each family's settlement; the value here is the total order
those rules start from: specials (by rank) > ordinary totals (higher is better) > over hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any, Final

from rules.cards import JOKER_INDEX, STANDARD_CARDS, Card, Rank, Suit
from rules.errors import HandError, RulesError
from rules.evaluators.handrank import HandRank


class BlackjackRulesError(RulesError, ValueError):
    """A blackjack rule set (from a variant's data) that does not make sense."""


# --------------------------------------------------------------------------------------------------
# Baccarat
# --------------------------------------------------------------------------------------------------

#: Baccarat point value by card index (0..51): A = 1, 2–9 face value, 10/J/Q/K = 0.
BACCARAT_POINTS: Final[tuple[int, ...]] = tuple(
    (1 if c.rank is Rank.ACE else (c.rank.value if c.rank is not None and c.rank.value < 10 else 0))
    for c in STANDARD_CARDS
)


def _baccarat_indices(cards: Sequence[Card]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"not a card: {c!r}")
        if c.index == JOKER_INDEX:
            raise HandError("baccarat has no joker")
        out.append(c.index)
    return out


def baccarat_total(cards: Sequence[Card]) -> int:
    """The baccarat (or Pan 9) total of any number of cards: the last digit of the points."""
    return sum(BACCARAT_POINTS[i] for i in _baccarat_indices(cards)) % 10


def is_natural(cards: Sequence[Card]) -> bool:
    """A baccarat natural: 8 or 9 on exactly two cards."""
    return len(cards) == 2 and baccarat_total(cards) >= 8


def baccarat_rank(cards: Sequence[Card]) -> HandRank:
    """Rank a baccarat hand (two or three cards): Natural 9 > Natural 8 > 9 > 8 > … > 0.

    A natural stops all drawing, so a three-card 9 never meets a natural; the order is the filed one.
    """
    if not 2 <= len(cards) <= 3:
        raise HandError(f"a baccarat hand has 2 or 3 cards, not {len(cards)}")
    total = baccarat_total(cards)
    if len(cards) == 2 and total >= 8:
        return HandRank(10 + total, f"Natural {total}", tuple(cards))
    return HandRank(total, str(total), tuple(cards))


# --------------------------------------------------------------------------------------------------
# Blackjack-style totals: the rules as data
# --------------------------------------------------------------------------------------------------

#: Card patterns for special hands: a rank (``A``, ``2``…``9``, ``T``, ``J``, ``Q``, ``K``), a card
#: (``As``), ``10pt`` (any 10-point card: 10, J, Q, K), ``Jk`` (the joker) or ``*`` (any card).
TEN_POINT: Final = "10pt"
ANY_CARD: Final = "*"
_TEN_RANKS: Final = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})
_RANK_BY_CHAR: Final = {r.char: r for r in Rank}
_SUIT_BY_CHAR: Final = {s.value: s for s in Suit}


def _check_pattern(p: str) -> str:
    if p in (TEN_POINT, ANY_CARD, "Jk") or p in _RANK_BY_CHAR:
        return p
    if len(p) == 2 and p[0] in _RANK_BY_CHAR and p[1] in _SUIT_BY_CHAR:
        return p
    raise BlackjackRulesError(
        f"bad card pattern {p!r}: use a rank (A, 2-9, T, J, Q, K), a card (As), '10pt', 'Jk' or '*'"
    )


def _matches(p: str, c: Card) -> bool:
    if p == ANY_CARD:
        return True
    if p == "Jk":
        return c.is_joker
    if c.rank is None or c.suit is None:
        return False
    if p == TEN_POINT:
        return c.rank in _TEN_RANKS
    if len(p) == 1:
        return c.rank is _RANK_BY_CHAR[p]
    return c.rank is _RANK_BY_CHAR[p[0]] and c.suit is _SUIT_BY_CHAR[p[1]]


@dataclass(frozen=True, slots=True)
class SpecialHand:
    """A two-card hand of the initial deal that beats every total (a natural and its kin).

    ``cards``: the two card patterns, in either order. ``suited``: both cards of one suit. ``total``: what
    the hand counts (21.5, 22, 31 …). ``rank``: 1 and up; a higher rank beats a lower one.
    """

    name: str
    cards: tuple[str, str]
    total: Fraction
    rank: int = 1
    suited: bool = False

    def __post_init__(self) -> None:
        if len(self.cards) != 2:
            raise BlackjackRulesError(f"special hand {self.name!r}: give exactly two card patterns")
        for p in self.cards:
            _check_pattern(p)
        if not 1 <= self.rank <= 30:
            raise BlackjackRulesError(f"special hand {self.name!r}: rank must be 1 to 30")

    def matches(self, a: Card, b: Card) -> bool:
        """Whether the two cards (either order) make this hand."""
        p, q = self.cards
        if not ((_matches(p, a) and _matches(q, b)) or (_matches(p, b) and _matches(q, a))):
            return False
        return not self.suited or (a.suit is not None and a.suit is b.suit)


@dataclass(frozen=True, slots=True)
class Jump:
    """The play-to-31 route: a hand on a ``after`` ("soft" or "hard") 21 whose next card matches ``card``
    becomes ``total`` (31), named ``name``, ranked ``rank`` among the special hands."""

    name: str
    after: str
    total: int = 31
    card: str = TEN_POINT
    rank: int = 1

    def __post_init__(self) -> None:
        if self.after not in ("soft", "hard"):
            raise BlackjackRulesError(f"jump {self.name!r}: 'after' is 'soft' or 'hard', not {self.after!r}")
        _check_pattern(self.card)
        if not 1 <= self.rank <= 30:
            raise BlackjackRulesError(f"jump {self.name!r}: rank must be 1 to 30")


class BlackjackJoker(Enum):
    """What a joker does in a blackjack-style hand."""

    NONE = "none"
    HAND_TOTAL = "hand_total"
    WILD = "wild"


@dataclass(frozen=True, slots=True)
class BlackjackRules:
    """One variant's counting rules (see the module notes for each field and the filings behind it)."""

    name: str = "Blackjack"
    target: Fraction = Fraction(21)
    limit: int = 21
    ten_value: int = 10
    specials: tuple[SpecialHand, ...] = ()
    jumps: tuple[Jump, ...] = ()
    frozen: tuple[int, int] | None = None
    over_name: str = "Bust"
    over_by_closeness: bool = False
    joker: BlackjackJoker = BlackjackJoker.NONE
    joker_total: int = 21
    source: str = ""
    choices: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not 11 <= self.limit <= 40:
            raise BlackjackRulesError(f"{self.name}: limit {self.limit} is not a blackjack total")
        if not 1 <= self.ten_value <= 20:
            raise BlackjackRulesError(f"{self.name}: ten_value {self.ten_value} is out of range")
        if self.frozen is not None:
            lo, hi = self.frozen
            if not self.limit < lo <= hi:
                raise BlackjackRulesError(f"{self.name}: the frozen band {lo}-{hi} must lie above the limit")
        if self.joker is BlackjackJoker.HAND_TOTAL and not 2 <= self.joker_total <= self.limit:
            raise BlackjackRulesError(f"{self.name}: joker_total must be 2 to {self.limit}")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BlackjackRules:
        """Build from a variant file's ``totals:`` mapping; unknown keys are an error.

        Keys: name, target (21, 21.5, "43/2", 22, 31), limit, ten_value, specials (list of {name, cards,
        total, rank, suited}), jumps (list of {name, after, total, card, rank}), frozen ([22, 30]),
        over_name, over_by_closeness, joker (none | hand_total | wild), joker_total, source, choices.
        """
        allowed = {
            "name",
            "target",
            "limit",
            "ten_value",
            "specials",
            "jumps",
            "frozen",
            "over_name",
            "over_by_closeness",
            "joker",
            "joker_total",
            "source",
            "choices",
        }
        unknown = set(data) - allowed
        if unknown:
            raise BlackjackRulesError(f"unknown totals field(s): {', '.join(sorted(unknown))}")
        try:
            specials = tuple(
                SpecialHand(
                    name=str(s["name"]),
                    cards=(str(s["cards"][0]), str(s["cards"][1])),
                    total=_fraction(s["total"]),
                    rank=int(s.get("rank", 1)),
                    suited=bool(s.get("suited", False)),
                )
                for s in data.get("specials", ()) or ()
            )
            jumps = tuple(
                Jump(
                    name=str(j["name"]),
                    after=str(j["after"]),
                    total=int(j.get("total", 31)),
                    card=str(j.get("card", TEN_POINT)),
                    rank=int(j.get("rank", 1)),
                )
                for j in data.get("jumps", ()) or ()
            )
            frozen_data = data.get("frozen")
            frozen = None if frozen_data is None else (int(frozen_data[0]), int(frozen_data[1]))
            return cls(
                name=str(data.get("name", "Blackjack")),
                target=_fraction(data.get("target", 21)),
                limit=int(data.get("limit", 21)),
                ten_value=int(data.get("ten_value", 10)),
                specials=specials,
                jumps=jumps,
                frozen=frozen,
                over_name=str(data.get("over_name", "Bust")),
                over_by_closeness=bool(data.get("over_by_closeness", False)),
                joker=BlackjackJoker(str(data.get("joker", "none"))),
                joker_total=int(data.get("joker_total", 21)),
                source=str(data.get("source", "")),
                choices=tuple(str(c) for c in data.get("choices", ()) or ()),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            if isinstance(exc, BlackjackRulesError):
                raise
            raise BlackjackRulesError(f"bad totals data: {exc}") from exc


def _fraction(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Fraction):
        raise BlackjackRulesError(f"bad number {value!r}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise BlackjackRulesError(f"bad number {value!r}") from exc


@dataclass(frozen=True, slots=True)
class Total:
    """A blackjack-style hand's count.

    ``hard``: every ace counted 1. ``soft``: one ace counted 11 when that stays within the limit, else
    ``None``. ``best``: what the hand counts (a special hand's total, 21.5 or 31, where it is one).
    ``is_soft``: ``best`` counts an ace high. ``busted_or_over``: above the limit (bust, over, or in the
    frozen band). ``frozen``: the hand takes no more cards because of its count (frozen band, a special
    hand, a joker hand). ``special``: the special hand's name, if any. ``value``/``category``: the ranking.
    """

    hard: int
    soft: int | None
    best: Fraction
    is_soft: bool
    busted_or_over: bool
    frozen: bool
    special: str | None
    is_natural: bool
    card_count: int
    value: int
    category: str

    def rank(self, cards: Sequence[Card]) -> HandRank:
        """This total as a :class:`HandRank` of ``cards``."""
        return HandRank(self.value, self.category, tuple(cards))


_TIER_SHIFT: Final = 10
_SUB_MAX: Final = (1 << _TIER_SHIFT) - 1


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(float(x))


def _card_points(c: Card, rules: BlackjackRules) -> int:
    assert c.rank is not None
    if c.rank is Rank.ACE:
        return 1
    if c.rank in _TEN_RANKS:
        return rules.ten_value
    return c.rank.value


def _ordinary(hard: int, has_ace: bool, rules: BlackjackRules) -> tuple[int | None, int, bool]:
    """(soft, best, is_soft) for an ordinary hand: one ace counts high while that stays within the limit."""
    soft = hard + 10 if has_ace and hard + 10 <= rules.limit else None
    best = soft if soft is not None else hard
    return soft, best, soft is not None


def _frozen_over(best: Fraction | int, rules: BlackjackRules) -> bool:
    # In the play-to-31 games nothing is drawn at 22 or above: the band, and a 31 that is not special.
    return rules.frozen is not None and best >= rules.frozen[0]


def _make(
    rules: BlackjackRules,
    n: int,
    hard: int,
    soft: int | None,
    best: Fraction,
    is_soft: bool,
    *,
    special: str | None = None,
    special_rank: int = 0,
    natural: bool = False,
    frozen_extra: bool = False,
) -> Total:
    if special is not None:
        value = (1 + special_rank) << _TIER_SHIFT | min(_SUB_MAX, int(best * 2))
        return Total(hard, soft, best, is_soft, False, True, special, natural, n, value, special)
    if best <= rules.limit:
        value = 1 << _TIER_SHIFT | int(best * 2)
        name = ("Soft " if is_soft else "") + _fmt(best)
        return Total(hard, soft, best, is_soft, False, frozen_extra, None, False, n, value, name)
    in_band = rules.frozen is not None and rules.frozen[0] <= best <= rules.frozen[1]
    sub = max(0, _SUB_MAX - int(best * 2)) if rules.over_by_closeness else 0
    name = ("Frozen " if in_band else rules.over_name + " ") + _fmt(best)
    frozen = _frozen_over(best, rules) or frozen_extra
    return Total(hard, soft, best, is_soft, True, frozen, None, False, n, sub, name)


def _check_cards(cards: Sequence[Card], rules: BlackjackRules) -> None:
    if not cards:
        raise HandError("a blackjack hand has at least one card")
    for c in cards:
        if not isinstance(c, Card):
            raise HandError(f"not a card: {c!r}")
        if c.is_joker and rules.joker is BlackjackJoker.NONE:
            raise HandError(f"{rules.name} is dealt without a joker")


def blackjack_total(
    cards: Sequence[Card], rules: BlackjackRules | None = None, *, split: bool = False
) -> Total:
    """Count a blackjack-style hand, ``cards`` in the order dealt, under ``rules`` (standard 21 by default).

    ``split``: the hand comes from a split, so no two-card special hand (a split ace and a ten is 21).
    Raises :class:`~rules.errors.HandError` for no cards, a joker the game does not use, or a card dealt
    to a hand already frozen.
    """
    rules = STANDARD_21 if rules is None else rules
    _check_cards(cards, rules)
    n = len(cards)
    if n == 2 and not split:
        a, b = cards
        for sp in rules.specials:
            if sp.matches(a, b):
                hard = sum(0 if c.is_joker else _card_points(c, rules) for c in cards)
                return _make(
                    rules, n, hard, None, sp.total, False, special=sp.name, special_rank=sp.rank, natural=True
                )
    if any(c.is_joker for c in cards):
        if rules.joker is BlackjackJoker.HAND_TOTAL:
            # "A Joker with any card is a hard 21. Players may not draw any further."
            first = next(k for k, c in enumerate(cards) if c.is_joker)
            if n - 1 > max(first, 1):
                raise HandError(f"{rules.name}: a hand holding a joker takes no more cards")
            jt = rules.joker_total
            return _make(rules, n, jt, None, Fraction(jt), False, frozen_extra=True)
        return _best_wild(cards, rules, split)
    return _count(cards, rules, split)


def _count(cards: Sequence[Card], rules: BlackjackRules, split: bool) -> Total:
    hard = 0
    has_ace = False
    n = len(cards)
    for idx, c in enumerate(cards):
        if idx:
            # Is the hand before this card frozen? Then this card should not have been dealt.
            soft, best, _ = _ordinary(hard, has_ace, rules)
            if _frozen_over(best, rules):
                raise HandError(f"{rules.name}: a hand frozen on {best} takes no more cards")
            # "After the draw": the 21 was reached on three or more cards (never a natural).
            if idx >= 3 and best == 21 and rules.jumps:
                kind = "soft" if soft == 21 else "hard"
                for j in rules.jumps:
                    if j.after == kind and _matches(j.card, c):
                        if idx != n - 1:
                            raise HandError(f"{rules.name}: a hand on {j.name} takes no more cards")
                        new_hard = hard + _card_points(c, rules)
                        return _make(
                            rules,
                            n,
                            new_hard,
                            None,
                            Fraction(j.total),
                            kind == "soft",
                            special=j.name,
                            special_rank=j.rank,
                        )
        hard += _card_points(c, rules)
        has_ace = has_ace or c.rank is Rank.ACE
    soft, best, is_soft = _ordinary(hard, has_ace, rules)
    return _make(rules, n, hard, soft, Fraction(best), is_soft)


def _best_wild(cards: Sequence[Card], rules: BlackjackRules, split: bool) -> Total:
    """A wild joker counts as whichever card (of the joker's position) makes the best hand."""
    i = next(k for k, c in enumerate(cards) if c.is_joker)
    best: Total | None = None
    for stand_in in (c for c in STANDARD_CARDS if c.suit is Suit.SPADES):
        # Suited specials: let the stand-in take the suit of another card where that helps.
        suits = {c.suit for c in cards if c.suit is not None} or {Suit.SPADES}
        for s in suits:
            trial = list(cards)
            trial[i] = Card(stand_in.rank, s)
            try:
                t = blackjack_total(trial, rules, split=split)
            except HandError:
                continue
            if best is None or t.value > best.value:
                best = t
    if best is None:
        raise HandError(f"{rules.name}: no value of the joker gives a countable hand")
    return best


def blackjack_rank(
    cards: Sequence[Card], rules: BlackjackRules | None = None, *, split: bool = False
) -> HandRank:
    """:func:`blackjack_total` as a :class:`HandRank`."""
    return blackjack_total(cards, rules, split=split).rank(cards)


def cal_side_bet_total(hand_total: int, card: Card) -> int:
    """Cal Blackjack's optional side bet (seed 000 L582–593): a frozen 22–30 hand adds the player-dealer's
    second card "to again try to total 31"; a sum over 31 "will be rounded down a tenth" (26 + 10 = 36
    counts 26). The ace counts 1 (as 11 the rounding gives the same total). The bet wins only on 31.
    """
    if not 22 <= hand_total <= 30:
        raise HandError(f"the Cal Blackjack side bet is on a frozen 22-30 hand, not {hand_total}")
    if not isinstance(card, Card) or card.is_joker:
        raise HandError("Cal Blackjack is dealt without a joker")
    total = hand_total + _card_points(card, CAL_BLACKJACK_31)
    return total - 10 if total > 31 else total


# --------------------------------------------------------------------------------------------------
# The filed variants (each a data value; config files may build their own with from_data)
# --------------------------------------------------------------------------------------------------

F = Fraction

#: Standard blackjack to 21 (the Buster Blackjack side bet's "regular Blackjack table", seed 003 §10).
STANDARD_21: Final = BlackjackRules(
    name="Blackjack",
    specials=(SpecialHand("Blackjack", ("A", TEN_POINT), F(21)),),
    source="standard blackjack; seed 003 §10 (Buster Blackjack on a regular table)",
)

#: Pure 21.5 Blackjack (TXB): a Bonus card (10/J/Q/K) counts 10.5 with an ace on the initial two cards,
#: so ace + Bonus = 21.5; every other count plays to 21; all hands over 21.5 are alike (they lose, or
#: push against the player-dealer's 8-8-8: settlement's business). Seed 003 §9 L657–781, seed 004 S7
#: L831–1181, seed 001 G21 L2288–2731.
PURE_21_5: Final = BlackjackRules(
    name="Pure 21.5 Blackjack",
    target=F(43, 2),
    specials=(SpecialHand("Pure 21.5", ("A", TEN_POINT), F(43, 2)),),
    over_name="Over",
    source="seed 003 §9 L657-781; seed 004 S7 L831-1181; seed 001 G21 L2288-2731",
)

#: No Bust 21st Century Blackjack 4.01 (Capitol): ace 11½ with a ten-value card on the first two cards
#: = the 21½ Natural; two aces 2 or 12; over hands rank by closeness (no bust). Seed 003 §7 L382–519.
NO_BUST_21_5: Final = BlackjackRules(
    name="No Bust 21st Century Blackjack 4.01",
    target=F(43, 2),
    specials=(SpecialHand("Natural 21.5", ("A", TEN_POINT), F(43, 2)),),
    over_name="Over",
    over_by_closeness=True,
    source="seed 003 §7 L382-519",
)

#: No Bust 21st Century Blackjack (Casino Marysville, one joker per deck): two jokers = Natural 22, the
#: best hand; a joker with any other card, the second best ("wild", counted as a hard 21, no draw);
#: other hands play to 22, over hands by closeness. Seed 004 S4 L322–695 (L351–371, L591–624).
NO_BUST_22_MARYSVILLE: Final = BlackjackRules(
    name="No Bust 21st Century Blackjack (Marysville)",
    target=F(22),
    limit=22,
    specials=(
        SpecialHand("Natural 22", ("Jk", "Jk"), F(22), rank=2),
        SpecialHand("Joker Hand", ("Jk", ANY_CARD), F(21), rank=1),
    ),
    over_name="Over",
    over_by_closeness=True,
    joker=BlackjackJoker.HAND_TOTAL,
    joker_total=21,
    source="seed 004 S4 L322-695",
    choices=(
        "a joker drawn after the first two cards makes the hand a hard 21 that takes no more cards "
        "('A Joker with any card is a hard 21', L624); the filing does not say otherwise",
    ),
)

#: 21st Century Blackjack with the filed "Option" (seed 001 G11 L532–655, G15 L751–892, G16 L893–975):
#: naturals are Joker-Joker and Ace-Joker only; a joker with any other card is a hard 21 (no draw);
#: two aces 2 or 12; play to 22; over hands by closeness.
NO_BUST_22_OPTION: Final = BlackjackRules(
    name="21st Century Blackjack (Joker-Joker and Ace-Joker naturals)",
    target=F(22),
    limit=22,
    specials=(
        SpecialHand("Natural 22", ("Jk", "Jk"), F(22), rank=2),
        SpecialHand("Natural", ("A", "Jk"), F(22), rank=1),
    ),
    over_name="Over",
    over_by_closeness=True,
    joker=BlackjackJoker.HAND_TOTAL,
    joker_total=21,
    source="seed 001 G16 L893-975 (and the Option of G11 L654, G15 L889)",
    choices=(
        "Joker-Joker ranks above Ace-Joker: both are 'Naturals' (G16 L915-917) but Joker-Joker is "
        "'Natural 22' and pays 2 to 1, and seed 004 S4 makes two jokers the best possible hand",
    ),
)

#: Cal Blackjack 2.0: play to 31. Cal Blackjack ace + 10-point card on the initial two cards = Natural 31;
#: a soft 21 whose next card is a 10-point card = Soft 31; otherwise play to 21; 22–30 frozen and
#: losing, all alike. Seed 000 L468–752 (catalog 000a §8).
CAL_BLACKJACK_31: Final = BlackjackRules(
    name="Cal Blackjack",
    target=F(31),
    specials=(SpecialHand("Natural 31", ("A", TEN_POINT), F(31), rank=2),),
    jumps=(Jump("Soft 31", after="soft", rank=1),),
    frozen=(22, 30),
    over_name="Over",
    source="seed 000 L468-752 (catalog 000a §8)",
    choices=(
        "a hard 21 that takes a 10-point card (31 with every ace low) is not a Soft 31: the filing wins "
        "'on Soft 31' and loses 'on any other total' over 21 (L479, L518), so it counts as over",
    ),
)

#: Blackjack X (101 Casino; GEGA-003057 body text, v1.1, v1.2, v1.3, Jack Magic): an ace and a king of one
#: suit = "Blackjack X", listed before the Natural 31 it would also match, ranked below it; ace +
#: 10-point card = Natural 31; a hard 21 whose next card is a 10-point card = Hard 31; 22–30 frozen.
#: Seed 000 L1850–2082 (catalog 000a §14–15, §18–19), 000b §2–3.
BLACKJACK_X_31: Final = BlackjackRules(
    name="Blackjack X",
    target=F(31),
    specials=(
        SpecialHand("Blackjack X", ("A", "K"), F(31), rank=2, suited=True),
        SpecialHand("Natural 31", ("A", TEN_POINT), F(31), rank=3),
    ),
    jumps=(Jump("Hard 31", after="hard", rank=1),),
    frozen=(22, 30),
    over_name="Over",
    source="seed 000 L1850-2082 (catalog 000a §14-15, §18-19; 000b §2-3)",
    choices=(
        "Blackjack X is an ace and king of the same suit (GEGA-003057 body text L1901; v1.2 L2379, "
        "Jack Magic L2578, v1.1 L3260, v1.3 L3449); "
        "BLACKJACK_X_SPADES is the bullet's reading (A-K of spades only)",
    ),
)

#: The Blackjack X bullet's reading: only the X-stamped ace of spades with the king of spades.
BLACKJACK_X_SPADES: Final = replace(
    BLACKJACK_X_31,
    name="Blackjack X (A-K of spades)",
    specials=(
        SpecialHand("Blackjack X", ("As", "Ks"), F(31), rank=2),
        SpecialHand("Natural 31", ("A", TEN_POINT), F(31), rank=3),
    ),
    choices=("Blackjack X read as 'an Ace/King of Spades' (Magic 7 L1659, GEGA-003057 bullet L1859)",),
)

#: Every filed counting rule set, by a short key (config files may name one of these).
FILED_RULES: Final[Mapping[str, BlackjackRules]] = {
    "standard-21": STANDARD_21,
    "pure-21.5": PURE_21_5,
    "no-bust-21.5": NO_BUST_21_5,
    "no-bust-22-marysville": NO_BUST_22_MARYSVILLE,
    "no-bust-22-option": NO_BUST_22_OPTION,
    "cal-blackjack-31": CAL_BLACKJACK_31,
    "blackjack-x-31": BLACKJACK_X_31,
    "blackjack-x-spades-31": BLACKJACK_X_SPADES,
}
