"""Deck specifications: how many decks, jokers, stripped ranks, and what a shoe may hold.

A variant's data names its deck (``decks: 1, jokers: 1`` for Pai Gow Poker; ``ranks_removed: [8, 9, 10]``
for a Mexican Stud deck). The composition checks here are what the round engine uses to flag a
DUPLICATE_CARD (more copies than the shoe holds) or a FOREIGN_CARD (a card this deck does not have).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.cards import JOKER, STANDARD_CARDS, Card, Rank, parse_card
from rules.errors import DeckError

_RANK_BY_NAME: dict[str, Rank] = {
    **{r.char: r for r in Rank},
    **{str(r.value): r for r in Rank},
    "1": Rank.ACE,
    **{r.name.lower(): r for r in Rank},
}


def parse_rank(value: object) -> Rank:
    """A rank from data: ``8``, ``"8"``, ``"T"``, ``"10"``, ``"K"``, ``"king"``."""
    if isinstance(value, bool):
        raise DeckError(f"bad rank {value!r}")
    if isinstance(value, int):
        value = str(value)
    if not isinstance(value, str):
        raise DeckError(f"bad rank {value!r}: write it as 2-10, J, Q, K or A")
    rank = _RANK_BY_NAME.get(value.strip().upper() if len(value.strip()) == 1 else value.strip().lower())
    if rank is None:
        rank = _RANK_BY_NAME.get(value.strip())
    if rank is None:
        raise DeckError(f"bad rank {value!r}: write it as 2-10, J, Q, K or A")
    return rank


#: The most decks a shoe may hold: Party Craps deals from one to eighteen of its 24-card decks (seed 000 L4148).
MAX_DECKS = 18


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """What is in the shoe.

    ``decks`` standard decks, each with ``jokers`` jokers, less ``ranks_removed`` (stripped decks), plus
    ``extra_cards`` per deck (special cards printed in some filings, e.g. an added bonus card).
    """

    decks: int = 1
    jokers: int = 0
    ranks_removed: frozenset[Rank] = field(default_factory=frozenset)
    extra_cards: tuple[Card, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= MAX_DECKS:
            raise DeckError(f"decks must be 1 to {MAX_DECKS}, not {self.decks}")
        if not 0 <= self.jokers <= 4:
            raise DeckError(f"jokers per deck must be 0 to 4, not {self.jokers}")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DeckSpec:
        """Build from a variant file's ``deck:`` mapping; unknown keys are an error."""
        allowed = {"decks", "jokers", "ranks_removed", "extra_cards", "note"}
        unknown = set(data) - allowed
        if unknown:
            raise DeckError(f"unknown deck field(s): {', '.join(sorted(unknown))}")
        decks = data.get("decks", 1)
        jokers = data.get("jokers", 0)
        if not isinstance(decks, int) or isinstance(decks, bool):
            raise DeckError(f"deck.decks must be a whole number, not {decks!r}")
        if not isinstance(jokers, int) or isinstance(jokers, bool):
            raise DeckError(f"deck.jokers must be a whole number, not {jokers!r}")
        removed = frozenset(parse_rank(r) for r in data.get("ranks_removed", ()) or ())
        extras = tuple(parse_card(str(c)) for c in data.get("extra_cards", ()) or ())
        return cls(
            decks=decks,
            jokers=jokers,
            ranks_removed=removed,
            extra_cards=extras,
            note=str(data.get("note", "")),
        )

    def with_decks(self, decks: int) -> DeckSpec:
        """The same deck in another number of decks (a table's shoe size)."""
        return DeckSpec(decks, self.jokers, self.ranks_removed, self.extra_cards, self.note)

    def one_deck(self) -> tuple[Card, ...]:
        """The distinct cards of a single deck, in index order (joker last)."""
        cards = [c for c in STANDARD_CARDS if c.rank not in self.ranks_removed]
        cards.extend(self.extra_cards)
        if self.jokers:
            cards.append(JOKER)
        return tuple(sorted(set(cards)))

    def composition(self) -> Counter[Card]:
        """How many of each card the full shoe holds."""
        counts: Counter[Card] = Counter()
        for c in STANDARD_CARDS:
            if c.rank not in self.ranks_removed:
                counts[c] += self.decks
        for c in self.extra_cards:
            counts[c] += self.decks
        if self.jokers:
            counts[JOKER] += self.jokers * self.decks
        return counts

    @property
    def size(self) -> int:
        """The number of cards in the full shoe (what :meth:`composition` adds up to, without building it)."""
        standard = sum(1 for c in STANDARD_CARDS if c.rank not in self.ranks_removed)
        return self.decks * (standard + len(self.extra_cards) + self.jokers)

    def max_copies(self, c: Card) -> int:
        """How many copies of ``c`` the shoe may hold (0: a foreign card)."""
        return self.composition()[c]

    def contains(self, c: Card) -> bool:
        """Whether this deck has the card at all."""
        return self.max_copies(c) > 0

    def check(self, cards: Iterable[Card]) -> tuple[list[Card], list[Card]]:
        """Compare cards seen against the shoe: (foreign cards, cards seen more often than the shoe holds)."""
        comp = self.composition()
        seen: Counter[Card] = Counter(cards)
        foreign = sorted(c for c in seen if comp[c] == 0)
        over = sorted(c for c, n in seen.items() if comp[c] and n > comp[c])
        return foreign, over

    def missing(self, cards: Iterable[Card]) -> Counter[Card]:
        """Cards of the full shoe not among ``cards`` (a deck-verification count)."""
        left = self.composition()
        left.subtract(Counter(cards))
        return Counter({c: n for c, n in left.items() if n > 0})

    def describe(self) -> str:
        """Words for a technician: '1 deck + 1 joker', '6 decks', '1 deck, 8s 9s 10s removed'."""
        s = f"{self.decks} deck" + ("s" if self.decks != 1 else "")
        if self.jokers:
            s += f" + {self.jokers * self.decks} joker" + ("s" if self.jokers * self.decks != 1 else "")
        if self.ranks_removed:
            s += ", " + " ".join(sorted(r.char + "s" for r in self.ranks_removed)) + " removed"
        if self.extra_cards:
            s += ", plus " + " ".join(str(c) for c in self.extra_cards)
        return s


