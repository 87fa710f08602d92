"""List the filed_rules rows of the game files that still carry a keyword-pattern decision (issue 21).

The completeness pass (helper "enforce") gave about 700 passage rows (rule: "L<line>") their status and
``where:`` from per-family keyword patterns instead of a reading. Such a row carries exactly one of the
pattern decisions below (status, where, why), or a ``why`` beginning "within L" (assigned by containment in
a cited block). A row a reviewer has read and rewritten gets its own ``why`` and no longer matches.
Files in ``REVIEWED`` were read row by row (issue 21 review); their remaining matches were read and kept.
In the other files the pattern decisions were then put back to status ``unreviewed`` (their ``why`` keeps
the guess: "not yet read against the filing; a keyword guess said …"), so the matrix counts them as
unaccounted until someone reads them; this tool lists those rows too.

Usage: ``python tools/pattern_rows.py [--rows]`` prints per file the count of such rows (``--rows``: each row).
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

PATTERN_DECISIONS: set[tuple[str, tuple[str, ...] | None, str | None]] = {
    ("enforced", ("action_button", "banking.settlement"), None),
    ("enforced", ("ante",), None),
    ("enforced", ("banking", "rules.banking.settlement:settle"), None),
    (
        "enforced",
        ("banking.rotation", "rules.round.table_rules:rotation_finding"),
        "no one banks more than two consecutive hands (banking.rotation, BANK_ROTATION_DUE at round start)",
    ),
    (
        "enforced",
        ("banking.settlement", "rules.banking.settlement:settle"),
        "the bank pays and collects only to the extent of its money; uncovered wagers go back",
    ),
    ("enforced", ("bonuses",), None),
    ("enforced", ("compare",), None),
    ("enforced", ("deal", "hands"), None),
    ("enforced", ("deal", "poker.betting"), None),
    (
        "enforced",
        ("deal", "rules.baccarat.round:BaccaratFamily.next_extra_card"),
        "the wagers before the deal, then the cards in the filed order",
    ),
    ("enforced", ("deal",), None),
    ("enforced", ("decisions",), None),
    ("enforced", ("deck", "decks"), None),
    ("enforced", ("deck", "evaluator"), None),
    ("enforced", ("deck",), None),
    ("enforced", ("decks", "deal"), None),
    ("enforced", ("hands", "showdown"), None),
    (
        "enforced",
        ("house_way", "setting", "rules.paigow.setting:check_setting"),
        "a player may set the own hand any way that is not foul; the player-dealer's is set House Way",
    ),
    ("enforced", ("order", "showdown"), None),
    ("enforced", ("payouts",), None),
    ("enforced", ("player_chart", "decisions"), None),
    ("enforced", ("player_dealer_chart",), None),
    ("enforced", ("poker.betting",), None),
    ("enforced", ("poker.blinds", "poker.betting"), None),
    ("enforced", ("poker.button",), None),
    ("enforced", ("qualify",), None),
    ("enforced", ("raises", "fold"), None),
    ("enforced", ("ranking", "rules.threecard.settle:compare"), None),
    ("enforced", ("rules.baccarat.coup:result_of", "wagers"), None),
    ("enforced", ("rules.baccarat.coup:result_of",), None),
    (
        "enforced",
        ("rules.banking.settlement:settle",),
        "the player-dealer's money is the round start's bank; it is all the bank can pay or collect",
    ),
    (
        "enforced",
        ("rules.banking.wagers:BettingBoard",),
        "no bet made, increased or withdrawn after betting closes: BETS_AFTER_CLOSE",
    ),
    (
        "enforced",
        ("rules.fees.posting:FeePosting",),
        "the collection schedule is data (config/fees/), applied by the fee engine",
    ),
    ("enforced", ("rules.paigow.hands:value5",), None),
    ("enforced", ("rules.paigow.settlement:compare", "settlement"), None),
    ("enforced", ("rules.paigow.settlement:compare",), None),
    ("enforced", ("rules.poker.showdown:award_pots", "poker.game"), None),
    ("enforced", ("rules.poker.showdown:award_pots", "poker.odd_chip"), None),
    ("enforced", ("rules.poker.showdown:high_hand",), None),
    ("enforced", ("rules.poker.showdown:low_hand", "poker.low"), None),
    (
        "enforced",
        ("rules.round.table_rules:check_round_start",),
        "the wagers are taken at round start (checked against the posted limits)",
    ),
    ("enforced", ("shoe", "totals"), None),
    ("enforced", ("shoe",), "a round is dealt from a shuffled shoe (the shuffle event)"),
    ("enforced", ("side_bets",), None),
    ("enforced", ("tableau",), None),
    ("enforced", ("totals", "compare"), None),
    ("enforced", ("totals",), None),
    ("enforced", ("wagers",), "the Player and Banker hands are the line bettors' hands (wagers)"),
    ("enforced", ("wagers",), None),
    (
        "floor",
        None,
        "conduct, disputes and management decisions are people's calls; the terminal records and alerts, the floor decides",
    ),
    ("floor", None, "disbanding the game when no one takes the deal is the floor's call"),
    ("not_enforced", None, "a filing identifier or heading, not a rule"),
    ("not_enforced", None, "a filing identifier, not a rule"),
    (
        "not_enforced",
        None,
        "a glossary definition of a term the rules use; the rules themselves are listed where they are stated",
    ),
    ("not_enforced", None, "a heading or a form prompt of the filing, not a rule"),
    (
        "not_enforced",
        None,
        "a statement of the house's role: the settlement has only the player-dealer's bank and the players",
    ),
    (
        "not_enforced",
        None,
        "backline betting: the terminal accepts backline wagers on a spot (no backline limit is set); who controls the hand is between the players",
    ),
    ("not_enforced", None, "collecting and placing the cards is the dealer's handling"),
    (
        "not_enforced",
        None,
        "each player handles and is responsible for the own hand: not an event the terminal sees",
    ),
    ("not_enforced", None, "each player handles the own hand: not an event the terminal sees"),
    ("not_enforced", None, "not a rule of play (copyright, patent or trademark notice)"),
    (
        "not_enforced",
        None,
        "the alternating two-deck setup is the room's equipment; the terminal tracks the shoe it is told about",
    ),
    (
        "not_enforced",
        None,
        "the number of seats is the table file's setting (config/tables), not checked per round",
    ),
    ("not_enforced", None, "the table and layout are the room's: the terminal does not check them"),
    (
        "not_enforced",
        None,
        "the table, layout and equipment are the room's: the terminal does not check them",
    ),
    (
        "not_enforced",
        None,
        "who may play (third-party proposition player services) is the room's licensing matter: not checked",
    ),
}

REVIEWED = {
    "baccarat/commission-free",
    "baccarat/ez-panda8",
    "baccarat/21st-century",
    "blackjack/cal-the101",
    "blackjack/magic-7-the101",
    "blackjack/blackjack-x-the101",
    "blackjack/blackjack-x-jack-magic-the101",
    "blackjack/blackjack-x-buster-v1-1",
    "blackjack/blackjack-x-buster-v1-2",
    "blackjack/blackjack-x-buster-v1-3",
    "blackjack/no-bust-oaks",
    "blackjack/21st-century-oaks",
    "blackjack/21st-century-oaks-rules",
    "threecard/pair-and-up",
    "threecard/betwiser-3card-holdem",
    "threecard/tres-lounge",
    "baccarat/ez-panda8-oaks",
    "baccarat/commission-free-dragon",
    "paigow/mini-the101",
    "threecard/capitol",
    "blackjack/no-bust-capitol",
    "blackjack/pure-21-5-capitol",
    "blackjack/no-bust-marysville",
    "blackjack/pure-21-5-marysville",
    "baccarat/supreme",
    "baccarat/zoobac",
    "holdem/hilo-tres-lounge",
    "holdem/marysville",
    "holdem/oaks",
    "holdem/pineapple-hilo-tres-lounge",
    "holdem/spread-limit-capitol",
    "holdem/tres-lounge",
    "omaha/big-o-the101",
    "omaha/hilo-marysville",
    "omaha/hilo-oaks",
    "omaha/hilo-tres-lounge",
    "omaha/oaks",
    "omaha/pot-limit-oaks",
    "omaha/tres-lounge",
    "chinese/face-up-pineapple-parkwest",
    "draw/joker-oaks",
    "draw/lowball-joker-oaks",
    "draw/lowball-winner-oaks",
    # issue 21 part B (helper "enforce"): every passage row read against its seed lines; the rows still
    # matching a pattern text are glossary entries and headings kept after reading
    "paigow/ace-up",
    "paigow/fortune-marysville",
    "paigow/fortune-tres-lounge",
    "paigow/lucky",
    "paigow/marysville",
    "paigow/oaks",
    "paigow/the101-double-hand",
    "paigow/tres-lounge",
    "paigow/triple-bonus-the101",
    "paigow/ultimate-the101",
    "paigowtiles/capitol",
    "paigowtiles/tres-lounge",
    "stud/mexican-the101",
    "stud/mexican-tres-lounge",
    "stud/oaks",
    "stud/razz-oaks",
    "threecard/marysville",
    "threecard/six-card-bonus-marysville",
}


def pattern_rows(path: Path) -> list[dict[str, object]]:
    """The passage rows of one game file whose decision is still a keyword pattern's."""
    data = yaml.safe_load(path.read_text()) or {}
    out = []
    for row in data.get("filed_rules") or []:
        if not str(row.get("rule", "")).startswith("L"):
            continue
        where = tuple(row["where"]) if row.get("where") else None
        why = row.get("why")
        if (
            (row.get("status"), where, why) in PATTERN_DECISIONS
            or row.get("status") == "unreviewed"
            or str(why or "").startswith("within L")
        ):
            out.append(row)
    return out


def main(argv: list[str]) -> int:
    """Print the per-file counts (and with ``--rows`` the rows) of pattern-assigned rows."""
    root = Path(__file__).resolve().parent.parent / "config" / "games"
    files = still = 0
    for path in sorted(root.glob("*/*.yaml")):
        game = f"{path.parent.name}/{path.stem}"
        rows = pattern_rows(path)
        if not rows:
            continue
        mark = "reviewed (kept after reading)" if game in REVIEWED else "NOT reviewed"
        files += game not in REVIEWED
        still += 0 if game in REVIEWED else len(rows)
        print(f"{game}: {len(rows)} pattern rows, {mark}")
        if "--rows" in argv:
            for row in rows:
                print(
                    f"    {row['rule']}: {row['status']} {row.get('where') or ''} {str(row.get('says'))[:90]}"
                )
    print(f"{files} files still carry {still} unreviewed pattern-assigned rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
