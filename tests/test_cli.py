import json
import subprocess
import sys

from terminal.cli import main


def test_games_json_lists_ids_with_their_source(capsys):
    assert main(["games", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert games, "the catalogue is empty"
    for g in games:
        assert {"id", "family", "name", "room", "source"} <= set(g)
        assert g["id"].startswith(g["family"] + "/")
    assert "paigow/capitol" in {g["id"] for g in games}


def test_unknown_command_exits_2_with_one_line(capsys):
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no-such-command" in err[0]


def test_console_script_runs_as_a_process():
    out = subprocess.run(
        [sys.executable, "-m", "terminal.cli", "games"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert "paigow/capitol" in out.stdout
