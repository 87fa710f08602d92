"""`analyze` for the blackjack family: a side bet's house edge reproduced by brute force written here, the
player-dealer's final-hand distribution, and the command's JSON."""

import json
from fractions import Fraction
from itertools import permutations

import pytest

from rules.blackjack.analyze import analyze
from rules.cards import STANDARD_CARDS, Rank, Suit
from terminal.games import load_games

GAMES = {gid: g for gid, g in load_games().items() if g.family == "blackjack"}
JACK_MAGIC = {
    "Three One-Eyed Jacks": 300,
    "Three Jacks": 100,
    "Two One-Eyed Jacks": 40,
    "Two Jacks": 10,
    "One One-Eyed Jack": 3,
    "One Jack": 1,
}


def _brute_jack_magic_one_deck():
    """Every ordered (player card, player card, player-dealer up card) of one deck, counted one by one."""
    wins = dict.fromkeys(JACK_MAGIC, 0)
    total = 0
    for trio in permutations(STANDARD_CARDS, 3):
        total += 1
        jacks = [c for c in trio if c.rank is Rank.JACK]
        one_eyed = sum(1 for c in jacks if c.suit in (Suit.SPADES, Suit.HEARTS))
        n = len(jacks)
        if n == 0:
            continue
        words = {3: "Three", 2: "Two", 1: "One"}[n]
        if one_eyed == n:
            name = f"{words} One-Eyed Jack" + ("s" if n > 1 else "")
        else:
            name = f"{words} Jack" + ("s" if n > 1 else "")
        wins[name] += 1
    edge = -sum((Fraction(k, total) * JACK_MAGIC[name] for name, k in wins.items()), Fraction(0))
    edge += Fraction(total - sum(wins.values()), total)
    return {name: Fraction(k, total) for name, k in wins.items()}, edge


def test_jack_magic_house_edge_matches_brute_force():
    probs, edge = _brute_jack_magic_one_deck()
    a = analyze(GAMES["blackjack/blackjack-x-jack-magic-the101"].data, decks=1)
    w = next(w for w in a.wagers if w.name == "Jack Magic")
    assert w.house_edge == edge
    assert {o.name: o.probability for o in w.outcomes if o.name != "loses"} == probs


def test_magic_sevens_by_colour_classes():
    """Six decks: red sevens 12, black sevens 12, other 288; ordered draws without replacement."""
    n = 312
    classes = {"r": 12, "b": 12, "o": 288}
    pays = {(3, 3): 100, (3, 0): 40, (2, 2): 25, (2, 0): 5, (1, 1): 1, (1, 0): 1}
    ev = Fraction(0)
    for seq in [(a, b, c) for a in "rbo" for b in "rbo" for c in "rbo"]:
        left = dict(classes)
        p = Fraction(1)
        for k, x in enumerate(seq):
            p *= Fraction(left[x], n - k)
            left[x] -= 1
        sevens = sum(1 for x in seq if x != "o")
        red = sum(1 for x in seq if x == "r")
        if sevens == 0:
            ev -= p
            continue
        key = (sevens, sevens) if red == sevens else (sevens, 0)
        ev += p * pays[key]
    a = analyze(GAMES["blackjack/magic-7-the101"].data, decks=6)
    w = next(w for w in a.wagers if w.name == "Magic Sevens")
    assert w.house_edge == -ev


@pytest.mark.parametrize(
    "gid", ["blackjack/pure-21-5-capitol", "blackjack/no-bust-marysville", "blackjack/cal-the101"]
)
def test_player_dealer_distribution_sums_to_one_per_up_card(gid):
    a = analyze(GAMES[gid].data, decks=2)
    by_up = {}
    for o in a.outcomes:
        up = o.name.split(":")[0]
        by_up[up] = by_up.get(up, Fraction(0)) + o.probability
    assert by_up and all(p == 1 for p in by_up.values())
    for w in a.wagers:
        assert w.total_probability == 1


def test_buster_hit_frequency_is_over_28_percent():
    """003 §10's claim ('the hit frequency is over 28%') on a six-deck Pure 21.5 shoe."""
    a = analyze(GAMES["blackjack/pure-21-5-capitol"].data, decks=6)
    w = next(w for w in a.wagers if w.name == "Buster Blackjack")
    assert 1 - next(o.probability for o in w.outcomes if o.name == "loses") > Fraction(28, 100)


def test_analyze_command_json(capsys):
    from terminal.cli import main

    assert main(["analyze", "blackjack/pure-21-5-oaks", "--decks", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "blackjack/pure-21-5-oaks" and out["decks"] == 6
    names = {w["name"] for w in out["wagers"]}
    assert names == {"Lucky Lucky", "Buster Blackjack"}
    for w in out["wagers"]:
        assert {"name", "house_edge", "outcomes"} <= set(w)


def test_blackjack_bonus_one_deck_matches_brute_force():
    """Marysville's Blackjack Bonus Bet on one deck (no identical cards possible), every ordered pair."""
    from itertools import permutations as perms

    pics = {Rank.JACK, Rank.QUEEN, Rank.KING}

    def points(c):
        return 11 if c.rank is Rank.ACE else min(10, c.rank.value)

    ev = Fraction(0)
    pairs = list(perms(STANDARD_CARDS, 2))
    for a, b in pairs:
        twenty = points(a) + points(b) == 20
        if twenty and a.suit is b.suit:
            ev += 6
        elif twenty:
            ev += 4
        elif a.rank in pics:
            ev += 1
        else:
            ev -= 1
    ev /= len(pairs)
    data = dict(GAMES["blackjack/no-bust-marysville"].data)
    data["deck"] = {"decks": 1, "jokers": 0}  # the bet alone, on a deck without the joker
    a = analyze(data, decks=1)
    w = next(w for w in a.wagers if w.name == "Blackjack Bonus Bet")
    assert w.house_edge == -ev