@dataclass(frozen=True, slots=True)
class DeckRange:
    """The numbers of decks a game's filing allows a table to deal from, and where the filing says so."""

    low: int
    high: int
    cite: str = ""

    def allows(self, decks: int) -> bool:
        """Whether ``decks`` is within the filed range."""
        return self.low <= decks <= self.high

    @property
    def words(self) -> str:
        """``3 to 8 decks`` (or ``6 decks``)."""
        return f"{self.low} decks" if self.low == self.high else f"{self.low} to {self.high} decks"

    def refusal(self, game: str, decks: int) -> str | None:
        """A sentence naming the game, the filed range and its cite when ``decks`` is outside it, else None."""
        if self.allows(decks):
            return None
        where = f" ({self.cite})" if self.cite else ""
        return f"{game} is filed for {self.words}{where}; this table deals from {decks}"


def shoe_cite(data: Mapping[str, Any], shoe: Mapping[str, Any]) -> str:
    """The text of a ``shoe:`` section's cite: its seed (or the game file's ``source:`` seed) and lines."""
    raw_cite, raw_source = shoe.get("cite"), data.get("source")
    cite: Mapping[str, Any] = raw_cite if isinstance(raw_cite, Mapping) else {}
    source: Mapping[str, Any] = raw_source if isinstance(raw_source, Mapping) else {}
    seed = cite.get("seed") or source.get("seed") or ""
    return ", ".join(str(p) for p in (seed, cite.get("lines", "")) if p)
