"""Installed from a wheel (not an editable checkout), the package still finds its config/ data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_carries_the_catalogue_and_uses_it(tmp_path: Path) -> None:
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    wheel = next(tmp_path.glob("dealer_terminal-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    for needed in (
        "terminal/_config/games/paigow/capitol.yaml",
        "terminal/_config/tables/paigow.yaml",
        "rules/cards.py",
    ):
        assert needed in names
    assert not any(n.startswith("tests/") for n in names)
    # Run from the unpacked wheel, away from the checkout: the data must come from inside the package.
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    probe = (
        "import json, terminal.paths as p, terminal.games as g;"
        "print(json.dumps([str(p.config_dir()), sorted(g.load_games())]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path, check=False
    )
    assert out.returncode == 0, out.stderr
    where, games = json.loads(out.stdout)
    assert Path(where) == tmp_path / "site" / "terminal" / "_config"
    checkout_games = sorted(
        p.relative_to(ROOT / "config" / "games").with_suffix("").as_posix()
        for p in (ROOT / "config" / "games").glob("*/*.yaml")
    )
    assert games == checkout_games
