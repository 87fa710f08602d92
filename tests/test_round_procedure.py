"""Dealing procedures as data: the next expected step and its words, for every dealing shape."""

import pytest

from rules.round import BaseFamily, ProcedureError, Slot, Target, TargetKind, apply, fold
from rules.round.events import Action, Button, ButtonPress, CardRead, Decision, RoundStart, Shuffle
from rules.round.family import family_registered
from rules.round.procedure import Face, PhaseKind
from rules.round.state import Status, Wait
from tests.round_helpers import filed, game, reads, started


def prompts(state, events):
    out = []
    for e in events:
        state = apply(state, e)
        out.append(state.prompt)
    return state, out


def test_pai_gow_piles_then_four_leftovers_then_the_dice():
    g = filed("paigow/capitol")
    s = fold(g, [Shuffle(source="shuffler"), RoundStart(tuple(range(1, 8)), 1)])  # a shuffler's piles
    assert s.prompt == "pile 1 of 7 (card 1 of 7)"
    from rules.cards import JOKER, STANDARD_CARDS

    deck = [*STANDARD_CARDS, JOKER]
    s = fold(g, [CardRead(c) for c in deck[:16]], s)
    assert s.prompt == "pile 3 of 7 (card 3 of 7)"
    s = fold(g, [CardRead(c) for c in deck[16:49]], s)
    assert s.prompt == "leftover card 1 of 4: check and set in front of the tray"
    s = fold(g, [CardRead(c) for c in deck[49:]], s)
    assert isinstance(s.expected, Wait) and s.expected.kind == "dice"
    assert s.hand(Target(TargetKind.PILE, 7)) == tuple(deck[42:49])


def test_pai_gow_piles_after_a_hand_shuffle_go_serpentine_card_by_card():
    g = filed("paigow/capitol")
    s = started(g, seats=range(1, 8), pd=1)  # Shuffle() is the dealer's: a hand shuffle
    assert s.prompt == "pile 1 of 7 (card 1 of 7, left to right)"
    from rules.cards import JOKER, STANDARD_CARDS

    deck = [*STANDARD_CARDS, JOKER]
    s, ps = prompts(s, [CardRead(c) for c in deck[:8]])
    assert ps[6] == "pile 7 of 7 (card 2 of 7, right to left)"  # card 8 goes back to pile 7
    assert ps[7] == "pile 6 of 7 (card 2 of 7, right to left)"
    s = fold(g, [CardRead(c) for c in deck[8:49]], s)
    assert s.prompt == "leftover card 1 of 4: check and set in front of the tray"
    # Pile 7 takes cards 7, 8, 21, 22, 35, 36, 49 of the deal.
    assert s.hand(Target(TargetKind.PILE, 7)) == tuple(deck[i - 1] for i in (7, 8, 21, 22, 35, 36, 49))


def test_piles_by_card_go_serpentine_whoever_shuffled():
    g = game("toypiles", [{"deal": "piles", "piles": 3, "cards": 2, "by": "card", "order": "serpentine"}])
    for source in ("dealer", "shuffler"):
        s = fold(g, [Shuffle(source=source), RoundStart((1, 2, 3))])
        s, ps = prompts(s, reads("As Kd Qh Jc Ts 9d"))
        assert ps[2] == "pile 3 of 3 (card 2 of 2, right to left)"  # the fourth card turns back
        hands = [s.hand(Target(TargetKind.PILE, p)) for p in (1, 2, 3)]
        assert hands == [tuple(r.card for r in reads(t)) for t in ("As 9d", "Kd Ts", "Qh Jc")]


def test_hold_em_burns_and_board_words():
    g = game(
        "holdem",
        [
            {"deal": "players", "cards": 2, "start": "left_of_button"},
            {"betting": "preflop betting", "close": "confirm"},
            {"burn": 1},
            {"board": 3, "name": "the flop"},
            {"betting": "flop betting", "close": "confirm"},
            {"burn": 1},
            {"board": 1, "name": "the turn"},
        ],
    )
    s = started(g, seats=(2, 4, 7), button=4)
    assert s.prompt == "seat 7: first card face down"  # first seat left of the button
    s, ps = prompts(s, reads("As Kd 7h 2c 9s Tc"))
    assert ps[:3] == [
        "seat 2: first card face down",
        "seat 4: first card face down",
        "seat 7: second card face down",
    ]
    assert s.prompt == "preflop betting: press confirm when it is closed"
    s = apply(s, ButtonPress(Button.CONFIRM))
    assert s.prompt == "burn, then the flop"
    s, ps = prompts(s, reads("2d 3d 4d 5d"))
    assert ps[0] == "the flop, card 1 of 3 face up"
    s = apply(s, ButtonPress(Button.CONFIRM))
    assert s.prompt == "burn, then the turn"
    s, ps = prompts(s, reads("6d 7d"))
    assert s.status is Status.DEALT
    assert [str(c) for c in s.outcome.board] == ["3d", "4d", "5d", "7d"]


