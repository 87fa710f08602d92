"""The filed misdeal windows and procedures of the pot games, as pure decisions.

* Substantial action (seed 004 S13 glossary): "three players acting, or two players putting money in the
  pot (bet, call or raise)". It ends the window in which an improper card is taken back (S13 dealing
  rule 4: "the card the players acted on stands").
* A wrong number of hole cards: in Hold'em at Casino Marysville (seed 004 S8) a misdeal if found before
  two players have acted, else that player forfeits his antes and blinds; in Omaha with a joker (S13
  dealing rule 3) fixed in place — an extra card goes on top of the deck as the burn, a short hand gets
  its card(s) from the top — unless the player has acted, when he forfeits all antes and blinds.
* A premature flop, turn or river (S13 dealing rules 4-7, S8): the procedure in steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import RulesError
from rules.round.alerts import Ruling
from rules.round.events import Action

_MONEY = frozenset({Action.BET, Action.CALL, Action.RAISE})


def substantial_action(actions: Sequence[tuple[int, Action]]) -> bool:
    """Whether the actions so far (seat, action) are substantial: three players acting, or two players
    putting money in the pot (seed 004 S13 glossary)."""
    acted = {s for s, _ in actions}
    paid = {s for s, a in actions if a in _MONEY}
    return len(acted) >= 3 or len(paid) >= 2


@dataclass(frozen=True, slots=True)
class Remedy:
    """A ruling and the dealer's words, with the rule it comes from."""

    ruling: Ruling
    words: str
    rule: str


def wrong_hole_cards(mode: str, held: int, due: int, players_acted: int, player_has_acted: bool) -> Remedy:
    """The ruling on a hand dealt ``held`` hole cards where ``due`` are dealt.

    ``mode``: ``misdeal_before_two_acted`` (Hold'em, seed 004 S8) or ``fix_before_player_acts`` (Omaha
    with a joker, seed 004 S13 dealing rule 3), the variant's ``wrong_hole_cards`` setting.
    """
    if held == due:
        return Remedy(Ruling.CONTINUE, "the hand has the right number of cards", "")
    if mode == "misdeal_before_two_acted":
        if players_acted < 2:
            return Remedy(
                Ruling.MISDEAL,
                f"{held} hole cards where {due} are dealt, found before two players acted: misdeal",
                "004 S8 irregularities",
            )
        return Remedy(
            Ruling.DEAD_HAND,
            f"{held} hole cards where {due} are dealt, found after two players acted: "
            "that player forfeits his antes and blinds",
            "004 S8 irregularities",
        )
    if mode == "fix_before_player_acts":
        if player_has_acted:
            return Remedy(
                Ruling.DEAD_HAND,
                "found after the player acted: the player forfeits all antes and blinds",
                "004 S13 dealing rule 3",
            )
        if held > due:
            return Remedy(
                Ruling.CONTINUE,
                f"take back the extra card ({held - due}) and place it on top of the deck as the burn card",
                "004 S13 dealing rule 3",
            )
        return Remedy(
            Ruling.CONTINUE,
            f"give the player {due - held} card(s) from the top of the deck",
            "004 S13 dealing rule 3",
        )
    raise RulesError(
        f"unknown wrong_hole_cards mode {mode!r} (misdeal_before_two_acted, fix_before_player_acts)"
    )


def premature_board(street: str, too_many: bool = False, substantial: bool = False) -> Remedy:
    """What the dealer does with a flop dealt with too many cards or before the betting was complete, or a
    premature turn or river (seed 004 S13 dealing rules 4-7; the same at S8)."""
    if street == "flop":
        if too_many and substantial:
            return Remedy(
                Ruling.CONTINUE,
                "substantial action on the improper card: the card the players acted on stands; on later "
                "rounds treat the two stuck cards as one and do not burn before the next card",
                "004 S13 dealing rule 4",
            )
        rule = "004 S13 dealing rule 4" if too_many else "004 S13 dealing rule 5"
        return Remedy(
            Ruling.CONTINUE,
            "take back the flop and reshuffle it with the stub; the burn card stays burned; "
            "deal the new flop with no new burn",
            rule,
        )
    if street == "turn":
        return Remedy(
            Ruling.CONTINUE,
            "the premature card is not in play: after the betting, burn the next card and deal the card "
            "that would have been the river as the turn; after that betting, reshuffle the deck with the "
            "removed card (not the burns or discards) and deal the river with no burn",
            "004 S13 dealing rule 6",
        )
    if street == "river":
        return Remedy(
            Ruling.CONTINUE,
            "the premature card is not in play: after the betting, reshuffle the deck with it (not the "
            "burns or discards) and deal the river with no burn",
            "004 S13 dealing rule 7",
        )
    raise RulesError(f"unknown street {street!r} (flop, turn or river)")
