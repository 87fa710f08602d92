"""``dealer-terminal evaluate CARDS [--joker none|bug|wild] [--json]``: the best high hand of 5 to 9 cards.

Prints the category a dealer calls, the value (larger is better; equal values tie, under the same
options) and the five cards used. ``--json``: ``{"category", "value", "cards": [...], "rules": {...}}``.
A bad card token exits 2 with one line naming it.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rules.cards import format_cards, parse_cards


def register(sub: Any) -> None:
    p = sub.add_parser("evaluate", help="the best five-card high hand of 5 to 9 cards")
    p.add_argument("cards", nargs="+", metavar="CARDS", help="cards, e.g. 'As Kd 10h Jc Jk' or AsKdThJcJk")
    p.add_argument(
        "--joker",
        choices=["none", "bug", "wild"],
        default="none",
        help="what a joker may stand for: none (no joker), bug (an ace, or to complete a straight or "
        "flush), wild (any card) [none]",
    )
    p.add_argument(
        "--wheel",
        choices=["lowest", "second"],
        default="lowest",
        help="where A-2-3-4-5 ranks among straights [lowest]",
    )
    p.add_argument(
        "--no-five-aces", action="store_true", help="four aces and the joker are four aces, not five"
    )
    p.add_argument("--flush-over-full-house", action="store_true", help="the stripped-deck order")
    p.add_argument("--json", action="store_true", help="one JSON object for other programs")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # imported here: the high-hand tables are built on import, and other commands need not wait for them
    from rules.evaluators.high import HighRules, JokerMode, evaluate_high

    cards = parse_cards(" ".join(args.cards))
    rules = HighRules(
        joker=JokerMode(args.joker),
        wheel=args.wheel,
        five_aces=not args.no_five_aces,
        flush_over_full_house=args.flush_over_full_house,
    )
    ranked = evaluate_high(cards, rules)
    if args.json:
        out = {
            "category": ranked.category,
            "value": ranked.value,
            "cards": [str(c) for c in ranked.cards],
            "rules": {
                "joker": rules.joker.value,
                "wheel": rules.wheel,
                "five_aces": rules.five_aces,
                "flush_over_full_house": rules.flush_over_full_house,
            },
        }
        print(json.dumps(out))
    else:
        print(f"{ranked.category}: {format_cards(ranked.cards)}  (value {ranked.value})")
    return 0
