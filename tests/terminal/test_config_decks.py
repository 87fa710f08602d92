"""A table deals only from a number of decks its game's filing allows (the family's ``filed_decks``): blackjack
files 1-8, 2-8 (Marysville's No Bust, seed 004 L364-368, L396-397) or 6-8 decks (the Oaks' Pure 21.5); 21st
Century Baccarat three to eight (seed 002 L125). ``config check`` refuses ``table.decks`` or a shuffler's
``options.decks`` outside the range, naming the game, the range and the filing's lines; the round engine
raises DECKS_NOT_FILED at round start for a table dealt from such a shoe (scenarios ``*-decks-*``)."""

from __future__ import annotations

import pytest

from rules.round import apply, event_from_json, initial
from rules.round.alerts import AlertCode
from terminal.config import check_config
from terminal.games import get_game
from terminal.scenario import game_rules
from tests.terminal.test_config import write

TABLE = """\
table:
  game: {game}
  seats: 7
  limits: {{min_cents: 500, max_cents: 100000}}
{decks}devices:
  shoe: {{kind: shoe, url: /dev/dealer/shoe}}
{shuffler}"""


def _check(tmp_path, game: str, decks: int | None = None, shuffler: int | None = None):
    text = TABLE.format(
        game=game,
        decks=f"  decks: {decks}\n" if decks is not None else "",
        shuffler=(
            f"  shf: {{kind: shuffler, url: emu://shuffler-basic, options: {{decks: {shuffler}}}}}\n"
            if shuffler is not None
            else ""
        ),
    )
    return check_config([write(tmp_path, "t.yaml", text)], env={})


@pytest.mark.parametrize(
    ("game", "decks", "words"),
    [
        (
            "blackjack/no-bust-marysville",
            1,
            "is filed for 2 to 8 decks (004_e142b9a64bacd34e.txt, L364-368, L396-397)",
        ),
        ("blackjack/pure-21-5-oaks", 4, "is filed for 6 to 8 decks (001_dda83e78431ca470.txt, L2288-2731)"),
        ("baccarat/21st-century", 2, "is filed for 3 to 8 decks (002_f60149ee6d856559.txt, L125)"),
    ],
)
def test_table_decks_outside_the_filed_range_is_refused(tmp_path, game, decks, words):
    cfg, problems = _check(tmp_path, game, decks)
    (p,) = problems
    assert p.field == "table.decks" and words in p.message and f"deals from {decks}" in p.message
    assert p.where.endswith(":5")  # the line of table.decks
    cfg, problems = _check(tmp_path, game, 8)
    assert problems == [] and cfg.table.decks == 8


def test_a_shuffler_loaded_with_too_few_decks_is_refused(tmp_path):
    _, problems = _check(tmp_path, "baccarat/21st-century", shuffler=2)
    (p,) = problems
    assert (
        p.field == "devices.shf.options.decks" and "21st Century" in p.message and "3 to 8 decks" in p.message
    )


def test_the_round_engine_raises_decks_not_filed_at_round_start():
    rules = game_rules(get_game("blackjack/no-bust-marysville"), 1)
    s = initial(rules)
    for e in (
        {"type": "shuffle"},
        {"type": "round_start", "seats": [1, 2], "player_dealer": 1, "bank": 10000, "wagers": {2: 1000}},
    ):
        s = apply(s, event_from_json(e))
    (alert,) = [a for a in s.alerts if a.code is AlertCode.DECKS_NOT_FILED]
    assert "2 to 8 decks" in alert.message and "this table deals from 1" in alert.message
    ok = initial(game_rules(get_game("blackjack/no-bust-marysville"), 2))
    for e in (
        {"type": "shuffle"},
        {"type": "round_start", "seats": [1, 2], "player_dealer": 1, "bank": 10000, "wagers": {2: 1000}},
    ):
        ok = apply(ok, event_from_json(e))
    assert AlertCode.DECKS_NOT_FILED not in {a.code for a in ok.alerts}


def test_party_craps_tables_take_up_to_the_filed_eighteen_decks(tmp_path):
    """Party Craps files 1 to 18 augmented decks (seed 000 L4148): a table of 18 is configurable, 19 is not."""
    cfg, problems = _check(tmp_path, "partycraps/the101", 18)
    assert problems == [] and cfg.table.decks == 18
    _, problems = _check(tmp_path, "partycraps/the101", 19)
    assert problems and problems[0].field == "table.decks"