class _ThirdCards(BaseFamily):
    """A toy drawing rule: the Player box draws a third card on 0-5 (enough to test the hook)."""

    def next_extra_card(self, state, phase):
        player = Target(TargetKind.BOX, 1)
        hand = state.hand(player)
        total = sum(min(10, c.rank.low_value) if c.rank.value < 10 else 0 for c in hand if c) % 10
        if len(hand) == 2 and total <= 5:
            return Slot(player, 3, Face.UP, "Player third card", state.phase)
        return None


@pytest.fixture
def _toybac():
    """The toy family, registered for the test that uses it only."""
    with family_registered("toybac", _ThirdCards()):
        yield


BAC = [
    {"deal": "boxes", "boxes": ["Player", "Banker"], "cards": 2, "face": "up"},
    {"rule_draws": "third cards"},
]


@pytest.mark.usefixtures("_toybac")
def test_rule_driven_draw_words_come_from_the_family_hook():
    g = game("toybac", BAC, deck={"decks": 8})
    s = started(g, seats=(1, 2))
    s, ps = prompts(s, reads("2c 9d 3h Kd", face_up=True))
    assert ps[:3] == ["Banker first card face up", "Player second card face up", "Banker second card face up"]
    assert s.prompt == "Player third card"
    s = apply(s, CardRead(None, True))
    assert s.status is Status.DEALT


@pytest.mark.usefixtures("_toybac")
def test_no_draw_where_the_rule_stands():
    g = game("toybac", BAC, deck={"decks": 8})
    s = fold(g, reads("8c 9d Kh Kd", face_up=True), started(g, seats=(1,)))
    assert s.status is Status.DEALT
    s = apply(s, CardRead(None, True))
    assert [a.code.value for a in s.alerts][-1] == "DRAW_AGAINST_RULE"


def test_player_driven_hits_then_dealer():
    g = game(
        "toyjack",
        [
            {"burn": 1, "only": "new_shoe"},
            {"deal": "table", "cards": 2, "face": ["up", "down"]},
            {"hits": "players"},
        ],
    )
    s = started(g, seats=(1, 3, 5), pd=5)
    assert s.prompt == "burn"
    s, ps = prompts(s, reads("2c 5d 6d 7d 8d 9d 2h"))
    assert ps[1:4] == [
        "seat 3: first card face up",
        "player-dealer: first card face up",
        "seat 1: second card face down",
    ]
    assert s.prompt == "seat 1: hit or stand?"
    s = apply(s, Decision(1, Action.HIT))
    assert s.prompt == "seat 1: hit"
    s, _ = prompts(s, [*reads("3c"), Decision(1, Action.STAND), Decision(3, Action.DOUBLE), *reads("4c")])
    assert s.status is Status.DEALT
    assert len(s.hand(Target(TargetKind.SEAT, 1))) == 3 and len(s.hand(Target(TargetKind.SEAT, 3))) == 3
    # A second round from the same shoe does not burn again.
    s = apply(s, RoundStart((1, 5), 5))
    assert s.prompt == "seat 1: first card face up"


def test_draw_poker_discards_and_draws():
    g = game(
        "toydraw", [{"deal": "players", "cards": 5, "start": "left_of_button"}, {"draw": "players", "max": 3}]
    )
    s = started(g, seats=(1, 2), button=2)
    s = fold(g, reads("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"), s)
    assert s.prompt == "seat 1: how many cards to draw (up to 3)?"
    s = fold(g, [Decision(1, Action.DRAW, count=2), *reads("Qc Kc"), Decision(2, Action.STAND_PAT)], s)
    assert s.status is Status.DEALT
    assert len(s.hand(Target(TargetKind.SEAT, 1))) == 7


def test_folded_players_get_no_more_stud_cards():
    g = filed("stud/mexican-the101")
    s = started(g, seats=(1, 2, 3), button=3)
    s = fold(g, [*reads("2c 3c 4c"), *reads("5c 6c 7c", True), Decision(2, Action.FOLD)], s)
    s, ps = prompts(s, reads("8c 9c", True))
    assert ps == [
        "seat 3: third card up or down (player's choice)",
        "second betting round: deal on when it is closed",
    ]


def test_chinese_poker_thirteen_card_sets():
    g = game("toychinese", [{"deal": "players", "cards": 13, "by": "packet"}])
    s = started(g, seats=(1, 2, 3, 4))
    assert s.prompt == "seat 1: first card face down"
    from rules.cards import STANDARD_CARDS

    s = fold(g, [CardRead(c) for c in STANDARD_CARDS[:14]], s)
    assert s.prompt == "seat 2: second card face down"


@pytest.mark.parametrize(
    ("phases", "path"),
    [
        ([{"deal": "players", "cardz": 2}], ("deal", "phases", 0, "cardz")),
        ([{"deal": "everyone"}], ("deal", "phases", 0, "deal")),
        ([{"deal": "piles", "cards": 7}], ("deal", "phases", 0, "piles")),
        ([{"burn": 1, "board": 3}], ("deal", "phases", 0)),
        ([{"board": 3, "face": ["up", "sideways"]}], ("deal", "phases", 0, "face", 1)),
        ([{"betting": "x", "close": "bell"}], ("deal", "phases", 0, "close")),
        ([{"deal": "piles", "piles": 7, "order": "zigzag"}], ("deal", "phases", 0, "order")),
        (
            [{"deal": "piles", "piles": 7, "by": "packet", "order": "serpentine"}],
            ("deal", "phases", 0, "order"),
        ),
        ([{"deal": "players", "cards": 2, "order": "serpentine"}], ("deal", "phases", 0, "order")),
    ],
)
def test_bad_procedures_name_the_field(phases, path):
    with pytest.raises(ProcedureError) as info:
        game("x", phases)
    assert info.value.path == path


def test_every_phase_kind_parses():
    kinds = {
        PhaseKind.DEAL: {"deal": "players"},
        PhaseKind.BURN: {"burn": 1},
        PhaseKind.BOARD: {"board": 3},
        PhaseKind.LEFTOVER: {"leftover": 4},
        PhaseKind.DICE: {"dice": 3},
        PhaseKind.BETTING: {"betting": "first"},
        PhaseKind.STREET: {"street": "up"},
        PhaseKind.HITS: {"hits": "players"},
        PhaseKind.DRAW: {"draw": "players"},
        PhaseKind.RULE_DRAWS: {"rule_draws": "third cards"},
    }
    g = game("x", list(kinds.values()))
    assert [p.kind for p in g.procedure.phases] == list(kinds)


def test_round_before_shuffle_prompts_a_shuffle():
    g = filed("threecard/betwiser-3card-holdem")
    s = fold(g, [])
    assert s.prompt == "shuffle the cards"
    s = fold(g, [Shuffle()])
    assert s.prompt == "take the wagers and start the round"


def test_a_split_hand_plays_as_two_hands_of_the_seat():
    g = game("toysplit", [{"deal": "table", "cards": 2, "face": "up"}, {"hits": "players"}])
    s = started(g, seats=(1, 2, 5), pd=5)
    s = fold(g, reads("8c 2d Kh 8d 9d Qh"), s)
    assert s.prompt == "seat 1: hit or stand?"
    s = apply(s, Decision(1, Action.SPLIT))
    assert s.prompt == "seat 1, hand 1: hit"  # each split hand first takes its second card
    s, ps = prompts(s, [*reads("3c"), Decision(1, Action.STAND)])
    assert ps == ["seat 1, hand 1: hit or stand?", "seat 1, hand 2: hit"]
    s = fold(g, [*reads("8h"), Decision(1, Action.SPLIT), *reads("2s")], s)  # hand 2 splits again
    assert s.prompt == "seat 1, hand 2: hit or stand?"
    s = fold(
        g, [Decision(1, Action.STAND), *reads("4s"), Decision(1, Action.STAND), Decision(2, Action.STAND)], s
    )
    assert s.status is Status.DEALT
    hands = s.outcome.to_json()["hands"]
    assert hands["seat 1 hand 1"] == "8c 3c"
    assert hands["seat 1 hand 2"] == "8d 2s"
    assert hands["seat 1 hand 3"] == "8h 4s"
    assert Target.parse("seat 1 hand 3") == Target(TargetKind.SEAT, 1, 3)


def test_every_game_file_with_a_deal_parses_and_cites_its_rulings():
    from terminal.games import load_games
    from terminal.scenario import game_rules

    checked = 0
    for g in load_games().values():
        if "deal" not in g.data:
            continue
        rules = game_rules(g)  # a bad deal: or irregularities: names file, line and field
        assert rules.procedure.phases
        for e in rules.rulings.entries:
            assert e.cite.seed and e.remedy, (g.id, e.id)
        checked += 1
    assert checked >= 3
