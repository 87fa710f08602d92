"""Import a script of ``benchmarks/`` (not a package) as a module, for tests that check its counting against
the round engine."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@cache
def load_benchmark(stem: str, name: str) -> ModuleType:
    """``benchmarks/<stem>.py`` imported once as module ``name`` (registered in ``sys.modules`` so its
    dataclasses resolve)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod
