"""The key monkey: random setups of every edition, a short game each, random keys through the
real app. Any exception (or a key that hangs) fails, with the seed, the setup and the last
keys. A bounded run here; `make soak SEED=123 MINUTES=30` runs it for as long as asked."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from .keys import Run, monkey

BOUNDED_SEEDS = range(1, 5)
BOUNDED_KEYS = 40


async def test_random_keys_on_random_games_raise_nothing(tmp_path: Path) -> None:
    run = Run()
    await monkey(BOUNDED_SEEDS, BOUNDED_KEYS, tmp_path, run)
    assert not run.failures, "\n\n".join(run.failures)
    assert run.setups == len(BOUNDED_SEEDS)


@pytest.mark.soak
async def test_soak(tmp_path: Path) -> None:
    """`make soak`: MONKEY_SEED (the first setup's), MONKEY_MINUTES, MONKEY_SETUPS (at most),
    MONKEY_KEYS (per setup). Goes on past a failure; all are told at the end."""
    seed = int(os.environ.get("MONKEY_SEED") or 1)
    minutes = float(os.environ.get("MONKEY_MINUTES") or 5)
    setups = int(os.environ.get("MONKEY_SETUPS") or 1_000_000)
    keys = int(os.environ.get("MONKEY_KEYS") or 80)
    run, start = Run(), time.monotonic()
    until = asyncio.get_running_loop().time() + minutes * 60
    await monkey(range(seed, seed + setups), keys, tmp_path, run, until)
    minutes_run = (time.monotonic() - start) / 60
    print(
        f"\nsoak: seeds {seed}..{seed + run.setups - 1}, {run.setups} setups, {run.keys} keys "
        f"in {minutes_run:.1f} min, {len(run.failures)} failure(s)"
    )
    assert not run.failures, "\n\n".join(run.failures)
