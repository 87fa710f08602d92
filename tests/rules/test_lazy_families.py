"""The family registry loads a family's engine when a game of it is first looked up (``rules.family_packages``),
so the console starts without importing every family (issue 17 item 5): the table names every family on disk,
each is reachable through it, and importing the console and the controller loads none."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.families import UnknownFamily, family, names
from rules.family_packages import FAMILY_PACKAGES
from rules.round.family import BaseFamily, family_registered, family_rules, loaded_families

ROOT = Path(__file__).resolve().parents[2]


def fresh_python(code: str) -> dict:
    """What ``code`` (which prints one JSON document) prints, run in a fresh interpreter at the repo's root:
    ``sys.modules`` there holds only what that code imported."""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False, timeout=600
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_table_names_every_family_a_package_on_disk_registers():
    """Every package under ``rules/`` imported: the families they register are exactly the table's names, and
    each is registered by the package the table names (a new family left out of the table fails here)."""
    got = fresh_python(
        "import importlib, json, pathlib\n"
        "from rules.round.family import family_rules, loaded_families\n"
        "for init in sorted(pathlib.Path('rules').glob('*/__init__.py')):\n"
        "    importlib.import_module('rules.' + init.parent.name)\n"
        "print(json.dumps({n: type(family_rules(n)).__module__ for n in loaded_families()}))\n"
    )
    assert sorted(got) == sorted(FAMILY_PACKAGES)
    for name, module in got.items():
        assert module.startswith(FAMILY_PACKAGES[name] + "."), (name, module)


def test_every_family_is_reachable_through_the_lazy_registry():
    """From a process that loaded no family: looking each name up loads it, from the package the table names."""
    got = fresh_python(
        "import json\n"
        "from rules.families import family\n"
        "from rules.round.family import loaded_families\n"
        "from rules.family_packages import FAMILY_PACKAGES\n"
        "out = {'before': list(loaded_families()), 'found': {}}\n"
        "for name in FAMILY_PACKAGES:\n"
        "    fam = family(name)\n"
        "    out['found'][name] = [type(fam).__module__, name in loaded_families(), fam.schema is not None]\n"
        "print(json.dumps(out))\n"
    )
    assert got["before"] == []
    assert sorted(got["found"]) == sorted(FAMILY_PACKAGES)
    for name, (module, loaded, has_schema) in got["found"].items():
        assert module.startswith(FAMILY_PACKAGES[name] + "."), (name, module)
        assert loaded and has_schema, name


def test_importing_the_console_and_the_controller_loads_no_family_engine():
    """``dealer-terminal run`` imports the console, the controller and the run command; none of them imports a
    family's engine. The demo table's game then loads its own family and no other (Pai Gow Poker's engine
    uses no other family's)."""
    packages = sorted(set(FAMILY_PACKAGES.values()))
    got = fresh_python(
        "import json, sys\n"
        "import terminal.commands.run, terminal.console.app, terminal.controller, terminal.screen\n"
        "from rules.families import family\n"
        "from rules.round.family import loaded_families\n"
        f"packages = {packages!r}\n"
        "out = {'families': list(loaded_families()), 'modules': [p for p in packages if p in sys.modules]}\n"
        "family('paigow')\n"
        "out['after'] = list(loaded_families())\n"
        "out['after_modules'] = [p for p in packages if p in sys.modules]\n"
        "print(json.dumps(out))\n"
    )
    assert got["families"] == [] and got["modules"] == []
    assert got["after"] == ["paigow"] and got["after_modules"] == ["rules.paigow"]


def test_an_unknown_family_names_the_known_ones_without_loading_them():
    with pytest.raises(UnknownFamily) as err:
        family("pinochle")
    assert "'pinochle'" in str(err.value)
    for name in names():
        assert name in str(err.value)
    assert names() == tuple(sorted(FAMILY_PACKAGES))


def test_a_toy_family_under_a_known_name_gives_the_real_one_back():
    """A test's toy registered under a known family's name: after the block the real family is found again,
    whether or not it was loaded before."""

    class Toy(BaseFamily):
        pass

    with family_registered("quickdraw", Toy()):
        assert isinstance(family_rules("quickdraw"), Toy)
    assert type(family_rules("quickdraw")).__module__ == "rules.quickdraw.round"
    assert "quickdraw" in loaded_families()
