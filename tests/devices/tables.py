"""Helpers of the device tests that run a real table controller: a checked table configuration with the
devices at the given addresses, and a bounded wait (no assertion on time: the bound only ends a hang)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from terminal.config import TerminalConfig, check_config


def table_with(tmp_path: Path, devices: dict[str, tuple[str, str]]) -> TerminalConfig:
    """A Pai Gow table journaling to ``tmp_path/j.db`` with ``devices`` (name -> (kind, address)). The
    file is checked with emulator addresses, then each device is put at its address (a test's pty is a
    path outside /dev that a configuration file would refuse)."""
    table = tmp_path / "table.yaml"
    lines = "".join(
        f"  {n}: {{kind: {k}, url: 'emu://{k.replace('_', '-')}-basic'}}\n" for n, (k, _) in devices.items()
    )
    table.write_text(
        "table: {game: paigow/capitol, seats: 7, limits: {min_cents: 500, max_cents: 100000}}\n"
        f"journal: {{path: {tmp_path / 'j.db'}}}\ndevices:\n{lines}"
    )
    cfg, problems = check_config([table], env={})
    assert cfg is not None and not problems, problems
    urls = {n: cfg.devices[n].model_copy(update={"url": url}) for n, (_, url) in devices.items()}
    return cfg.model_copy(update={"devices": urls})


async def wait_for(pred: Any, what: str, limit: float = 120.0) -> None:
    """Wait until ``pred()``; an AssertionError naming ``what`` after ``limit`` seconds (a hang)."""
    waited = 0.0
    while not pred():
        if waited > limit:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.02)
        waited += 0.02
