"""Where the packaged data lives, from a wheel or from a source checkout."""

from __future__ import annotations

from pathlib import Path


def config_dir() -> Path:
    """The directory holding ``games/``, ``house_ways/``, ``fees/``, ``analysis/``, ``tables/`` and ``emulators/``.

    A wheel carries it as ``terminal/_config`` (see pyproject's force-include); an editable install or
    a checkout reads the repository's ``config/``.
    """
    here = Path(__file__).resolve().parent
    packaged = here / "_config"
    if packaged.is_dir():
        return packaged
    checkout = here.parent / "config"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"dealer-terminal data not found (looked in {packaged} and {checkout})")
