"""Properties of whole blackjack rounds dealt from shuffled decks: the player-dealer follows its chart,
and the banking engine moves exactly the money the per-wager results say."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.blackjack import from_data
from rules.cards import STANDARD_CARDS
from rules.evaluators.points import blackjack_total
from rules.round import Slot, Status, Wait, apply, fold
from rules.round.events import Action, CardRead, Decision, RoundStart, Shuffle, Target, TargetKind, Wager
from terminal.games import load_games
from terminal.scenario import game_rules

GAMES = {gid: g for gid, g in load_games().items() if g.family == "blackjack"}
PD = Target(TargetKind.PLAYER_DEALER)


@settings(max_examples=60, deadline=None)
@given(
    gid=st.sampled_from(sorted(GAMES)),
    deck=st.permutations(STANDARD_CARDS),
    stakes=st.lists(st.integers(1, 40).map(lambda x: x * 500), min_size=3, max_size=3),
    moves=st.lists(st.sampled_from([Action.STAND, Action.HIT, Action.DOUBLE]), min_size=30, max_size=30),
)
def test_round_follows_the_chart_and_the_bank_moves_what_the_results_say(gid, deck, stakes, moves):
    g = GAMES[gid]
    v = from_data(g.data)
    wagers = tuple(Wager(seat, cents, "main") for seat, cents in zip((2, 3, 4), stakes, strict=True))
    s = fold(game_rules(g), [Shuffle(), RoundStart((1, 2, 3, 4), 1, None, wagers, 10_000_000)])
    cards = list(deck)
    moves = list(moves)
    for _ in range(80):
        exp = s.expected
        if s.status is not Status.DEALING:
            break
        if isinstance(exp, Slot):
            if exp.target == PD and len(s.hand(PD)) >= 2 and v.player_dealer_chart is not None:
                t = blackjack_total([c for c in s.hand(PD) if c is not None], v.totals)
                assert v.pd_chart_action(t) == "hit", (s.hand(PD), s.prompt)
            s = apply(s, CardRead(cards.pop(), exp.face.value != "down"))
        elif isinstance(exp, Wait) and exp.kind == "decision":
            move = moves.pop() if moves else Action.STAND
            s = apply(s, Decision(exp.seat, move))
        else:
            break
    assert s.status is Status.DEALT, s.prompt
    pd = [c for c in s.hand(PD) if c is not None]
    if v.player_dealer_chart is not None:
        assert v.pd_chart_action(blackjack_total(pd, v.totals)) != "hit"
    settlement = s.outcome.settlement
    assert settlement is not None
    net = sum(r.net_cents or 0 for r in settlement.wagers)
    if settlement.bank is not None:
        bank = settlement.bank
        assert bank.bank_after - bank.bank_before == -net
